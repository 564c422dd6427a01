import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  countries,
  ctmsExtracts,
  ctmsSiteMonths,
  ctmsSites,
  forecastRecords,
  siteGroups,
  studyPlans,
  simulationRuns,
  studyPlanSiteGroups,
} from '../db/schema';

export type CtmsExtractRecord = typeof ctmsExtracts.$inferSelect;
export type CtmsSiteInsert = Omit<typeof ctmsSites.$inferInsert, 'ctmsSiteId' | 'extractId'>;
export type CtmsSiteMonthInsert = Omit<typeof ctmsSiteMonths.$inferInsert, 'extractId' | 'ctmsSiteId'> & {
  siteNumber: string;
};

// Rows per INSERT: 8 parameters a site month, far below PostgreSQL's 65,535 parameters per statement.
const BATCH = 2_000;

/** Every country with its site groups (the extract's country and Central / Local resolve to a site group). */
export async function listCountrySiteGroups(db: Db | Tx) {
  return db
    .select({
      countryId: countries.countryId,
      countryName: countries.countryName,
      countryCodeIso3: countries.countryCodeIso3,
      siteGroupId: siteGroups.siteGroupId,
      siteGroupName: siteGroups.siteGroupName,
    })
    .from(countries)
    .leftJoin(siteGroups, eq(siteGroups.countryId, countries.countryId))
    .orderBy(asc(countries.countryId), asc(siteGroups.siteGroupId));
}

/**
 * Stores a whole extract as the study's next version inside the caller's transaction: the extract row, its sites
 * (their ids link the months) and the site months, in batches. Returns the stored extract row.
 */
export async function insertCtmsExtract(
  tx: Tx,
  extract: Omit<typeof ctmsExtracts.$inferInsert, 'extractId' | 'version' | 'loadedAt'>,
  sites: readonly CtmsSiteInsert[],
  months: readonly CtmsSiteMonthInsert[],
): Promise<CtmsExtractRecord> {
  // Serialises loads of one study (the unique (study, version) key would refuse the loser anyway).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ctms_extract'), ${extract.studyId})`);
  const [{ next }] = (await tx
    .select({ next: sql<number>`coalesce(max(${ctmsExtracts.version}), 0) + 1` })
    .from(ctmsExtracts)
    .where(eq(ctmsExtracts.studyId, extract.studyId))) as [{ next: number }];
  const [row] = await tx
    .insert(ctmsExtracts)
    .values({ ...extract, version: Number(next) })
    .returning();
  const stored = row!;
  const ids = new Map<string, number>();
  for (let i = 0; i < sites.length; i += BATCH) {
    const inserted = await tx
      .insert(ctmsSites)
      .values(sites.slice(i, i + BATCH).map((s) => ({ ...s, extractId: stored.extractId })))
      .returning({ ctmsSiteId: ctmsSites.ctmsSiteId, siteNumber: ctmsSites.siteNumber });
    for (const s of inserted) ids.set(s.siteNumber, s.ctmsSiteId);
  }
  for (let i = 0; i < months.length; i += BATCH) {
    await tx.insert(ctmsSiteMonths).values(
      months.slice(i, i + BATCH).map(({ siteNumber, ...m }) => ({
        ...m,
        extractId: stored.extractId,
        ctmsSiteId: ids.get(siteNumber)!,
      })),
    );
  }
  return stored;
}

/** The study's latest extract (highest version), or undefined. */
export async function findLatestCtmsExtract(db: Db | Tx, studyId: number) {
  const [row] = await db
    .select()
    .from(ctmsExtracts)
    .where(eq(ctmsExtracts.studyId, studyId))
    .orderBy(desc(ctmsExtracts.version))
    .limit(1);
  return row;
}

/** The sites of an extract with their country and site group names, by site number. */
export async function listCtmsSites(db: Db | Tx, extractId: number) {
  return db
    .select({
      siteNumber: ctmsSites.siteNumber,
      piName: ctmsSites.piName,
      countryName: countries.countryName,
      countryIso3: countries.countryCodeIso3,
      centralLocal: ctmsSites.centralLocal,
      siteGroupId: ctmsSites.siteGroupId,
      siteGroupName: siteGroups.siteGroupName,
      siteSelectedDate: ctmsSites.siteSelectedDate,
      siteActivatedDate: ctmsSites.siteActivatedDate,
      siteActivationForecastDate: ctmsSites.siteActivationForecastDate,
      siteStatus: ctmsSites.siteStatus,
    })
    .from(ctmsSites)
    .innerJoin(countries, eq(countries.countryId, ctmsSites.countryId))
    .innerJoin(siteGroups, eq(siteGroups.siteGroupId, ctmsSites.siteGroupId))
    .where(eq(ctmsSites.extractId, extractId))
    .orderBy(asc(ctmsSites.siteNumber));
}

/** An extract's counts summed per site group and month (month = first day, YYYY-MM-DD), by month. */
export async function sumCtmsMonthsByGroup(db: Db | Tx, extractId: number) {
  const rows = await db
    .select({
      siteGroupId: ctmsSites.siteGroupId,
      month: ctmsSiteMonths.month,
      screened: sql<number>`sum(${ctmsSiteMonths.screened})::int`,
      enrolled: sql<number>`sum(${ctmsSiteMonths.enrolled})::int`,
      completedTreatment: sql<number>`sum(${ctmsSiteMonths.completedTreatment})::int`,
      droppedOut: sql<number>`sum(${ctmsSiteMonths.droppedOut})::int`,
    })
    .from(ctmsSiteMonths)
    .innerJoin(ctmsSites, eq(ctmsSites.ctmsSiteId, ctmsSiteMonths.ctmsSiteId))
    .where(eq(ctmsSiteMonths.extractId, extractId))
    .groupBy(ctmsSites.siteGroupId, ctmsSiteMonths.month)
    .orderBy(asc(ctmsSiteMonths.month));
  return rows.map((r) => ({
    ...r,
    screened: Number(r.screened),
    enrolled: Number(r.enrolled),
    completedTreatment: Number(r.completedTreatment),
    droppedOut: Number(r.droppedOut),
  }));
}

/**
 * The study's Baseline Plan (design/actuals.md section 2: the most recently updated live one) and the id and seed
 * of its baseline run: the run of its locked baseline of record (forecast_records.is_baseline) when it has one,
 * else its latest finished run (null when it has none; plans whose runs finished before records were kept).
 */
export async function findBaselinePlanRun(db: Db | Tx, studyId: number) {
  const [plan] = await db
    .select({
      studyPlanId: studyPlans.studyPlanId,
      studyPlanName: studyPlans.studyPlanName,
    })
    .from(studyPlans)
    .where(
      and(
        eq(studyPlans.studyId, studyId),
        eq(studyPlans.scenarioStatus, 'Baseline Plan'),
        isNull(studyPlans.deletedAt),
      ),
    )
    .orderBy(desc(studyPlans.updateDate), desc(studyPlans.studyPlanId))
    .limit(1);
  if (!plan) return null;
  const locked = sql<boolean>`coalesce(${forecastRecords.isBaseline}, false)`;
  const [run] = await db
    .select({ simRunId: simulationRuns.simRunId, seed: simulationRuns.seed, locked })
    .from(simulationRuns)
    .leftJoin(forecastRecords, eq(forecastRecords.simRunId, simulationRuns.simRunId))
    .where(and(eq(simulationRuns.studyPlanId, plan.studyPlanId), eq(simulationRuns.status, 'COMPLETED_OK')))
    .orderBy(desc(locked), desc(simulationRuns.simRunId))
    .limit(1);
  return { ...plan, run: run ?? null };
}

/** The site groups of a plan (ids). */
export async function listPlanSiteGroupIds(db: Db | Tx, studyPlanId: number): Promise<number[]> {
  const rows = await db
    .select({ siteGroupId: studyPlanSiteGroups.siteGroupId })
    .from(studyPlanSiteGroups)
    .where(eq(studyPlanSiteGroups.studyPlanId, studyPlanId));
  return rows.map((r) => r.siteGroupId);
}

/** The engine input a run was made with. */
export async function findRunInputs(db: Db | Tx, simRunId: number): Promise<unknown> {
  const [row] = await db
    .select({ inputs: simulationRuns.inputs })
    .from(simulationRuns)
    .where(eq(simulationRuns.simRunId, simRunId));
  return row?.inputs ?? null;
}

/**
 * Per site of an extract (by site number): patients screened up to the as-of day (months up to its month), the
 * last month with a screening (null: never) and the last month with any count (null: none), months as first days.
 */
export async function sumCtmsScreeningBySite(db: Db | Tx, extractId: number, asOf: Date) {
  const asOfDay = asOf.toISOString().slice(0, 10);
  const m = ctmsSiteMonths;
  const rows = await db
    .select({
      siteNumber: ctmsSites.siteNumber,
      screened: sql<number>`coalesce(sum(${m.screened}), 0)::int`,
      lastScreenedMonth: sql<
        string | null
      >`to_char(max(${m.month}) filter (where ${m.screened} > 0), 'YYYY-MM-DD')`,
      lastActiveMonth: sql<
        string | null
      >`to_char(max(${m.month}) filter (where ${m.screened} + ${m.enrolled} + ${m.completedTreatment} + ${m.droppedOut} + ${m.completedFollowUp} > 0), 'YYYY-MM-DD')`,
    })
    .from(m)
    .innerJoin(ctmsSites, eq(ctmsSites.ctmsSiteId, m.ctmsSiteId))
    .where(and(eq(m.extractId, extractId), sql`${m.month} <= ${asOfDay}::date`))
    .groupBy(ctmsSites.siteNumber)
    .orderBy(asc(ctmsSites.siteNumber));
  return rows.map((r) => ({
    siteNumber: r.siteNumber,
    screened: Number(r.screened),
    lastScreenedMonth: r.lastScreenedMonth ?? null,
    lastActiveMonth: r.lastActiveMonth ?? null,
  }));
}
