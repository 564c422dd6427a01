import {
  dayToMs,
  remodelPlan,
  runReplications,
  summarizeForecast,
  type RemodelGroupChoice,
  type SimulationInput,
} from '@predict/engine';
import type { ActualsData, ComputeOptions } from './actuals-data';

export interface LpiForecast {
  /** Days since the plan's day 0; p10 / p90 null without a Monte Carlo forecast. */
  p10: number | null;
  p50: number | null;
  p90: number | null;
  method: string;
}

const dateMs = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
/** The first day of the month after a month (YYYY-MM-DD, its first day), ms. */
const nextMonthMs = (iso: string) => {
  const d = new Date(dateMs(iso));
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

/**
 * The engine's per-site actuals of one group (SiteGroupActuals.sites): each site activated by the as-of day, in
 * activation order, with its patients screened up to the as-of day and the first day of its last month with a
 * screening. The extract has no close date, only the status: a Closed site is taken to have closed at the end of
 * its last month with any count (never before its activation, never after the as-of day; its activation day when
 * it has no counts). Undefined when the data has no per-site screening.
 */
export function siteActuals(data: ActualsData, siteGroupId: number) {
  if (!data.siteScreening) return undefined;
  const bySite = new Map(data.siteScreening.map((s) => [s.siteNumber, s]));
  return data.sites
    .filter((s) => s.siteGroupId === siteGroupId && s.siteActivatedDate !== null)
    .map((s) => ({ site: s, activated: dateMs(s.siteActivatedDate!) }))
    .filter(({ activated }) => activated <= data.asOfMs)
    .sort((a, b) => a.activated - b.activated)
    .map(({ site, activated }) => {
      const screening = site.siteNumber === undefined ? undefined : bySite.get(site.siteNumber);
      const closed = site.siteStatus.trim().toLowerCase() === 'closed';
      const lastActive = screening?.lastActiveMonth ?? null;
      return {
        activationDateMillis: activated,
        screened: screening?.screened ?? 0,
        lastScreenedMonthMillis:
          screening?.lastScreenedMonth == null ? null : dateMs(screening.lastScreenedMonth),
        closedDateMillis: closed
          ? Math.min(
              data.asOfMs,
              Math.max(activated, lastActive === null ? activated : nextMonthMs(lastActive)),
            )
          : null,
      };
    });
}

/** The plan's engine input with each site group's actuals from the extract (the engine's `actuals` input). */
export function withActuals(input: SimulationInput, data: ActualsData): SimulationInput {
  return {
    ...input,
    siteGroups: input.siteGroups.map((g) => {
      const id = Number(g.siteGroupId);
      const sites = siteActuals(data, id);
      return {
        ...g,
        actuals: {
          asOfDateMillis: data.asOfMs,
          siteActivationDatesMillis: data.sites
            .filter((s) => s.siteGroupId === id && s.siteActivatedDate !== null)
            .map((s) => dateMs(s.siteActivatedDate!))
            .filter((ms) => ms <= data.asOfMs),
          monthly: data.months
            .filter((m) => m.siteGroupId === id)
            .map((m) => ({
              monthStartMillis: dateMs(m.month),
              screened: m.screened,
              enrolled: m.enrolled,
              completed: m.completedTreatment,
              dropped: m.droppedOut,
            })),
          ...(sites ? { sites } : {}),
        },
      };
    }),
  };
}

/** The engine's remodel of the plan with the 'actual' rate and the planned sites in every group. */
function remodelFromActuals(input: SimulationInput, data: ActualsData) {
  const groups: RemodelGroupChoice[] = input.siteGroups.map((g) => ({
    siteGroupId: g.siteGroupId,
    rate: 'actual',
    sites: 'planned',
  }));
  return remodelPlan({ input: withActuals(input, data), groups });
}

/**
 * The plan's target of patients enrolled and the actual last patient enrolled date (ms, noon UTC) once the extract
 * shows that target enrolled, read as Study Actuals' LPI forecast reads it (the remodel's actual curve); null until
 * then.
 */
export function actualEnrollment(
  input: SimulationInput,
  data: ActualsData,
): { targetEnrolled: number; lastEnrolledMillis: number | null } {
  const remodel = remodelFromActuals(input, data);
  const day = remodel.lpiReached ? remodel.planLine.milestones.lastEnrolled : null;
  return {
    targetEnrolled: remodel.baseline.targetEnrolled,
    lastEnrolledMillis: day === null ? null : dayToMs(remodel.baseline.day0Ms, day),
  };
}

/** The actual last patient enrolled date (ms, noon UTC) once the extract shows the target enrolled (see above). */
export function actualLastEnrolledMillis(input: SimulationInput, data: ActualsData): number | null {
  return actualEnrollment(input, data).lastEnrolledMillis;
}

/**
 * Forecast LPI from the actuals (design/actuals.md section 2): the engine's remodel with the 'actual' rate in every
 * group (the planned one where a group has no exposure yet) and its planned sites (at least the actual ones), then
 * `replications` Monte Carlo replications of the projection for P10 / P50 / P90. With 0 replications, or if the
 * Monte Carlo fails, P50 is the remodel plan line's LPI. Sites of site groups the plan does not have are not part
 * of the remodel. Null when the plan has no groups with usable input.
 */
export function forecastLpi(
  input: SimulationInput,
  data: ActualsData,
  options: ComputeOptions,
): LpiForecast | null {
  const remodel = remodelFromActuals(input, data);
  const lineLpi = remodel.planLine.milestones.lastEnrolled;
  if (remodel.lpiReached || !remodel.projection)
    return { p10: null, p50: lineLpi, p90: null, method: 'the last patient is already enrolled' };
  if (options.lpiReplications > 0) {
    try {
      const chunk = runReplications(remodel.projection, {
        seed: options.seed,
        from: 0,
        to: options.lpiReplications,
      });
      const q = summarizeForecast(chunk, [10, 50, 90]).milestones.lpi.quantiles;
      const day = (x: number | null | undefined) => (x == null ? null : Math.round(x));
      if (q[1] != null) return { p10: day(q[0]), p50: day(q[1]), p90: day(q[2]), method: 'Monte Carlo' };
    } catch {
      // Fall back to the deterministic projection below.
    }
  }
  return lineLpi === null ? null : { p10: null, p50: lineLpi, p90: null, method: 'remodel plan line' };
}
