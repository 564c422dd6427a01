import type { Database } from '../../db/client';
import { findConnectionRole } from '../../repositories/database-role-repository';

/**
 * A warning when the app connects to PostgreSQL as a superuser or as the owner of its tables: either could switch
 * the audit log's triggers off (ALTER TABLE ... DISABLE TRIGGER) and rewrite the trail. The app still starts (a
 * development database is often used this way); production runs as the role `npm run db:roles` prepares.
 */
export async function connectionRoleWarning(database: Database): Promise<string | null> {
  if (database.shape !== 'postgres') return null;
  const { role, superuser, ownsTables } = await findConnectionRole(database.db);
  if (!superuser && !ownsTables) return null;
  const what = superuser ? 'a superuser' : "the owner of the app's tables";
  return (
    `WARNING: DATABASE_URL connects as ${role}, ${what}, who could switch off the audit log's triggers. ` +
    'In production, connect as the least-privileged role: DATABASE_URL=<owner URL> npm run db:roles -- predict_app, ' +
    'then DATABASE_URL=<predict_app URL> MIGRATE_ON_START=false (docs/security.md).'
  );
}
