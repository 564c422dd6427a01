import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenRevocations } from '../src/auth/revocations';
import { createTestApp, type TestApp } from './helpers/app';

/**
 * Sign-out revokes the access token on the server (auth/revocations.ts): a copy of the cookie taken before the
 * sign-out (another tab, a stolen cookie, a script) is refused until the token's exp, by every API process, while
 * the user's other sessions go on.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t?.close());

const asCookie = (token: string) => ({ cookie: `predict_at=${token}` });
const quickLinks = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/ctpo/quickLinks', headers })).statusCode;
const signOut = (token: string) =>
  t.app.inject({ method: 'GET', url: '/ctpo/auth/logout', headers: asCookie(token) });

describe('sign-out', () => {
  it('ends the session of its cookie at once; the same user’s other sessions keep working', async () => {
    const session = await t.token('planner');
    const otherSession = await t.token('planner');
    expect(await quickLinks(asCookie(session))).toBe(200);
    expect(await quickLinks(asCookie(otherSession))).toBe(200);

    const out = await signOut(session);
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/goodbye');
    expect(String(out.headers['set-cookie'])).toMatch(/predict_at=;/);

    // The old cookie, replayed, is refused as a cookie and as a bearer token, though its exp is hours away.
    expect(decodeJwt(session).exp! * 1000).toBeGreaterThan(Date.now() + 7 * 3600_000);
    expect(await quickLinks(asCookie(session))).toBe(401);
    expect(await quickLinks({ authorization: `Bearer ${session}` })).toBe(401);
    expect(await quickLinks(asCookie(otherSession))).toBe(200);

    // Signing out twice, or with a cookie that is not a valid token, is harmless and records nothing new.
    expect((await signOut(session)).statusCode).toBe(302);
    expect((await signOut('not-a-token')).statusCode).toBe(302);
    const rows = await t.database.db.query.revokedAccessTokens.findMany();
    expect(rows).toHaveLength(1);
    // The database keeps the token's hash until its exp, never the token.
    expect(rows[0]!.tokenHash).not.toContain(session.slice(0, 20));
    expect(rows[0]!.expiresAt.getTime()).toBe(decodeJwt(session).exp! * 1000);
  });

  it('holds in every API process: another process reads the revocation from the database', async () => {
    const token = await t.token('viewer');
    // Two processes' deny lists on the one database; the second has already looked once.
    const here = createTokenRevocations({ db: t.database.db });
    let clock = Date.now();
    const elsewhere = createTokenRevocations({ db: t.database.db, refreshMs: 1_000, now: () => clock });
    expect(await elsewhere.isRevoked(token)).toBe(false);

    await here.revoke(token, decodeJwt(token).exp!);
    expect(await here.isRevoked(token)).toBe(true);
    // Until its next look (at most refreshMs later) the other process still has its copy...
    expect(await elsewhere.isRevoked(token)).toBe(false);
    clock += 1_000;
    // ...then it refuses the token too.
    expect(await elsewhere.isRevoked(token)).toBe(true);
    expect(await elsewhere.isRevoked(await t.token('viewer'))).toBe(false);
  });
});
