import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** What the connection's role may do beyond the app's grants (PostgreSQL only: PGlite has one user). */
export interface ConnectionRole {
  role: string;
  superuser: boolean;
  /** The role owns the audit log's table, or may act as its owner (a member of the owning role). */
  ownsTables: boolean;
}

export async function findConnectionRole(db: Db): Promise<ConnectionRole> {
  const result = await db.execute(sql`
    select current_user as role,
      coalesce((select rolsuper from pg_roles where rolname = current_user), false) as superuser,
      coalesce((select pg_has_role(current_user, c.relowner, 'MEMBER')
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relname = 'audit_log'), false) as owns_tables`);
  const row = (result as unknown as { rows: { role: string; superuser: boolean; owns_tables: boolean }[] })
    .rows[0]!;
  return { role: row.role, superuser: row.superuser, ownsTables: row.owns_tables };
}
