import { and, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { revokedAccessTokens } from '../db/schema';

export interface RevokedToken {
  tokenHash: string;
  expiresAt: Date;
  revokedAt: Date;
}

/** Records a revoked token (again is harmless) and drops the rows whose tokens have expired anyway. */
export async function insertRevokedToken(db: Db, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(revokedAccessTokens).values({ tokenHash, expiresAt }).onConflictDoNothing();
    await tx.delete(revokedAccessTokens).where(lt(revokedAccessTokens.expiresAt, sql`now()`));
  });
}

/** The tokens revoked after `since` (all when null) that have not expired yet. */
export async function findRevokedTokensSince(db: Db, since: Date | null): Promise<RevokedToken[]> {
  const unexpired = gt(revokedAccessTokens.expiresAt, sql`now()`);
  return db
    .select()
    .from(revokedAccessTokens)
    .where(since ? and(unexpired, gt(revokedAccessTokens.revokedAt, since)) : unexpired);
}
