/**
 * Synthetic completed studies drawn from the engine's own model (calibration.md section 1), for the fit's recovery
 * tests, its speed check and demo data: per study a rate factor theta, per country (group) a rate factor c_g and
 * a start-up factor f_g (activations move by (f_g - 1) x the planned start-up span), per site a rate factor u_i and
 * an exponential inactivation time from its activation; Gamma mean-one factors with the given CVs. A site screens
 * from activation + its first-screening delay at rate r_g theta c_g u_i C x seasonal(month) x m(age), m the age
 * profile (the plan's fatigue x e^(-decay x age)) and C the engine's centring factor, until its inactivation or
 * the data end; its monthly counts are Poisson of the intensity summed day by day (age at mid-day), independently
 * of the fit's exposure code. Deterministic: study s draws from stream s of the seed.
 */
import { ageFactor, centringFactor, groupAgeProfile } from '../model/age-profile';
import { monthBoundaries } from '../model/calendar';
import type { PreparedGroup } from '../model/prepared-plan';
import { exponential, gammaMeanOne, normal, poisson } from '../rng/distributions';
import { Xoshiro128 } from '../rng/xoshiro';
import { MS_PER_DAY } from '../time';
import type { CompletedSite, CompletedStudy, RateSettings } from './types';

/** The settings a synthetic portfolio is drawn with (the fit's targets). */
export type SyntheticTruth = RateSettings & { startupCv: number };

export interface SyntheticPortfolioOptions {
  studies: number;
  /** Countries per study and sites per country, inclusive ranges. */
  countries: [number, number];
  sitesPerCountry: [number, number];
  /** Months of data after the study's first planned activation, inclusive range. */
  months: [number, number];
  truth: SyntheticTruth;
  seed: number;
  /** Share of studies with an August / December seasonal dip and of groups with fatigue (default 0.5 each). */
  seasonalShare?: number;
  fatigueShare?: number;
  /**
   * A per-site start-up term the engine does not have (default 0): site i's span is f_g e^(eps_i) x the planned
   * one, eps_i ~ N(0, sd^2), so that the fit's country share of the delay variance can be checked.
   */
  startupSiteLogSd?: number;
}

const DAYS_PER_MONTH = 30.4375;
const DIPS = [1, 1, 1, 1, 1, 1, 1, 0.7, 1, 1, 1, 0.6];
const FLAT = new Array<number>(12).fill(1);

const between = (rng: Xoshiro128, [lo, hi]: [number, number]) =>
  lo + Math.floor(rng.uniform() * (hi - lo + 1));

/** A plan group of a synthetic study (planned rate per site-day, activation profile, delay, fatigue). */
function planGroup(rng: Xoshiro128, key: string, nSites: number, seasonal: number[], fatigueShare: number) {
  const submission = 30 + Math.floor(rng.uniform() * 120);
  const span = 60 + Math.floor(rng.uniform() * 150);
  const gap = 7 + Math.floor(rng.uniform() * 30);
  const group: PreparedGroup = {
    key,
    name: key,
    countryIso3: 'XXX',
    region: 'Synthetic',
    milestones: {
      siteIdFinish: 0,
      protocolFinal: 0,
      regulatorySubmission: submission,
      firstRegulatoryApproval: submission + span,
      firstSiteActivation: submission + span,
    },
    activationOffsets: Array.from({ length: nSites }, (_, j) => j * gap),
    firstScreenDelayDays: Math.floor(rng.uniform() * 15),
    screenRatePerSiteDay: (0.5 + 2.5 * rng.uniform()) / DAYS_PER_MONTH,
    seasonal,
    fatigue: rng.uniform() < fatigueShare ? { days: 365, finalFactor: 0.7 } : null,
    startupSpanDays: span,
    screenFailRate: 0,
    dropOutRate: 0,
    caps: { screened: null, enrolled: null },
    pause: null,
  };
  return group;
}

/** One site's monthly counts (see the file comment). */
function siteCounts(
  rng: Xoshiro128,
  group: PreparedGroup,
  a: number,
  rate: number,
  stop: number,
  starts: readonly number[],
  firstMonth: number,
  truth: SyntheticTruth,
): number[] {
  const profile = groupAgeProfile(group.fatigue, truth);
  const means = new Array<number>(starts.length).fill(0);
  let m = 0;
  for (let d = a + group.firstScreenDelayDays; d < stop; d++) {
    while (m + 1 < starts.length && d >= starts[m + 1]!) m++;
    const part = Math.min(1, stop - d);
    means[m]! += part * rate * group.seasonal[(firstMonth + m) % 12]! * ageFactor(profile, d + part / 2 - a);
  }
  return means.map((mu) => poisson(rng, mu));
}

/** One synthetic completed study (stream `s` of the seed). */
function syntheticStudy(o: SyntheticPortfolioOptions, s: number): CompletedStudy {
  const rng = new Xoshiro128(o.seed, s);
  const t = o.truth;
  const day0Ms = Date.UTC(2010 + Math.floor(rng.uniform() * 12), Math.floor(rng.uniform() * 12), 1, 12);
  const seasonal = rng.uniform() < (o.seasonalShare ?? 0.5) ? DIPS : FLAT;
  const theta = gammaMeanOne(rng, t.studyRateCv);
  const nGroups = between(rng, o.countries);
  const groups = Array.from({ length: nGroups }, (_, g) =>
    planGroup(rng, `c${g}`, between(rng, o.sitesPerCountry), seasonal, o.fatigueShare ?? 0.5),
  );
  const firstPlanned = Math.min(...groups.map((g) => g.milestones.firstSiteActivation));
  const dataEndDay = firstPlanned + Math.round(between(rng, o.months) * DAYS_PER_MONTH);
  const starts = monthBoundaries(day0Ms, dataEndDay);
  const firstMonth = new Date(day0Ms).getUTCMonth();
  const h = t.siteInactivationPerYear / 365.25;
  const sites: CompletedSite[] = [];
  for (const group of groups) {
    const f = gammaMeanOne(rng, t.startupCv);
    const jitter = o.startupSiteLogSd ?? 0;
    const c = gammaMeanOne(rng, t.countryRateCv);
    const centring = centringFactor(groupAgeProfile(group.fatigue, t), h);
    for (const offset of group.activationOffsets) {
      const u = gammaMeanOne(rng, t.siteRateCv);
      const span = f * (jitter > 0 ? Math.exp(jitter * normal(rng)) : 1);
      const shift = (span - 1) * group.startupSpanDays;
      const a = Math.max(0, Math.round(group.milestones.firstSiteActivation + offset + shift));
      const life = h > 0 ? exponential(rng) / h : Infinity;
      if (a > dataEndDay) continue;
      const rate = group.screenRatePerSiteDay * theta * c * u * centring;
      const stop = Math.min(dataEndDay + 1, a + life);
      const counts = siteCounts(rng, group, a, rate, stop, starts, firstMonth, t);
      sites.push({ group: group.key, activationDay: a, screenedByMonth: counts });
    }
  }
  return {
    id: `synthetic-${o.seed}-${s}`,
    plan: { day0Ms, groups },
    monthStartDays: starts,
    dataEndDay,
    sites,
    finishedMs: day0Ms + dataEndDay * MS_PER_DAY,
  };
}

/** A synthetic portfolio of completed studies drawn from the engine's model (see the file comment). */
export function syntheticPortfolio(o: SyntheticPortfolioOptions): CompletedStudy[] {
  return Array.from({ length: o.studies }, (_, s) => syntheticStudy(o, s));
}
