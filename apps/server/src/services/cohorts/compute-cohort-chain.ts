import { cohortChain, preparePlan } from '@predict/engine';
import {
  isSequentialPlan,
  normalizeCohortRows,
  validateCohorts,
  type CohortChainResponse,
  type SequentialCohortInputRow,
  type SequentialCohortRow,
} from '@predict/shared';
import { invalidBody } from '../plans/guards/plan-guards';
import { buildSimulationInput, type PlanDetail } from '../runs/plan-simulation-input';

/** Ours: cohort rows sent for a plan that is not a sequential cohort plan. */
export const NOT_SEQUENTIAL_MESSAGE = 'Only Cohort (D) plans have sequential cohorts.';

/** Cohort rows belong to sequential cohort plans only (Cohort (D), cohortType 2). */
export function requireSequential(plan: { studyPlanType: number; cohortType: number }): void {
  if (!isSequentialPlan(plan)) throw invalidBody([{ field: 'studyPlanId', message: NOT_SEQUENTIAL_MESSAGE }]);
}

/** Ours: why the chain has no dates yet. */
export const COHORTS_INCOMPLETE_NOTICE = 'Fill in every cohort row to see its dates.';
export const NO_FIRST_SCREENING_NOTICE =
  'The cohorts cannot start before a country screens its first patient: add a country with activated sites.';
export const BEYOND_HORIZON_NOTICE = 'Some cohorts do not finish enrolling within 15 years.';

/** A whole number as the row schema holds it; anything else (only in rows the rules refuse) is shown empty. */
const whole = (v: number | null) => (v !== null && Number.isInteger(v) ? v : null);

/** A row without computed dates (the chain cannot be computed yet). */
export function undatedRow(planId: number, r: SequentialCohortInputRow): SequentialCohortRow {
  return {
    studyPlanCohortId: r.studyPlanCohortId ?? 0,
    studyPlanId: planId,
    cohortName: r.cohortName,
    predecessorCohortName: r.predecessorCohortName,
    predecessorActivity: r.predecessorActivity,
    patients: whole(r.patients),
    lagDays: whole(r.lagDays),
    cohortStartDate: null,
    cohortStartDay: null,
    screeningDurationDays: whole(r.screeningDurationDays),
    screeningEndDate: null,
    screeningEndDay: null,
    enrollingDurationDays: null,
    enrollingEndDate: null,
    enrollingEndDay: null,
    dtlDurationDays: whole(r.dtlDurationDays),
    dtlEndDate: null,
    dtlEndDay: null,
    srcDurationDays: whole(r.srcDurationDays),
    srcEndDate: null,
    srcEndDay: null,
  };
}

/**
 * The sequential cohort chain (spec/1 section 4) of the given rows on the plan as saved: the first cohort starts at
 * the earliest FPS across countries, each later one at the end of its predecessor's chosen phase plus its lag; the
 * enrolling duration is what the site network needs to enroll the cohort's patients (the engine's cohortChain on
 * the prepared plan). Nothing is written. Rows that cannot be dated yet come back without dates, with a notice
 * saying why. Unsaved rows carry studyPlanCohortId 0.
 */
export function computeCohortChain(
  plan: PlanDetail,
  inputRows: readonly SequentialCohortInputRow[],
): CohortChainResponse {
  const rows = normalizeCohortRows(inputRows);
  const undated = (notice: string | null) => ({
    rows: rows.map((r) => undatedRow(plan.studyPlanId, r)),
    notice,
  });
  if (validateCohorts(rows, { step: 2 }).form !== null) return undated(COHORTS_INCOMPLETE_NOTICE);

  const withRows: PlanDetail = { ...plan, cohorts: rows.map((r) => undatedRow(plan.studyPlanId, r)) };
  const { input, notice } = buildSimulationInput(withRows);
  if (!input?.plan.cohorts) return undated(notice);
  const chain = cohortChain(input.plan.cohorts, preparePlan(input));
  if (chain.firstScreeningDay === null) return undated(NO_FIRST_SCREENING_NOTICE);

  const dated = rows.map((r, k): SequentialCohortRow => {
    const c = chain.rows[k]!;
    return {
      ...undatedRow(plan.studyPlanId, r),
      cohortStartDate: c.cohortStartDate,
      cohortStartDay: c.cohortStartDay,
      screeningEndDate: c.screeningEndDate,
      screeningEndDay: c.screeningEndDay,
      enrollingDurationDays: c.enrollingDurationDays,
      enrollingEndDate: c.enrollingEndDate,
      enrollingEndDay: c.enrollingEndDay,
      dtlEndDate: c.dtlEndDate,
      dtlEndDay: c.dtlEndDay,
      srcEndDate: c.srcEndDate,
      srcEndDay: c.srcEndDay,
    };
  });
  const unfinished = dated.some((r) => r.srcEndDay === null);
  return { rows: dated, notice: unfinished ? BEYOND_HORIZON_NOTICE : null };
}
