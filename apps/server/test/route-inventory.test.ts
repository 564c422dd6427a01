import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// Sign-in endpoints, the provider and the docs are public by design; everything else under /ctpo needs a token.
const PUBLIC_PREFIXES = ['/ctpo/auth/', '/ctpo/oidc', '/ctpo/docs'];
const isPublic = (r: { url: string; access: string }) =>
  r.access === 'public' || PUBLIC_PREFIXES.some((p) => r.url.startsWith(p));

const concrete = (url: string) =>
  url.replace(/:([A-Za-z]+)/g, (_m, name: string) => (name === 'text' ? 'a*' : '1'));

describe('every API route', () => {
  it('has an inventory that includes the routes of this release', () => {
    const urls = t.app.routeInventory.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'GET /ctpo/health',
      'GET /ctpo/meta',
      'POST /ctpo/login',
      'POST /ctpo/study/0/UserLogin',
      'GET /ctpo/studies',
      'GET /ctpo/studies/project/:text',
      'GET /ctpo/study/:studyId',
      'GET /ctpo/favorites/user/:userId',
      'POST /ctpo/favorite',
      'DELETE /ctpo/favorite',
      'GET /ctpo/quickLinks',
      'GET /ctpo/soe/study/:studyId',
    ]) {
      expect(urls).toContain(expected);
    }
  });

  it('answers 401 with JSON (never a redirect) without a token', async () => {
    const guarded = t.app.routeInventory.filter((r) => r.url.startsWith('/ctpo/') && !isPublic(r));
    expect(guarded.length).toBeGreaterThanOrEqual(9);
    for (const r of guarded) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        headers: { 'x-predict-csrf': '1', 'content-type': 'application/json' },
        payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : '{}',
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().error, `${r.method} ${r.url}`).toBe('Unauthorized');
    }
  });

  it('answers 401 for a garbage bearer token on every guarded route', async () => {
    const guarded = t.app.routeInventory.filter((r) => r.url.startsWith('/ctpo/') && !isPublic(r));
    for (const r of guarded) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        headers: { authorization: 'Bearer not-a-jwt' },
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('publishes the OpenAPI document with the API routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ctpo/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/ctpo/studies', '/ctpo/favorite', '/ctpo/health']),
    );
  });
});
