/**
 * Remodel back-test (README, Calibration): re-forecast a planned trial from the actuals its truth produced up to the
 * day it reached 25/50/75% of the enrolled target, and compare the forecast LPI with the true LPI. I/O-free.
 *
 * The actuals are what a CRO would enter on the Remodel form (SimulationInput `actuals`, see examples/remodel.json):
 * the as-of date, the activation dates of the sites activated by then, and per calendar month (start at noon UTC)
 * the patients screened, enrolled, completing treatment and dropped, counted on the day of the event, up to and
 * including the as-of day. Every group keeps rate 'planned' (the Poisson-Gamma posterior does the learning) and
 * sites 'planned'.
 */
import { runForecast } from '../src/forecast';
import type { PreparedPlan, UncertaintySettings } from '../src/model/prepared-plan';
import { remodelPlan } from '../src/scenarios/remodel';
import { MS_PER_DAY } from '../src/time';
import type { TrialForecast } from './calibration-metrics';
import { parseOrThrow, withUncertainty, type InputJson, type PlannedTrial } from './calibration-trials';
import type { TruthOutcome } from './calibration-truth';

/** The as-of day for a share of the target enrolled: the day of the ceil(share x target)-th true enrollment. */
export function asOfDayAt(truth: TruthOutcome, target: number, share: number): number | null {
  const t = truth.enrolled[Math.max(1, Math.ceil(share * target)) - 1];
  return t === undefined ? null : Math.floor(t);
}

interface MonthCounts {
  monthStartMillis: number;
  screened: number;
  enrolled: number;
  completed: number;
  dropped: number;
}

/**
 * Per group: the `actuals` object of the SimulationInput at `asOfDay` (events on days <= asOfDay). With
 * `siteEvidence`, also the optional per-site evidence (SiteGroupActuals.sites): every site activated by the as-of
 * day, in activation order, with its patients screened up to the as-of day, the first day (noon UTC) of the last
 * month in which it screened anyone (null: never) and closedDateMillis null (a CRO's records do not say when a site
 * stopped recruiting; it falls silent).
 */
export function actualsAt(
  day0Ms: number,
  nGroups: number,
  truth: TruthOutcome,
  screeningDays: number,
  asOfDay: number,
  siteEvidence = false,
): Record<string, unknown>[] {
  const noon = (day: number) => day0Ms + day * MS_PER_DAY;
  const monthStart = (day: number) => {
    const date = new Date(noon(day));
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1, 12);
  };
  const months = Array.from({ length: nGroups }, () => new Map<number, MonthCounts>());
  const bump = (g: number, time: number, key: 'screened' | 'enrolled' | 'completed' | 'dropped') => {
    const d = Math.floor(time);
    if (d > asOfDay) return;
    const date = new Date(noon(d));
    const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1, 12);
    const m = months[g]!;
    let row = m.get(start);
    if (!row) {
      row = { monthStartMillis: start, screened: 0, enrolled: 0, completed: 0, dropped: 0 };
      m.set(start, row);
    }
    row[key]++;
  };
  truth.group.forEach((g, k) => {
    bump(g, truth.screen[k]!, 'screened');
    if (!truth.pass[k]) return;
    bump(g, truth.screen[k]! + screeningDays, 'enrolled');
    bump(g, truth.exit[k]!, truth.dropped[k] ? 'dropped' : 'completed');
  });
  const siteScreened = new Int32Array(truth.activation.length);
  const siteLast = new Float64Array(truth.activation.length).fill(-1);
  truth.site.forEach((i, k) => {
    const d = Math.floor(truth.screen[k]!);
    if (d > asOfDay) return;
    siteScreened[i] = siteScreened[i]! + 1;
    if (d > siteLast[i]!) siteLast[i] = d;
  });
  const sitesOf = (g: number) =>
    truth.activation
      .flatMap((a, i) => (truth.siteGroup[i] === g && a <= asOfDay ? [i] : []))
      .sort((x, y) => truth.activation[x]! - truth.activation[y]! || x - y);
  return months.map((m, g) => {
    const sites = sitesOf(g);
    return {
      asOfDateMillis: noon(asOfDay),
      siteActivationDatesMillis: sites.map((i) => noon(truth.activation[i]!)),
      monthly: [...m.values()].sort((x, y) => x.monthStartMillis - y.monthStartMillis),
      ...(siteEvidence
        ? {
            sites: sites.map((i) => ({
              activationDateMillis: noon(truth.activation[i]!),
              screened: siteScreened[i]!,
              lastScreenedMonthMillis: siteLast[i]! >= 0 ? monthStart(siteLast[i]!) : null,
              closedDateMillis: null,
            })),
          }
        : {}),
    };
  });
}

/** The remodel forecasts of LPI at one as-of day. */
export interface RemodelForecasts {
  asOfDay: number;
  /** The actuals already reached the target on the as-of day (no projection; the forecast is the true LPI). */
  lpiReached: boolean;
  /** As remodel.ts does it. */
  asIs: TrialForecast;
}

/**
 * Remodels the trial at the day its truth reaches `share` of the target and forecasts LPI (runForecast on the
 * projection, `replications` with `seed`); null when the truth never reaches that share.
 */
export function remodelForecasts(
  trial: PlannedTrial,
  truth: TruthOutcome,
  share: number,
  u: UncertaintySettings,
  seed: number,
  replications: number,
): RemodelForecasts | null {
  const plan = trial.plan;
  const asOfDay = asOfDayAt(truth, plan.targetEnrolled, share);
  if (asOfDay === null) return null;
  const actuals = actualsAt(plan.day0Ms, plan.groups.length, truth, plan.screeningDays, asOfDay);
  const base = withUncertainty(trial.json, u);
  const json: InputJson = {
    plan: { ...base.plan, studyPlanTypeDetail: 'Remodel (R)' },
    siteGroups: base.siteGroups.map((g, i) => ({ ...g, actuals: actuals[i] })),
  };
  const input = parseOrThrow(json);
  const r = remodelPlan({
    input,
    groups: input.siteGroups.map((g) => ({ siteGroupId: g.siteGroupId, rate: 'planned', sites: 'planned' })),
  });
  if (r.lpiReached || !r.projection) {
    const exact = { p10: truth.lpi, p50: truth.lpi, p90: truth.lpi };
    return { asOfDay, lpiReached: true, asIs: exact };
  }
  const lpi = (projection: PreparedPlan): TrialForecast => {
    const f = runForecast(projection, {
      seed,
      replications,
      levels: [10, 50, 90],
      grid: [Math.floor(projection.horizonDays)], // bands are not needed
    });
    const q = f.milestones.lpi.quantiles;
    const v = (x: number | null | undefined): number => (x === null || x === undefined ? Infinity : x);
    return { p10: v(q[0]), p50: v(q[1]), p90: v(q[2]) };
  };
  return {
    asOfDay,
    lpiReached: false,
    asIs: lpi(r.projection),
  };
}
