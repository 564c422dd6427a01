import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSiteGroup, AdminSiteGroupSaveInput } from '@predict/shared';
import { seedDemoData } from '../src/seed/seed-demo-data';
import { bearer, createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
let admin: Record<string, string>;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let germanyId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db);
  admin = bearer(await t.token('admin'));
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  const list = await t.app.inject({ method: 'GET', url: '/ctpo/admin/sitegroups', headers: viewer });
  germanyId = (list.json() as { siteGroupId: number; siteGroupName: string }[]).find(
    (g) => g.siteGroupName === 'Germany',
  )!.siteGroupId;
});
afterAll(async () => t.close());

const read = async (id = germanyId): Promise<AdminSiteGroup> =>
  (await t.app.inject({ method: 'GET', url: `/ctpo/admin/sitegroup/${id}`, headers: viewer })).json();

const save = (headers: Record<string, string>, payload: AdminSiteGroupSaveInput) =>
  t.app.inject({ method: 'POST', url: '/ctpo/study/0/AdminDataUpload', headers, payload });

const auditRows = async (id = germanyId) => {
  const r = await t.database.db.execute(
    sql`select action, entity_version, actor_subject, old_values, new_values from audit_log
        where entity = 'site_group' and entity_id = ${String(id)} order by audit_id`,
  );
  return (r as unknown as { rows: Record<string, unknown>[] }).rows;
};

/** Saves a change to the current Germany group and expects 400 with exactly these fields; nothing may change. */
async function expectRejected(
  change: (g: AdminSiteGroup) => AdminSiteGroupSaveInput,
  fields: { path: string; message: string }[],
) {
  const before = await read();
  const audits = (await auditRows()).length;
  const res = await save(admin, change(structuredClone(before)));
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ error: 'Bad Request', fields });
  expect(res.json().fields).toHaveLength(fields.length);
  expect(await read()).toEqual(before);
  expect(await auditRows()).toHaveLength(audits);
}

const monthValues = (values: Array<number | null>) =>
  values.map((v, m) => ({ enrollmentSeasonalMonth: m, enrollmentSeasonalVariation: v }));
const points = (...pairs: Array<[number | null, number | null]>) =>
  pairs.map(([s, d]) => ({ siteActivationProfilePct: s, siteActivationProfileDays: d }));

describe('reading site groups', () => {
  it('lists every site group with its country, by name, for any signed-in user', async () => {
    for (const headers of [viewer, planner, admin]) {
      const res = await t.app.inject({ method: 'GET', url: '/ctpo/admin/sitegroups', headers });
      expect(res.statusCode).toBe(200);
      const list = res.json() as { siteGroupName: string }[];
      expect(list).toHaveLength(56);
      expect(list.map((g) => g.siteGroupName)).toEqual(
        [...list.map((g) => g.siteGroupName)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      );
    }
  });

  it('answers one site group with its activation profile and 12 seasonal months', async () => {
    const group = await read();
    expect(group).toMatchObject({ siteGroupId: germanyId, siteGroupName: 'Germany', countryName: 'Germany' });
    expect(group.version).toBeGreaterThanOrEqual(1);
    expect(group.enrollmentVariations.map((v) => v.enrollmentSeasonalMonth)).toEqual([...Array(12).keys()]);
    expect(group.activationProfiles.length).toBeGreaterThanOrEqual(2);
    expect(group.activationProfiles[0]).toEqual({
      siteActivationProfilePct: expect.any(Number),
      siteActivationProfileDays: expect.any(Number),
      overrideFl: false,
    });
  });

  it('answers 404 JSON for a site group that does not exist and 400 for a bad id', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/ctpo/admin/sitegroup/987654',
      headers: viewer,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Not Found', message: 'Site group not found.' });
    const bad = await t.app.inject({ method: 'GET', url: '/ctpo/admin/sitegroup/abc', headers: viewer });
    expect(bad.statusCode).toBe(400);
  });
});

describe('saving a site group', () => {
  it('lets only admins save: planners and viewers get 403 and nothing changes', async () => {
    const before = await read();
    for (const headers of [planner, viewer]) {
      const res = await save(headers, { ...before, packagePrepDays: 1 });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('Forbidden');
    }
    expect(await read()).toEqual(before);
  });

  it('saves everything in one go, raises the version and writes an audit row with old and new values', async () => {
    const before = await read();
    const body: AdminSiteGroupSaveInput = {
      ...before,
      packagePrepDays: 41,
      timeSIVDays: 33,
      isRollingSubmission: 1,
      firstSiteIdDays: 12,
      activationProfiles: points([null, 0], [null, null], [4, 30], [9, 60]),
      enrollmentVariations: monthValues([0.5, 0.6, 1, 1, 1, 1, 0.75, 0.5, 1, 1, 1, 0.25]),
    };
    const res = await save(admin, body);
    expect(res.statusCode).toBe(200);
    const saved = res.json() as AdminSiteGroup;
    expect(saved).toMatchObject({ packagePrepDays: 41, timeSIVDays: 33, firstSiteIdDays: 12 });
    expect(saved.version).toBe(before.version + 1);
    // The empty column is dropped and the half-filled one gets 0 sites.
    expect(saved.activationProfiles).toEqual([
      { siteActivationProfilePct: 0, siteActivationProfileDays: 0, overrideFl: false },
      { siteActivationProfilePct: 4, siteActivationProfileDays: 30, overrideFl: false },
      { siteActivationProfilePct: 9, siteActivationProfileDays: 60, overrideFl: false },
    ]);
    expect(saved.enrollmentVariations[0]!.enrollmentSeasonalVariation).toBe(0.5);
    expect(await read()).toEqual(saved);
    const options = await t.app.inject({ method: 'GET', url: '/ctpo/sitegroups', headers: viewer });
    expect(options.json().find((g: { siteGroupId: number }) => g.siteGroupId === germanyId)).toMatchObject({
      version: saved.version,
    });

    const [audit] = (await auditRows()).slice(-1);
    expect(audit).toMatchObject({
      action: 'update',
      entity_version: saved.version,
      actor_subject: 'admin',
      old_values: expect.objectContaining({
        packagePrepDays: before.packagePrepDays,
        version: before.version,
      }),
      new_values: expect.objectContaining({ packagePrepDays: 41, version: saved.version }),
    });
  });

  it('stores 0 days to first site ID without rolling submission', async () => {
    const res = await save(admin, { ...(await read()), isRollingSubmission: 0, firstSiteIdDays: 77 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isRollingSubmission: 0, firstSiteIdDays: 0 });
  });

  it('answers 409 with the current version for a stale save and changes nothing', async () => {
    const current = await read();
    const res = await save(admin, { ...current, version: current.version - 1, packagePrepDays: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'Conflict', currentVersion: current.version });
    expect(await read()).toEqual(current);
  });

  it('answers 404 for a site group that does not exist', async () => {
    expect((await save(admin, { ...(await read()), siteGroupId: 987654 })).statusCode).toBe(404);
  });
});

describe('the Admin Data rules through the save call (nothing is written when one fails)', () => {
  it('day counts: required, whole, from 0 to 9999', async () => {
    await expectRejected(
      (g) => ({
        ...g,
        packagePrepDays: null,
        timeSIVDays: 2.5,
        timeSiteIdSmallDays: -1,
        timeCountryStartUpLongDays: 10000,
      }),
      [
        { path: 'body.timeSiteIdSmallDays', message: 'Has to be a value from 0 to 9999.' },
        { path: 'body.timeCountryStartUpLongDays', message: 'Has to be a value from 0 to 9999.' },
        { path: 'body.packagePrepDays', message: "Can't be empty." },
        { path: 'body.timeSIVDays', message: 'Has to be an integer.' },
      ],
    );
    await expectRejected(
      (g) => ({ ...g, timeFirstPatientScreenDays: '12' as unknown as number }),
      [{ path: 'body.timeFirstPatientScreenDays', message: 'Has to be an integer.' }],
    );
  });

  it('days to first site ID are required with rolling submission', async () => {
    await expectRejected(
      (g) => ({ ...g, isRollingSubmission: 1, firstSiteIdDays: null }),
      [{ path: 'body.firstSiteIdDays', message: "Can't be empty." }],
    );
    await expectRejected(
      (g) => ({ ...g, isRollingSubmission: 2 as 1 }),
      [{ path: 'body.isRollingSubmission', message: 'Has to be 0 (No) or 1 (Yes).' }],
    );
  });

  it('activation profile: sites and days increasing, without duplicates, non-negative, whole', async () => {
    const at = (i: number, f: 'Pct' | 'Days') => `body.activationProfiles.${i}.siteActivationProfile${f}`;
    await expectRejected(
      (g) => ({ ...g, activationProfiles: points([5, 30], [3, 20], [3, 20], [-1, -1]) }),
      [
        { path: at(1, 'Pct'), message: 'Number of sites should be increasing.' },
        { path: at(1, 'Days'), message: 'Days should be increasing.' },
        { path: at(2, 'Pct'), message: 'Number of sites should not have duplicates.' },
        { path: at(2, 'Days'), message: 'Days should not have duplicates.' },
        { path: at(3, 'Pct'), message: 'Number of sites should be non-negative.' },
        { path: at(3, 'Days'), message: 'Days should be non-negative.' },
      ],
    );
    await expectRejected(
      (g) => ({ ...g, activationProfiles: points([1.5, 0], [2, 10.5]) }),
      [
        { path: at(0, 'Pct'), message: 'Has to be an integer.' },
        { path: at(1, 'Days'), message: 'Has to be an integer.' },
      ],
    );
  });

  it('activation profile: at most 11 columns', async () => {
    const twelve = Array.from({ length: 12 }, (_, i): [number, number] => [i + 1, i * 10]);
    await expectRejected(
      (g) => ({ ...g, activationProfiles: points(...twelve) }),
      [{ path: 'body.activationProfiles', message: 'At most 11 activation profile rows.' }],
    );
  });

  it('seasonal variation: each month non-empty, from 0 to 1, 2 decimals, not all zero, all 12 months', async () => {
    const year = (change: (v: Array<number | null>) => void) => {
      const values: Array<number | null> = Array.from({ length: 12 }, () => 1);
      change(values);
      return monthValues(values);
    };
    const month = (i: number) => `body.enrollmentVariations.${i}.enrollmentSeasonalVariation`;
    await expectRejected(
      (g) => ({
        ...g,
        enrollmentVariations: year((v) => {
          v[0] = null;
          v[1] = -0.5;
          v[2] = 1.5;
          v[3] = 0.125;
        }),
      }),
      [
        { path: month(0), message: "Can't be empty." },
        { path: month(1), message: 'Has to be a value from 0 to 1.' },
        { path: month(2), message: 'Has to be a value from 0 to 1.' },
        { path: month(3), message: 'Has to have at most 2 decimals.' },
      ],
    );
    await expectRejected(
      (g) => ({ ...g, enrollmentVariations: year((v) => v.fill(0)) }),
      [{ path: 'body.enrollmentVariations', message: 'Cannot all be zero.' }],
    );
    await expectRejected(
      (g) => ({ ...g, enrollmentVariations: g.enrollmentVariations.slice(0, 11) }),
      [{ path: 'body.enrollmentVariations', message: 'Has to have one value for each month, Jan to Dec.' }],
    );
  });
});
