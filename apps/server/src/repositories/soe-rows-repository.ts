import { and, asc, eq, getTableColumns, inArray, notInArray, sql, type Table } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { soeAssessmentLevels, soeAssessments, soeMapping, soeVisitLevels, soeVisits } from '../db/schema';

export type SoeVisitRow = typeof soeVisits.$inferSelect;
export type NewSoeVisitRow = typeof soeVisits.$inferInsert;
export type SoeAssessmentRow = typeof soeAssessments.$inferSelect;
export type NewSoeAssessmentRow = typeof soeAssessments.$inferInsert;
export type SoeMappingRow = typeof soeMapping.$inferSelect;
export type SoeVisitLevelRow = typeof soeVisitLevels.$inferSelect;
export type SoeAssessmentLevelRow = typeof soeAssessmentLevels.$inferSelect;

/** Rows per statement: stays far below PostgreSQL's 65,535 parameters for the widest table. */
const CHUNK = 1_000;
function chunks<T>(rows: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

export async function listSoeVisits(db: Db | Tx, soeId: number): Promise<SoeVisitRow[]> {
  return db
    .select()
    .from(soeVisits)
    .where(eq(soeVisits.soeId, soeId))
    .orderBy(asc(soeVisits.visitSortOrder), asc(soeVisits.visitId));
}

export async function listSoeAssessments(db: Db | Tx, soeId: number): Promise<SoeAssessmentRow[]> {
  return db
    .select()
    .from(soeAssessments)
    .where(eq(soeAssessments.soeId, soeId))
    .orderBy(asc(soeAssessments.assessmentSortOrder), asc(soeAssessments.assessmentId));
}

/**
 * The ticked cells as the mapping read answers them (SoeMappingEntry[]), built as JSON text by the database: a
 * 60,000-cell grid is one value instead of 60,000 row objects to map and serialize again.
 */
export async function soeMappingJson(db: Db | Tx, soeId: number, studyId: number): Promise<string> {
  const result = await db.execute(sql`
    select coalesce(json_agg(json_build_object(
      'studyId', ${studyId}::int,
      'scheduleOfEventsId', m.soe_id,
      'scheduleOfEventsAssessmentId', m.assessment_id,
      'scheduleOfEventsVisitId', m.visit_id,
      'mappingAssessmentVisit', 1,
      'multiplier', m.multiplier::float8,
      'uniqueNonUniqueForm', m.unique_non_unique_form,
      'visitName', v.visit_name) order by v.visit_sort_order, m.visit_id, m.assessment_id), '[]')::text as answer
    from soe_mapping m join soe_visits v on v.visit_id = m.visit_id
    where m.soe_id = ${soeId}`);
  return (result as unknown as { rows: { answer: string }[] }).rows[0]!.answer;
}

/** The ticked cells with the visit's name, in visit then assessment order. */
export async function listSoeMapping(db: Db | Tx, soeId: number) {
  return db
    .select({ cell: soeMapping, visitName: soeVisits.visitName })
    .from(soeMapping)
    .innerJoin(soeVisits, eq(soeVisits.visitId, soeMapping.visitId))
    .where(eq(soeMapping.soeId, soeId))
    .orderBy(asc(soeMapping.visitId), asc(soeMapping.assessmentId));
}

/** The visit values of the given levels (the country level and, for a site, the site level). */
export async function listVisitLevels(
  db: Db | Tx,
  soeId: number,
  siteGroupId: number,
  siteIds: number[],
): Promise<SoeVisitLevelRow[]> {
  return db
    .select()
    .from(soeVisitLevels)
    .where(
      and(
        eq(soeVisitLevels.soeId, soeId),
        eq(soeVisitLevels.siteGroupId, siteGroupId),
        inArray(soeVisitLevels.siteId, siteIds),
      ),
    );
}

export async function listAssessmentLevels(
  db: Db | Tx,
  soeId: number,
  siteGroupId: number,
  siteIds: number[],
): Promise<SoeAssessmentLevelRow[]> {
  return db
    .select()
    .from(soeAssessmentLevels)
    .where(
      and(
        eq(soeAssessmentLevels.soeId, soeId),
        eq(soeAssessmentLevels.siteGroupId, siteGroupId),
        inArray(soeAssessmentLevels.siteId, siteIds),
      ),
    );
}

/** Inserts rows and answers their ids in the order given. */
export async function insertVisits(tx: Tx, rows: NewSoeVisitRow[]): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(rows, 500)) {
    const out = await tx.insert(soeVisits).values(part).returning({ id: soeVisits.visitId });
    ids.push(...out.map((r) => r.id));
  }
  return ids;
}

export async function insertAssessments(tx: Tx, rows: NewSoeAssessmentRow[]): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(rows, 500)) {
    const out = await tx.insert(soeAssessments).values(part).returning({ id: soeAssessments.assessmentId });
    ids.push(...out.map((r) => r.id));
  }
  return ids;
}

/** Every column of a table but its key, taken from the row being inserted (upsert by id). */
function excludedSet(table: Table, skip: string[]) {
  return Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([key]) => !skip.includes(key))
      .map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
  );
}

/** Writes existing visit rows whole (by id; the ids are known to belong to the SOE). */
export async function updateVisits(tx: Tx, rows: (NewSoeVisitRow & { visitId: number })[]): Promise<void> {
  const set = excludedSet(soeVisits, ['visitId', 'soeId']);
  for (const part of chunks(rows, 500)) {
    await tx.insert(soeVisits).values(part).onConflictDoUpdate({ target: soeVisits.visitId, set });
  }
}

export async function updateAssessments(
  tx: Tx,
  rows: (NewSoeAssessmentRow & { assessmentId: number })[],
): Promise<void> {
  const set = excludedSet(soeAssessments, ['assessmentId', 'soeId']);
  for (const part of chunks(rows, 500)) {
    await tx
      .insert(soeAssessments)
      .values(part)
      .onConflictDoUpdate({ target: soeAssessments.assessmentId, set });
  }
}

/** Deletes the SOE's visits not in `keep` (their cells and level values go with them); answers how many. */
export async function deleteVisitsExcept(tx: Tx, soeId: number, keep: number[]): Promise<number> {
  const where =
    keep.length > 0
      ? and(eq(soeVisits.soeId, soeId), notInArray(soeVisits.visitId, keep))
      : eq(soeVisits.soeId, soeId);
  return (await tx.delete(soeVisits).where(where).returning({ id: soeVisits.visitId })).length;
}

export async function deleteAssessmentsExcept(tx: Tx, soeId: number, keep: number[]): Promise<number> {
  const where =
    keep.length > 0
      ? and(eq(soeAssessments.soeId, soeId), notInArray(soeAssessments.assessmentId, keep))
      : eq(soeAssessments.soeId, soeId);
  return (await tx.delete(soeAssessments).where(where).returning({ id: soeAssessments.assessmentId })).length;
}

/** Grid cells of assessments that are no longer grid types (site-cost types are not in the grid). */
export async function deleteMappingOfAssessments(tx: Tx, assessmentIds: number[]): Promise<void> {
  for (const part of chunks(assessmentIds)) {
    await tx.delete(soeMapping).where(inArray(soeMapping.assessmentId, part));
  }
}

/**
 * Ticks or updates cells in one statement per 20,000 cells: the rows travel as one JSON parameter (far fewer
 * parameters and round trips than a multi-row VALUES list; a whole 60,000-cell grid is three statements).
 */
export async function upsertMapping(tx: Tx, rows: (typeof soeMapping.$inferInsert)[]): Promise<void> {
  for (const part of chunks(rows, 20_000)) {
    const json = JSON.stringify(
      part.map((r) => [r.soeId, r.visitId, r.assessmentId, r.multiplier ?? 1, r.uniqueNonUniqueForm ?? null]),
    );
    await tx.execute(sql`
      insert into soe_mapping (soe_id, visit_id, assessment_id, multiplier, unique_non_unique_form)
      select (c->>0)::int, (c->>1)::int, (c->>2)::int, (c->>3)::numeric, c->>4
      from jsonb_array_elements(${json}::jsonb) c
      on conflict (visit_id, assessment_id) do update
        set multiplier = excluded.multiplier, unique_non_unique_form = excluded.unique_non_unique_form`);
  }
}

/** Unticks cells (visit id, assessment id pairs). */
export async function deleteMapping(tx: Tx, soeId: number, cells: [number, number][]): Promise<void> {
  for (const part of chunks(cells, 20_000)) {
    await tx.execute(sql`
      delete from soe_mapping m using jsonb_array_elements(${JSON.stringify(part)}::jsonb) c
      where m.soe_id = ${soeId} and m.visit_id = (c->>0)::int and m.assessment_id = (c->>1)::int`);
  }
}

/** Writes level values; a row whose values are all null is removed (the level inherits again). */
export async function writeVisitLevels(tx: Tx, rows: (typeof soeVisitLevels.$inferInsert)[]): Promise<void> {
  const isEmpty = (r: (typeof rows)[number]) =>
    r.visitOverheadPct == null && r.visitCostCents == null && r.visitCostTotalCents == null;
  const clear = rows.filter(isEmpty);
  for (const part of chunks(clear)) {
    await tx.execute(sql`
      delete from soe_visit_levels where (visit_id, site_group_id, site_id) in
      (${sql.join(
        part.map((r) => sql`(${r.visitId}::int, ${r.siteGroupId}::int, ${r.siteId}::int)`),
        sql`, `,
      )})`);
  }
  for (const part of chunks(rows.filter((r) => !isEmpty(r)))) {
    await tx
      .insert(soeVisitLevels)
      .values(part)
      .onConflictDoUpdate({
        target: [soeVisitLevels.visitId, soeVisitLevels.siteGroupId, soeVisitLevels.siteId],
        set: excludedSet(soeVisitLevels, ['visitId', 'siteGroupId', 'siteId', 'soeId']),
      });
  }
}

export async function writeAssessmentLevels(
  tx: Tx,
  rows: (typeof soeAssessmentLevels.$inferInsert)[],
): Promise<void> {
  const clear = rows.filter((r) => r.assessmentCostCents == null);
  for (const part of chunks(clear)) {
    await tx.execute(sql`
      delete from soe_assessment_levels where (assessment_id, site_group_id, site_id) in
      (${sql.join(
        part.map((r) => sql`(${r.assessmentId}::int, ${r.siteGroupId}::int, ${r.siteId}::int)`),
        sql`, `,
      )})`);
  }
  for (const part of chunks(rows.filter((r) => r.assessmentCostCents != null))) {
    await tx
      .insert(soeAssessmentLevels)
      .values(part)
      .onConflictDoUpdate({
        target: [
          soeAssessmentLevels.assessmentId,
          soeAssessmentLevels.siteGroupId,
          soeAssessmentLevels.siteId,
        ],
        set: { assessmentCostCents: sql`excluded.assessment_cost_cents` },
      });
  }
}
