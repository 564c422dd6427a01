import {
  COMBINABLE_TYPE_DETAILS,
  COMBINATION_MIN_PLANS,
  DELETABLE_STATUSES,
  EDITABLE_STATUS,
  isCombination,
  SAVE_AS_MENU,
  type PlanStatus,
  type PlanTypeDetail,
} from './constants';
import {
  COMBINATION_INELIGIBLE_MESSAGE,
  COMBINATION_MIN_PLANS_MESSAGE,
  FIELD_REQUIRED_MESSAGE,
} from './messages';
import { planDescriptionMessage, planNameMessage } from './name-rules';
import type { PlanFormError } from './validate-plan-form';

const collect = (entries: [string, string | undefined][]): PlanFormError[] =>
  entries
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([field, message]) => ({ field, message }));

/** The Clone dialog: name (<= 50, unique in the target study), description and target study required. */
export function validateCloneForm(
  values: { studyPlanName?: string | null; studyPlanDescr?: string | null; studyId?: number | null },
  context: { existingNames: readonly string[] },
): PlanFormError[] {
  return collect([
    ['studyPlanName', planNameMessage(values.studyPlanName, context.existingNames)],
    ['studyPlanDescr', planDescriptionMessage(values.studyPlanDescr)],
    ['studyId', values.studyId === null || values.studyId === undefined ? FIELD_REQUIRED_MESSAGE : undefined],
  ]);
}

/** The Combination dialog: name and description required, at least 2 plans, each a Duration, Rates or Cohort (D). */
export function validateCombinationForm(
  values: {
    studyPlanName?: string | null;
    studyPlanDescr?: string | null;
    plans: readonly { studyPlanTypeDetail: string }[];
  },
  context: { existingNames: readonly string[] },
): PlanFormError[] {
  const eligible = values.plans.every((p) =>
    (COMBINABLE_TYPE_DETAILS as readonly string[]).includes(p.studyPlanTypeDetail),
  );
  return collect([
    ['studyPlanName', planNameMessage(values.studyPlanName, context.existingNames)],
    ['studyPlanDescr', planDescriptionMessage(values.studyPlanDescr)],
    [
      'plans',
      values.plans.length < COMBINATION_MIN_PLANS
        ? COMBINATION_MIN_PLANS_MESSAGE
        : eligible
          ? undefined
          : COMBINATION_INELIGIBLE_MESSAGE,
    ],
  ]);
}

/** The statuses Save As offers for a plan of this type detail. */
export const saveAsOptions = (detail: string): readonly PlanStatus[] =>
  SAVE_AS_MENU[detail as PlanTypeDetail] ?? [];

/** A plan is editable only when it is Draft and the user is not read-only (spec/1 section 4). */
export const canEditPlan = (plan: { scenarioStatus: string }, user: { readOnly: boolean }) =>
  !user.readOnly && plan.scenarioStatus === EDITABLE_STATUS;

/** Only Draft and Draft-Combo plans can be deleted, and only by their creator (spec/1 sections 2 and 6). */
export const canDeletePlan = (
  plan: { scenarioStatus: string },
  user: { readOnly: boolean; isCreator: boolean },
) =>
  !user.readOnly && user.isCreator && (DELETABLE_STATUSES as readonly string[]).includes(plan.scenarioStatus);

/** The status in which a plan can be run: Draft, or Draft-Combo for combination plans (spec/1 section 4). */
export const runnableStatusOf = (plan: { studyPlanTypeDetail: string }): PlanStatus =>
  isCombination(plan.studyPlanTypeDetail) ? 'Draft-Combo' : EDITABLE_STATUS;

/** Whether Run / Start Simulation applies to the plan (its draft status); editors only, checked by the caller. */
export const isRunnablePlan = (plan: { studyPlanTypeDetail: string; scenarioStatus: string }): boolean =>
  plan.scenarioStatus === runnableStatusOf(plan);
