import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  countries,
  siteGroupActivationProfiles,
  siteGroups,
  siteGroupSeasonalVariations,
  studyPlanActivationProfiles,
  studyPlanCtisSubmissions,
  studyPlanMilestones,
  studyPlanParameters,
  studyPlanSeasonalVariations,
  studyPlanSiteGroups,
} from '../db/schema';

export type PlanSiteGroupRow = typeof studyPlanSiteGroups.$inferSelect;
export type NewPlanSiteGroupRow = typeof studyPlanSiteGroups.$inferInsert;
export type PlanMilestoneRow = typeof studyPlanMilestones.$inferSelect;
export type NewActivationPointRow = Omit<
  typeof studyPlanActivationProfiles.$inferInsert,
  'siteActivationProfileId' | 'studyPlanSiteGroupId' | 'position'
>;

/** An admin site group with its country, reference activation profile and seasonal variations. */
export async function findReferenceSiteGroup(db: Db | Tx, siteGroupId: number) {
  const [row] = await db
    .select({ group: siteGroups, country: countries })
    .from(siteGroups)
    .innerJoin(countries, eq(countries.countryId, siteGroups.countryId))
    .where(eq(siteGroups.siteGroupId, siteGroupId))
    .limit(1);
  if (!row) return null;
  // One after another: a transaction's client cannot run queries concurrently.
  const profile = await db
    .select()
    .from(siteGroupActivationProfiles)
    .where(eq(siteGroupActivationProfiles.siteGroupId, siteGroupId))
    .orderBy(asc(siteGroupActivationProfiles.position));
  const seasonal = await db
    .select()
    .from(siteGroupSeasonalVariations)
    .where(eq(siteGroupSeasonalVariations.siteGroupId, siteGroupId))
    .orderBy(asc(siteGroupSeasonalVariations.enrollmentSeasonalMonth));
  return { ...row, profile, seasonal };
}

/** The admin reference activation profiles of some site groups, as (sites, days) points by site group id. */
export async function referenceProfiles(
  db: Db | Tx,
  siteGroupIds: number[],
): Promise<Map<number, { sites: number; days: number }[]>> {
  const out = new Map<number, { sites: number; days: number }[]>();
  if (siteGroupIds.length === 0) return out;
  const rows = await db
    .select()
    .from(siteGroupActivationProfiles)
    .where(inArray(siteGroupActivationProfiles.siteGroupId, siteGroupIds))
    .orderBy(asc(siteGroupActivationProfiles.position));
  for (const id of siteGroupIds) out.set(id, []);
  for (const r of rows) {
    out.get(r.siteGroupId)!.push({ sites: r.siteActivationProfilePct, days: r.siteActivationProfileDays });
  }
  return out;
}

/** The plan's site groups in tab order. */
export async function planSiteGroups(tx: Db | Tx, planId: number): Promise<PlanSiteGroupRow[]> {
  return tx
    .select()
    .from(studyPlanSiteGroups)
    .where(eq(studyPlanSiteGroups.studyPlanId, planId))
    .orderBy(asc(studyPlanSiteGroups.position));
}

export async function insertPlanSiteGroup(tx: Tx, values: NewPlanSiteGroupRow): Promise<PlanSiteGroupRow> {
  const [row] = await tx.insert(studyPlanSiteGroups).values(values).returning();
  return row!;
}

export async function updatePlanSiteGroup(
  tx: Tx,
  id: number,
  changes: Partial<NewPlanSiteGroupRow>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await tx.update(studyPlanSiteGroups).set(changes).where(eq(studyPlanSiteGroups.studyPlanSiteGroupId, id));
}

/**
 * Removes a site group from a plan: its parameters, milestones, profile and seasonal rows go with it (foreign keys
 * cascade), its CTIS row is deleted, and the later tabs move up one place.
 */
export async function deletePlanSiteGroup(tx: Tx, row: PlanSiteGroupRow): Promise<void> {
  await tx
    .delete(studyPlanSiteGroups)
    .where(eq(studyPlanSiteGroups.studyPlanSiteGroupId, row.studyPlanSiteGroupId));
  await tx
    .delete(studyPlanCtisSubmissions)
    .where(
      and(
        eq(studyPlanCtisSubmissions.studyPlanId, row.studyPlanId),
        eq(studyPlanCtisSubmissions.siteGroupId, row.siteGroupId),
      ),
    );
  await tx
    .update(studyPlanSiteGroups)
    .set({ position: sql`${studyPlanSiteGroups.position} - 1` })
    .where(
      and(
        eq(studyPlanSiteGroups.studyPlanId, row.studyPlanId),
        gt(studyPlanSiteGroups.position, row.position),
      ),
    );
}

/** Country milestones (goals and dates) of one site group. */
export async function siteGroupMilestones(tx: Tx, studyPlanSiteGroupId: number): Promise<PlanMilestoneRow[]> {
  return tx
    .select()
    .from(studyPlanMilestones)
    .where(eq(studyPlanMilestones.studyPlanSiteGroupId, studyPlanSiteGroupId))
    .orderBy(asc(studyPlanMilestones.position));
}

export async function insertCountryMilestones(tx: Tx, rows: (typeof studyPlanMilestones.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(studyPlanMilestones).values(rows);
}

export async function updateCountryMilestone(
  tx: Tx,
  id: number,
  changes: Partial<typeof studyPlanMilestones.$inferInsert>,
): Promise<void> {
  await tx
    .update(studyPlanMilestones)
    .set(changes)
    .where(eq(studyPlanMilestones.studyPlanMilestoneGoalId, id));
}

/** Sets the dates of several milestone rows in one statement (a plan's recomputed dates: up to 10 per country). */
export async function setCountryMilestoneDates(
  tx: Tx,
  rows: readonly { id: number; date: Date | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::int, ${r.date === null ? null : r.date.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await tx.execute(sql`update ${studyPlanMilestones} set milestone_date = v.d from (values ${values}) as v(id, d)
    where ${studyPlanMilestones.studyPlanMilestoneGoalId} = v.id`);
}

/**
 * Keeps a country parameter (NUM_SITES_ACTIVATED, which step 1's warnings read) equal to the goal: updates the
 * row or creates it.
 */
export async function upsertCountryParameter(
  tx: Tx,
  values: {
    studyPlanId: number;
    studyPlanSiteGroupId: number;
    parameterId: number;
    parameterName: string;
    lowerBound: number | null;
    upperBound: number | null;
  },
): Promise<void> {
  const updated = await tx
    .update(studyPlanParameters)
    .set({ lowerBound: values.lowerBound, upperBound: values.upperBound })
    .where(
      and(
        eq(studyPlanParameters.studyPlanSiteGroupId, values.studyPlanSiteGroupId),
        eq(studyPlanParameters.parameterName, values.parameterName),
      ),
    )
    .returning({ id: studyPlanParameters.studyPlanParameterId });
  if (updated.length === 0)
    await tx.insert(studyPlanParameters).values({ ...values, parameterScope: 'country' });
}

/** Replaces a site group's activation profile with these points (in order). */
export async function replaceActivationProfile(
  tx: Tx,
  studyPlanSiteGroupId: number,
  points: NewActivationPointRow[],
): Promise<void> {
  await tx
    .delete(studyPlanActivationProfiles)
    .where(eq(studyPlanActivationProfiles.studyPlanSiteGroupId, studyPlanSiteGroupId));
  if (points.length === 0) return;
  await tx
    .insert(studyPlanActivationProfiles)
    .values(points.map((p, position) => ({ ...p, studyPlanSiteGroupId, position })));
}

/** Replaces a site group's seasonal variations (index = month, January first). */
export async function replaceSeasonalVariations(
  tx: Tx,
  studyPlanSiteGroupId: number,
  values: readonly number[],
): Promise<void> {
  await tx
    .delete(studyPlanSeasonalVariations)
    .where(eq(studyPlanSeasonalVariations.studyPlanSiteGroupId, studyPlanSiteGroupId));
  if (values.length === 0) return;
  await tx.insert(studyPlanSeasonalVariations).values(
    values.map((enrollmentSeasonalVariation, enrollmentSeasonalMonth) => ({
      studyPlanSiteGroupId,
      enrollmentSeasonalMonth,
      enrollmentSeasonalVariation,
    })),
  );
}

/** Sets the stored date of each activation-profile point of a site group (by position). */
export async function setActivationProfileDates(
  tx: Tx,
  studyPlanSiteGroupId: number,
  dates: readonly (number | null)[],
): Promise<void> {
  for (const [position, ms] of dates.entries()) {
    await tx
      .update(studyPlanActivationProfiles)
      .set({ siteActivationProfileDate: ms === null ? null : new Date(ms) })
      .where(
        and(
          eq(studyPlanActivationProfiles.studyPlanSiteGroupId, studyPlanSiteGroupId),
          eq(studyPlanActivationProfiles.position, position),
        ),
      );
  }
}
