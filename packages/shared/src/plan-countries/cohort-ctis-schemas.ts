import { z } from 'zod';
import { INTEGER_MESSAGE } from '../schemas/common';
import { boundedNumber, dateMillis, ID_MAX, int4, safeText } from '../schemas/safe-input';
import { COHORT_PREDECESSOR_ACTIVITIES } from '../plan/constants';
import { SequentialCohortRow } from '../plan/plan-children-schemas';
import { RowVersion } from '../plan/row-version-schema';

const id = z.number({ error: INTEGER_MESSAGE }).int({ error: INTEGER_MESSAGE }).min(1).max(ID_MAX);
// Inputs: numbers a column can hold (the validators give the spec's ranges) and dates a date column can hold.
const value = boundedNumber().nullable();
const millis = z.number().int().nullable();
const millisInput = dateMillis().nullable();

/**
 * One editable cohort row as the form holds it (spec/1 sections 3 and 5); the chain dates and the enrolling
 * duration are outputs (computed by the engine's cohortChain), so they are not inputs here.
 */
export const SequentialCohortInputRow = z.object({
  studyPlanCohortId: int4().nullable(),
  cohortName: safeText().max(100),
  predecessorCohortName: safeText().max(100).nullable(),
  predecessorActivity: z.enum(COHORT_PREDECESSOR_ACTIVITIES).nullable(),
  patients: value,
  lagDays: value,
  screeningDurationDays: value,
  dtlDurationDays: value,
  srcDurationDays: value,
});
export type SequentialCohortInputRow = z.infer<typeof SequentialCohortInputRow>;

/**
 * POST /ctpo/study/{studyId}/SequentialCohort: replaces the plan's cohort rows (all or nothing, 'Sequential cohorts
 * setup is not valid' with per-row field messages when invalid). phaseNames are the two editable extra phase
 * column names (defaults DTL and SRC). Answer: the saved rows with their chain dates (YYYY-MM-DD).
 */
export const SequentialCohortBody = z.object({
  studyPlanId: id,
  rowVersion: RowVersion,
  phaseNames: z.object({ dtl: safeText().min(1).max(30), src: safeText().min(1).max(30) }).optional(),
  rows: z.array(SequentialCohortInputRow).max(50),
});
export type SequentialCohortBody = z.infer<typeof SequentialCohortBody>;

/** GET /ctpo/cohort/plan/{planId} and the SequentialCohort answer. */
export const SequentialCohortResponse = z.object({
  studyPlanId: z.number().int(),
  phaseNames: z.object({ dtl: z.string(), src: z.string() }),
  rows: z.array(SequentialCohortRow),
  rowVersion: z.number().int(),
});
export type SequentialCohortResponse = z.infer<typeof SequentialCohortResponse>;

/** POST /ctpo/cohort/chain (ours): the chain dates of unsaved rows, so the table recomputes as inputs change. */
export const CohortChainBody = z.object({ studyPlanId: id, rows: z.array(SequentialCohortInputRow).max(50) });
export type CohortChainBody = z.infer<typeof CohortChainBody>;
export const CohortChainResponse = z.object({
  rows: z.array(SequentialCohortRow),
  /** Why the chain cannot be computed yet (incomplete rows, countries without FPS); null when computed. */
  notice: z.string().nullable(),
});
export type CohortChainResponse = z.infer<typeof CohortChainResponse>;

/**
 * The CTIS (EU Clinical Trials Information System) submission of one eligible site group of the plan. Included
 * groups get one common regulatory submission date, by the choice: keep the user-provided (overridden) dates, use
 * the latest computed submission date of the included groups, enter a new date, or reset to the computed dates.
 */
export const CtisChoice = z.enum(['keep', 'useLatest', 'enterNew', 'reset']);
export type CtisChoice = z.infer<typeof CtisChoice>;

/** GET /ctpo/ctis/plan/{planId}: one row per CTIS-eligible site group of the plan. */
export const CtisPlanRow = z.object({
  studyId: z.number().int(),
  studyPlanId: z.number().int(),
  siteGroupId: z.number().int(),
  siteGroupName: z.string(),
  countryCodeISO3: z.string(),
  includeExclude: z.enum(['i', 'e']),
  /** The submission date the user entered (an override), if any. */
  regSubmissionDateUserProvided: millis,
  /** The group's current regulatory submission date (computed or overridden). */
  regSubmissionDate: millis,
  useLatestRegSubmissionsDate: z.boolean(),
  enterNewDate: millis,
  resetRegSubmissionDates: z.boolean(),
});
export type CtisPlanRow = z.infer<typeof CtisPlanRow>;
export const CtisPlanResponse = z.object({ rows: z.array(CtisPlanRow), latestRegSubmissionDate: millis });
export type CtisPlanResponse = z.infer<typeof CtisPlanResponse>;

/** POST /ctpo/study/{studyId}/CtisSubmission: the choices for the included groups; one choice for all of them. */
export const CtisSubmissionBody = z.object({
  studyPlanId: id,
  rowVersion: RowVersion,
  choice: CtisChoice,
  /** Required when choice is enterNew (noon UTC). */
  enterNewDate: millisInput,
  rows: z.array(z.object({ siteGroupId: id, includeExclude: z.enum(['i', 'e']) })).max(100),
});
export type CtisSubmissionBody = z.infer<typeof CtisSubmissionBody>;
