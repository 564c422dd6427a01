import { and, asc, count, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  countries,
  quickLinks,
  schedulesOfEvents,
  siteGroupActivationProfiles,
  siteGroups,
  siteGroupSeasonalVariations,
  studies,
  studyPlans,
} from '../db/schema';
import type { PlanRow } from './plans-repository';

// The queries of the demo seed (seed/): the rows it adds and the look-ups that keep it idempotent.

export type NewStudyRow = typeof studies.$inferInsert;
export type StudyRow = typeof studies.$inferSelect;
export type NewCountryRow = typeof countries.$inferInsert;
export type NewSiteGroupRow = typeof siteGroups.$inferInsert;
export type NewSiteGroupActivationRow = typeof siteGroupActivationProfiles.$inferInsert;
export type NewSiteGroupSeasonalRow = typeof siteGroupSeasonalVariations.$inferInsert;
export type NewQuickLinkRow = typeof quickLinks.$inferInsert;

/** Inserts studies, skipping PCNs that exist; answers how many were added. */
export async function insertStudiesSkippingExisting(tx: Db | Tx, rows: NewStudyRow[]): Promise<number> {
  const added = await tx
    .insert(studies)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: studies.studyId });
  return added.length;
}

/** Refreshes the planner's statistics of the studies table (PGlite runs no autovacuum). */
export async function analyzeStudies(tx: Db | Tx): Promise<void> {
  await tx.execute(sql`analyze studies`);
}

/** Inserts countries, skipping those that exist. */
export async function insertCountriesSkippingExisting(tx: Db | Tx, rows: NewCountryRow[]): Promise<void> {
  await tx.insert(countries).values(rows).onConflictDoNothing();
}

/** Every country's id by its ISO 3166 alpha-3 code. */
export async function countryIdsByIso3(tx: Db | Tx): Promise<Map<string, number>> {
  const rows = await tx.select({ id: countries.countryId, iso3: countries.countryCodeIso3 }).from(countries);
  return new Map(rows.map((c) => [c.iso3, c.id]));
}

/** Inserts one site group unless it exists; answers its id, or null when it existed. */
export async function insertSiteGroupSkippingExisting(
  tx: Db | Tx,
  values: NewSiteGroupRow,
): Promise<number | null> {
  const [row] = await tx
    .insert(siteGroups)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: siteGroups.siteGroupId });
  return row ? row.id : null;
}

/** Inserts a site group's default activation profile points. */
export async function insertSiteGroupActivationProfile(
  tx: Db | Tx,
  rows: NewSiteGroupActivationRow[],
): Promise<void> {
  await tx.insert(siteGroupActivationProfiles).values(rows);
}

/** Inserts a site group's seasonal variations. */
export async function insertSiteGroupSeasonalVariations(
  tx: Db | Tx,
  rows: NewSiteGroupSeasonalRow[],
): Promise<void> {
  await tx.insert(siteGroupSeasonalVariations).values(rows);
}

/** Demo studies among `projectIds` whose summary says they have an SOE and which have no SOE stored (deleted ones count). */
export async function listDemoStudiesWithoutSoe(tx: Db | Tx, projectIds: string[]): Promise<StudyRow[]> {
  return tx
    .select()
    .from(studies)
    .where(
      and(
        eq(studies.isDemo, true),
        eq(studies.soeExists, true),
        inArray(studies.projectId, projectIds),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(schedulesOfEvents)
            .where(eq(schedulesOfEvents.studyId, studies.studyId)),
        ),
      ),
    );
}

/** How many quick links there are. */
export async function countQuickLinks(tx: Db | Tx): Promise<number> {
  const [links] = await tx.select({ n: count() }).from(quickLinks);
  return links?.n ?? 0;
}

/** Inserts quick links. */
export async function insertQuickLinks(tx: Db | Tx, rows: NewQuickLinkRow[]): Promise<void> {
  await tx.insert(quickLinks).values(rows);
}

/** Every site group's id by its name. */
export async function siteGroupIdsByName(tx: Db | Tx): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: siteGroups.siteGroupId, name: siteGroups.siteGroupName })
    .from(siteGroups);
  return new Map(rows.map((g) => [g.name, g.id]));
}

/** The id of the demo study with this project code, or null. */
export async function findDemoStudyId(tx: Db | Tx, projectId: string): Promise<number | null> {
  const [study] = await tx
    .select({ id: studies.studyId })
    .from(studies)
    .where(and(eq(studies.projectId, projectId), eq(studies.isDemo, true)));
  return study ? study.id : null;
}

/** Id, name and deletion time of every plan of a study, deleted ones included. */
export async function listStudyPlanNames(
  tx: Db | Tx,
  studyId: number,
): Promise<{ id: number; name: string; deletedAt: Date | null }[]> {
  return tx
    .select({ id: studyPlans.studyPlanId, name: studyPlans.studyPlanName, deletedAt: studyPlans.deletedAt })
    .from(studyPlans)
    .where(eq(studyPlans.studyId, studyId));
}

/** The id of the live plan of this name in the demo study with this project code, or null. */
export async function findDemoPlanId(
  db: Db | Tx,
  projectId: string,
  studyPlanName: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: studyPlans.studyPlanId })
    .from(studyPlans)
    .innerJoin(studies, eq(studies.studyId, studyPlans.studyId))
    .where(
      and(
        eq(studies.projectId, projectId),
        eq(studies.isDemo, true),
        eq(studyPlans.studyPlanName, studyPlanName),
        isNull(studyPlans.deletedAt),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** One plan's row by id, deleted or not; undefined when unknown. */
export async function findPlanRow(db: Db | Tx, planId: number): Promise<PlanRow | undefined> {
  const [plan] = await db.select().from(studyPlans).where(eq(studyPlans.studyPlanId, planId));
  return plan;
}

/** The demo study with this project code and its first live SOE (soeId null when it has none); undefined when no such study. */
export async function findDemoStudySoe(
  tx: Db | Tx,
  projectId: string,
): Promise<{ soeId: number | null; studyId: number } | undefined> {
  const [row] = await tx
    .select({ soeId: schedulesOfEvents.soeId, studyId: studies.studyId })
    .from(studies)
    .leftJoin(
      schedulesOfEvents,
      and(eq(schedulesOfEvents.studyId, studies.studyId), isNull(schedulesOfEvents.deletedAt)),
    )
    .where(and(eq(studies.projectId, projectId), eq(studies.isDemo, true)))
    .orderBy(asc(schedulesOfEvents.soeId))
    .limit(1);
  return row;
}

/** The study of an SOE, deleted or not; undefined when unknown. */
export async function findSoeStudy(tx: Db | Tx, soeId: number): Promise<{ studyId: number } | undefined> {
  const [row] = await tx
    .select({ studyId: schedulesOfEvents.studyId })
    .from(schedulesOfEvents)
    .where(eq(schedulesOfEvents.soeId, soeId));
  return row;
}
