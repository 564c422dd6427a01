import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../src/auth/demo-users';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { browse, CookieJar, follow, freePort } from './helpers/auth-app';

// The auth module inside the whole app (helmet, rate limit, error handler, the real routes).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('sign-in inside the app', () => {
  it('runs the built-in provider at /ctpo/oidc', async () => {
    expect(t.app.auth.kind).toBe('built-in');
    expect(t.app.auth.issuer).toBe('http://localhost:8080/ctpo/oidc');
    const res = await t.app.inject({
      method: 'GET',
      url: '/ctpo/oidc/.well-known/openid-configuration',
      headers: { host: 'localhost:8080' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      issuer: 'http://localhost:8080/ctpo/oidc',
      code_challenge_methods_supported: ['S256'],
      authorization_endpoint: 'http://localhost:8080/ctpo/oidc/auth',
    });
  });

  it('starts the code flow without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ctpo/auth/login?returnTo=%2Fctpo%2Fstudies' });
    expect(res.statusCode).toBe(302);
    const to = new URL(res.headers.location as string);
    expect(to.pathname).toBe('/ctpo/oidc/auth');
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('renders the login page under the app security headers, without scripts', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/ctpo/auth/login' });
    const authorize = new URL(start.headers.location as string);
    const auth = await t.app.inject({
      method: 'GET',
      url: `${authorize.pathname}${authorize.search}`,
      headers: { host: 'localhost:8080' },
    });
    expect(auth.statusCode).toBe(303);
    const interaction = new URL(auth.headers.location as string, 'http://localhost:8080');
    const cookies = ([] as string[])
      .concat(auth.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const page = await t.app.inject({
      method: 'GET',
      url: interaction.pathname,
      headers: { cookie: cookies },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Demo sign-in: users planner, viewer, admin');
    expect(page.body).not.toContain('<script');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
  });

  it('accepts demo tokens and answers 401 JSON without one', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/ctpo/login',
      headers: bearer(await t.token('planner')),
    });
    expect(ok.statusCode).toBe(200);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/ctpo/login',
      headers: { accept: 'text/html' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Unauthorized', message: 'Sign in required.' });
  });
});

describe('the whole flow through the real app, over HTTP', () => {
  it('signs in with the form, calls the API with the cookie and signs out', async () => {
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const live = await createTestApp({ PUBLIC_URL: base });
    try {
      await live.app.listen({ port, host: '127.0.0.1' });
      const jar = new CookieJar();
      const form = await follow(jar, await browse(jar, `${base}/ctpo/auth/login?returnTo=/ctpo/meta`), base);
      expect(form.url.pathname).toMatch(/^\/ctpo\/oidc\/interaction\//);
      const posted = await browse(jar, form.url.href, {
        form: { username: 'admin', password: DEMO_PASSWORDS.admin },
      });
      const done = await follow(jar, posted, form.url.href);
      expect(done.url.href).toBe(`${base}/ctpo/meta`);
      expect(done.response.status).toBe(200);

      const login = await fetch(`${base}/ctpo/login`, {
        method: 'POST',
        headers: { cookie: jar.header(), 'x-predict-csrf': '1' },
      });
      expect(login.status).toBe(200);
      expect(await login.json()).toMatchObject({ username: 'admin', roles: { admin: true } });
      const noCsrf = await fetch(`${base}/ctpo/login`, { method: 'POST', headers: { cookie: jar.header() } });
      expect(noCsrf.status).toBe(403);

      const out = await browse(jar, `${base}/ctpo/auth/logout`);
      expect(out.headers.get('location')).toBe('/goodbye');
      const again = await follow(jar, await browse(jar, `${base}/ctpo/auth/login`), base);
      expect(again.url.pathname).toMatch(/^\/ctpo\/oidc\/interaction\//);
    } finally {
      await live.close();
    }
  });
});
