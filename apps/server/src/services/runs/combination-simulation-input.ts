import type { SimulationInput } from '@predict/engine';
import { COMBINATION_MIN_PLANS, isCombination, type PlanValidationItem } from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db, Tx } from '../../db/client';
import { findLivePlan } from '../../repositories/plans-repository';
import { buildSimulationInput, type PlanDetail } from './plan-simulation-input';
import { readPlanDetail } from '../plans/read-plans';

/**
 * The engine's combination input (packages/engine README "Combination"): the first constituent as a plain input
 * with its label, the others under `combineWith`. Labels are the member plan names, which name the site groups
 * in the result sets ('Germany (Base case)').
 */
export type CombinationSimulationInput = SimulationInput & {
  label: string;
  combineWith: { label: string; input: SimulationInput }[];
};

/** Code of the review items of a combination that are not one of its members' own rules. */
export const COMBINATION_MEMBERS_CODE = 'COMBINATION_MEMBERS';
/** Ours: members are kept from deletion while a combination uses them, so this only shows damaged data. */
export const COMBINATION_MEMBERS_MESSAGE = 'The combination needs at least 2 existing plans.';

export const isCombinationPlan = (plan: { studyPlanTypeDetail: string }) =>
  isCombination(plan.studyPlanTypeDetail);

/** The live member plans of a combination, in the chosen order (a deleted member is left out). */
export async function combinationMembers(
  db: Db | Tx,
  user: AuthUser,
  plan: PlanDetail,
): Promise<PlanDetail[]> {
  const members: PlanDetail[] = [];
  // One after another: a transaction's client cannot run queries concurrently.
  for (const id of plan.combinationMemberIds) {
    if (await findLivePlan(db, id)) members.push(await readPlanDetail(db, user, id));
  }
  return members;
}

/**
 * The review items of a combination: each member's own items (from `itemsOf`, the plan review rules), the message
 * prefixed with the member's name. Their step and country point into the member plan, not into the combination,
 * so they are left out (the combination has no steps to edit).
 */
export async function combinationRunItems(
  plan: PlanDetail,
  members: readonly PlanDetail[],
  itemsOf: (member: PlanDetail) => Promise<PlanValidationItem[]>,
): Promise<PlanValidationItem[]> {
  const items: PlanValidationItem[] = [];
  if (members.length < Math.max(COMBINATION_MIN_PLANS, plan.combinationMemberIds.length)) {
    items.push({
      code: COMBINATION_MEMBERS_CODE,
      severity: 'error',
      message: COMBINATION_MEMBERS_MESSAGE,
      step: null,
      studyPlanSiteGroupId: null,
    });
  }
  for (const member of members) {
    for (const item of await itemsOf(member)) {
      items.push({
        ...item,
        message: `${member.studyPlanName} - ${item.message}`,
        step: null,
        studyPlanSiteGroupId: null,
      });
    }
  }
  return items;
}

/**
 * Maps the members of a combination onto the engine's combination input, each with buildSimulationInput; the
 * engine runs every member with its own seed (seed + k) so that their random streams are independent. When a
 * member cannot be simulated, input is null and notice names the member.
 */
export function buildCombinationSimulationInput(members: readonly PlanDetail[]): {
  input: CombinationSimulationInput | null;
  notice: string | null;
} {
  const parts: { label: string; input: SimulationInput }[] = [];
  for (const member of members) {
    const { input, notice } = buildSimulationInput(member);
    if (!input)
      return { input: null, notice: `${member.studyPlanName} - ${notice ?? 'cannot be simulated yet.'}` };
    parts.push({ label: member.studyPlanName, input });
  }
  const [first, ...rest] = parts;
  if (!first || rest.length === 0) return { input: null, notice: COMBINATION_MEMBERS_MESSAGE };
  return { input: { ...first.input, label: first.label, combineWith: rest }, notice: null };
}
