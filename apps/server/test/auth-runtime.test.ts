import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCookieKeys, loadSigningKeys, oidcKeyFiles } from '../src/auth/keys';
import { safeReturnTo } from '../src/auth/flow';
import { bearer, createAuthTestApp, type AuthTestApp } from './helpers/auth-app';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'predict-auth-keys-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

describe('the built-in provider keys', () => {
  it('are generated once, kept owner-only in DATA_DIR/oidc and reused', async () => {
    const first = await loadSigningKeys(dataDir);
    const again = await loadSigningKeys(dataDir);
    expect(again.kid).toBe(first.kid);
    expect(first.privateJwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: first.kid });
    expect(first.publicJwks.keys[0]).not.toHaveProperty('d');
    expect(await loadCookieKeys(dataDir)).toEqual(await loadCookieKeys(dataDir));
    const files = oidcKeyFiles(dataDir);
    expect((await stat(files.jwks)).mode & 0o777).toBe(0o600);
    expect((await stat(files.cookieKeys)).mode & 0o777).toBe(0o600);
  });

  it('agree between processes that start together', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'predict-auth-race-'));
    try {
      const kids = await Promise.all([1, 2, 3, 4].map(() => loadSigningKeys(dir).then((k) => k.kid)));
      expect(new Set(kids).size).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuse a damaged key file instead of silently replacing it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'predict-auth-bad-'));
    try {
      await loadSigningKeys(dir);
      await writeFile(oidcKeyFiles(dir).jwks, '{"keys":[]}');
      await expect(loadSigningKeys(dir)).rejects.toThrow(/no private RSA key/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('are used by the server, so its tokens survive a restart', async () => {
    const env = { DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:8080' };
    const before = await createAuthTestApp({ env });
    const token = await before.auth.issueDemoToken!('viewer');
    await before.close();
    const after = await createAuthTestApp({ env });
    try {
      const res = await after.app.inject({ method: 'GET', url: '/ctpo/test/user', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      const jwks = await after.app.inject({ method: 'GET', url: '/ctpo/oidc/jwks' });
      expect(jwks.json().keys[0].kid).toBe((await loadSigningKeys(dataDir)).kid);
      expect(JSON.stringify(jwks.json())).not.toContain('"d"');
    } finally {
      await after.close();
    }
  });
});

describe('npm run token', () => {
  const token = (args: string[], env: Record<string, string>) => {
    const { OIDC_ISSUER: _ignored, ...inherited } = process.env;
    return run('npx', ['tsx', 'src/scripts/print-token.ts', ...args], {
      cwd: serverDir,
      env: { ...inherited, PUBLIC_URL: 'http://localhost:8080', INIT_CWD: serverDir, ...env },
    });
  };

  it('prints only a token the server accepts', async () => {
    const { stdout } = await token(['admin'], { DATA_DIR: dataDir });
    const printed = stdout.trim();
    expect(printed).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(decodeProtectedHeader(printed)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(decodeJwt(printed)).toMatchObject({
      sub: 'admin',
      aud: 'predict-api',
      iss: 'http://localhost:8080/ctpo/oidc',
    });
    const t = await createAuthTestApp({ env: { DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:8080' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/ctpo/test/admin', headers: bearer(printed) });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('names the demo users for an unknown one, and refuses when an external issuer is configured', async () => {
    const unknown = token(['nobody'], { DATA_DIR: dataDir });
    await expect(unknown).rejects.toMatchObject({ code: 1, stdout: '' });
    await expect(unknown).rejects.toMatchObject({
      stderr: expect.stringContaining('planner, viewer, admin'),
    });
    const external = token(['planner'], { DATA_DIR: dataDir, OIDC_ISSUER: 'https://idp.example.com' });
    await expect(external).rejects.toMatchObject({
      code: 1,
      stdout: '',
      stderr: expect.stringContaining('OIDC_ISSUER'),
    });
  });
});

describe('an external identity provider (OIDC_ISSUER)', () => {
  let idp: AuthTestApp;
  let api: AuthTestApp;
  beforeAll(async () => {
    // A second server's built-in provider plays the external issuer.
    idp = await createAuthTestApp({ listen: true });
    api = await createAuthTestApp({
      env: {
        PUBLIC_URL: 'http://localhost:9090',
        OIDC_ISSUER: idp.auth.issuer,
        OIDC_CLIENT_ID: 'predict-web',
        OIDC_CLIENT_SECRET: 'not-so-secret-client-secret',
      },
    });
  });
  afterAll(async () => {
    await api.close();
    await idp.close();
  });

  it('verifies tokens with the keys from discovery and offers no demo tokens', async () => {
    expect(api.auth.kind).toBe('external');
    expect(api.auth.issueDemoToken).toBeUndefined();
    const res = await api.app.inject({
      method: 'GET',
      url: '/ctpo/test/user',
      headers: bearer(await idp.auth.issueDemoToken!('planner')),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ issuer: idp.auth.issuer, subject: 'planner' });
    expect(
      (await api.app.inject({ method: 'GET', url: '/ctpo/test/user', headers: bearer('x.y.z') })).statusCode,
    ).toBe(401);
  });

  it('sends sign-in to the discovered authorization endpoint and sign-out to its end-session endpoint', async () => {
    const login = await api.app.inject({ method: 'GET', url: '/ctpo/auth/login' });
    expect(login.statusCode).toBe(302);
    const to = new URL(login.headers.location as string);
    expect(`${to.origin}${to.pathname}`).toBe(`${idp.auth.issuer}/auth`);
    expect(to.searchParams.get('redirect_uri')).toBe('http://localhost:9090/ctpo/auth/callback');
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.has('resource')).toBe(false);

    const logout = await api.app.inject({ method: 'GET', url: '/ctpo/auth/logout' });
    const end = new URL(logout.headers.location as string);
    expect(`${end.origin}${end.pathname}`).toBe(`${idp.auth.issuer}/session/end`);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:9090/goodbye');
    expect(String(logout.headers['set-cookie'])).toMatch(/predict_at=;/);
  });

  it('refuses a plain-http issuer that is not on this machine', async () => {
    await expect(
      createAuthTestApp({ env: { OIDC_ISSUER: 'http://idp.example.com/realms/predict' } }),
    ).rejects.toThrow(/https/);
  });
});

describe('returnTo', () => {
  it.each([
    ['/ctpo/studies?x=1#top', '/ctpo/studies?x=1#top'],
    ['https://evil.example', '/ctpo/study-plans/'],
    ['//evil.example', '/ctpo/study-plans/'],
    ['/\\evil.example', '/ctpo/study-plans/'],
    ['/ok/../../x', '/x'],
    ['relative', '/ctpo/study-plans/'],
    [undefined, '/ctpo/study-plans/'],
  ])('%s → %s', (input, expected) => {
    expect(safeReturnTo(input, 'https://predict.example.com')).toBe(expected);
  });
});

describe('key files', () => {
  it('hold the private key only in DATA_DIR/oidc/jwks.json', async () => {
    const text = await readFile(oidcKeyFiles(dataDir).jwks, 'utf8');
    expect(JSON.parse(text).keys[0]).toHaveProperty('d');
  });
});
