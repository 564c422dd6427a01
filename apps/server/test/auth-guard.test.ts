import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKeys } from '../src/auth/keys';
import { createAuthTestApp, bearer, type AuthTestApp } from './helpers/auth-app';

let t: AuthTestApp;
let dataDir: string;
let otherKey: CryptoKey;
let trustedKey: CryptoKey;
let kid: string;

beforeAll(async () => {
  // A data directory of its own, so the test can sign odd tokens with the key the server trusts.
  dataDir = await mkdtemp(path.join(tmpdir(), 'predict-auth-guard-'));
  t = await createAuthTestApp({ env: { DATA_DIR: dataDir } });
  const keys = await loadSigningKeys(dataDir);
  trustedKey = (await importJWK(keys.privateJwk, 'RS256')) as CryptoKey;
  kid = keys.kid;
  ({ privateKey: otherKey } = await generateKeyPair('RS256'));
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const token = (username: string) => t.auth.issueDemoToken!(username);

/** Claims like the provider's, signed by a key the server does not trust unless `key` says otherwise. */
async function forged(overrides: JWTPayload = {}, remove: string[] = [], key: CryptoKey = otherKey) {
  const now = Math.floor(Date.now() / 1000);
  const claims: JWTPayload = {
    iss: t.auth.issuer,
    aud: t.auth.audience,
    sub: 'planner',
    iat: now,
    exp: now + 600,
    groups: ['app_PremierPredict_AdminUser'],
    ...overrides,
  };
  for (const name of remove) delete claims[name];
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: key === trustedKey ? kid : 'other' })
    .sign(key);
}

/** A planner token signed with the server's own key, with claims changed (undefined removes a claim). */
async function trusted(changes: Record<string, unknown>) {
  const [, payload] = (await token('planner')).split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) delete claims[k];
    else claims[k] = v;
  }
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid }).sign(trustedKey);
}

function unsigned(claims: JWTPayload) {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

describe('the access guard', () => {
  it('answers 401 JSON (not a redirect) without a token', async () => {
    const res = await get('/ctpo/test/user', { accept: 'text/html' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers.location).toBeUndefined();
    expect(res.json()).toEqual({ error: 'Unauthorized', message: 'Sign in required.' });
  });

  it('accepts a valid bearer token and exposes the user', async () => {
    const res = await get('/ctpo/test/user', bearer(await token('planner')));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      issuer: t.auth.issuer,
      subject: 'planner',
      userId: 'planner',
      username: 'planner',
      name: 'Pat Planner',
      firstName: 'Pat',
      lastName: 'Planner',
      email: 'planner@predict.example',
      locale: 'en-US',
      groups: ['app_PremierPredict_Planner'],
      roles: { readOnly: false, admin: false },
      via: 'bearer',
    });
  });

  it('leaves public routes, health, unknown URLs and routes outside /ctpo open', async () => {
    expect((await get('/ctpo/test/public')).statusCode).toBe(200);
    expect((await get('/ctpo/health')).statusCode).toBe(200);
    expect((await get('/outside')).statusCode).toBe(200);
    expect((await get('/ctpo/no-such-route')).statusCode).toBe(404);
    expect((await get('/ctpo/oidc/.well-known/openid-configuration')).statusCode).toBe(200);
  });

  it.each([
    ['a garbage token', async () => 'not-a-jwt'],
    ['the wrong issuer', async () => forged({ iss: 'https://evil.example' })],
    ['the wrong audience', async () => forged({ aud: 'someone-else' })],
    ['an expired token', async () => forged({ exp: Math.floor(Date.now() / 1000) - 120 })],
    [
      'an unsigned token (alg none)',
      async () => unsigned({ iss: t.auth.issuer, aud: t.auth.audience, sub: 'admin' }),
    ],
    [
      'an HS256 token signed with a guessable secret',
      async () => {
        const now = Math.floor(Date.now() / 1000);
        return new SignJWT({
          iss: t.auth.issuer,
          aud: t.auth.audience,
          sub: 'admin',
          iat: now,
          exp: now + 60,
        })
          .setProtectedHeader({ alg: 'HS256' })
          .sign(new TextEncoder().encode('secret'));
      },
    ],
    ['a token signed by another RSA key', async () => forged()],
  ])('rejects %s with 401', async (_name, make) => {
    const res = await get('/ctpo/test/user', bearer(await make()));
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Unauthorized');
  });

  it('accepts a token re-signed with the trusted key (control for the cases below)', async () => {
    expect((await get('/ctpo/test/user', bearer(await trusted({})))).statusCode).toBe(200);
    expect((await get('/ctpo/test/user', bearer(await forged({}, [], trustedKey)))).statusCode).toBe(200);
  });

  it.each(['exp', 'iat', 'sub'])(
    'rejects a token signed with the trusted key but without %s',
    async (claim) => {
      const res = await get('/ctpo/test/user', bearer(await trusted({ [claim]: undefined })));
      expect(res.statusCode).toBe(401);
    },
  );

  it('rejects a token issued in the future', async () => {
    const res = await get(
      '/ctpo/test/user',
      bearer(await trusted({ iat: Math.floor(Date.now() / 1000) + 3600 })),
    );
    expect(res.statusCode).toBe(401);
  });

  it('treats a token without groups as read-only', async () => {
    const res = await get('/ctpo/test/editor', bearer(await trusted({ groups: undefined })));
    expect(res.statusCode).toBe(403);
    const me = await get('/ctpo/test/user', bearer(await trusted({ groups: undefined })));
    expect(me.json().user).toMatchObject({ groups: [], roles: { readOnly: true, admin: false } });
  });

  it('ignores a group claim that is not a list of strings', async () => {
    const me = await get(
      '/ctpo/test/user',
      bearer(await trusted({ groups: 'app_PremierPredict_AdminUser' })),
    );
    expect(me.json().user).toMatchObject({ groups: [], roles: { readOnly: true, admin: false } });
  });

  it('enforces editor and admin access', async () => {
    expect((await get('/ctpo/test/editor', bearer(await token('viewer')))).statusCode).toBe(403);
    expect((await get('/ctpo/test/editor', bearer(await token('planner')))).statusCode).toBe(200);
    expect((await get('/ctpo/test/admin', bearer(await token('planner')))).statusCode).toBe(403);
    expect((await get('/ctpo/test/admin', bearer(await token('viewer')))).statusCode).toBe(403);
    const admin = await get('/ctpo/test/admin', bearer(await token('admin')));
    expect(admin.statusCode).toBe(200);
    expect(admin.json().user.roles).toEqual({ readOnly: false, admin: true });
    expect((await get('/ctpo/test/admin')).json()).toEqual({
      error: 'Unauthorized',
      message: 'Sign in required.',
    });
    expect((await get('/ctpo/test/editor', bearer(await token('viewer')))).json().error).toBe('Forbidden');
  });

  it('accepts the cookie for reads and requires the CSRF header for cookie-authenticated writes', async () => {
    const cookie = `predict_at=${await token('planner')}`;
    const read = await get('/ctpo/test/user', { cookie });
    expect(read.statusCode).toBe(200);
    expect(read.json().user.via).toBe('cookie');

    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/ctpo/test/editor',
        headers: { 'content-type': 'application/json', ...headers },
        payload: '{}',
      });
    const withoutHeader = await post({ cookie });
    expect(withoutHeader.statusCode).toBe(403);
    expect(withoutHeader.json().error).toBe('Forbidden');
    expect((await post({ cookie, 'x-predict-csrf': '' })).statusCode).toBe(403);
    expect((await post({ cookie, 'x-predict-csrf': '1' })).statusCode).toBe(200);
    // Bearer requests are not sent automatically by browsers: no CSRF header needed.
    expect((await post(bearer(await token('planner')))).statusCode).toBe(200);
  });

  it('prefers the bearer header over the cookie', async () => {
    const res = await get('/ctpo/test/admin', {
      ...bearer(await token('admin')),
      cookie: `predict_at=${await token('viewer')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.via).toBe('bearer');
  });
});
