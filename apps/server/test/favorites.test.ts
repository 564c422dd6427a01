import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertStudies } from '../src/seed/seed-demo-data';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { study } from './helpers/studies';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;

const PLANNER = 'planner@predict.example';

beforeAll(async () => {
  t = await createTestApp();
  await insertStudies(t.database.db, [study({ projectId: 'F-0001', studyName: 'Fav study' })]);
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  const res = await t.app.inject({ method: 'GET', url: '/ctpo/studies?search=F-0001', headers: planner });
  studyId = res.json().rows[0].studyId;
});
afterAll(async () => t.close());

const favoritesOf = async (headers: Record<string, string>, email: string) =>
  t.app.inject({ method: 'GET', url: `/ctpo/favorites/user/${encodeURIComponent(email)}`, headers });

const auditCount = async () => {
  const r = await t.database.db.execute(
    sql`select count(*)::int as n from audit_log where entity = 'favorite'`,
  );
  return Number((r as unknown as { rows: { n: number }[] }).rows[0]!.n);
};

describe('favorites', () => {
  it('starts empty, adds, lists, and removes with an audit row for each change', async () => {
    expect((await favoritesOf(planner, PLANNER)).json()).toEqual([]);
    const before = await auditCount();

    const add = await t.app.inject({
      method: 'POST',
      url: '/ctpo/favorite',
      headers: planner,
      payload: { studyId, userId: PLANNER, isFavorite: true, studyName: 'ignored', projectId: 'ignored' },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toEqual({
      studyId,
      projectId: 'F-0001',
      studyName: 'Fav study',
      userId: PLANNER,
      isFavorite: true,
    });
    // Adding again changes nothing.
    await t.app.inject({
      method: 'POST',
      url: '/ctpo/favorite',
      headers: planner,
      payload: { studyId, userId: PLANNER },
    });
    expect((await favoritesOf(planner, PLANNER)).json()).toEqual([
      { studyId, projectId: 'F-0001', studyName: 'Fav study', userId: PLANNER, isFavorite: true },
    ]);
    expect(await auditCount()).toBe(before + 1);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/ctpo/favorite?studyId=${studyId}&userId=${encodeURIComponent(PLANNER)}`,
      headers: planner,
    });
    expect(del.statusCode).toBe(204);
    expect((await favoritesOf(planner, PLANNER)).json()).toEqual([]);
    expect(await auditCount()).toBe(before + 2);
  });

  it("refuses another user's favorites with 403 and writes nothing", async () => {
    expect((await favoritesOf(viewer, PLANNER)).statusCode).toBe(403);
    const before = await auditCount();
    const add = await t.app.inject({
      method: 'POST',
      url: '/ctpo/favorite',
      headers: viewer,
      payload: { studyId, userId: PLANNER },
    });
    expect(add.statusCode).toBe(403);
    expect((await favoritesOf(planner, PLANNER)).json()).toEqual([]);
    expect(await auditCount()).toBe(before);
  });

  it('lets a read-only user keep personal favorites', async () => {
    const add = await t.app.inject({
      method: 'POST',
      url: '/ctpo/favorite',
      headers: viewer,
      payload: { studyId, userId: 'viewer@predict.example' },
    });
    expect(add.statusCode).toBe(201);
  });

  it('answers 404 for an unknown study and 400 with field messages for a bad body', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/ctpo/favorite',
      headers: planner,
      payload: { studyId: 987654, userId: PLANNER },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/ctpo/favorite',
      headers: planner,
      payload: { userId: '' },
    });
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json().fields as { path: string }[]).map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['body.studyId', 'body.userId']));
    const badDelete = await t.app.inject({
      method: 'DELETE',
      url: '/ctpo/favorite?studyId=x',
      headers: planner,
    });
    expect(badDelete.statusCode).toBe(400);
  });
});

describe('audit log', () => {
  it('is append-only', async () => {
    await expect(t.database.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});
