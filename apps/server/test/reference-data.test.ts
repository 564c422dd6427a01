import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CountryOption, SiteGroupOption } from '@predict/shared';
import { z } from 'zod';
import { seedDemoData } from '../src/seed/seed-demo-data';
import { bearer, createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
let viewer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  viewer = bearer(await t.token('viewer'));
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: viewer });

describe('reference data for the Add Country dialog', () => {
  it('answers empty lists before any reference data exists', async () => {
    expect((await get('/ctpo/sitegroups')).json()).toEqual([]);
    expect((await get('/ctpo/countries')).json()).toEqual([]);
  });

  it('lists every site group with its country, start-up options, Site ID days and version', async () => {
    await seedDemoData(t.database.db);
    const res = await get('/ctpo/sitegroups');
    expect(res.statusCode).toBe(200);
    const groups = z.array(SiteGroupOption).parse(res.json());
    expect(groups).toHaveLength(56);
    const usa = groups.filter((g) => g.countryCodeISO3 === 'USA');
    expect(usa.map((g) => g.siteGroupName)).toEqual(['USA - Central', 'USA - Local']);
    const germany = groups.find((g) => g.siteGroupName === 'Germany')!;
    expect(germany).toMatchObject({
      countryName: 'Germany',
      countryCodeISO3: 'DEU',
      region: 'Western Europe',
      isCtisEligible: true,
      version: 1,
    });
    expect(germany.timeCountryStartUpSuperShortDays).toBeLessThanOrEqual(germany.timeCountryStartUpLongDays);
    expect(groups.filter((g) => g.isCtisEligible)).toHaveLength(27);
  });

  it('shows a site-group change written by another process (straight to the database) at the next read', async () => {
    const germany = async () =>
      (await get('/ctpo/sitegroups')).json().find((g: SiteGroupOption) => g.siteGroupName === 'Germany');
    const before = await germany();
    await t.database.db.execute(
      sql`update site_groups set time_site_id_small_days = time_site_id_small_days + 7, version = version + 1,
          updated_at = now() where site_group_name = 'Germany'`,
    );
    expect(await germany()).toMatchObject({
      timeSiteIdSmallDays: before.timeSiteIdSmallDays + 7,
      version: before.version + 1,
    });
  });

  it('lists every country with ISO3 code, region and EU membership, by name', async () => {
    const res = await get('/ctpo/countries');
    expect(res.statusCode).toBe(200);
    const countries = z.array(CountryOption).parse(res.json());
    expect(countries).toHaveLength(55);
    expect(countries.filter((c) => c.isEuMember)).toHaveLength(27);
    const names = countries.map((c) => c.countryName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(countries.find((c) => c.countryCodeISO3 === 'FRA')).toEqual({
      countryId: expect.any(Number),
      countryName: 'France',
      countryCodeISO3: 'FRA',
      region: 'Western Europe',
      isEuMember: true,
    });
  });

  it('documents both answers in OpenAPI under stable names', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/ctpo/docs/json' })).json() as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/ctpo/sitegroups',
        '/ctpo/countries',
        '/ctpo/admin/sitegroups',
        '/ctpo/admin/sitegroup/{id}',
        '/ctpo/study/0/AdminDataUpload',
      ]),
    );
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'SiteGroupOption',
        'CountryOption',
        'AdminSiteGroup',
        'AdminSiteGroupSaveBody',
      ]),
    );
  });
});
