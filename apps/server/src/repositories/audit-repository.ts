import { asc, gt, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/types';
import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditAction = 'create' | 'update' | 'delete' | 'status';

export interface AuditEntry {
  entity: string;
  entityId: string | number;
  entityVersion?: number | null;
  /** The study the entity belongs to, when there is one (the audit viewer filters by it). */
  studyId?: number | null;
  action: AuditAction;
  oldValues?: unknown;
  newValues?: unknown;
}

/** Who did it, as the audit log names them. */
export type AuditActor = Pick<AuthUser, 'issuer' | 'subject' | 'name'>;

/** The actor for writes made by the system itself (migrations, demo data). */
export const SYSTEM_ACTOR: AuditActor = { issuer: 'predict', subject: 'system', name: 'System' };

/**
 * Appends audit rows inside the caller's transaction, so a write and its record commit or fail together. The
 * database chains them (trigger audit_log_chain, migration 0007): the transaction then holds the chain lock until
 * it ends, so append audit rows as the last writes of a transaction.
 */
export async function writeAudit(tx: Tx, actor: AuditActor, ...entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((e) => ({
      actorIssuer: actor.issuer,
      actorSubject: actor.subject,
      actorName: actor.name,
      entity: e.entity,
      entityId: String(e.entityId),
      entityVersion: e.entityVersion ?? null,
      studyId: e.studyId ?? null,
      action: e.action,
      oldValues: e.oldValues ?? null,
      newValues: e.newValues ?? null,
    })),
  );
}

interface ChainRow {
  auditId: number;
  prevHash: string;
  rowHash: string;
  /** row_hash recomputed from the row's content now. */
  expected: string;
}

/** The previous hash of the first row (the chain's genesis). */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

export type AuditChainReport =
  | { intact: true; rows: number; lastAuditId: number | null; lastHash: string }
  | { intact: false; rows: number; brokenAt: number; reason: string };

/**
 * Recomputes the audit chain in audit_id order, a batch at a time (memory stays flat for millions of rows), and
 * reports the first broken link: a row whose content no longer matches its hash (altered), or whose previous hash
 * is not the hash of the row before it (a row before it was removed, inserted or altered). `rows` counts the rows
 * found intact before the break. The hash is recomputed by the same database function the trigger uses.
 */
export async function verifyAuditChain(db: Db, batchSize = 5_000): Promise<AuditChainReport> {
  let rows = 0;
  let lastAuditId: number | null = null;
  let lastHash = AUDIT_GENESIS_HASH;
  for (;;) {
    const batch: ChainRow[] = await db
      .select({
        auditId: auditLog.auditId,
        prevHash: sql<string>`encode(${auditLog.prevHash}, 'hex')`,
        rowHash: sql<string>`encode(${auditLog.rowHash}, 'hex')`,
        expected: sql<string>`encode(audit_log_row_hash(${auditLog.prevHash}, ${auditLog}), 'hex')`,
      })
      .from(auditLog)
      .where(lastAuditId === null ? undefined : gt(auditLog.auditId, lastAuditId))
      .orderBy(asc(auditLog.auditId))
      .limit(batchSize);
    for (const row of batch) {
      const auditId = Number(row.auditId);
      if (row.prevHash !== lastHash) {
        const before = lastAuditId === null ? 'the start of the chain' : `audit_id ${lastAuditId}`;
        const reason = `its previous hash does not match ${before} (a row between them was removed, inserted or altered)`;
        return { intact: false, rows, brokenAt: auditId, reason };
      }
      if (row.rowHash !== row.expected) {
        return {
          intact: false,
          rows,
          brokenAt: auditId,
          reason: 'its content does not match its hash (altered)',
        };
      }
      rows += 1;
      lastAuditId = auditId;
      lastHash = row.rowHash;
    }
    if (batch.length < batchSize) return { intact: true, rows, lastAuditId, lastHash };
  }
}
