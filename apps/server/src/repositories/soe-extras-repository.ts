import { and, asc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  assessmentNames,
  schedulesOfEvents,
  soeLevelSettings,
  soeRiskAssessments,
  soeSamplingNotes,
  soeSites,
  studies,
} from '../db/schema';

export type SoeRiskRow = typeof soeRiskAssessments.$inferSelect;
export type SoeLevelSettingRow = typeof soeLevelSettings.$inferSelect;
export type SoeSiteRow = typeof soeSites.$inferSelect;

export async function insertRiskRows(tx: Tx, rows: (typeof soeRiskAssessments.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(soeRiskAssessments).values(rows);
}

/** Live SOEs of demo studies without Initial Risk Assessment rows (the demo seed once inserted SOEs without them). */
export async function listDemoSoesWithoutRiskRows(db: Db | Tx): Promise<number[]> {
  const rows = await db
    .select({ soeId: schedulesOfEvents.soeId })
    .from(schedulesOfEvents)
    .innerJoin(studies, eq(studies.studyId, schedulesOfEvents.studyId))
    .where(
      and(
        eq(studies.isDemo, true),
        isNull(schedulesOfEvents.deletedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(soeRiskAssessments)
            .where(eq(soeRiskAssessments.soeId, schedulesOfEvents.soeId)),
        ),
      ),
    )
    .orderBy(asc(schedulesOfEvents.soeId));
  return rows.map((r) => r.soeId);
}

export async function listRiskRows(db: Db | Tx, soeId: number): Promise<SoeRiskRow[]> {
  return db
    .select()
    .from(soeRiskAssessments)
    .where(eq(soeRiskAssessments.soeId, soeId))
    .orderBy(asc(soeRiskAssessments.sortOrder), asc(soeRiskAssessments.riskAssessmentId));
}

export async function updateRiskRow(
  tx: Tx,
  soeId: number,
  id: number,
  values: { studySpecifics: string | null; riskScore: number | null },
): Promise<void> {
  await tx
    .update(soeRiskAssessments)
    .set(values)
    .where(and(eq(soeRiskAssessments.soeId, soeId), eq(soeRiskAssessments.riskAssessmentId, id)));
}

export async function listSamplingNotes(db: Db | Tx, soeId: number) {
  return db.select().from(soeSamplingNotes).where(eq(soeSamplingNotes.soeId, soeId));
}

/** Writes a note; an empty or null note removes it. */
export async function writeSamplingNote(
  tx: Tx,
  soeId: number,
  note: { tableSort: number; rowSort: number; notes: string | null },
): Promise<void> {
  const key = and(
    eq(soeSamplingNotes.soeId, soeId),
    eq(soeSamplingNotes.tableSort, note.tableSort),
    eq(soeSamplingNotes.rowSort, note.rowSort),
  );
  if (!note.notes) {
    await tx.delete(soeSamplingNotes).where(key);
    return;
  }
  await tx
    .insert(soeSamplingNotes)
    .values({ soeId, tableSort: note.tableSort, rowSort: note.rowSort, notes: note.notes })
    .onConflictDoUpdate({
      target: [soeSamplingNotes.soeId, soeSamplingNotes.tableSort, soeSamplingNotes.rowSort],
      set: { notes: note.notes },
    });
}

export async function listLevelSettings(db: Db | Tx, soeId: number): Promise<SoeLevelSettingRow[]> {
  return db.select().from(soeLevelSettings).where(eq(soeLevelSettings.soeId, soeId));
}

/** Writes part of a level's settings (the members given); a row left with nothing set is removed. */
export async function writeLevelSetting(
  tx: Tx,
  soeId: number,
  level: { siteGroupId: number; siteId: number },
  values: Partial<Pick<SoeLevelSettingRow, 'currency' | 'exchangeRate' | 'siteContractEffectiveDate'>>,
): Promise<void> {
  await tx
    .insert(soeLevelSettings)
    .values({ soeId, ...level, ...values })
    .onConflictDoUpdate({
      target: [soeLevelSettings.soeId, soeLevelSettings.siteGroupId, soeLevelSettings.siteId],
      set: values,
    });
  await tx.execute(sql`
    delete from soe_level_settings where soe_id = ${soeId} and site_group_id = ${level.siteGroupId}
      and site_id = ${level.siteId} and currency is null and exchange_rate is null
      and site_contract_effective_date is null`);
}

export async function listSoeSites(db: Db | Tx, soeId: number): Promise<SoeSiteRow[]> {
  return db
    .select()
    .from(soeSites)
    .where(eq(soeSites.soeId, soeId))
    .orderBy(asc(soeSites.siteGroupId), asc(soeSites.siteNumber));
}

/**
 * Adds sites to the SOE's picker, keeping the site id of a site number already there (its contract values stay
 * attached); new sites get the next ids, 2 and up. Answers the SOE's sites after the write.
 */
export async function upsertSoeSites(
  tx: Tx,
  soeId: number,
  sites: { siteNumber: string; siteGroupId: number; piName: string | null; currency: string | null }[],
): Promise<void> {
  const existing = new Map((await listSoeSites(tx, soeId)).map((s) => [s.siteNumber, s]));
  let next = Math.max(1, ...[...existing.values()].map((s) => s.siteId)) + 1;
  for (const site of sites) {
    const known = existing.get(site.siteNumber);
    if (known) {
      await tx
        .update(soeSites)
        .set({ siteGroupId: site.siteGroupId, piName: site.piName, currency: site.currency })
        .where(and(eq(soeSites.soeId, soeId), eq(soeSites.siteId, known.siteId)));
    } else {
      await tx.insert(soeSites).values({ soeId, siteId: next++, ...site });
    }
  }
}

/** Names of the reference list starting with `prefix` (any case), by name, at most `limit`. */
export async function searchAssessmentNames(db: Db | Tx, prefix: string, limit: number) {
  const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({
      assessmentName: assessmentNames.assessmentName,
      assessmentType: assessmentNames.assessmentType,
    })
    .from(assessmentNames)
    .where(sql`lower(${assessmentNames.assessmentName}) like ${pattern}`)
    .orderBy(asc(assessmentNames.assessmentName))
    .limit(limit);
}

/** Which of the names are in the reference list (exact names). */
export async function knownAssessmentNames(db: Db | Tx, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .select({ name: assessmentNames.assessmentName })
    .from(assessmentNames)
    .where(inArray(assessmentNames.assessmentName, names));
  return new Set(rows.map((r) => r.name));
}

/** Loads the reference list; names already there are left alone (safe on every start). */
export async function ensureAssessmentNames(
  db: Db | Tx,
  rows: { assessmentName: string; assessmentType: string }[],
): Promise<void> {
  await db
    .insert(assessmentNames)
    .values(rows)
    .onConflictDoNothing({ target: assessmentNames.assessmentName });
}
