/**
 * What each site of a remodel projection brings to the Monte Carlo (calibration.md section 2): its count and
 * intensity-weighted exposure up to the as-of date, whether it is an actual site, and the probability it is still
 * active; and the fitted posterior of the study, country and site factors (remodel-posterior.ts) as the
 * RemodelEvidence the Monte Carlo reads.
 */
import type { RemodelEvidence, UncertaintySettings } from '../model/prepared-plan';
import { countryRateCvOf, STATED_NO_SPREAD } from '../model/prepared-plan';
import type { ExposureWeights } from './remodel-exposure';
import { activeProbability, fitRemodelPosterior, type GroupEvidence } from './remodel-posterior';
import { priorShape } from './remodel-prior';

/** One site of a projection group, in activation order. */
export interface ProjectionSite {
  /** Activation day (days since day 0): actual for actual sites, planned for the others. */
  day: number;
  /** The activation day before clamping to the day after the as-of date (= day for actual sites). */
  plannedDay: number;
  fixed: boolean;
  /** Screened up to the as-of date and intensity-weighted exposure (site-days); 0 for sites still to activate. */
  k: number;
  exposure: number;
  /**
   * Days from activation to the start of its silence (or its closing): it recruited, so it was active then. Then
   * the days of silence up to the as-of date and their exposure (inactivity evidence); closed: known inactive.
   */
  activeDays: number;
  silentDays: number;
  silentExposure: number;
  closed: boolean;
}

/** An actual site as the extract tells it (per-site counts known or not). */
export interface ActualSite {
  day: number;
  /** Screened up to the as-of date, null when the extract gives only the group's monthly totals. */
  screened: number | null;
  /** First day of silence (the month after the last screening month; null: never screened). */
  silentFrom: number | null;
  closedDay: number | null;
}

/** The actual sites of a group with their counts and exposures; the group total is split by exposure if needed. */
export function actualProjectionSites(
  sites: readonly ActualSite[],
  weights: ExposureWeights,
  groupCount: number,
): { sites: ProjectionSite[]; pooled: boolean } {
  const asOf = weights.asOfDay;
  const base = sites.map((s) => {
    const end = s.closedDay !== null ? Math.min(asOf, s.closedDay) : asOf;
    const exposure = weights.exposure(s.day, s.day, end);
    const silentFrom = s.silentFrom ?? s.day;
    const silentExposure = s.closedDay !== null ? 0 : weights.exposure(s.day, silentFrom, asOf);
    return {
      day: s.day,
      plannedDay: s.day,
      fixed: true,
      k: s.screened ?? 0,
      exposure,
      activeDays: Math.max(0, Math.min(silentFrom, end + 1) - s.day),
      silentDays: s.closedDay !== null ? 0 : Math.max(0, asOf - silentFrom + 1),
      silentExposure,
      closed: s.closedDay !== null && s.closedDay <= asOf,
    };
  });
  const pooled = sites.some((s) => s.screened === null);
  if (pooled) {
    const total = base.reduce((s, x) => s + x.exposure, 0);
    for (const s of base) {
      s.k = total > 0 ? (groupCount * s.exposure) / total : 0;
      // Without per-site counts there is no per-site silence to read.
      s.activeDays = asOf + 1 - s.day;
      s.silentDays = 0;
      s.silentExposure = 0;
    }
  }
  return { sites: base, pooled };
}

/** The likelihood units of a group: one per site, or one pooled unit (a sum of site factors) without per-site counts. */
function unitsOf(sites: readonly ProjectionSite[], pooled: boolean): GroupEvidence['units'] {
  const actual = sites.filter((s) => s.fixed && s.exposure > 0);
  if (!pooled) return actual.map((s) => ({ k: s.k, exposure: s.exposure, shapeMultiplier: 1 }));
  const G = actual.reduce((s, x) => s + x.exposure, 0);
  const G2 = actual.reduce((s, x) => s + x.exposure * x.exposure, 0);
  if (!(G > 0)) return [];
  return [{ k: actual.reduce((s, x) => s + x.k, 0), exposure: G, shapeMultiplier: (G * G) / G2 }];
}

/** Per group: the prior mean rate (screening, per site-day), its projection sites and whether counts are pooled. */
export interface EvidenceGroup {
  ratePerSiteDay: number;
  /** The user stated this group's go-forward rate (rate 'other', Remodel (D)): its level is not learned. */
  stated: boolean;
  sites: readonly ProjectionSite[];
  pooled: boolean;
}

/** The fitted evidence for the Monte Carlo, and each group's posterior of its rate (Gamma by moments, per site-day). */
export function remodelEvidence(
  groups: readonly EvidenceGroup[],
  u: UncertaintySettings,
  activateFromDay: number,
): {
  evidence: RemodelEvidence;
  posteriors: { shape: number; rate: number }[];
  siteRateCv: number;
  countryRateCv: number;
  /** The inactivation hazard the projection uses (the setting), per site-year. */
  inactivationPerYear: number;
} {
  const fit = fitRemodelPosterior(
    groups.map((g) => ({
      ratePerSiteDay: g.ratePerSiteDay,
      units: g.stated ? [] : unitsOf(g.sites, g.pooled),
    })),
    { studyRateCv: u.studyRateCv, countryRateCv: countryRateCvOf(u), siteRateCv: u.siteRateCv },
  );
  const alpha = fit.siteRateCv > 0 ? 1 / fit.siteRateCv ** 2 : Infinity;
  const all = groups.flatMap((g, gi) => g.sites.map((s) => ({ s, gi })));
  const silence = all.map(({ s, gi }) => ({
    silentDays: s.silentDays,
    silentExposure: s.silentExposure,
    exposureBefore: Math.max(0, s.exposure - s.silentExposure),
    k: s.k,
    lambda: groups[gi]!.ratePerSiteDay * fit.meanX[gi]!,
    alpha,
  }));
  const hazard = settingHazard(u.siteInactivationPerYear ?? 0);
  const activeProb = hazard.perDay.flatMap((h) =>
    all.map(({ s }, i) =>
      !s.fixed ? 1 : s.closed ? 0 : activeProbability({ ...silence[i]!, hazardPerDay: h }),
    ),
  );
  const stated = Math.min(STATED_NO_SPREAD, priorShape(u.studyRateCv, countryRateCvOf(u)));
  const posteriors = groups.map((g, gi) => {
    if (g.stated) return { shape: stated, rate: stated / g.ratePerSiteDay };
    const m = fit.meanX[gi]! * g.ratePerSiteDay;
    const v = fit.varX[gi]! * g.ratePerSiteDay ** 2;
    return m > 0 && v > 0 ? { shape: (m * m) / v, rate: m / v } : { shape: 0, rate: 1 };
  });
  return {
    evidence: {
      ...fit.grid,
      statedShape: groups.map((g) => (g.stated ? stated : 0)),
      // A stated group's sites do not learn their factors either.
      siteEvents: all.map(({ s, gi }) => (groups[gi]!.stated ? 0 : s.k)),
      siteExposure: all.map(({ s, gi }) => (groups[gi]!.stated ? 0 : s.exposure)),
      hazardPerDay: hazard.perDay,
      hazardCdf: hazard.cdf,
      siteActiveProb: activeProb,
      siteFixed: all.map(({ s }) => (s.fixed ? 1 : 0)),
      sitePlanned: all.map(({ s }) => s.plannedDay),
      activateFromDay,
    },
    posteriors,
    siteRateCv: fit.siteRateCv,
    countryRateCv: fit.countryRateCv,
    inactivationPerYear: hazard.perDay.reduce((m, h, k) => m + h * 365.25 * hazard.weights[k]!, 0),
  };
}

/**
 * The inactivation hazard of the projection: the plan's setting, taken as known (calibration.md section 2; the
 * organisation fits it from its finished studies, section 4). The silences still say which sites are probably
 * inactive (activeProbability at this hazard), but they do not re-estimate it: a posterior on a grid from 0 to 1
 * per site-year, with the setting holding 85% of the prior, collapsed to h = 0 on W2 at 30% enrolled against the
 * engine's own model (hazard 0.2; 40-72 of 400 sites had stopped): the rate fit takes every actual site as active,
 * so a stopped site reads as a slow one, its silence as chance, and 400 sites' survival to their last screening
 * outweighed it. The remodel then covered 21% of true LPIs (truth +96 days after its P50); with the setting, 77%.
 */
function settingHazard(settingPerYear: number): { perDay: number[]; cdf: number[]; weights: number[] } {
  return { perDay: [Math.max(0, settingPerYear) / 365.25], cdf: [1], weights: [1] };
}
