import type { PlanInput } from '../input/schema-plan';
import type { PreparedPlan } from '../model/prepared-plan';
import { COHORT_PHASES, type CohortChain, type CohortPhase } from '../scenarios/cohorts';
import { DISPLAY_DAYS_PER_MONTH } from '../time';
import type { CohortForecast, CohortForecastPoint } from '../scenarios/cohort-forecast';
import { forecastDates, quantileAt } from './cohort-forecast-sets';
import type { CohortSummaryRow, CohortTimelineRow } from './cohort-types';
import { dayToMs, formatDate } from './periods';
import type { Computed } from './types';

/** Labels of the two extra cohort phases (spec/1 section 3: editable, defaults DTL and SRC). */
export interface CohortPhaseLabels {
  dtl: string;
  src: string;
}

/**
 * The phase labels the cohort sets show: `plan.cohortPhaseNames` (trimmed), else DTL / SRC. A name that would
 * repeat another column ('Screening', 'Enrolling', or the other extra phase's name) gets its code appended, e.g.
 * 'Screening (DTL)', so that the summary's '<name> End' columns and the timeline rows stay distinct.
 */
export function cohortPhaseLabels(plan: Pick<PlanInput, 'cohortPhaseNames'>): CohortPhaseLabels {
  const taken = new Set<string>(['Screening', 'Enrolling']);
  const pick = (name: string | undefined, code: 'DTL' | 'SRC') => {
    const label = name?.trim() || code;
    const unique = taken.has(label) ? `${label} (${code})` : label;
    taken.add(unique);
    return unique;
  };
  const names = plan.cohortPhaseNames ?? {};
  const dtl = pick(names.dtl, 'DTL');
  return { dtl, src: pick(names.src, 'SRC') };
}

/** The label of a phase in the timeline rows (Screening and Enrolling are fixed). */
export function phaseLabel(phase: CohortPhase, labels: CohortPhaseLabels): string {
  return phase === 'DTL' ? labels.dtl : phase === 'SRC' ? labels.src : phase;
}

const months = (from: number | null, to: number | null): Computed =>
  from === null || to === null ? '##' : Math.round(((to - from) / DISPLAY_DAYS_PER_MONTH) * 10) / 10;

function minOf(v: (number | null)[]): number | null {
  const xs = v.filter((x): x is number => x !== null);
  return xs.length ? Math.min(...xs) : null;
}

/** Final integer patients per cohort (the rounded rows' last values). */
export interface CohortFinals {
  screened: number[];
  enrolled: number[];
  completedTreatment: number[];
}

/**
 * Summary per cohort and 'Overall' (dates DD/MMM/YYYY, durations in months of 30.42 days); with the cohort Monte
 * Carlo, each cohort row carries the P10/P50/P90 of its dates (`forecast`).
 */
export function summaryCohort(
  prepared: PreparedPlan,
  chain: CohortChain,
  finals: CohortFinals,
  labels: CohortPhaseLabels,
  forecast?: CohortForecast,
): CohortSummaryRow[] {
  const date = (d: number | null) => (d === null ? null : formatDate(dayToMs(prepared.day0Ms, d)));
  // Keyed by label; built apart so that the literal keeps the `${string} End` index signature's value type.
  const phaseEnds = (dtl: string | null, src: string | null) => {
    const out: Record<`${string} End`, string | null> = {};
    out[`${labels.dtl} End`] = dtl;
    out[`${labels.src} End`] = src;
    return out;
  };
  const make = (
    name: string,
    days: CohortSummaryRow['days'],
    screened: number,
    enrolled: number,
    completed: number,
  ): CohortSummaryRow => ({
    cohortName: name,
    'Cohort Start': date(days.start),
    'Screening End': date(days.screeningEnd),
    'Enrolling End': date(days.enrollingEnd),
    ...phaseEnds(date(days.dtlEnd), date(days.srcEnd)),
    days,
    'Number of Patients Screened': screened,
    'Number of Patients Enrolled': enrolled,
    'Number of Patients Completing Treatment': completed,
    'Enrollment Duration': months(days.start, days.enrollingEnd),
    'Cohort Duration': months(days.start, days.srcEnd),
  });
  const out = chain.rows.map((r, i) =>
    make(
      r.cohortName,
      {
        start: r.cohortStartDay,
        screeningEnd: r.screeningEndDay,
        enrollingEnd: r.enrollingEndDay,
        dtlEnd: r.dtlEndDay,
        srcEnd: r.srcEndDay,
      },
      finals.screened[i] ?? 0,
      finals.enrolled[i] ?? 0,
      finals.completedTreatment[i] ?? 0,
    ),
  );
  if (forecast)
    out.forEach((row, i) => {
      const f = forecast.rows[i];
      if (!f) return;
      const dates = (p: CohortForecastPoint) => forecastDates(forecast, f[p], prepared.day0Ms);
      row.forecast = {
        start: dates('start'),
        screeningEnd: dates('screeningEnd'),
        enrollingEnd: dates('enrollingEnd'),
        dtlEnd: dates('dtlEnd'),
        srcEnd: dates('srcEnd'),
      };
    });
  out.push(overallRow(out, make));
  return out;
}

/** Overall: the earliest start; a phase end only when every cohort reaches it; the patients summed. */
function overallRow(
  out: readonly CohortSummaryRow[],
  make: (
    name: string,
    days: CohortSummaryRow['days'],
    screened: number,
    enrolled: number,
    completed: number,
  ) => CohortSummaryRow,
): CohortSummaryRow {
  const all = (pick: (r: CohortSummaryRow) => number | null, agg: 'min' | 'max') => {
    const v = out.map(pick);
    if (agg === 'min') return minOf(v);
    return v.length === 0 || v.some((x) => x === null) ? null : Math.max(...(v as number[]));
  };
  const sum = (
    k:
      | 'Number of Patients Screened'
      | 'Number of Patients Enrolled'
      | 'Number of Patients Completing Treatment',
  ) => out.reduce((a, r) => a + r[k], 0);
  return make(
    'Overall',
    {
      start: all((r) => r.days.start, 'min'),
      screeningEnd: all((r) => r.days.screeningEnd, 'max'),
      enrollingEnd: all((r) => r.days.enrollingEnd, 'max'),
      dtlEnd: all((r) => r.days.dtlEnd, 'max'),
      srcEnd: all((r) => r.days.srcEnd, 'max'),
    },
    sum('Number of Patients Screened'),
    sum('Number of Patients Enrolled'),
    sum('Number of Patients Completing Treatment'),
  );
}

/** The forecast point of each phase's end, in COHORT_PHASES order. */
const PHASE_END_POINTS: CohortForecastPoint[] = ['screeningEnd', 'enrollingEnd', 'dtlEnd', 'srcEnd'];

/**
 * Cohort timeline (Gantt) rows: four phases per reached cohort, back to back, named by `labels`; with the cohort
 * Monte Carlo, each phase carries the P10/P50/P90 day of its end.
 */
export function timelineCohort(
  prepared: PreparedPlan,
  chain: CohortChain,
  labels: CohortPhaseLabels,
  forecast?: CohortForecast,
): CohortTimelineRow[] {
  const projectStart = formatDate(prepared.day0Ms);
  const out: CohortTimelineRow[] = [];
  for (const [i, r] of chain.rows.entries()) {
    const ends = [r.screeningEndDay, r.enrollingEndDay, r.dtlEndDay, r.srcEndDay];
    const f = forecast?.rows[i];
    let from = r.cohortStartDay;
    COHORT_PHASES.forEach((phase, k) => {
      const to = ends[k] ?? null;
      if (from === null || to === null) return;
      const end = f && forecast ? f[PHASE_END_POINTS[k]!] : null;
      out.push({
        cohortName: r.cohortName,
        milestoneName: phaseLabel(phase, labels),
        'Project Start Date': projectStart,
        studyDayStart: from,
        studyDayDuration: to - from,
        ...(end && forecast
          ? {
              endP10: quantileAt(forecast, end, 10),
              endP50: quantileAt(forecast, end, 50),
              endP90: quantileAt(forecast, end, 90),
            }
          : {}),
      });
      from = to;
    });
  }
  return out;
}
