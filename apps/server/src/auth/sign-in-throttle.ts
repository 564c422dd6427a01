/**
 * Throttles failed sign-ins at the built-in provider's login form, in memory (the built-in provider runs in one
 * process). Two counters: per username and client address (LIMITS.user failures in the window lock that pair),
 * and per client address alone (LIMITS.address, for one client trying many usernames). After a lock, each further
 * failure locks again for twice as long, up to MAX_LOCK_MS, until a day passes without failures. A successful
 * sign-in clears its username+address counter only, so signing in with a known account does not reset the address
 * counter of a client guessing other accounts.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const LIMITS = { user: 5, address: 20 } as const;
const FIRST_LOCK_MS = 60_000;
const MAX_LOCK_MS = 60 * 60_000;
/** Strikes (and so the growing lock) are forgotten after this long without a failure. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;
const MAX_ENTRIES = 10_000;

interface Counter {
  failures: number[];
  strikes: number;
  lockedUntil: number;
  lastFailure: number;
}

export type ThrottleCheck = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface SignInThrottle {
  /** Whether this username may try a password from this address now. */
  check(username: string, address: string): ThrottleCheck;
  /** Counts a wrong password; answers like check() for the next attempt. */
  failed(username: string, address: string): ThrottleCheck;
  succeeded(username: string, address: string): void;
}

/** "Too many failed sign-ins. Try again in N minutes." */
export function lockedMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export function createSignInThrottle(now: () => number = () => Date.now()): SignInThrottle {
  const counters = new Map<string, Counter>();
  const userKey = (username: string, address: string) =>
    `u\u0000${username.trim().toLowerCase()}\u0000${address}`;
  const addressKey = (address: string) => `a\u0000${address}`;

  const lockOf = (key: string, t: number) => {
    const c = counters.get(key);
    return c && c.lockedUntil > t ? c.lockedUntil - t : 0;
  };
  const check = (username: string, address: string): ThrottleCheck => {
    const t = now();
    const wait = Math.max(lockOf(userKey(username, address), t), lockOf(addressKey(address), t));
    return wait > 0 ? { allowed: false, retryAfterMs: wait } : { allowed: true };
  };

  const count = (key: string, limit: number, t: number) => {
    let c = counters.get(key);
    if (!c || t - c.lastFailure > FORGET_AFTER_MS) {
      c = { failures: [], strikes: 0, lockedUntil: 0, lastFailure: t };
      counters.delete(key);
      counters.set(key, c);
    }
    c.failures = c.failures.filter((f) => t - f < SIGN_IN_WINDOW_MS);
    c.failures.push(t);
    c.lastFailure = t;
    // Once locked, every further failure locks again (longer) until the counter is forgotten or cleared.
    if (c.failures.length >= limit || c.strikes > 0) {
      c.strikes += 1;
      c.lockedUntil = t + Math.min(FIRST_LOCK_MS * 2 ** (c.strikes - 1), MAX_LOCK_MS);
    }
  };

  // Bounded memory: drop forgotten counters, then the oldest, when a flood of names or addresses comes in.
  const prune = (t: number) => {
    if (counters.size <= MAX_ENTRIES) return;
    for (const [key, c] of counters) {
      if (c.lockedUntil <= t && t - c.lastFailure > SIGN_IN_WINDOW_MS) counters.delete(key);
    }
    for (const key of counters.keys()) {
      if (counters.size <= MAX_ENTRIES) break;
      counters.delete(key);
    }
  };

  return {
    check,
    failed(username, address) {
      const t = now();
      count(userKey(username, address), LIMITS.user, t);
      count(addressKey(address), LIMITS.address, t);
      prune(t);
      return check(username, address);
    },
    succeeded(username, address) {
      counters.delete(userKey(username, address));
    },
  };
}
