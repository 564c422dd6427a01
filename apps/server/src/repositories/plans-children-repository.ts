import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  countries,
  studyPlanActivationProfiles,
  studyPlanCohorts,
  studyPlanCombinationMembers,
  studyPlanCtisSubmissions,
  studyPlanMilestones,
  studyPlanParameters,
  studyPlanSeasonalVariations,
  studyPlanSiteGroups,
} from '../db/schema';

export type ParameterRow = typeof studyPlanParameters.$inferSelect;
export type MilestoneRow = typeof studyPlanMilestones.$inferSelect;
export type NewParameterRow = typeof studyPlanParameters.$inferInsert;
export type NewMilestoneRow = typeof studyPlanMilestones.$inferInsert;

/**
 * Everything below a plan, each list in display order. The queries run one after another: inside a transaction they
 * share one client, which cannot run queries concurrently (pg warns and will refuse in its next major version).
 */
export async function loadPlanChildren(db: Db | Tx, planId: number) {
  const parameters = await db
    .select()
    .from(studyPlanParameters)
    .where(eq(studyPlanParameters.studyPlanId, planId))
    .orderBy(asc(studyPlanParameters.parameterId));
  const milestones = await db
    .select()
    .from(studyPlanMilestones)
    .where(eq(studyPlanMilestones.studyPlanId, planId))
    .orderBy(asc(studyPlanMilestones.position), asc(studyPlanMilestones.milestoneId));
  const siteGroups = await db
    .select({
      siteGroup: studyPlanSiteGroups,
      countryName: countries.countryName,
      countryCodeIso3: countries.countryCodeIso3,
      region: countries.region,
    })
    .from(studyPlanSiteGroups)
    .innerJoin(countries, eq(countries.countryId, studyPlanSiteGroups.countryId))
    .where(eq(studyPlanSiteGroups.studyPlanId, planId))
    .orderBy(asc(studyPlanSiteGroups.position));
  const profiles = await db
    .select()
    .from(studyPlanActivationProfiles)
    .innerJoin(
      studyPlanSiteGroups,
      eq(studyPlanSiteGroups.studyPlanSiteGroupId, studyPlanActivationProfiles.studyPlanSiteGroupId),
    )
    .where(eq(studyPlanSiteGroups.studyPlanId, planId))
    .orderBy(asc(studyPlanActivationProfiles.position))
    .then((rows) => rows.map((r) => r.study_plan_activation_profiles));
  const variations = await db
    .select()
    .from(studyPlanSeasonalVariations)
    .innerJoin(
      studyPlanSiteGroups,
      eq(studyPlanSiteGroups.studyPlanSiteGroupId, studyPlanSeasonalVariations.studyPlanSiteGroupId),
    )
    .where(eq(studyPlanSiteGroups.studyPlanId, planId))
    .orderBy(asc(studyPlanSeasonalVariations.enrollmentSeasonalMonth))
    .then((rows) => rows.map((r) => r.study_plan_seasonal_variations));
  const cohorts = await db
    .select()
    .from(studyPlanCohorts)
    .where(eq(studyPlanCohorts.studyPlanId, planId))
    .orderBy(asc(studyPlanCohorts.position));
  const ctis = await db
    .select()
    .from(studyPlanCtisSubmissions)
    .where(eq(studyPlanCtisSubmissions.studyPlanId, planId))
    .orderBy(asc(studyPlanCtisSubmissions.siteGroupId));
  const members = await db
    .select()
    .from(studyPlanCombinationMembers)
    .where(eq(studyPlanCombinationMembers.combinationPlanId, planId))
    .orderBy(asc(studyPlanCombinationMembers.position));
  return { parameters, milestones, siteGroups, profiles, variations, cohorts, ctis, members };
}
export type PlanChildren = Awaited<ReturnType<typeof loadPlanChildren>>;

/** The plan's study-level parameters and milestones (no country). */
export async function loadStudyLevelBounds(tx: Tx, planId: number) {
  // One after another: a transaction's client cannot run queries concurrently.
  const parameters = await tx
    .select()
    .from(studyPlanParameters)
    .where(
      and(eq(studyPlanParameters.studyPlanId, planId), isNull(studyPlanParameters.studyPlanSiteGroupId)),
    );
  const milestones = await tx
    .select()
    .from(studyPlanMilestones)
    .where(
      and(eq(studyPlanMilestones.studyPlanId, planId), isNull(studyPlanMilestones.studyPlanSiteGroupId)),
    );
  return { parameters, milestones };
}

/** Activated-site bounds (NUM_SITES_ACTIVATED) of each of the plan's countries, for the form's warnings. */
export async function countrySiteBounds(tx: Tx, planId: number) {
  return tx
    .select({ lowerBound: studyPlanParameters.lowerBound, upperBound: studyPlanParameters.upperBound })
    .from(studyPlanParameters)
    .where(
      and(
        eq(studyPlanParameters.studyPlanId, planId),
        eq(studyPlanParameters.parameterName, 'NUM_SITES_ACTIVATED'),
        sql`${studyPlanParameters.studyPlanSiteGroupId} is not null`,
      ),
    );
}

export async function insertParameters(tx: Tx, rows: NewParameterRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(studyPlanParameters).values(rows);
}

export async function insertMilestones(tx: Tx, rows: NewMilestoneRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(studyPlanMilestones).values(rows);
}

export async function updateParameter(tx: Tx, id: number, changes: Partial<NewParameterRow>): Promise<void> {
  await tx.update(studyPlanParameters).set(changes).where(eq(studyPlanParameters.studyPlanParameterId, id));
}

export async function updateMilestone(tx: Tx, id: number, changes: Partial<NewMilestoneRow>): Promise<void> {
  await tx
    .update(studyPlanMilestones)
    .set(changes)
    .where(eq(studyPlanMilestones.studyPlanMilestoneGoalId, id));
}

/**
 * Copies everything below one plan to another (a clone): countries with their copied reference values and
 * inputs, parameters, milestones, activation profiles, seasonal variations, cohorts and CTIS rows. Rows are read
 * and re-inserted without their ids, so a column added later is copied too.
 */
export async function copyPlanChildren(tx: Tx, fromPlanId: number, toPlanId: number): Promise<void> {
  const c = await loadPlanChildren(tx, fromPlanId);
  const newSiteGroupId = new Map<number, number>();
  for (const { siteGroup } of c.siteGroups) {
    const { studyPlanSiteGroupId, ...values } = siteGroup;
    const [row] = await tx
      .insert(studyPlanSiteGroups)
      .values({ ...values, studyPlanId: toPlanId })
      .returning({ id: studyPlanSiteGroups.studyPlanSiteGroupId });
    newSiteGroupId.set(studyPlanSiteGroupId, row!.id);
  }
  const mapSg = (id: number | null) => (id === null ? null : newSiteGroupId.get(id)!);
  const mapSgRequired = (id: number) => newSiteGroupId.get(id)!;

  await insertParameters(
    tx,
    c.parameters.map(({ studyPlanParameterId: _id, ...p }) => ({
      ...p,
      studyPlanId: toPlanId,
      studyPlanSiteGroupId: mapSg(p.studyPlanSiteGroupId),
    })),
  );
  await insertMilestones(
    tx,
    c.milestones.map(({ studyPlanMilestoneGoalId: _id, ...m }) => ({
      ...m,
      studyPlanId: toPlanId,
      studyPlanSiteGroupId: mapSg(m.studyPlanSiteGroupId),
    })),
  );
  if (c.profiles.length > 0) {
    await tx.insert(studyPlanActivationProfiles).values(
      c.profiles.map(({ siteActivationProfileId: _id, ...p }) => ({
        ...p,
        studyPlanSiteGroupId: mapSgRequired(p.studyPlanSiteGroupId),
      })),
    );
  }
  if (c.variations.length > 0) {
    await tx.insert(studyPlanSeasonalVariations).values(
      c.variations.map(({ seasonalEnrollmentVariationId: _id, ...v }) => ({
        ...v,
        studyPlanSiteGroupId: mapSgRequired(v.studyPlanSiteGroupId),
      })),
    );
  }
  if (c.cohorts.length > 0) {
    await tx
      .insert(studyPlanCohorts)
      .values(c.cohorts.map(({ studyPlanCohortId: _id, ...r }) => ({ ...r, studyPlanId: toPlanId })));
  }
  if (c.ctis.length > 0) {
    await tx
      .insert(studyPlanCtisSubmissions)
      .values(c.ctis.map(({ studyPlanCtisSubmissionId: _id, ...r }) => ({ ...r, studyPlanId: toPlanId })));
  }
}
