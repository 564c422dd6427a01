import { jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { rolesFromGroups, type GroupConfig } from '@predict/shared';
import { LruMap } from '../caching/lru-map';
import type { AuthUser } from './types';

/** Leeway for exp/nbf/iat between this server's clock and the issuer's. */
export const CLOCK_TOLERANCE_SECONDS = 30;

/** Any reason a token is not accepted; the message is for logs, never for the response. */
export class InvalidTokenError extends Error {}

export interface VerifierOptions {
  /** Resolves the expected issuer and the issuer's keys (lazily for an external provider). */
  resolve(): Promise<{ issuer: string; keys: JWTVerifyGetKey }>;
  audience: string;
  algorithms: readonly string[];
  groupsClaim: string;
  groupConfig: GroupConfig;
  /** Milliseconds since the epoch; tests inject a clock. */
  now?: () => number;
  /** Verified tokens kept until their exp (0 turns the cache off). */
  cacheSize?: number;
}

/** Bound of the verified-token cache: a few hundred bytes per entry. */
export const VERIFIED_TOKEN_CACHE_SIZE = 2_000;

interface CachedToken {
  user: TokenUser;
  exp: number;
  issuer: string;
  keys: JWTVerifyGetKey;
}

/** A copy per caller, so nobody can change the cached user. */
const copyUser = (user: TokenUser): TokenUser => ({
  ...user,
  groups: [...user.groups],
  roles: { ...user.roles },
});

/** Never accepted, whatever OIDC_ALGORITHMS says: no signature, or a shared secret an API client could know. */
export function safeAlgorithms(configured: readonly string[]): string[] {
  const allowed = configured.filter((alg) => alg !== 'none' && !/^HS/i.test(alg));
  if (allowed.length === 0) {
    throw new Error(
      'OIDC_ALGORITHMS must list at least one asymmetric algorithm (e.g. RS256); none and HS* are refused.',
    );
  }
  return allowed;
}

export type TokenUser = Omit<AuthUser, 'via'>;

/**
 * Strict access-token verification: signature by the issuer's keys, algorithm, issuer, audience, exp/iat/sub.
 * The signature check (RS256) is most of the CPU of a small read, so a token that passed it in full is kept
 * (keyed by the whole token string, LRU, bounded) with its user until its exp: a hit is refused after exp
 * exactly as jose would refuse it, and only if the issuer and key set are still the ones it was verified with.
 * A changed byte is a different key, so a tampered token always gets the full check. The cache is per process.
 */
export function createVerifier(options: VerifierOptions): (token: string) => Promise<TokenUser> {
  const algorithms = safeAlgorithms(options.algorithms);
  const now = options.now ?? Date.now;
  const cacheSize = options.cacheSize ?? VERIFIED_TOKEN_CACHE_SIZE;
  const cache = new LruMap<string, CachedToken>(cacheSize);
  return async (token) => {
    if (typeof token !== 'string' || token.length === 0 || token.length > 16_384) {
      throw new InvalidTokenError('missing or oversized token');
    }
    const { issuer, keys } = await options.resolve();
    const nowMs = now();
    // jose's rule: expired when exp <= now - tolerance, with now in whole seconds.
    const notExpired = (exp: number) => exp > Math.floor(nowMs / 1000) - CLOCK_TOLERANCE_SECONDS;
    const hit = cache.get(token);
    if (hit !== undefined) {
      if (hit.issuer === issuer && hit.keys === keys && notExpired(hit.exp)) return copyUser(hit.user);
      cache.delete(token);
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer,
        audience: options.audience,
        algorithms,
        requiredClaims: ['exp', 'iat', 'sub'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: new Date(nowMs),
      }));
    } catch (error) {
      throw new InvalidTokenError((error as Error).message);
    }
    if (typeof payload.sub !== 'string' || payload.sub === '')
      throw new InvalidTokenError('sub is not a string');
    if (typeof payload.iat !== 'number' || payload.iat > nowMs / 1000 + CLOCK_TOLERANCE_SECONDS) {
      throw new InvalidTokenError('iat is in the future');
    }
    const user = userFromClaims(payload, options);
    if (cacheSize > 0 && typeof payload.exp === 'number' && notExpired(payload.exp)) {
      cache.set(token, { user: copyUser(user), exp: payload.exp, issuer, keys });
    }
    return user;
  };
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** The group claim: a top-level claim, or a dotted path into nested claims (e.g. realm_access.roles). */
export function groupsFrom(payload: JWTPayload, claim: string): string[] {
  let value: unknown = payload[claim];
  if (value === undefined && claim.includes('.')) {
    value = claim.split('.').reduce<unknown>((node, key) => {
      return node !== null && typeof node === 'object' && !Array.isArray(node)
        ? (node as Record<string, unknown>)[key]
        : undefined;
    }, payload);
  }
  return Array.isArray(value) && value.every((g) => typeof g === 'string') ? [...(value as string[])] : [];
}

/** Maps verified claims to the caller; a token without groups is read-only. */
export function userFromClaims(
  payload: JWTPayload,
  options: Pick<VerifierOptions, 'groupsClaim' | 'groupConfig'>,
): TokenUser {
  const sub = payload.sub as string;
  const groups = groupsFrom(payload, options.groupsClaim);
  const username = text(payload.preferred_username) ?? sub;
  const firstName = text(payload.given_name) ?? '';
  const lastName = text(payload.family_name) ?? '';
  return {
    issuer: payload.iss as string,
    subject: sub,
    userId: text(payload.user_id) ?? sub,
    username,
    name: text(payload.name) ?? ([firstName, lastName].filter(Boolean).join(' ') || username),
    firstName,
    lastName,
    email: text(payload.email) ?? text(payload.preferred_username) ?? sub,
    locale: text(payload.locale) ?? 'en-US',
    groups,
    roles: rolesFromGroups(groups, options.groupConfig),
  };
}
