import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, TEST_DB_SHAPE, type TestApp } from './helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /ctpo/meta', () => {
  it('names the product, version, identity provider and database shape', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/ctpo/meta',
      headers: bearer(await t.token('viewer')),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      product: 'Predict',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      identityProvider: 'built-in',
      issuer: 'http://localhost:8080/ctpo/oidc',
      database: TEST_DB_SHAPE,
      demoData: false,
    });
  });
});

describe('GET /ctpo/health', () => {
  it('is public and answers ok while the database answers, 503 once it does not', async () => {
    const up = await t.app.inject({ method: 'GET', url: '/ctpo/health' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ok' });

    const failing = await createTestApp();
    await failing.database.close();
    const down = await failing.app.inject({ method: 'GET', url: '/ctpo/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable' });
    await failing.close();
  });
});
