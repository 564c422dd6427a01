import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORDS } from '../src/auth/demo-users';
import { createTestApp, type TestApp } from './helpers/app';

// Failed sign-ins at the built-in provider's login form, inside the whole app (default TRUST_PROXY: off).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
afterEach(() => vi.useRealTimers());

const HOST = { host: 'localhost:8080' };
const cookiesOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[])
    .concat((res.headers['set-cookie'] as string | string[] | undefined) ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');

/** Starts a sign-in from `remoteAddress` and follows it to the login form. */
async function openLoginForm(remoteAddress: string) {
  const start = await t.app.inject({ method: 'GET', url: '/ctpo/auth/login', remoteAddress });
  const authorize = new URL(start.headers.location as string);
  const auth = await t.app.inject({
    method: 'GET',
    url: `${authorize.pathname}${authorize.search}`,
    headers: HOST,
    remoteAddress,
  });
  expect(auth.statusCode).toBe(303);
  const action = new URL(auth.headers.location as string, 'http://localhost:8080').pathname;
  const cookie = cookiesOf(auth);
  const page = await t.app.inject({
    method: 'GET',
    url: action,
    headers: { ...HOST, cookie },
    remoteAddress,
  });
  expect(page.body).toContain('id="password"');

  return (username: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: action,
      headers: { ...HOST, ...headers, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, password }).toString(),
      remoteAddress,
    });
}

const INVALID = 'Invalid username or password.';
const LOCKED = /Too many failed sign-ins\. Try again in (\d+) minutes?\./;

describe('failed sign-ins at the login form', () => {
  it('refuses a username at an address after 5 wrong passwords, even the right one, with a clear message', async () => {
    const signIn = await openLoginForm('10.0.0.1');
    for (let i = 0; i < 4; i++) {
      const res = await signIn('admin', `guess-${i}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(INVALID);
    }
    const fifth = await signIn('admin', 'guess-4');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.body).toMatch(/role="alert">Too many failed sign-ins\. Try again in 1 minute\.</);
    expect(fifth.headers['retry-after']).toBe('60');

    const right = await signIn('Admin', DEMO_PASSWORDS.admin);
    expect(right.statusCode).toBe(429);
    expect(right.body).toMatch(LOCKED);

    // A different X-Forwarded-For does not make a new client: no proxy is trusted by default.
    const spoofed = await signIn('admin', DEMO_PASSWORDS.admin, { 'x-forwarded-for': '203.0.113.9' });
    expect(spoofed.statusCode).toBe(429);

    // The same user from another address, and another user from this address, still sign in.
    expect((await (await openLoginForm('10.0.0.2'))('admin', DEMO_PASSWORDS.admin)).statusCode).toBe(303);
    expect((await (await openLoginForm('10.0.0.1'))('planner', DEMO_PASSWORDS.planner)).statusCode).toBe(303);
  });

  it('lets the user in once the delay has passed, and doubles it after the next failure', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const signIn = await openLoginForm('10.0.0.3');
    for (let i = 0; i < 5; i++) await signIn('viewer', `guess-${i}`);
    expect((await signIn('viewer', DEMO_PASSWORDS.viewer)).statusCode).toBe(429);

    vi.setSystemTime(Date.now() + 61_000);
    const again = await signIn('viewer', 'still-wrong');
    expect(again.statusCode).toBe(429);
    expect(again.body).toContain('Try again in 2 minutes.');

    vi.setSystemTime(Date.now() + 2 * 60_000 + 1_000);
    expect((await signIn('viewer', DEMO_PASSWORDS.viewer)).statusCode).toBe(303);
  });

  it('starts counting again after a successful sign-in', async () => {
    const first = await openLoginForm('10.0.0.4');
    for (let i = 0; i < 4; i++) expect((await first('planner', `guess-${i}`)).body).toContain(INVALID);
    expect((await first('planner', DEMO_PASSWORDS.planner)).statusCode).toBe(303);

    const second = await openLoginForm('10.0.0.4');
    for (let i = 0; i < 4; i++) expect((await second('planner', `again-${i}`)).statusCode).toBe(200);
    expect((await second('planner', 'again-4')).statusCode).toBe(429);
  });

  it('refuses an address that tries many usernames', async () => {
    const signIn = await openLoginForm('10.0.0.5');
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) answers.push((await signIn(`user${i}`, 'guess')).statusCode);
    expect(answers.slice(0, 19).every((s) => s === 200)).toBe(true);
    expect(answers[19]).toBe(429);
    const res = await signIn('planner', DEMO_PASSWORDS.planner);
    expect(res.statusCode).toBe(429);
    expect(res.body).toMatch(LOCKED);
  });
});
