import type { AuthUser } from '../auth/types';
import type { Tx } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditAction = 'create' | 'update' | 'delete' | 'status';

export interface AuditEntry {
  entity: string;
  entityId: string | number;
  entityVersion?: number | null;
  action: AuditAction;
  oldValues?: unknown;
  newValues?: unknown;
}

/** Who did it, as the audit log names them. */
export type AuditActor = Pick<AuthUser, 'issuer' | 'subject' | 'name'>;

/** The actor for writes made by the system itself (migrations, demo data). */
export const SYSTEM_ACTOR: AuditActor = { issuer: 'predict', subject: 'system', name: 'System' };

/** Appends audit rows inside the caller's transaction, so a write and its record commit or fail together. */
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
      action: e.action,
      oldValues: e.oldValues ?? null,
      newValues: e.newValues ?? null,
    })),
  );
}
