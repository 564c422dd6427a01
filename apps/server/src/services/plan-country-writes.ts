import {
  checkNumber,
  COUNTRY_GOALS,
  COUNTRY_MILESTONES,
  PLAN_TYPE_DURATION,
  REQUIRED_MESSAGE,
  UPPER_BELOW_LOWER_MESSAGE,
  type MilestoneDatesResponse,
} from '@predict/shared';
import type { AuthUser } from '../auth/types';
import type { Tx } from '../db/client';
import { badRequest, notFound } from '../http-errors';
import { loadPlanChildren } from '../repositories/plans-children-repository';
import {
  findLivePlan,
  lockLivePlan,
  refreshStudyPlanSummary,
  updatePlan,
  type PlanRow,
} from '../repositories/plans-repository';
import {
  referenceProfiles,
  setActivationProfileDates,
  siteGroupMilestones,
  updateCountryMilestone,
  upsertCountryParameter,
} from '../repositories/plan-countries-repository';
import { computeMilestoneDates } from './compute-milestone-dates';
import { INVALID_REQUEST, PlanVersionConflict, requireEditable, requirePlanOfStudy } from './plan-guards';
import { presentPlan } from './plan-presenter';
import type { PlanDetail } from './plan-step2-draft';

/**
 * Locks the plan for the write and checks it is this study's (404), unchanged since `rowVersion` when sent (409)
 * and Draft (409). studyId null: the call has no study in its address (PATCH /ctpo/country).
 */
export async function lockEditablePlan(
  tx: Tx,
  studyId: number | null,
  planId: number,
  rowVersion: number | undefined,
): Promise<PlanRow> {
  const locked = await lockLivePlan(tx, planId);
  const plan = studyId === null ? locked : requirePlanOfStudy(locked, studyId);
  if (!plan) throw notFound('Plan');
  if (rowVersion !== undefined && rowVersion !== plan.rowVersion)
    throw new PlanVersionConflict(plan.rowVersion);
  requireEditable(plan);
  return plan;
}

/** The plan as GET /ctpo/plan answers it, read inside the transaction (after its writes). */
export async function planDetailIn(tx: Tx, user: AuthUser, planId: number): Promise<PlanDetail> {
  const found = await findLivePlan(tx, planId);
  if (!found) throw notFound('Plan');
  return presentPlan(found, await loadPlanChildren(tx, planId), user);
}

/** Raises the plan's version, stamps who changed it and keeps the study list's summary current. */
export async function touchPlan(
  tx: Tx,
  user: AuthUser,
  plan: PlanRow,
  actualStep?: number,
): Promise<PlanRow> {
  const updated = await updatePlan(tx, plan.studyPlanId, {
    updateBy: user.name,
    updateDate: new Date(),
    ...(actualStep !== undefined ? { actualStep: Math.max(plan.actualStep, actualStep) } : {}),
  });
  await refreshStudyPlanSummary(tx, plan.studyId);
  return updated;
}

export interface SitesBoundsInput {
  lower: number | null;
  upper: number | null;
  lowerPath: string;
  upperPath: string;
}

/**
 * Add / Edit Country bounds (spec/1 section 5): the lower bound always, the upper bound in scenario B; both whole
 * numbers >= 1, upper not below lower. Throws the 400 with each field's message.
 */
export function requireSiteBounds(
  planType: number,
  sites: SitesBoundsInput[],
  required: Record<string, unknown>,
) {
  const fields: { path: string; message: string }[] = [];
  for (const s of sites) {
    const low = checkNumber(s.lower, { integer: true, min: 1, required: true });
    const high = checkNumber(s.upper, { integer: true, min: 1, required: planType === PLAN_TYPE_DURATION });
    if (low.message) fields.push({ path: s.lowerPath, message: low.message });
    if (high.message) fields.push({ path: s.upperPath, message: high.message });
    else if (low.value !== undefined && high.value !== undefined && high.value < low.value)
      fields.push({ path: s.upperPath, message: UPPER_BELOW_LOWER_MESSAGE });
  }
  for (const [path, value] of Object.entries(required))
    if (value === null || value === undefined) fields.push({ path, message: REQUIRED_MESSAGE });
  if (fields.length > 0) throw badRequest(INVALID_REQUEST, fields);
}

/** The sites goal of a country, mirrored into the country parameter that step 1's warnings read. */
export async function writeSitesGoal(
  tx: Tx,
  planId: number,
  studyPlanSiteGroupId: number,
  bounds: { lowerBound: number | null; upperBound: number | null },
) {
  const rows = await siteGroupMilestones(tx, studyPlanSiteGroupId);
  const goal = rows.find((m) => m.milestoneName === 'NUM_SITES_ACTIVATED');
  if (goal) await updateCountryMilestone(tx, goal.studyPlanMilestoneGoalId, bounds);
  await upsertCountryParameter(tx, {
    studyPlanId: planId,
    studyPlanSiteGroupId,
    parameterId: COUNTRY_GOALS.NUM_SITES_ACTIVATED,
    parameterName: 'NUM_SITES_ACTIVATED',
    ...bounds,
  });
}

/**
 * Recomputes the country date milestones of the plan as it now is and stores them on the rows that are not
 * overridden (noon UTC, as the engine gives them), with the activation-profile point dates. Returns the dates.
 */
export async function storeCountryDates(
  tx: Tx,
  user: AuthUser,
  planId: number,
): Promise<MilestoneDatesResponse> {
  const plan = await planDetailIn(tx, user, planId);
  const groups = plan.countries.flatMap((c) => c.siteGroups);
  const references = await referenceProfiles(
    tx,
    groups.map((g) => g.siteGroupId),
  );
  const dates = computeMilestoneDates(plan, undefined, { referenceProfiles: references });
  for (const country of dates.countries) {
    const group = groups.find((g) => g.studyPlanSiteGroupId === country.studyPlanSiteGroupId);
    if (!group) continue;
    for (const m of country.milestones) {
      const row = group.milestones.find((r) => r.milestoneId === m.milestoneId);
      if (!row || row.isUserOverride === 1 || row.milestoneDateMillis === m.milestoneDateMillis) continue;
      await updateCountryMilestone(tx, row.studyPlanMilestoneGoalId, {
        milestoneDate: m.milestoneDateMillis === null ? null : new Date(m.milestoneDateMillis),
      });
    }
    await setActivationProfileDates(tx, country.studyPlanSiteGroupId, country.activationProfileDatesMillis);
  }
  return dates;
}

/** The 5 count goals and 10 date milestones a new country starts with. */
export function newCountryMilestones(
  planId: number,
  studyPlanSiteGroupId: number,
  sites: { lowerBound: number | null; upperBound: number | null },
) {
  const goals = Object.entries(COUNTRY_GOALS).map(([milestoneName, milestoneId], position) => ({
    studyPlanId: planId,
    studyPlanSiteGroupId,
    milestoneScope: 'country',
    milestoneId,
    milestoneName,
    position,
    ...(milestoneName === 'NUM_SITES_ACTIVATED' ? sites : {}),
  }));
  const dates = COUNTRY_MILESTONES.map((m, i) => ({
    studyPlanId: planId,
    studyPlanSiteGroupId,
    milestoneScope: 'country',
    milestoneId: m.milestoneId,
    milestoneName: m.milestoneName,
    milestoneLabel: m.label,
    position: goals.length + i,
  }));
  return [...goals, ...dates];
}
