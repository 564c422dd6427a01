import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CTMS_EXTRACT_LOADED_MESSAGE, CTMS_MESSAGES as M, type CtmsExtractBodyInput } from '@predict/shared';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { baselineStudy, sampleExtract } from './helpers/actuals-fixtures';
import { addStudies, DAY } from './helpers/plans';
import { auditOf } from './helpers/run-fixtures';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let asOf: number;

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'CTMS-0001')) as [number];
  const s = await baselineStudy(t, planner, studyId);
  asOf = s.day0Ms + 400 * DAY;
}, 60_000);
afterAll(async () => t?.close());

const post = (payload: unknown, headers = planner, id = studyId) =>
  t.app.inject({ method: 'POST', url: `/ctpo/study/${id}/CtmsExtract`, headers, payload: payload as object });
const count = async (table: string) => {
  const r = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((r as unknown as { rows: { n: number }[] }).rows[0]!.n);
};
const fieldsOf = (body: { fields?: { path: string; message: string }[] }) =>
  (body.fields ?? []).map((f) => `${f.path}: ${f.message}`);

/** The sample extract with one change applied. */
function changed(edit: (b: CtmsExtractBodyInput) => void): CtmsExtractBodyInput {
  const body = structuredClone(sampleExtract(asOf));
  edit(body);
  return body;
}

describe('POST /ctpo/study/{studyId}/CtmsExtract', () => {
  it('refuses viewers with 403 and writes nothing', async () => {
    const res = await post(sampleExtract(asOf), viewer);
    expect(res.statusCode).toBe(403);
    expect(await count('ctms_extracts')).toBe(0);
  });

  it('answers 404 for an unknown study', async () => {
    expect((await post(sampleExtract(asOf), planner, 999_999)).statusCode).toBe(404);
  });

  it('stores a valid extract as version 1, then version 2 keeping the first, each audited', async () => {
    const first = await post(sampleExtract(asOf));
    expect(first.statusCode).toBe(200);
    const e1 = first.json().extract;
    expect(first.json().message).toBe(CTMS_EXTRACT_LOADED_MESSAGE);
    expect(e1).toMatchObject({ studyId, version: 1, source: 'api', siteCount: 5, siteMonthCount: 4 });
    expect(e1.asOf).toBe(new Date(asOf).toISOString());
    expect(e1.loadedBy).not.toBe('');

    const second = await post(sampleExtract(asOf + DAY));
    expect(second.json().extract.version).toBe(2);
    expect(await count('ctms_extracts')).toBe(2);
    expect(await count('ctms_sites')).toBe(10);
    expect(await count('ctms_site_months')).toBe(8);

    const audit = await auditOf(t, 'ctms_extract', e1.extractId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', entity_version: 1 });
    expect(audit[0]!.new_values).toMatchObject({ siteCount: 5, siteMonthCount: 4, source: 'api' });
  });

  it('derives the site group from the country (lower-case ISO codes accepted)', async () => {
    const r = await t.database.db.execute(
      sql`select s.site_number, g.site_group_name from ctms_sites s join site_groups g using (site_group_id)
          where s.extract_id = (select max(extract_id) from ctms_extracts) order by s.site_number`,
    );
    const rows = (r as unknown as { rows: { site_number: string; site_group_name: string }[] }).rows;
    expect(rows.map((x) => `${x.site_number}:${x.site_group_name}`)).toEqual([
      'D1:Germany',
      'D2:Germany',
      'D3:Germany',
      'D4:Germany',
      'F1:France',
    ]);
  });

  describe('bad input: each error listed, nothing written', () => {
    const refused = async (body: unknown, expected: string[]) => {
      const before = await count('ctms_extracts');
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res.json()).sort()).toEqual([...expected].sort());
      expect(await count('ctms_extracts')).toBe(before);
    };

    it('unknown country', () =>
      refused(
        changed((b) => void (b.sites[0]!.countryIso3 = 'XYZ')),
        [`body.sites.0.countryIso3: ${M.unknownCountry}`],
      ));

    it('activated before selected', () =>
      refused(
        changed((b) => void (b.sites[1]!.siteActivatedDate = '2000-01-01')),
        [`body.sites.1.siteActivatedDate: ${M.activatedBeforeSelected}`],
      ));

    it('negative and non-integer counts (both listed)', () =>
      refused(
        changed((b) => {
          b.siteMonths[0]!.screened = -1;
          b.siteMonths[1]!.enrolled = 1.5;
        }),
        [
          `body.siteMonths.0.screened: ${M.nonNegativeCount}`,
          `body.siteMonths.1.enrolled: ${M.integerCount}`,
        ],
      ));

    it('months after the as-of date or before the study started', () =>
      refused(
        changed((b) => {
          b.siteMonths[0]!.month = '2099-01';
          b.siteMonths[1]!.month = '1999-01';
        }),
        [`body.siteMonths.0.month: ${M.monthAfterAsOf}`, `body.siteMonths.1.month: ${M.monthBeforeStudy}`],
      ));

    it('duplicate site numbers, and several rules at once', () =>
      refused(
        changed((b) => {
          b.sites[4]!.siteNumber = 'D1';
          b.sites[2]!.countryIso3 = 'QQQ';
          b.siteMonths.push({ ...b.siteMonths[0]! });
        }),
        [
          `body.sites.4.siteNumber: ${M.duplicateSite}`,
          `body.sites.2.countryIso3: ${M.unknownCountry}`,
          `body.siteMonths.4.month: ${M.duplicateSiteMonth}`,
          // F1's months now name a site that is not there.
          `body.siteMonths.3.siteNumber: ${M.unknownSite}`,
        ],
      ));

    it('field errors of rows together with the cross-row errors', () =>
      refused(
        changed((b) => {
          b.siteMonths[0]!.screened = -2;
          b.sites[0]!.countryIso3 = 'XYZ';
          b.sites[1]!.siteSelectedDate = '2026-02-30';
        }),
        [
          `body.siteMonths.0.screened: ${M.nonNegativeCount}`,
          `body.sites.0.countryIso3: ${M.unknownCountry}`,
          'body.sites.1.siteSelectedDate: Not a calendar date.',
          // D2's row is refused, so its month names no known site.
          `body.siteMonths.2.siteNumber: ${M.unknownSite}`,
        ],
      ));

    it('a body that is not an extract at all, and an invalid study id', async () => {
      const res = await post({ sites: 'none' });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res.json()).some((f) => f.startsWith('body.sites'))).toBe(true);
      const bad = await post(
        changed((b) => void (b.siteMonths[0]!.screened = -1)),
        planner,
        'abc' as unknown as number,
      );
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad.json()).some((f) => f.startsWith('params.studyId'))).toBe(true);
    });

    it('site months of a site that is not in the extract', () =>
      refused(
        changed((b) => void (b.siteMonths[3]!.siteNumber = 'Z9')),
        [`body.siteMonths.3.siteNumber: ${M.unknownSite}`],
      ));

    it('an as-of time in the future', async () => {
      const body = changed((b) => void (b.asOf = new Date(Date.now() + 10 * DAY).toISOString()));
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res.json())).toContain(`body.asOf: ${M.asOfInFuture}`);
    });
  });
});
