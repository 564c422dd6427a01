import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  /** Epoch milliseconds; Infinity when the model has no expiry. */
  expiresAt: number;
}

/** Models that belong to a grant and go away when it is revoked. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/**
 * Storage of the built-in provider (sessions, interactions, grants, codes) for one provider instance, in memory:
 * the embedded shape runs one process, and a restart only means signing in again (tokens stay valid because the
 * signing keys persist). Bounded, so unauthenticated sign-in attempts cannot grow it without limit.
 */
export function createMemoryAdapter(maxEntries = 20_000) {
  const entries = new Map<string, Entry>();
  const sessionByUid = new Map<string, string>();
  const byGrant = new Map<string, Set<string>>();

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      remove(key);
      return undefined;
    }
    return entry;
  };

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const { uid, grantId } = entry.payload;
    if (uid && sessionByUid.get(uid) === key) sessionByUid.delete(uid);
    if (grantId) byGrant.get(grantId)?.delete(key);
  };

  const evict = () => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) remove(key);
    // Oldest first (a Map keeps insertion order) when still over the bound.
    for (const key of entries.keys()) {
      if (entries.size <= maxEntries) break;
      remove(key);
    }
  };

  class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private key(id: string) {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      const key = this.key(id);
      remove(key);
      entries.set(key, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
      if (this.model === 'Session' && payload.uid) sessionByUid.set(payload.uid, key);
      if (GRANTABLE.has(this.model) && payload.grantId) {
        const members = byGrant.get(payload.grantId) ?? new Set<string>();
        members.add(key);
        byGrant.set(payload.grantId, members);
      }
      if (entries.size > maxEntries) evict();
    }

    async find(id: string) {
      return live(this.key(id))?.payload;
    }

    async findByUid(uid: string) {
      const key = sessionByUid.get(uid);
      return key ? live(key)?.payload : undefined;
    }

    async findByUserCode(userCode: string) {
      for (const [key, entry] of entries) {
        if (key.startsWith(`${this.model}:`) && entry.payload.userCode === userCode)
          return live(key)?.payload;
      }
      return undefined;
    }

    async consume(id: string) {
      const entry = live(this.key(id));
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string) {
      remove(this.key(id));
    }

    async revokeByGrantId(grantId: string) {
      for (const key of byGrant.get(grantId) ?? []) remove(key);
      byGrant.delete(grantId);
    }
  }

  return {
    Adapter: MemoryAdapter,
    clear() {
      entries.clear();
      sessionByUid.clear();
      byGrant.clear();
    },
  };
}
