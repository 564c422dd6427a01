import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { findRevokedTokensSince, insertRevokedToken } from '../repositories/revoked-tokens-repository';

/**
 * How stale a process's copy of the deny list may be: a sign-out holds at once in the process that served it and
 * within this long in every other API process.
 */
export const REVOCATION_REFRESH_MS = 2_000;
/**
 * Rows are read again this far behind the newest one seen: a sign-out whose transaction began earlier (its
 * revoked_at is its start) but committed later is not skipped.
 */
const REREAD_MS = 60_000;

/** Access tokens ended by sign-out before their exp. */
export interface TokenRevocations {
  isRevoked(token: string): Promise<boolean>;
  /** Denies the token until `expSeconds` (its exp claim); the caller has verified it. */
  revoke(token: string, expSeconds: number): Promise<void>;
}

export interface RevocationOptions {
  /** The shared truth of every API process; without it (the auth module's own tests) the list is this process's. */
  db?: Db;
  refreshMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A deny list of signed-out tokens until their exp: the database is the truth (table revoked_access_tokens, the
 * token's SHA-256 only), each process keeps the unexpired entries in a map and reads the rows added since its last
 * look at most every `refreshMs`, awaited by the request that finds it due. A request therefore costs a hash and a
 * map lookup, plus one small indexed query per process every refreshMs. When the database cannot be read the last
 * copy is used (the request's own queries fail anyway) and the next request tries again.
 */
export function createTokenRevocations(options: RevocationOptions = {}): TokenRevocations {
  const { db } = options;
  const refreshMs = options.refreshMs ?? REVOCATION_REFRESH_MS;
  const now = options.now ?? Date.now;
  const denied = new Map<string, number>(); // hash -> exp in ms
  let newest: Date | null = null;
  let checkedAt = -Infinity;
  let refreshing: Promise<void> | null = null;

  const dropExpired = () => {
    const at = now();
    for (const [hash, exp] of denied) if (exp <= at) denied.delete(hash);
  };
  const refresh = async (database: Db) => {
    checkedAt = now();
    const since = newest && new Date(newest.getTime() - REREAD_MS);
    for (const row of await findRevokedTokensSince(database, since)) {
      denied.set(row.tokenHash, row.expiresAt.getTime());
      if (!newest || row.revokedAt > newest) newest = row.revokedAt;
    }
    dropExpired();
  };

  return {
    async isRevoked(token) {
      if (db && now() - checkedAt >= refreshMs) {
        refreshing ??= refresh(db)
          .catch((error: unknown) => options.onError?.(error))
          .finally(() => {
            refreshing = null;
          });
        await refreshing;
      }
      return denied.has(hashOf(token));
    },
    async revoke(token, expSeconds) {
      const hash = hashOf(token);
      dropExpired();
      denied.set(hash, expSeconds * 1000);
      if (db) await insertRevokedToken(db, hash, new Date(expSeconds * 1000));
    },
  };
}
