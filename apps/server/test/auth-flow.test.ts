import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../src/auth/demo-users';
import { browse, CookieJar, createAuthTestApp, follow, type AuthTestApp } from './helpers/auth-app';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp({ listen: true });
});
afterAll(async () => t.close());

const at = (path: string) => `${t.publicUrl}${path}`;

/** Starts a sign-in and follows the redirects to the login form; returns the form's address. */
async function openLoginForm(jar: CookieJar, returnTo?: string) {
  const start = await browse(
    jar,
    at(`/ctpo/auth/login${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`),
  );
  expect(start.status).toBe(302);
  const { response, url } = await follow(jar, start, t.publicUrl);
  return { response, url, html: await response.text() };
}

describe('GET /ctpo/auth/login', () => {
  it('redirects to the authorization endpoint with PKCE S256, state, nonce and the API resource', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ctpo/auth/login?returnTo=/ctpo/studies' });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${t.auth.issuer}/auth`);
    const q = location.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe('predict-web');
    expect(q.get('redirect_uri')).toBe(at('/ctpo/auth/callback'));
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toBeTruthy();
    expect(q.get('scope')).toBe('openid profile email');
    expect(q.get('resource')).toBe(at('/ctpo'));
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/predict_login=[^;]+/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    // The sign-in state is encrypted: neither the verifier nor the state can be read from the cookie.
    expect(cookie).not.toContain(q.get('state')!);
  });

  it('does not require a token and never answers 401', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/ctpo/auth/login',
      headers: { authorization: 'Bearer junk' },
    });
    expect(res.statusCode).toBe(302);
  });
});

describe('the OpenAPI document', () => {
  it('lists the sign-in routes under the auth tag and hides the provider', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    for (const path of ['/ctpo/auth/login', '/ctpo/auth/callback', '/ctpo/auth/logout']) {
      expect(doc.paths[path]?.get?.tags).toEqual(['auth']);
    }
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/ctpo/oidc'))).toEqual([]);
  });
});

describe('the whole sign-in flow against the built-in provider', () => {
  it('signs in, uses the cookie, signs out and shows the login form again', async () => {
    const jar = new CookieJar();
    const form = await openLoginForm(jar, '/ctpo/test/user?x=1');
    expect(form.response.status).toBe(200);
    expect(form.url.pathname).toMatch(/^\/ctpo\/oidc\/interaction\/[\w-]+$/);
    expect(form.html).toContain('Predict');
    expect(form.html).toContain('Demo sign-in: users planner, viewer, admin');
    expect(form.html).toMatch(/<label for="username">Username<\/label>/);
    expect(form.html).toMatch(/<label for="password">Password<\/label>/);
    expect(form.html).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(form.html).not.toContain('<script');
    expect(form.response.headers.get('content-type')).toContain('text/html');

    const wrong = await browse(jar, form.url.href, {
      form: { username: '<b>planner</b>', password: 'planner' },
    });
    expect(wrong.status).toBe(200);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain('Invalid username or password.');
    expect(wrongHtml).toContain('&#60;b&#62;planner&#60;/b&#62;');
    expect(wrongHtml).not.toContain('<b>planner</b>');

    const right = await browse(jar, form.url.href, {
      form: { username: 'planner', password: DEMO_PASSWORDS.planner },
    });
    expect(right.status).toBe(303);
    const done = await follow(jar, right, form.url.href, (u) => u.pathname === '/ctpo/test/user');
    expect(done.hops.some((u) => u.pathname === '/ctpo/auth/callback')).toBe(true);
    expect(done.url.href).toBe(at('/ctpo/test/user?x=1'));

    const accessToken = jar.get('predict_at');
    expect(accessToken).toBeTruthy();
    const claims = decodeJwt(accessToken!);
    expect(decodeProtectedHeader(accessToken!)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(claims).toMatchObject({
      iss: t.auth.issuer,
      aud: 'predict-api',
      sub: 'planner',
      client_id: 'predict-web',
      groups: ['app_PremierPredict_Planner'],
      name: 'Pat Planner',
      given_name: 'Pat',
      family_name: 'Planner',
      email: 'planner@predict.example',
      preferred_username: 'planner',
      locale: 'en-US',
    });
    expect(claims.exp! - claims.iat!).toBe(8 * 60 * 60);
    expect(jar.get('predict_login')).toBeUndefined();

    const me = await browse(jar, at('/ctpo/test/user'));
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { username: string; via: string } }).user).toMatchObject({
      username: 'planner',
      via: 'cookie',
    });

    const logout = await browse(jar, at('/ctpo/auth/logout'));
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('/goodbye');
    expect(jar.get('predict_at')).toBeUndefined();
    expect((await browse(jar, at('/ctpo/test/user'))).status).toBe(401);
    // A copy of the cookie taken before the sign-out is refused too: the server revoked the token.
    const replayed = await fetch(at('/ctpo/test/user'), { headers: { cookie: `predict_at=${accessToken}` } });
    expect(replayed.status).toBe(401);

    // The provider session is gone too: signing in again shows the form instead of signing in silently.
    const again = await openLoginForm(jar);
    expect(again.url.pathname).toMatch(/^\/ctpo\/oidc\/interaction\//);
    expect(again.html).toContain('id="password"');
  });

  it('signs in silently while the provider session lasts, as a different user after logout', async () => {
    const jar = new CookieJar();
    const form = await openLoginForm(jar);
    const right = await browse(jar, form.url.href, {
      form: { username: 'viewer', password: DEMO_PASSWORDS.viewer },
    });
    const first = await follow(jar, right, form.url.href, (u) => u.pathname === '/ctpo/study-plans/');
    expect(first.url.pathname).toBe('/ctpo/study-plans/');
    expect(decodeJwt(jar.get('predict_at')!).sub).toBe('viewer');

    const silent = await follow(jar, await browse(jar, at('/ctpo/auth/login')), t.publicUrl, (u) =>
      u.pathname.startsWith('/ctpo/study-plans'),
    );
    expect(silent.hops.some((u) => u.pathname.startsWith('/ctpo/oidc/interaction'))).toBe(false);
    expect(silent.url.pathname).toBe('/ctpo/study-plans/');
  });

  it('sends a broken or replayed callback to /goodbye?error=signin', async () => {
    const jar = new CookieJar();
    const noState = await browse(jar, at('/ctpo/auth/callback?code=abc&state=def'));
    expect(noState.status).toBe(302);
    expect(noState.headers.get('location')).toBe('/goodbye?error=signin');

    await browse(jar, at('/ctpo/auth/login'));
    const forged = await browse(jar, at('/ctpo/auth/callback?code=abc&state=wrong'));
    expect(forged.headers.get('location')).toBe('/goodbye?error=signin');
    expect(jar.get('predict_at')).toBeUndefined();
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', ''])(
    'falls back to the default page for returnTo=%s',
    async (returnTo) => {
      const jar = new CookieJar();
      const form = await openLoginForm(jar, returnTo || undefined);
      const right = await browse(jar, form.url.href, {
        form: { username: 'admin', password: DEMO_PASSWORDS.admin },
      });
      const done = await follow(
        jar,
        right,
        form.url.href,
        (u) => !u.pathname.startsWith('/ctpo/oidc') && !u.pathname.startsWith('/ctpo/auth'),
      );
      expect(done.url.href).toBe(at('/ctpo/study-plans/'));
    },
  );

  it('renders provider errors as an escaped page without scripts', async () => {
    const res = await browse(
      new CookieJar(),
      at('/ctpo/oidc/auth?client_id=%3Cscript%3Ex&response_type=code'),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Sign-in problem');
    expect(html).toContain('href="/ctpo/auth/login"');
    expect(html).not.toContain('<script');
  });

  it('answers an expired or unknown interaction with a page that starts again', async () => {
    const res = await browse(new CookieJar(), at('/ctpo/oidc/interaction/nope'));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('href="/ctpo/auth/login"');
  });
});
