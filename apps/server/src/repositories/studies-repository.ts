import { and, asc, eq, gte, ilike, like, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { StudyListQuery, StudyListRow, StudySortColumn } from '@predict/shared';
import type { Db, Tx } from '../db/client';
import { studies } from '../db/schema';

/** A LIKE pattern that matches the text anywhere, with the text's own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const listColumns = {
  studyId: studies.studyId,
  projectId: studies.projectId,
  studyName: studies.studyName,
  sponsorName: studies.sponsorName,
  opportunityStage: studies.opportunityStage,
  enrollmentPlanExists: studies.enrollmentPlanExists,
  soeExists: studies.soeExists,
  soeCosts: studies.soeCosts,
  soeClinicalInformatics: studies.soeClinicalInformatics,
  soeDataManagement: studies.soeDataManagement,
  enrollmentPlanLastUpdate: studies.enrollmentPlanLastUpdate,
  soeLastUpdate: studies.soeLastUpdate,
};

/** Every list column but the id can be sorted by. */
const sortColumns: Record<StudySortColumn, PgColumn> = listColumns;

function dateRange(column: PgColumn, from?: string, to?: string): SQL[] {
  const parts: SQL[] = [];
  if (from) parts.push(gte(column, sql`${from}::date`));
  // The "to" day is inclusive: everything before the start of the next day.
  if (to) parts.push(lt(column, sql`${to}::date + 1`));
  return parts;
}

/** The search box: PCN, sponsor or indication contains the term (case-insensitive, trigram-indexed). */
function searchMatches(term: string): SQL {
  return like(studies.searchText, containsPattern(term.toLowerCase()));
}

function listConditions(q: StudyListQuery, term: string): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (term) parts.push(searchMatches(term));
  if (q.projectId) parts.push(ilike(studies.projectId, containsPattern(q.projectId)));
  if (q.studyName) parts.push(ilike(studies.studyName, containsPattern(q.studyName)));
  if (q.sponsorName) parts.push(ilike(studies.sponsorName, containsPattern(q.sponsorName)));
  if (q.opportunityStage) parts.push(eq(studies.opportunityStage, q.opportunityStage));
  for (const flag of [
    'enrollmentPlanExists',
    'soeExists',
    'soeCosts',
    'soeClinicalInformatics',
    'soeDataManagement',
  ] as const) {
    const v = q[flag];
    if (v) parts.push(eq(sortColumns[flag], v === 'Y'));
  }
  parts.push(
    ...dateRange(
      studies.enrollmentPlanLastUpdate,
      q.enrollmentPlanLastUpdateFrom,
      q.enrollmentPlanLastUpdateTo,
    ),
  );
  parts.push(...dateRange(studies.soeLastUpdate, q.soeLastUpdateFrom, q.soeLastUpdateTo));
  return and(...parts);
}

const yn = (b: boolean) => (b ? 'Y' : 'N') as 'Y' | 'N';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** One page of the study list with the total match count; search, filters and sort run in the database. */
export async function listStudies(
  db: Db,
  q: StudyListQuery,
  term: string,
): Promise<{ rows: StudyListRow[]; total: number }> {
  const where = listConditions(q, term);
  const column = sortColumns[q.sort];
  // Empty dates sort last in both directions; the PCN breaks ties so pages are stable. Columns that cannot be empty
  // keep a plain order so their btree indexes serve it.
  const nullable = q.sort === 'enrollmentPlanLastUpdate' || q.sort === 'soeLastUpdate';
  const orderBy = [
    q.order === 'desc' ? sql`${column} desc${nullable ? sql` nulls last` : sql``}` : sql`${column} asc`,
    asc(studies.projectId),
  ];
  // Two plain queries beat one with count(*) over (): the count can use the trigram indexes and the page can stop
  // after `limit` rows of an index. No page query when nothing can be on the page.
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(studies)
    .where(where);
  const total = counted?.n ?? 0;
  const offset = q.page * q.pageSize;
  const found =
    offset >= total
      ? []
      : await db
          .select(listColumns)
          .from(studies)
          .where(where)
          .orderBy(...orderBy)
          .limit(q.pageSize)
          .offset(offset);
  const rows = found.map((r) => ({
    studyId: r.studyId,
    projectId: r.projectId,
    studyName: r.studyName,
    sponsorName: r.sponsorName,
    opportunityStage: r.opportunityStage,
    enrollmentPlanExists: yn(r.enrollmentPlanExists),
    soeExists: yn(r.soeExists),
    soeCosts: yn(r.soeCosts),
    soeClinicalInformatics: yn(r.soeClinicalInformatics),
    soeDataManagement: yn(r.soeDataManagement),
    enrollmentPlanLastUpdate: iso(r.enrollmentPlanLastUpdate),
    soeLastUpdate: iso(r.soeLastUpdate),
  }));
  return { rows, total };
}

const searchColumns = {
  studyId: studies.studyId,
  projectId: studies.projectId,
  studyName: studies.studyName,
  sponsorName: studies.sponsorName,
};

/**
 * Studies whose PCN, sponsor or indication contains the term; PCNs starting with it come first. Two small queries
 * (prefix, then the rest) each stop after `limit` rows instead of ranking every match.
 */
export async function searchStudies(db: Db, term: string, limit: number) {
  if (!term) return db.select(searchColumns).from(studies).orderBy(asc(studies.projectId)).limit(limit);
  const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
  const prefixed = await db
    .select(searchColumns)
    .from(studies)
    .where(ilike(studies.projectId, `${escaped}%`))
    .orderBy(asc(studies.projectId))
    .limit(limit);
  if (prefixed.length === limit) return prefixed;
  const rest = await db
    .select(searchColumns)
    .from(studies)
    .where(and(searchMatches(term), sql`not (${studies.projectId} ilike ${`${escaped}%`})`))
    .orderBy(asc(studies.projectId))
    .limit(limit - prefixed.length);
  return [...prefixed, ...rest];
}

export async function findStudy(db: Db | Tx, studyId: number) {
  const [row] = await db.select().from(studies).where(eq(studies.studyId, studyId)).limit(1);
  return row ?? null;
}

export type StudyRecord = NonNullable<Awaited<ReturnType<typeof findStudy>>>;
