import type { SimulationInput } from '@predict/engine';
import { validatePlanForRun, type PlanValidationItem, type PlanValidationResponse } from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import { memoByContent } from '../../caching/memo-by-content';
import type { Db, Tx } from '../../db/client';
import { livePlanNames } from '../../repositories/plans-repository';
import {
  buildCombinationSimulationInput,
  combinationMembers,
  combinationRunItems,
  isCombinationPlan,
  type CombinationSimulationInput,
} from './combination-simulation-input';
import { buildSimulationInput, type PlanDetail } from './plan-simulation-input';
import { readPlanDetail } from '../plans/read-plans';
import { withRemodelBasis } from '../remodel/remodel-run-input';

/**
 * The review rules are a pure function of the plan and its study's plan names, and the review page asks for them
 * again on every visit: the same plan is answered from memory (a changed plan is a different key).
 */
const validateSavedPlan = memoByContent(validatePlanForRun, 4 * 1024 * 1024);

/** The review rules on a saved plan, with the study's other plan names for the name rule. */
export async function planRunItems(
  db: Db | Tx,
  plan: PlanDetail,
  step: 2 | 3,
): Promise<PlanValidationItem[]> {
  const existingNames = await livePlanNames(db, plan.studyId, plan.studyPlanId);
  return validateSavedPlan(plan, plan.cohorts, { step, existingNames });
}

/** The status a plan must have to be run (shared with the web): Draft, or Draft-Combo for combinations. */
export { runnableStatusOf } from '@predict/shared';

export interface PlanRunInput {
  /** The review items (warnings too); a combination's are its members', named. */
  items: PlanValidationItem[];
  /** The engine input, or null when an item is an error or the engine refuses the plan (see notice). */
  input: SimulationInput | CombinationSimulationInput | null;
  notice: string | null;
}

const hasErrors = (items: readonly PlanValidationItem[]) => items.some((i) => i.severity === 'error');

/**
 * What a run of the plan needs: the review rules at step 3 and, when none fails, the engine input. A combination
 * passes when every member plan passes; its input is the engine's combination of the members' inputs.
 */
export async function planRunInput(db: Db | Tx, user: AuthUser, plan: PlanDetail): Promise<PlanRunInput> {
  if (isCombinationPlan(plan)) {
    const members = await combinationMembers(db, user, plan);
    const items = await combinationRunItems(plan, members, (m) => planRunItems(db, m, 3));
    if (hasErrors(items)) return { items, input: null, notice: null };
    return { items, ...buildCombinationSimulationInput(members) };
  }
  const items = await planRunItems(db, plan, 3);
  if (hasErrors(items)) return { items, input: null, notice: null };
  const built = buildSimulationInput(plan);
  if (!built.input) return { items, ...built };
  // Remodel plans made by PATCH /ctpo/remodel run the engine's remodel with their stored actuals.
  return { items, input: await withRemodelBasis(db, plan.studyPlanId, built.input), notice: null };
}

/**
 * GET /ctpo/plan/{planId}/validation?step=2|3: what blocks Next Step (2) or the run (3), and the warnings, as the
 * snackbars list them; every error blocks (buttonType ALL). A combination answers its members' items.
 */
export async function validatePlanRun(
  db: Db,
  user: AuthUser,
  planId: number,
  step: 2 | 3,
): Promise<PlanValidationResponse> {
  const plan = await readPlanDetail(db, user, planId);
  const items = isCombinationPlan(plan)
    ? await combinationRunItems(plan, await combinationMembers(db, user, plan), (m) =>
        planRunItems(db, m, step),
      )
    : await planRunItems(db, plan, step);
  return { items, buttonType: 'ALL' };
}
