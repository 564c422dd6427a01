import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { countries, studyPlanCtisSubmissions, studyPlanMilestones, studyPlanSiteGroups } from '../db/schema';

export type CtisRow = typeof studyPlanCtisSubmissions.$inferSelect;
export type NewCtisRow = typeof studyPlanCtisSubmissions.$inferInsert;

/**
 * The plan's CTIS-eligible site groups (the plan's copy of is_ctis_eligible: the 27 EU member states), in tab order,
 * each with its regulatory submission milestone (when the plan has one) and its stored CTIS row (when saved).
 */
export async function ctisEligibleGroups(db: Db | Tx, planId: number, submissionMilestoneId: number) {
  return db
    .select({
      studyPlanSiteGroupId: studyPlanSiteGroups.studyPlanSiteGroupId,
      siteGroupId: studyPlanSiteGroups.siteGroupId,
      siteGroupName: studyPlanSiteGroups.siteGroupName,
      countryCodeIso3: countries.countryCodeIso3,
      milestone: studyPlanMilestones,
      ctis: studyPlanCtisSubmissions,
    })
    .from(studyPlanSiteGroups)
    .innerJoin(countries, eq(countries.countryId, studyPlanSiteGroups.countryId))
    .leftJoin(
      studyPlanMilestones,
      and(
        eq(studyPlanMilestones.studyPlanSiteGroupId, studyPlanSiteGroups.studyPlanSiteGroupId),
        eq(studyPlanMilestones.milestoneId, submissionMilestoneId),
      ),
    )
    .leftJoin(
      studyPlanCtisSubmissions,
      and(
        eq(studyPlanCtisSubmissions.studyPlanId, studyPlanSiteGroups.studyPlanId),
        eq(studyPlanCtisSubmissions.siteGroupId, studyPlanSiteGroups.siteGroupId),
      ),
    )
    .where(and(eq(studyPlanSiteGroups.studyPlanId, planId), eq(studyPlanSiteGroups.isCtisEligible, true)))
    .orderBy(asc(studyPlanSiteGroups.position));
}
export type CtisEligibleGroup = Awaited<ReturnType<typeof ctisEligibleGroups>>[number];

/** Writes the plan's CTIS row of each site group sent (one per plan and site group). */
export async function upsertCtisRows(tx: Tx, rows: NewCtisRow[]): Promise<void> {
  for (const row of rows) {
    const { studyPlanId: _p, siteGroupId: _g, ...changes } = row;
    await tx
      .insert(studyPlanCtisSubmissions)
      .values(row)
      .onConflictDoUpdate({
        target: [studyPlanCtisSubmissions.studyPlanId, studyPlanCtisSubmissions.siteGroupId],
        set: changes,
      });
  }
}

export interface SubmissionMilestoneWrite {
  studyPlanId: number;
  studyPlanSiteGroupId: number;
  milestoneId: number;
  milestoneName: string;
  milestoneLabel: string;
  position: number;
  milestoneDate: Date | null;
  isUserOverride: 0 | 1;
  comments: string | null;
}

/** Sets a group's regulatory submission milestone, adding it when the group lacks one. */
export async function writeSubmissionMilestone(
  tx: Tx,
  existingId: number | null,
  m: SubmissionMilestoneWrite,
) {
  const values = { milestoneDate: m.milestoneDate, isUserOverride: m.isUserOverride, comments: m.comments };
  if (existingId !== null) {
    await tx
      .update(studyPlanMilestones)
      .set(values)
      .where(eq(studyPlanMilestones.studyPlanMilestoneGoalId, existingId));
    return;
  }
  await tx.insert(studyPlanMilestones).values({
    ...values,
    studyPlanId: m.studyPlanId,
    studyPlanSiteGroupId: m.studyPlanSiteGroupId,
    milestoneScope: 'country',
    milestoneId: m.milestoneId,
    milestoneName: m.milestoneName,
    milestoneLabel: m.milestoneLabel,
    position: m.position,
  });
}
