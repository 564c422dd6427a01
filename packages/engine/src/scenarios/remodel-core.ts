/**
 * The as-of state of a remodel and each group's go-forward projection group (calibration.md section 2): actual
 * curves, pauses that happened, intensity-weighted exposure per site, actual sites kept at their activation days
 * (site ages continue, so fatigue carries on), sites still to activate at their planned days, and the evidence the
 * Monte Carlo draws the rates from.
 */
import type { SimulationInput } from '../input/schema';
import { centringFactor, groupAgeProfile } from '../model/age-profile';
import { countryRateCvOf, type PreparedGroup, type PreparedPlan } from '../model/prepared-plan';
import { preparePlan } from '../prepare/prepare-plan';
import { DAYS_PER_MONTH } from '../time';
import { actualCurves, dayOf, type GroupActualCurves } from './remodel-curves';
import {
  actualProjectionSites,
  remodelEvidence,
  type ActualSite,
  type ProjectionSite,
} from './remodel-evidence';
import { ExposureWeights, pauseWindowOf, type PauseWindow } from './remodel-exposure';
import { priorShape } from './remodel-prior';
import type { RemodelGroupChoice, RemodelGroupInfo, RemodelInput } from './remodel-types';

type GroupInput = SimulationInput['siteGroups'][number];

const last = (c: Float64Array) => c[c.length - 1] ?? 0;

/** The actual sites of a group: per-site evidence when the extract has it, else the activation dates alone. */
function actualSitesOf(g: GroupInput, day0: number, asOfDay: number): ActualSite[] {
  const a = g.actuals;
  if (!a) return [];
  const monthAfter = (ms: number) => {
    const d = new Date(ms);
    d.setUTCMonth(d.getUTCMonth() + 1, 1);
    return dayOf(d.getTime(), day0);
  };
  const list: ActualSite[] = a.sites
    ? a.sites.map((s) => ({
        day: dayOf(s.activationDateMillis, day0),
        screened: s.screened,
        silentFrom: s.lastScreenedMonthMillis != null ? monthAfter(s.lastScreenedMonthMillis) : null,
        closedDay: s.closedDateMillis != null ? dayOf(s.closedDateMillis, day0) : null,
      }))
    : a.siteActivationDatesMillis.map((ms) => ({
        day: dayOf(ms, day0),
        screened: null,
        silentFrom: null,
        closedDay: null,
      }));
  return list.filter((s) => s.day <= asOfDay).sort((x, y) => x.day - y.day);
}

/** The pause windows that happened up to the as-of date (study pause on the study total, the group's own). */
function pastPauses(
  baseline: PreparedPlan,
  actual: readonly GroupActualCurves[],
  asOfDay: number,
): { study: PauseWindow | null; groups: (PauseWindow | null)[] } {
  const total = new Float64Array(asOfDay + 1);
  for (const a of actual) for (let d = 0; d <= asOfDay; d++) total[d]! += a.enrolled[d]!;
  return {
    study: pauseWindowOf(baseline.pause, total),
    groups: baseline.groups.map((g, i) => pauseWindowOf(g.pause, actual[i]!.enrolled)),
  };
}

/** The go-forward rate of a group (patients enrolled per site-month) by the form's choice. */
function goForwardRate(
  choice: RemodelGroupChoice | undefined,
  plannedRate: number,
  actualRate: number | null,
): number {
  const rateChoice = choice?.rate ?? 'planned';
  if (rateChoice === 'other') return choice?.rateOther ?? plannedRate;
  if (rateChoice === 'actual') return actualRate ?? plannedRate;
  return plannedRate;
}

/** The as-of state and each group's go-forward projection group (remodelPlan's first half). */
export function remodelCore(remodel: RemodelInput) {
  const { input } = remodel;
  const baseline = preparePlan(input);
  const day0 = baseline.day0Ms;
  const asOfMs = Math.max(...input.siteGroups.map((g) => g.actuals?.asOfDateMillis ?? -Infinity));
  if (!Number.isFinite(asOfMs)) throw new RangeError('remodel needs actuals on at least one site group');
  const asOfDay = Math.max(0, dayOf(asOfMs, day0));
  const choices = new Map((remodel.groups ?? []).map((c) => [c.siteGroupId, c]));
  const basis = remodel.posteriorBasis ?? 'screened';

  const actual = input.siteGroups.map((g) => actualCurves(g, day0, asOfDay));
  const enrolledSoFar = actual.reduce((s, a) => s + last(a.enrolled), 0);
  const screenedSoFar = actual.reduce((s, a) => s + last(a.screened), 0);
  const remainingEnrolled = Math.max(0, baseline.targetEnrolled - Math.round(enrolledSoFar));
  // Patients screened within the last screening period pass screening after the as-of date: they enroll without
  // being screened again (found by the calibration back-test: ignoring them made LPI about 3 weeks late at 50-75%
  // enrolled). Expected passers per group = screened in (asOfDay - screeningDays, asOfDay] x (1 - sf).
  const sd = baseline.screeningDays;
  const inScreening = actual.map((a, i) => {
    // A removed country projects nothing, not even the patients it is screening.
    if (choices.get(input.siteGroups[i]!.siteGroupId)?.sites === 'remove') return 0;
    const before = asOfDay - sd >= 0 ? (a.screened[asOfDay - sd] ?? 0) : 0;
    return Math.max(0, last(a.screened) - before) * (1 - baseline.groups[i]!.screenFailRate);
  });
  // The projection keeps at least one patient to enroll (its LPI is the plan's); the rest of the pending ones are
  // expected to enroll within one screening period.
  const pendingEnrolled = Math.min(
    Math.round(inScreening.reduce((s, x) => s + x, 0)),
    Math.max(0, remainingEnrolled - 1),
  );
  const pauses = pastPauses(baseline, actual, asOfDay);
  const u = baseline.uncertainty;
  const centre = baseline.groups.map((g) =>
    centringFactor(groupAgeProfile(g.fatigue, u), Math.max(0, u.siteInactivationPerYear ?? 0) / 365.25),
  );

  const infos: RemodelGroupInfo[] = [];
  const projSites: { sites: ProjectionSite[]; pooled: boolean }[] = [];
  const projGroups: PreparedGroup[] = input.siteGroups.map((g, i) => {
    const base = baseline.groups[i]!;
    const act = actual[i]!;
    const choice = choices.get(g.siteGroupId);
    const sf = base.screenFailRate;
    const windows = [pauses.study, pauses.groups[i] ?? null].filter((w): w is PauseWindow => w !== null);
    const weights = new ExposureWeights(base, day0, asOfDay, windows, baseline.uncertainty);
    const screened = last(act.screened);
    const enrolled = last(act.enrolled);
    const k = basis === 'enrolled' ? enrolled / (1 - sf) : screened;
    const actualList = actualSitesOf(g, day0, asOfDay);
    const { sites: actualSites, pooled } = actualProjectionSites(actualList, weights, k);
    // Exposure in site-days at the plan's relative intensity (seasonality x fatigue, no pauses).
    const exposure = actualSites.reduce((s, x) => s + x.exposure, 0);
    // In the plan's rate units: with the age terms on, a rate at age 0 is centre x the planned (first-year) rate.
    const months = (exposure * centre[i]!) / DAYS_PER_MONTH;
    const plannedRate = base.screenRatePerSiteDay * (1 - sf) * DAYS_PER_MONTH;
    const actualRate = months > 0 ? enrolled / months : null;
    const goRate = goForwardRate(choice, plannedRate, actualRate);
    const goScreenPerDay = goRate / (1 - sf) / DAYS_PER_MONTH;
    const plannedSites = base.activationOffsets.length;
    const sitesChoice = choice?.sites ?? 'planned';
    const nActual = actualSites.length;
    const nSites =
      sitesChoice === 'remove'
        ? 0
        : sitesChoice === 'actual'
          ? nActual
          : sitesChoice === 'other'
            ? Math.max(0, Math.round(choice?.sitesOther ?? plannedSites))
            : Math.max(plannedSites, nActual);
    // Sites going forward: the actual ones at their activation days (the first nSites of them when fewer are
    // chosen); further sites keep their planned activation day (one every 30 days after the planned list), never
    // before the day after the as-of date.
    const plannedDay = (j: number) =>
      j < plannedSites
        ? base.milestones.firstSiteActivation + base.activationOffsets[j]!
        : base.milestones.firstSiteActivation +
          (base.activationOffsets[plannedSites - 1] ?? 0) +
          30 * (j - plannedSites + 1);
    // A group under way keeps the pace its sites showed: the later sites move by the lag of its latest actual
    // sites (median of the last three, actual - planned day of the same rank).
    const lags = actualSites.map((s, j) => s.day - plannedDay(j)).slice(-3);
    const lag = lags.length ? [...lags].sort((x, y) => x - y)[lags.length >> 1]! : 0;
    const sites: ProjectionSite[] = actualSites.slice(0, nSites);
    for (let j = nActual; j < nSites; j++) {
      const planned = plannedDay(j) + lag;
      sites.push({
        day: Math.max(asOfDay + 1, planned),
        plannedDay: planned,
        fixed: false,
        k: 0,
        exposure: 0,
        activeDays: 0,
        silentDays: 0,
        silentExposure: 0,
        closed: false,
      });
    }
    sites.sort((x, y) => x.day - y.day || x.plannedDay - y.plannedDay || Number(y.fixed) - Number(x.fixed));
    projSites.push({ sites, pooled });
    const first = sites[0]?.day ?? asOfDay + 1;
    // A pause under way at the as-of date holds screening until it ends.
    const screenFrom = Math.max(asOfDay + 1, ...windows.map((w) => (w.to >= asOfDay ? w.to + 1 : 0)));
    infos.push({
      key: base.key,
      name: base.name,
      screened,
      enrolled,
      completed: last(act.completed),
      dropped: act.dropped,
      actualSites: nActual,
      exposureSiteDays: exposure,
      actualEnrollmentRate: actualRate,
      actualScreenRate: months > 0 ? screened / months : null,
      enrollmentRateGoForward: goRate,
      screenRateGoForward: goRate / (1 - sf),
      sitesGoForward: nSites,
      prior: { shape: 0, rate: 1 },
      posterior: { shape: 0, rate: 1 },
    });
    const capLeft = (cap: number | null, used: number) =>
      cap === null ? null : Math.max(0, cap - Math.round(used));
    const pauseLeft = base.pause && base.pause.afterEnrolled > enrolled ? base.pause : null;
    return {
      ...base,
      milestones: { ...base.milestones, firstSiteActivation: first },
      activationOffsets: sites.map((s) => s.day - first),
      screenRatePerSiteDay: goScreenPerDay,
      // Start-up uncertainty moves only sites still to activate in a group that has none active yet.
      startupSpanDays: nActual > 0 ? 0 : base.startupSpanDays,
      screenFromDay: screenFrom,
      caps: {
        screened: capLeft(base.caps.screened, screened),
        enrolled: capLeft(base.caps.enrolled, enrolled),
      },
      pause: pauseLeft
        ? { afterEnrolled: pauseLeft.afterEnrolled - Math.round(enrolled), days: pauseLeft.days }
        : null,
    };
  });

  /** The Monte Carlo's evidence for projection groups (their rates may have been scaled by Remodel (D)). */
  const evidenceFor = (groups: readonly PreparedGroup[], allStated = false) =>
    remodelEvidence(
      groups.map((g, i) => ({
        ratePerSiteDay: g.screenRatePerSiteDay * centre[i]!,
        stated: allStated || choices.get(input.siteGroups[i]!.siteGroupId)?.rate === 'other',
        ...projSites[i]!,
      })),
      baseline.uncertainty,
      asOfDay + 1,
    );
  const fitted = evidenceFor(projGroups);
  infos.forEach((info, i) => {
    const r = projGroups[i]!.screenRatePerSiteDay;
    const shape = priorShape(baseline.uncertainty.studyRateCv, countryRateCvOf(baseline.uncertainty));
    info.prior = Number.isFinite(shape) && r > 0 ? { shape, rate: shape / r } : { shape: 0, rate: 1 };
    info.posterior = fitted.posteriors[i]!;
  });

  return {
    baseline,
    day0,
    asOfDay,
    actual,
    enrolledSoFar,
    screenedSoFar,
    remainingEnrolled,
    pendingEnrolled,
    inScreening,
    infos,
    projGroups,
    evidenceFor,
    fitted,
  };
}
