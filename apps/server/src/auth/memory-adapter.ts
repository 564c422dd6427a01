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
  const store = new MemoryStore(maxEntries);
  // oidc-provider constructs the adapter with only the model name, so the store comes with the class.
  class MemoryAdapter extends StoreAdapter {
    constructor(model: string) {
      super(store, model);
    }
  }
  return { Adapter: MemoryAdapter, clear: () => store.clear() };
}

/** The entries of every model, by `model:id`, with the indexes by session uid and by grant. */
class MemoryStore {
  readonly entries = new Map<string, Entry>();
  readonly sessionByUid = new Map<string, string>();
  readonly byGrant = new Map<string, Set<string>>();

  constructor(private readonly maxEntries: number) {}

  live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.remove(key);
      return undefined;
    }
    return entry;
  }

  remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const { uid, grantId } = entry.payload;
    if (uid && this.sessionByUid.get(uid) === key) this.sessionByUid.delete(uid);
    if (grantId) this.byGrant.get(grantId)?.delete(key);
  }

  evict(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.remove(key);
    // Oldest first (a Map keeps insertion order) when still over the bound.
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.remove(key);
    }
  }

  get overBound(): boolean {
    return this.entries.size > this.maxEntries;
  }

  clear(): void {
    this.entries.clear();
    this.sessionByUid.clear();
    this.byGrant.clear();
  }
}

/** oidc-provider's adapter interface for one model, over a shared store. */
class StoreAdapter implements Adapter {
  constructor(
    private readonly store: MemoryStore,
    private readonly model: string,
  ) {}

  private key(id: string) {
    return `${this.model}:${id}`;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
    const { store } = this;
    const key = this.key(id);
    store.remove(key);
    store.entries.set(key, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
    if (this.model === 'Session' && payload.uid) store.sessionByUid.set(payload.uid, key);
    if (GRANTABLE.has(this.model) && payload.grantId) {
      const members = store.byGrant.get(payload.grantId) ?? new Set<string>();
      members.add(key);
      store.byGrant.set(payload.grantId, members);
    }
    if (store.overBound) store.evict();
  }

  async find(id: string) {
    return this.store.live(this.key(id))?.payload;
  }

  async findByUid(uid: string) {
    const key = this.store.sessionByUid.get(uid);
    return key ? this.store.live(key)?.payload : undefined;
  }

  async findByUserCode(userCode: string) {
    for (const [key, entry] of this.store.entries) {
      if (key.startsWith(`${this.model}:`) && entry.payload.userCode === userCode)
        return this.store.live(key)?.payload;
    }
    return undefined;
  }

  async consume(id: string) {
    const entry = this.store.live(this.key(id));
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string) {
    this.store.remove(this.key(id));
  }

  async revokeByGrantId(grantId: string) {
    for (const key of this.store.byGrant.get(grantId) ?? []) this.store.remove(key);
    this.store.byGrant.delete(grantId);
  }
}
