import { COUNTRY_GOALS, COUNTRY_MILESTONES, type MilestoneDatesResponse } from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Tx } from '../../db/client';
import { refreshStudyPlanSummary, updatePlan, type PlanRow } from '../../repositories/plans-repository';
import {
  referenceProfiles,
  setActivationProfileDates,
  setCountryMilestoneDates,
  siteGroupMilestones,
  updateCountryMilestone,
  upsertCountryParameter,
} from '../../repositories/plan-countries-repository';
import { computeMilestoneDates } from './compute-milestone-dates';
import { readPlanDetail } from '../plans/read-plans';

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
  const plan = await readPlanDetail(tx, user, planId);
  const groups = plan.countries.flatMap((c) => c.siteGroups);
  const references = await referenceProfiles(
    tx,
    groups.map((g) => g.siteGroupId),
  );
  const dates = computeMilestoneDates(plan, undefined, { referenceProfiles: references });
  // The changed milestone dates of all countries in one statement: a new country moves the LPI-side dates of
  // every other one, which row by row was thousands of statements for a large plan.
  const changed: { id: number; date: Date | null }[] = [];
  for (const country of dates.countries) {
    const group = groups.find((g) => g.studyPlanSiteGroupId === country.studyPlanSiteGroupId);
    if (!group) continue;
    for (const m of country.milestones) {
      const row = group.milestones.find((r) => r.milestoneId === m.milestoneId);
      if (!row || row.isUserOverride === 1 || row.milestoneDateMillis === m.milestoneDateMillis) continue;
      const ms = m.milestoneDateMillis;
      changed.push({ id: row.studyPlanMilestoneGoalId, date: ms === null ? null : new Date(ms) });
    }
    // Unchanged point dates are not written again (a plan of n countries wrote n x 11 rows at every change).
    const stored = group.activationProfiles.map((p) => p.siteActivationProfileDateMillis);
    const computed = country.activationProfileDatesMillis;
    if (stored.length !== computed.length || computed.some((ms, i) => ms !== stored[i]))
      await setActivationProfileDates(tx, country.studyPlanSiteGroupId, computed);
  }
  await setCountryMilestoneDates(tx, changed);
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
