import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /ctpo/login', () => {
  it.each([
    ['planner', { readOnly: false, admin: false }],
    ['viewer', { readOnly: true, admin: false }],
    ['admin', { readOnly: false, admin: true }],
  ] as const)('returns %s with groups and roles', async (username, roles) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ctpo/login',
      headers: bearer(await t.token(username)),
    });
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({ username, email: `${username}@predict.example`, roles });
    expect(user.groups.length).toBeGreaterThan(0);
    expect(user).not.toHaveProperty('via');
  });
});

describe('POST /ctpo/study/0/UserLogin', () => {
  it('records the login with the identity from the token and an audit row', async () => {
    const token = await t.token('viewer');
    const res = await t.app.inject({
      method: 'POST',
      url: '/ctpo/study/0/UserLogin',
      headers: bearer(token),
      payload: {
        FirstName: 'Val',
        LastName: 'Viewer',
        Email: 'viewer@predict.example',
        Username: 'viewer',
        UserID: 'viewer',
        Locale: 'en-US',
      },
    });
    expect(res.statusCode).toBe(204);
    const rows = await t.database.db.execute(sql`select subject, first_name, locale from user_logins`);
    const list = (rows as unknown as { rows: { subject: string; first_name: string; locale: string }[] })
      .rows;
    expect(list).toEqual([{ subject: 'viewer', first_name: 'Val', locale: 'en-US' }]);
    const audit = await t.database.db.execute(
      sql`select count(*)::int as n from audit_log where entity = 'user_login'`,
    );
    expect(Number((audit as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(1);
  });

  it('rejects a profile field over its limit with 400 and records nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ctpo/study/0/UserLogin',
      headers: bearer(await t.token('planner')),
      payload: { FirstName: 'x'.repeat(201) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].path).toBe('body.FirstName');
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from user_logins where subject = 'planner'`,
    );
    expect(Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0);
  });
});
