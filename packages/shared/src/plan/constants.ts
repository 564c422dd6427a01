/** Plan enumerations, ids and limits of spec/1 sections 3, 4 and 9: one definition for the server and the web. */
export { DEFAULT_UNCERTAINTY, type UncertaintySettings } from '@predict/engine';

/** Plan status values (spec/1 section 4); Draft-Combo is the Draft of combination plans. */
export const PLAN_STATUSES = [
  'Draft',
  'Baseline Plan',
  'Ongoing Study',
  'Post-Proposal',
  'Proposal',
  'Draft-Combo',
] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** The statuses that mean "draft": choosing one in Save As raises the version; only these may be deleted. */
export const DRAFT_STATUSES: readonly PlanStatus[] = ['Draft', 'Draft-Combo'];
export const DELETABLE_STATUSES: readonly PlanStatus[] = DRAFT_STATUSES;
/** The only status in which a plan's inputs can be edited (spec/1 section 4). */
export const EDITABLE_STATUS: PlanStatus = 'Draft';
/** The status Study Actuals compares against; choosing it locks the plan's forecast of record. */
export const BASELINE_STATUS: PlanStatus = 'Baseline Plan';

/** studyPlanType: 1 = scenario A (Rates), 2 = scenario B (Duration). */
export const PLAN_TYPE_RATES = 1;
export const PLAN_TYPE_DURATION = 2;
export type PlanType = typeof PLAN_TYPE_RATES | typeof PLAN_TYPE_DURATION;
/** spec/1 section 9: type 1 is labelled Rates, otherwise Duration. */
export const planTypeLabel = (type: number) => (type === PLAN_TYPE_RATES ? 'Rates' : 'Duration');

/**
 * The plan's type as screens show it: the detail, which already names the scenario ('Rates', 'Cohort (D)',
 * 'Combination (R)'), so that 'Rates (Rates)' and 'Duration (Combination (D))' are not shown; the scenario label
 * only when there is no detail, or before one that does not name it.
 */
export function planTypeText(plan: { studyPlanType: number; studyPlanTypeDetail: string | null }): string {
  const label = planTypeLabel(plan.studyPlanType);
  const detail = (plan.studyPlanTypeDetail ?? '').trim();
  if (detail === '' || detail === label) return label;
  return /\((D|R)\)$/.test(detail) || detail === 'Rates' || detail === 'Duration'
    ? detail
    : `${label} (${detail})`;
}

export const PLAN_TYPE_DETAILS = [
  'Duration',
  'Rates',
  'Cohort (D)',
  'Remodel (D)',
  'Remodel (R)',
  'Combination (D)',
  'Combination (R)',
] as const;
export type PlanTypeDetail = (typeof PLAN_TYPE_DETAILS)[number];

/** cohortType: 0 none, 2 cohort; 2 together with Cohort (D) means sequential cohorts. */
export const COHORT_TYPE_NONE = 0;
export const COHORT_TYPE_SEQUENTIAL = 2;

/** The Save As menu of the simulation screen per type detail (spec/1 section 4). */
export const SAVE_AS_MENU: Readonly<Record<PlanTypeDetail, readonly PlanStatus[]>> = {
  Duration: ['Draft', 'Baseline Plan', 'Ongoing Study', 'Post-Proposal', 'Proposal'],
  Rates: ['Draft', 'Baseline Plan', 'Ongoing Study', 'Post-Proposal', 'Proposal'],
  'Cohort (D)': ['Draft', 'Baseline Plan', 'Ongoing Study', 'Post-Proposal', 'Proposal'],
  'Remodel (D)': ['Draft', 'Baseline Plan'],
  'Remodel (R)': ['Draft', 'Baseline Plan'],
  'Combination (D)': ['Draft-Combo', 'Baseline Plan', 'Ongoing Study', 'Post-Proposal', 'Proposal'],
  'Combination (R)': ['Draft-Combo', 'Baseline Plan', 'Ongoing Study', 'Post-Proposal', 'Proposal'],
};

export const COMBINATION_TYPE_DETAILS: readonly PlanTypeDetail[] = ['Combination (D)', 'Combination (R)'];
/** Plans a combination may be built from; the transfer list shows them as name plus [R] or [D]. */
export const COMBINABLE_TYPE_DETAILS: readonly PlanTypeDetail[] = ['Duration', 'Rates', 'Cohort (D)'];
export const COMBINATION_MIN_PLANS = 2;
/** Clone is not offered for combination plans (spec/1 section 2). */
export const isCombination = (detail: string) =>
  (COMBINATION_TYPE_DETAILS as readonly string[]).includes(detail);

/** The [R] / [D] tag of a plan in the combination transfer list. */
export const planTypeTag = (type: number) => (type === PLAN_TYPE_RATES ? '[R]' : '[D]');

/** The type detail of a new scenario A / B plan. */
export function typeDetailFor(type: PlanType, cohortType: number): PlanTypeDetail {
  if (type === PLAN_TYPE_RATES) return 'Rates';
  return cohortType === COHORT_TYPE_SEQUENTIAL ? 'Cohort (D)' : 'Duration';
}

/**
 * A combination is Combination (R) when every constituent is a Rates plan, else Combination (D): a Duration or
 * Cohort (D) constituent brings a fixed enrollment duration into the union, so the whole is duration-driven.
 */
export function combinationTypeDetail(memberDetails: readonly string[]): PlanTypeDetail {
  return memberDetails.length > 0 && memberDetails.every((d) => d === 'Rates')
    ? 'Combination (R)'
    : 'Combination (D)';
}

/** A plan id in an address that stands for an unsaved new plan (new-plan_...). */
export const NEW_PLAN_MARKER = 'new-plan';
export const isNewPlanId = (id: unknown) => typeof id === 'string' && id.includes(NEW_PLAN_MARKER);

export const PLAN_STEPS = [1, 2, 3] as const;
export const CLONE_SUFFIX = ' - Clone';
// The table sizes the input rules check (spec/1 section 5).
export { ACTIVATION_PROFILE_MAX_ROWS, PLAN_DURATION_LIMITS, SEASONAL_MONTHS } from '@predict/engine';
export const RATE_MAX = 0.99;
export const ENROLLMENT_RATE_MAX = 100;
export const PAUSE_MIN = 1;
export const PAUSE_MAX = 9999;
export const DEFAULT_LEVEL_OF_CONFIDENCE = -1;
export const DEFAULT_COHORT_PHASE_NAMES = { dtl: 'DTL', src: 'SRC' } as const;
// The option lists the engine's input accepts, under the names the forms use.
export {
  COHORT_ACTIVITIES as COHORT_PREDECESSOR_ACTIVITIES,
  SITE_ID_EFFORTS as SITE_ID_SIZES,
  START_UP_SIZES as COUNTRY_START_UP_SIZES,
} from '@predict/engine';

/** Study-level parameters (spec/1 section 3) with their ids. */
export const STUDY_PARAMETERS = { SITES_TO_ACTIVATE: 12, SUBJECTS_TO_SCREEN: 13 } as const;
export type StudyParameterName = keyof typeof STUDY_PARAMETERS;
export const STUDY_PARAMETER_NAMES = Object.keys(STUDY_PARAMETERS) as StudyParameterName[];

/**
 * The default study milestones of a new plan, in display order, with their ids. The spec gives 144, 147 and 150;
 * the others follow the same spacing (sites 138, screened 141) or take ids 101-111 of our own, clear of the
 * country milestone ids the spec shows (135-158).
 */
export const STUDY_MILESTONES = {
  NUM_SITES_ACTIVATED: 138,
  NUM_SUBJECTS_SCREENED: 141,
  NUM_SUBJECTS_ENROLLED: 144,
  NUM_SUBJECTS_TREATED: 147,
  NUM_SUBJECTS_COMPLETED: 150,
  DURATION_TO_SITE_ID: 101,
  DURATION_TO_SUBMISSION: 102,
  DURATION_TO_FIRST_REGULATORY_APPROVAL: 103,
  DURATION_TO_FSIV: 104,
  DURATION_TO_FPS: 105,
  DURATION_TO_FPI: 106,
  DURATION_TO_LPI: 107,
  DURATION_TO_FPLV: 108,
  DURATION_TO_LPLV: 109,
  DURATION_TO_FPC: 110,
  DURATION_TO_TFED: 111,
} as const;
export type StudyMilestoneName = keyof typeof STUDY_MILESTONES;
export const STUDY_MILESTONE_NAMES = Object.keys(STUDY_MILESTONES) as StudyMilestoneName[];
