/**
 * What the cohort Monte Carlo (`cohortChainForecast`) shows in the result sets: P10/P50/P90 dates of each cohort's
 * start and phase ends (cohort summary), of each phase end on the Cohorts Timeline, and the plan's LPI, LPC and
 * LPLV (the enrollment milestones), which follow the cohort schedule rather than continuous enrollment.
 */
import type { PreparedPlan } from '../model/prepared-plan';
import type { StudyPlanMilestones } from '../plan-line/types';
import type { CohortForecast, CohortPointForecast } from '../scenarios/cohort-forecast';
import type { CohortForecastDates } from './cohort-types';
import { dayToMs, formatDate } from './periods';

/** The quantile day at `level` percent (null when not computed at that level or not reached). */
export function quantileAt(f: CohortForecast, p: CohortPointForecast, level: number): number | null {
  const i = f.levels.indexOf(level);
  return i < 0 ? null : (p.quantiles[i] ?? null);
}

/** P10/P50/P90 of one date as DD/MMM/YYYY (null: not reached), with the probability of reaching it. */
export function forecastDates(
  f: CohortForecast,
  p: CohortPointForecast,
  day0Ms: number,
): CohortForecastDates {
  const date = (level: number) => {
    const d = quantileAt(f, p, level);
    return d === null ? null : formatDate(dayToMs(day0Ms, d));
  };
  return { P10: date(10), P50: date(50), P90: date(90), probabilityReached: p.probabilityReached };
}

type MilestoneQuantiles = NonNullable<
  Partial<
    Record<
      keyof StudyPlanMilestones,
      {
        p10: number | null;
        p50: number | null;
        p90: number | null;
        confidenceDate?: number | null;
        probabilityReached?: number;
      }
    >
  >
>;

/**
 * LPI (the last enrollment of the chain) and the milestones shifted from it by fixed days, as the cohort plan
 * line shifts them (LPC: + treatment; LPLV: + treatment + follow-up), in ms; confidence dates at each milestone's
 * level when the forecast has it. Empty when no cohort enrolls.
 */
export function cohortLastMilestones(
  f: CohortForecast,
  prepared: PreparedPlan,
  levelsByMilestone: Partial<Record<keyof StudyPlanMilestones, number>>,
): MilestoneQuantiles {
  const lpi = f.lastEnrolled;
  if (!lpi) return {};
  const shifts: [keyof StudyPlanMilestones, number][] = [
    ['lastEnrolled', 0],
    ['lastCompletedTreatment', prepared.treatmentDays],
    ['lastLastVisit', prepared.treatmentDays + prepared.followUpDays],
  ];
  const out: MilestoneQuantiles = {};
  for (const [key, shift] of shifts) {
    const ms = (level: number) => {
      const d = quantileAt(f, lpi, level);
      return d === null ? null : dayToMs(prepared.day0Ms, d + shift);
    };
    out[key] = {
      p10: ms(10),
      p50: ms(50),
      p90: ms(90),
      confidenceDate: ms(levelsByMilestone[key] ?? 50),
      probabilityReached: lpi.probabilityReached,
    };
  }
  return out;
}
