import {
  activatedSiteCount,
  COUNTRY_GOAL_NAMES,
  COUNTRY_MILESTONE_IDS,
  defaultActivationProfile,
  PROJECTED_LABEL,
  validateStep2,
  type EnrollmentPlanStep2Body,
  type EnrollmentPlanStep2Response,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db, Tx } from '../../db/client';
import { badRequest, INVALID_REQUEST_MESSAGE } from '../../http-errors';
import { writeAudit, type AuditEntry } from '../../repositories/audit-repository';
import {
  insertCountryMilestones,
  referenceProfiles,
  replaceActivationProfile,
  replaceSeasonalVariations,
  siteGroupMilestones,
  updateCountryMilestone,
  updatePlanSiteGroup,
} from '../../repositories/plan-countries-repository';
import { chainDatesOf, computeMilestoneDates } from './compute-milestone-dates';
import { planWriteTarget, withEditablePlan } from '../plans/guards/with-editable-plan';
import { readPlanDetail } from '../plans/read-plans';
import { newCountryMilestones, storeCountryDates, touchPlan, writeSitesGoal } from './plan-country-writes';
import { filledPoints, siteGroupStates, type DraftMilestone, type SiteGroupState } from './plan-step2-draft';

const dateMilestoneIds = new Set<number>(COUNTRY_MILESTONE_IDS);
type References = Map<number, { sites: number; days: number }[]>;

/**
 * The parts of a site group's state a save writes, for the comparison and the audit. What a save ignores is left
 * out: the date of a row that is not overridden (computed) and the points of a profile with override off (default).
 */
function snapshot(s: SiteGroupState) {
  const milestones = [...s.milestones].map(([id, m]) =>
    m.isUserOverride === 1 ? [id, m] : [id, { isUserOverride: 0 }],
  );
  return {
    inputs: s.inputs,
    milestones: Object.fromEntries(milestones) as Record<string, unknown>,
    activation: s.activation.overrideFl ? s.activation : { overrideFl: false },
    seasonal: s.seasonal,
    fatigue: s.fatigue,
  };
}

/** Old and new values of what differs, by part; null when nothing does. */
function diff(before: ReturnType<typeof snapshot>, after: ReturnType<typeof snapshot>) {
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof typeof after)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    oldValues[key] = before[key];
    newValues[key] = after[key];
  }
  return Object.keys(newValues).length > 0 ? { oldValues, newValues } : null;
}

/** Makes sure the site group has its 5 count goals and 10 date milestones (older plans may lack some). */
async function milestoneRows(tx: Tx, planId: number, id: number) {
  const rows = await siteGroupMilestones(tx, id);
  const missing = newCountryMilestones(planId, id, { lowerBound: null, upperBound: null }).filter(
    (m) => !rows.some((r) => r.milestoneName === m.milestoneName),
  );
  await insertCountryMilestones(tx, missing);
  return missing.length > 0 ? siteGroupMilestones(tx, id) : rows;
}

/** True when writing `next` would leave the stored row as it is (override off with no comment, or the same override). */
function sameMilestoneWrite(stored: DraftMilestone | undefined, next: DraftMilestone): boolean {
  if (!stored || stored.isUserOverride !== next.isUserOverride) return false;
  if (next.isUserOverride !== 1) return stored.comments === null;
  return stored.comments === next.comments && stored.milestoneDateMillis === next.milestoneDateMillis;
}

async function writeSiteGroup(
  tx: Tx,
  planId: number,
  planType: number,
  before: SiteGroupState,
  after: SiteGroupState,
  references: References,
): Promise<void> {
  const id = after.group.studyPlanSiteGroupId;
  const rows = await milestoneRows(tx, planId, id);
  const { inputs } = after;
  await updatePlanSiteGroup(tx, id, {
    siteEnrollmentRateAtSiv: inputs.siteEnrollmentRateAtSIV,
    expectedScreenFailureRate: inputs.expectedScreenFailureRate,
    expectedTreatmentDropoutRate: inputs.expectedTreatmentDropoutRate,
    pauseEnrollmentAfterPatient: inputs.pauseEnrollmentAfterPatient,
    pauseEnrollmentDays: inputs.pauseEnrollmentDays,
    eventualSiteEnrollmentDays: after.fatigue.days,
    eventualSiteEnrollmentRate: after.fatigue.rate,
  });
  // Only rows whose values change are written: a save of one edited country among 40 wrote all 600 rows.
  for (const name of COUNTRY_GOAL_NAMES) {
    const row = rows.find((r) => r.milestoneName === name);
    if (row && JSON.stringify(before.inputs[name]) !== JSON.stringify(inputs[name]))
      await updateCountryMilestone(tx, row.studyPlanMilestoneGoalId, inputs[name]);
  }
  await writeSitesGoal(tx, planId, id, inputs.NUM_SITES_ACTIVATED);
  for (const [milestoneId, m] of after.milestones) {
    const row = rows.find((r) => r.milestoneId === milestoneId);
    if (!row || sameMilestoneWrite(before.milestones.get(milestoneId), m)) continue;
    // Unticking Override clears the comment and gives the computed date back (spec/1 section 4).
    await updateCountryMilestone(
      tx,
      row.studyPlanMilestoneGoalId,
      m.isUserOverride === 1
        ? { isUserOverride: 1, comments: m.comments, milestoneDate: new Date(m.milestoneDateMillis!) }
        : { isUserOverride: 0, comments: null },
    );
  }

  // A changed activated-sites count resets the profile to the default, override off (spec/1 section 4).
  const countChanged =
    activatedSiteCount(planType, before.inputs.NUM_SITES_ACTIVATED) !==
    activatedSiteCount(planType, inputs.NUM_SITES_ACTIVATED);
  const override = after.activation.overrideFl && !countChanged;
  const activationChanged =
    JSON.stringify(snapshot(before).activation) !== JSON.stringify(snapshot(after).activation);
  if (countChanged || activationChanged) {
    const points = override
      ? filledPoints(after.activation.points).map((p, k) => ({
          siteActivationLabel: after.activation.points[k]?.siteActivationLabel ?? PROJECTED_LABEL,
          siteActivationProfilePct: p.sites,
          siteActivationProfileDays: p.days,
          overrideFl: true,
        }))
      : defaultActivationProfile(
          references.get(after.group.siteGroupId) ?? [],
          activatedSiteCount(planType, inputs.NUM_SITES_ACTIVATED),
        );
    await replaceActivationProfile(tx, id, points);
    await updatePlanSiteGroup(tx, id, { activationProfileOverride: override });
  }
  if (JSON.stringify(before.seasonal) !== JSON.stringify(after.seasonal))
    await replaceSeasonalVariations(tx, id, after.seasonal as number[]);
}

/**
 * POST /ctpo/study/{studyId}/EnrollmentPlanStep2 (Save Draft of step 2): validates the five tables with
 * validateStep2 (400 with every field at body.<path>), then writes them in one transaction with an audit row per
 * changed country, recomputes the date milestones of the rows that are not overridden, sets actualStep to at
 * least 2 and raises the plan's version (409 when the save was based on an older one). Answers one row per country
 * date milestone.
 */
export async function saveStep2(
  db: Db,
  user: AuthUser,
  studyId: number,
  body: EnrollmentPlanStep2Body,
): Promise<EnrollmentPlanStep2Response> {
  return withEditablePlan(db, user, planWriteTarget(studyId, body), async (tx, plan) => {
    const detail = await readPlanDetail(tx, user, plan.studyPlanId);
    const references = await referenceProfiles(
      tx,
      detail.countries.flatMap((c) => c.siteGroups.map((g) => g.siteGroupId)),
    );
    const dates = computeMilestoneDates(detail, body, { referenceProfiles: references });
    const errors = validateStep2(body, detail, chainDatesOf(dates));
    if (errors.length > 0)
      throw badRequest(
        INVALID_REQUEST_MESSAGE,
        errors.map((e) => ({ path: `body.${e.path}`, message: e.message })),
      );

    const before = siteGroupStates(detail);
    const after = siteGroupStates(detail, body);
    const audits: Omit<AuditEntry, 'entityVersion'>[] = [];
    for (const [i, next] of after.entries()) {
      const change = diff(snapshot(before[i]!), snapshot(next));
      if (!change) continue;
      await writeSiteGroup(tx, plan.studyPlanId, plan.studyPlanType, before[i]!, next, references);
      const id = next.group.studyPlanSiteGroupId;
      audits.push({
        entity: 'study_plan_site_group',
        entityId: id,
        action: 'update',
        oldValues: { studyPlanId: plan.studyPlanId, ...change.oldValues },
        newValues: { studyPlanId: plan.studyPlanId, ...change.newValues },
      });
    }

    let rowVersion = plan.rowVersion;
    if (plan.actualStep < 2) {
      audits.push({
        entity: 'study_plan',
        entityId: plan.studyPlanId,
        action: 'update',
        oldValues: { actualStep: plan.actualStep },
        newValues: { actualStep: 2 },
      });
    }
    if (audits.length > 0) {
      rowVersion = (await touchPlan(tx, user, plan, 2)).rowVersion;
      await storeCountryDates(tx, user, plan.studyPlanId);
      await writeAudit(
        tx,
        user,
        ...audits.map((a) => ({ ...a, studyId: plan.studyId, entityVersion: rowVersion })),
      );
    }
    const saved = await readPlanDetail(tx, user, plan.studyPlanId);
    return saved.countries.flatMap((c) =>
      c.siteGroups.flatMap((g) =>
        g.milestones
          .filter((m) => dateMilestoneIds.has(m.milestoneId))
          .map((m) => ({
            returnCode: 200,
            studyPlanMilestoneGoalId: m.studyPlanMilestoneGoalId,
            countryId: c.countryId,
            milestoneDateMillis: m.milestoneDateMillis,
            rowVersion,
          })),
      ),
    );
  });
}
