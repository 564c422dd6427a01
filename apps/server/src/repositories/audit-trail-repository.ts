import { and, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AuditTrailFilters } from '@predict/shared';
import type { Db } from '../db/client';
import { auditLog, studies } from '../db/schema';
import { containsPattern } from './studies-repository';

/** An audit row with its study's PCN, as the audit trail viewer and its export read it. */
export interface AuditTrailRecord {
  auditId: number;
  occurredAt: Date;
  actorIssuer: string;
  actorSubject: string;
  actorName: string;
  entity: string;
  entityId: string;
  entityVersion: number | null;
  action: string;
  studyId: number | null;
  projectId: string | null;
  oldValues: unknown;
  newValues: unknown;
}

const columns = {
  auditId: auditLog.auditId,
  occurredAt: auditLog.occurredAt,
  actorIssuer: auditLog.actorIssuer,
  actorSubject: auditLog.actorSubject,
  actorName: auditLog.actorName,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  entityVersion: auditLog.entityVersion,
  action: auditLog.action,
  studyId: auditLog.studyId,
  projectId: studies.projectId,
  oldValues: auditLog.oldValues,
  newValues: auditLog.newValues,
};

// Days are UTC days, whatever the session's time zone; the "to" day is included.
const utcDayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'UTC'`;
const utcDayEnd = (day: string) => sql`(${day}::date + 1)::timestamp at time zone 'UTC'`;

function conditions(db: Db, f: AuditTrailFilters, upToId?: number): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.studyId !== undefined) parts.push(eq(auditLog.studyId, f.studyId));
  if (f.project) {
    const matching = db
      .select({ studyId: studies.studyId })
      .from(studies)
      .where(ilike(studies.projectId, containsPattern(f.project.trim())));
    parts.push(inArray(auditLog.studyId, matching));
  }
  if (f.entity) parts.push(eq(auditLog.entity, f.entity));
  if (f.entityId) parts.push(eq(auditLog.entityId, f.entityId.trim()));
  if (f.action) parts.push(eq(auditLog.action, f.action));
  if (f.actor) {
    const pattern = containsPattern(f.actor.trim());
    parts.push(or(ilike(auditLog.actorName, pattern), ilike(auditLog.actorSubject, pattern)));
  }
  if (f.from) parts.push(gte(auditLog.occurredAt, utcDayStart(f.from)));
  if (f.to) parts.push(lt(auditLog.occurredAt, utcDayEnd(f.to)));
  if (f.text) {
    const pattern = containsPattern(f.text.trim());
    parts.push(
      or(
        sql`${auditLog.oldValues}::text ilike ${pattern}`,
        sql`${auditLog.newValues}::text ilike ${pattern}`,
      ),
    );
  }
  if (upToId !== undefined) parts.push(lte(auditLog.auditId, upToId));
  return and(...parts);
}

/** How many audit rows match, and the newest one's id (an export reads up to it, so its count holds). */
export async function countAuditRows(
  db: Db,
  f: AuditTrailFilters,
): Promise<{ total: number; maxId: number }> {
  const [row] = await db
    .select({
      n: sql<number>`count(*)`.mapWith(Number),
      maxId: sql<number>`coalesce(max(${auditLog.auditId}), 0)`.mapWith(Number),
    })
    .from(auditLog)
    .where(conditions(db, f));
  return { total: row?.n ?? 0, maxId: row?.maxId ?? 0 };
}

/** A page of matching audit rows, newest first (the id is the order in which they were written). */
export async function listAuditRows(
  db: Db,
  f: AuditTrailFilters,
  page: { limit: number; offset?: number; beforeId?: number; upToId?: number },
): Promise<AuditTrailRecord[]> {
  const where = and(
    conditions(db, f, page.upToId),
    page.beforeId === undefined ? undefined : lt(auditLog.auditId, page.beforeId),
  );
  return db
    .select(columns)
    .from(auditLog)
    .leftJoin(studies, eq(studies.studyId, auditLog.studyId))
    .where(where)
    .orderBy(desc(auditLog.auditId))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}
