import { SAME_STUDY_MESSAGE } from '../../http-errors';
import {
  MILESTONE_SYNC_MESSAGES as M,
  type MilestoneSyncAnswer,
  type MilestoneSyncSubmissionBody,
  type StudyPlan,
  type StudyPlanMilestone,
  type SyncedMilestone,
  type SyncedStudyMilestone,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { findLivePlan } from '../../repositories/plans-repository';
import { readPlanDetail } from '../plans/read-plans';
import { invalidSoeBody, withEditableSoe } from './guards/soe-guards';
import { updateSoeAudited } from './write-soe-form';

type Dated = StudyPlanMilestone & { milestoneDateMillis: number };
const dated = (m: StudyPlanMilestone): m is Dated => m.milestoneDateMillis !== null;

/** Every dated milestone of the plan: the study-level ones first, then each country's (site group's) in tab order. */
export function planMilestoneDates(plan: StudyPlan): SyncedMilestone[] {
  const row = (
    m: Dated,
    where: Pick<SyncedMilestone, 'countryId' | 'countryCodeISO3' | 'siteGroupId' | 'siteGroupName'>,
  ): SyncedMilestone => ({
    milestoneScope: m.milestoneScope,
    milestoneId: m.milestoneId,
    milestoneName: m.milestoneName,
    milestoneLabel: m.milestoneLabel,
    milestoneDateMillis: m.milestoneDateMillis,
    isUserOverride: m.isUserOverride,
    ...where,
  });
  const none = { countryId: null, countryCodeISO3: null, siteGroupId: null, siteGroupName: null };
  return [
    ...plan.milestones.filter(dated).map((m) => row(m, none)),
    ...plan.countries.flatMap((c) =>
      c.siteGroups.flatMap((g) =>
        g.milestones.filter(dated).map((m) =>
          row(m, {
            countryId: c.countryId,
            countryCodeISO3: c.countryCodeISO3,
            siteGroupId: g.siteGroupId,
            siteGroupName: g.siteGroupName,
          }),
        ),
      ),
    ),
  ];
}

/** Per milestone name (in first-seen order): its earliest and latest date over the study. */
export function studyMilestoneDates(milestones: SyncedMilestone[]): SyncedStudyMilestone[] {
  const byName = new Map<string, SyncedStudyMilestone>();
  for (const m of milestones) {
    const seen = byName.get(m.milestoneName);
    if (!seen)
      byName.set(m.milestoneName, {
        milestoneId: m.milestoneId,
        milestoneName: m.milestoneName,
        milestoneLabel: m.milestoneLabel,
        firstDateMillis: m.milestoneDateMillis,
        lastDateMillis: m.milestoneDateMillis,
      });
    else {
      seen.firstDateMillis = Math.min(seen.firstDateMillis, m.milestoneDateMillis);
      seen.lastDateMillis = Math.max(seen.lastDateMillis, m.milestoneDateMillis);
    }
  }
  return [...byName.values()];
}

/**
 * POST /ctpo/study/{studyId}/MilestoneSyncSubmission: the SOE takes the milestone dates of the plan submitted. In
 * one transaction: the study (404), the SOE locked (404 when unknown, deleted or of another study), the caller's
 * editor role (403), the plan (400 unless a live plan of the study with at least one milestone date); then the SOE
 * is linked to the plan (its version raised, so the forecast and an editor holding the older version see the
 * change), the study list's SOE columns refreshed and the sync audited with the dates taken.
 */
export async function syncSoeMilestones(
  db: Db,
  user: AuthUser,
  studyId: number,
  body: MilestoneSyncSubmissionBody,
): Promise<MilestoneSyncAnswer> {
  if (body.studyId !== undefined && body.studyId !== studyId)
    throw invalidSoeBody([{ path: 'studyId', message: SAME_STUDY_MESSAGE }]);
  return withEditableSoe(db, user, { studyId, soeId: body.scheduleOfEventsId }, async (tx, soe) => {
    const found = await findLivePlan(tx, body.studyPlanId);
    if (!found || found.plan.studyId !== studyId)
      throw invalidSoeBody([{ path: 'studyPlanId', message: M.unknownPlan }]);
    const plan = await readPlanDetail(tx, user, body.studyPlanId);
    const milestones = planMilestoneDates(plan);
    if (milestones.length === 0) throw invalidSoeBody([{ path: 'studyPlanId', message: M.noMilestoneDates }]);

    const updated = await updateSoeAudited(
      tx,
      user,
      { studyId, soeId: soe.soeId },
      { studyPlanId: plan.studyPlanId },
      {
        oldValues: { studyPlanId: soe.studyPlanId },
        newValues: {
          studyPlanId: plan.studyPlanId,
          milestoneSync: {
            studyPlanName: plan.studyPlanName,
            milestones: milestones.map((m) => ({
              milestoneName: m.milestoneName,
              siteGroupId: m.siteGroupId,
              milestoneDateMillis: m.milestoneDateMillis,
            })),
          },
        },
      },
    );
    return {
      message: M.synced,
      scheduleOfEventsId: soe.soeId,
      studyId,
      studyPlanId: plan.studyPlanId,
      studyPlanName: plan.studyPlanName,
      version: updated.version,
      milestones,
      studyMilestones: studyMilestoneDates(milestones),
    };
  });
}
