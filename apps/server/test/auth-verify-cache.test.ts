import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWTVerifyGetKey,
} from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLOCK_TOLERANCE_SECONDS, createVerifier, InvalidTokenError } from '../src/auth/verify';

const ISSUER = 'https://issuer.test';
const AUDIENCE = 'predict-api';
let privateKey: CryptoKey;
let keys: JWTVerifyGetKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' }] });
});

/** A verifier on a clock the test moves; `calls` counts how often the issuer's keys were asked for. */
function verifierAt(start: number, cacheSize?: number) {
  const clock = { ms: start };
  const verify = createVerifier({
    resolve: async () => ({ issuer: ISSUER, keys }),
    audience: AUDIENCE,
    algorithms: ['RS256'],
    groupsClaim: 'groups',
    groupConfig: { readOnlyGroups: [], adminGroups: ['admins'] },
    now: () => clock.ms,
    cacheSize,
  });
  return { verify, clock };
}

const sign = (iat: number, exp: number, extra: Record<string, unknown> = {}) =>
  new SignJWT({ iss: ISSUER, aud: AUDIENCE, sub: 'planner', iat, exp, groups: ['admins'], ...extra })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .sign(privateKey);

describe('verified-token cache', () => {
  it('refuses a token it has served from the cache once the token has expired', async () => {
    const t0 = 1_800_000_000;
    const { verify, clock } = verifierAt(t0 * 1000);
    const token = await sign(t0, t0 + 60);
    expect((await verify(token)).subject).toBe('planner');
    clock.ms = (t0 + 60 + CLOCK_TOLERANCE_SECONDS - 1) * 1000;
    expect((await verify(token)).roles.admin).toBe(true); // still inside exp + leeway, as jose decides
    clock.ms = (t0 + 60 + CLOCK_TOLERANCE_SECONDS) * 1000;
    await expect(verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('never serves a tampered token from the cache', async () => {
    const t0 = 1_800_000_000;
    const { verify } = verifierAt(t0 * 1000);
    const token = await sign(t0, t0 + 600);
    await verify(token);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString(
      'base64url',
    );
    await expect(verify(`${header}.${forgedPayload}.${signature}`)).rejects.toBeInstanceOf(InvalidTokenError);
    const flipped = signature!.slice(0, -2) + (signature!.endsWith('AA') ? 'BB' : 'AA');
    await expect(verify(`${header}.${payload}.${flipped}`)).rejects.toBeInstanceOf(InvalidTokenError);
    expect((await verify(token)).subject).toBe('planner');
  });

  it('gives each caller its own copy of the user', async () => {
    const t0 = 1_800_000_000;
    const { verify } = verifierAt(t0 * 1000);
    const token = await sign(t0, t0 + 600);
    const first = await verify(token);
    first.roles.admin = false;
    first.subject = 'changed';
    const second = await verify(token);
    expect(second.subject).toBe('planner');
    expect(second.roles.admin).toBe(true);
  });

  it('stays bounded and keeps working when tokens outnumber it', async () => {
    const t0 = 1_800_000_000;
    const { verify, clock } = verifierAt(t0 * 1000, 2);
    const tokens = await Promise.all([1, 2, 3].map((n) => sign(t0, t0 + 60, { jti: `t${n}` })));
    for (const token of tokens) await verify(token);
    for (const token of tokens) expect((await verify(token)).subject).toBe('planner');
    clock.ms = (t0 + 600) * 1000;
    for (const token of tokens) await expect(verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
