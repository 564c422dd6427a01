import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/app';

// The rate limit counts client addresses; X-Forwarded-For may name them only when it comes from a trusted proxy.
const LIMIT = 5;

async function statuses(t: TestApp, requests: { xff: string; from?: string }[]) {
  const token = await t.token('viewer');
  const answers: number[] = [];
  for (const { xff, from } of requests) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/ctpo/meta',
      headers: { ...bearer(token), 'x-forwarded-for': xff },
      ...(from ? { remoteAddress: from } : {}),
    });
    answers.push(res.statusCode);
  }
  return answers;
}
const distinct = (n: number, from?: string) =>
  Array.from({ length: n }, (_, i) => ({ xff: `198.51.100.${i + 1}`, ...(from ? { from } : {}) }));
const limited = (answers: number[]) => [
  ...answers.slice(0, LIMIT).map(() => 200),
  ...answers.slice(LIMIT).map(() => 429),
];

describe('with default settings (TRUST_PROXY off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  afterAll(async () => t.close());

  it('answers 429 after the limit although every request names a different X-Forwarded-For', async () => {
    const answers = await statuses(t, distinct(LIMIT + 3));
    expect(answers).toEqual(limited(answers));
  });
});

describe('with TRUST_PROXY=127.0.0.1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('counts the forwarded address of requests that come through that proxy', async () => {
    expect(await statuses(t, distinct(LIMIT + 3))).toEqual(Array(LIMIT + 3).fill(200));
    const same = await statuses(t, Array(LIMIT + 2).fill({ xff: '203.0.113.7' }));
    expect(same).toEqual(limited(same));
  });

  it('ignores X-Forwarded-For from any other address', async () => {
    const answers = await statuses(t, distinct(LIMIT + 3, '192.0.2.44'));
    expect(answers).toEqual(limited(answers));
  });
});
