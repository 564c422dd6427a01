/**
 * One group's go-forward projection in a remodel (calibration.md section 2): its actual sites kept at their
 * activation days with their counts and intensity-weighted exposures, the further sites the form chose at their
 * planned days (moved by the lag the group showed), the go-forward rate, and what the form shows of the group.
 */
import type { SimulationInput } from '../input/schema';
import type { PreparedGroup, PreparedPlan } from '../model/prepared-plan';
import { DAYS_PER_MONTH } from '../time';
import { dayOf, type GroupActualCurves } from './remodel-curves';
import { actualProjectionSites, type ActualSite, type ProjectionSite } from './remodel-evidence';
import { ExposureWeights, type PauseWindow } from './remodel-exposure';
import type { RemodelGroupChoice, RemodelGroupInfo } from './remodel-types';

type GroupInput = SimulationInput['siteGroups'][number];

const last = (c: Float64Array) => c[c.length - 1] ?? 0;

/** What every group's projection shares: the baseline, the as-of day and the pauses that happened. */
export interface ProjectionContext {
  baseline: PreparedPlan;
  asOfDay: number;
  basis: 'screened' | 'enrolled';
  /** Per group: the pause windows up to the as-of date, and its age-profile centring factor. */
  windows: readonly (readonly PauseWindow[])[];
  centre: readonly number[];
}

/** A group's projection: the prepared group going forward, its sites, and the form's figures. */
export interface GroupProjection {
  group: PreparedGroup;
  sites: { sites: ProjectionSite[]; pooled: boolean };
  info: RemodelGroupInfo;
}

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

/** Sites going forward by the form's choice: none, the actual ones, a number, or at least the planned ones. */
function sitesGoingForward(choice: RemodelGroupChoice | undefined, planned: number, actual: number): number {
  const sitesChoice = choice?.sites ?? 'planned';
  if (sitesChoice === 'remove') return 0;
  if (sitesChoice === 'actual') return actual;
  if (sitesChoice === 'other') return Math.max(0, Math.round(choice?.sitesOther ?? planned));
  return Math.max(planned, actual);
}

/**
 * Sites going forward: the actual ones at their activation days (the first nSites of them when fewer are chosen);
 * further sites keep their planned activation day (one every 30 days after the planned list), never before the
 * day after the as-of date, moved by the lag of the group's latest actual sites (median of the last three, actual
 * - planned day of the same rank): a group under way keeps the pace its sites showed.
 */
function projectionSites(
  base: PreparedGroup,
  actualSites: readonly ProjectionSite[],
  nSites: number,
  asOfDay: number,
): ProjectionSite[] {
  const plannedSites = base.activationOffsets.length;
  const plannedDay = (j: number) =>
    j < plannedSites
      ? base.milestones.firstSiteActivation + base.activationOffsets[j]!
      : base.milestones.firstSiteActivation +
        (base.activationOffsets[plannedSites - 1] ?? 0) +
        30 * (j - plannedSites + 1);
  const lags = actualSites.map((s, j) => s.day - plannedDay(j)).slice(-3);
  const lag = lags.length ? [...lags].sort((x, y) => x - y)[lags.length >> 1]! : 0;
  const sites: ProjectionSite[] = actualSites.slice(0, nSites);
  for (let j = actualSites.length; j < nSites; j++) {
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
  return sites.sort(
    (x, y) => x.day - y.day || x.plannedDay - y.plannedDay || Number(y.fixed) - Number(x.fixed),
  );
}

/** Group i's projection: its sites, go-forward rate, caps and pause left, and the form's figures. */
export function projectGroup(
  ctx: ProjectionContext,
  g: GroupInput,
  i: number,
  act: GroupActualCurves,
  choice: RemodelGroupChoice | undefined,
): GroupProjection {
  const { baseline, asOfDay } = ctx;
  const base = baseline.groups[i]!;
  const sf = base.screenFailRate;
  const windows = ctx.windows[i]!;
  const weights = new ExposureWeights(base, baseline.day0Ms, asOfDay, windows, baseline.uncertainty);
  const screened = last(act.screened);
  const enrolled = last(act.enrolled);
  const k = ctx.basis === 'enrolled' ? enrolled / (1 - sf) : screened;
  const actualList = actualSitesOf(g, baseline.day0Ms, asOfDay);
  const { sites: actualSites, pooled } = actualProjectionSites(actualList, weights, k);
  // Exposure in site-days at the plan's relative intensity (seasonality x fatigue, no pauses).
  const exposure = actualSites.reduce((s, x) => s + x.exposure, 0);
  // In the plan's rate units: with the age terms on, a rate at age 0 is centre x the planned (first-year) rate.
  const months = (exposure * ctx.centre[i]!) / DAYS_PER_MONTH;
  const plannedRate = base.screenRatePerSiteDay * (1 - sf) * DAYS_PER_MONTH;
  const actualRate = months > 0 ? enrolled / months : null;
  const goRate = goForwardRate(choice, plannedRate, actualRate);
  const nActual = actualSites.length;
  const nSites = sitesGoingForward(choice, base.activationOffsets.length, nActual);
  const sites = projectionSites(base, actualSites, nSites, asOfDay);
  const first = sites[0]?.day ?? asOfDay + 1;
  // A pause under way at the as-of date holds screening until it ends.
  const screenFrom = Math.max(asOfDay + 1, ...windows.map((w) => (w.to >= asOfDay ? w.to + 1 : 0)));
  const info: RemodelGroupInfo = {
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
  };
  const capLeft = (cap: number | null, used: number) =>
    cap === null ? null : Math.max(0, cap - Math.round(used));
  const pauseLeft = base.pause && base.pause.afterEnrolled > enrolled ? base.pause : null;
  const group: PreparedGroup = {
    ...base,
    milestones: { ...base.milestones, firstSiteActivation: first },
    activationOffsets: sites.map((s) => s.day - first),
    screenRatePerSiteDay: goRate / (1 - sf) / DAYS_PER_MONTH,
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
  return { group, sites: { sites, pooled }, info };
}
