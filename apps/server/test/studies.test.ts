import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertStudies } from '../src/seed/seed-demo-data';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { study } from './helpers/studies';

let t: TestApp;
let auth: Record<string, string>;

const FIXTURES = [
  study({
    projectId: 'P24-0001',
    sponsorName: 'Northwind Bio',
    indication: 'Asthma',
    studyName: 'Alpha',
    opportunityStage: 'Closed Won',
    enrollmentPlanExists: true,
    enrollmentPlanLastUpdate: '2026-03-05T10:00:00.000Z',
  }),
  study({
    projectId: 'P24-0002',
    sponsorName: 'Meridian Pharma',
    indication: 'Psoriasis',
    studyName: 'Beta',
    opportunityStage: 'RFP In House',
    enrollmentPlanExists: true,
    enrollmentPlanLastUpdate: '2026-03-06T23:30:00.000Z',
    soeExists: true,
    soeCosts: true,
    soeLastUpdate: '2025-12-01T08:00:00.000Z',
  }),
  study({
    projectId: 'P24-0003',
    sponsorName: 'Northwind Bio',
    indication: 'Type 2 diabetes',
    studyName: 'Gamma',
    opportunityStage: 'Closed Won',
  }),
  study({
    projectId: 'P25-0100',
    sponsorName: 'Helix 100% Therapeutics',
    indication: 'Migraine',
    studyName: 'Delta',
    opportunityStage: 'Verbal Award',
    enrollmentPlanExists: true,
    enrollmentPlanLastUpdate: '2026-03-07T00:00:00.000Z',
  }),
  study({ projectId: 'A00-0001', sponsorName: 'Labs Q26 Inc', indication: 'Gout', studyName: 'Epsilon' }),
  ...Array.from({ length: 20 }, (_, i) =>
    study({
      projectId: `Q26-${String(i).padStart(4, '0')}`,
      sponsorName: 'Bulk Sponsor',
      indication: 'COPD',
      studyName: `Bulk ${i}`,
    }),
  ),
];

beforeAll(async () => {
  t = await createTestApp();
  await insertStudies(t.database.db, FIXTURES);
  auth = bearer(await t.token('viewer'));
});
afterAll(async () => t.close());

async function list(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/ctpo/studies?${query}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    rows: { projectId: string; [k: string]: unknown }[];
    total: number;
    page: number;
    pageSize: number;
  };
}
const ids = (r: { rows: { projectId: string }[] }) => r.rows.map((x) => x.projectId);

describe('GET /ctpo/studies', () => {
  it('returns the first page of 10 by project id with the total, for the wildcard search', async () => {
    const r = await list('search=*');
    expect(r.total).toBe(25);
    expect(r.pageSize).toBe(10);
    expect(ids(r).slice(0, 5)).toEqual(['A00-0001', 'P24-0001', 'P24-0002', 'P24-0003', 'P25-0100']);
    expect(r.rows[2]).toMatchObject({
      studyName: 'Beta',
      sponsorName: 'Meridian Pharma',
      opportunityStage: 'RFP In House',
      enrollmentPlanExists: 'Y',
      soeExists: 'Y',
      soeCosts: 'Y',
      soeClinicalInformatics: 'N',
      soeDataManagement: 'N',
      enrollmentPlanLastUpdate: '2026-03-06T23:30:00.000Z',
      soeLastUpdate: '2025-12-01T08:00:00.000Z',
    });
  });

  it('searches PCN, sponsor and indication, case-insensitively, ignoring / # \\ &', async () => {
    expect(ids(await list('search=p25'))).toEqual(['P25-0100']);
    expect(ids(await list('search=northwind'))).toEqual(['P24-0001', 'P24-0003']);
    expect(ids(await list('search=PSORI'))).toEqual(['P24-0002']);
    expect(ids(await list(`search=${encodeURIComponent('migr/#&\\aine')}`))).toEqual(['P25-0100']);
    expect((await list('search=Alpha')).total).toBe(0); // study name is not a search field
  });

  it('takes % and _ in the text literally', async () => {
    expect(ids(await list('search=100%25'))).toEqual(['P25-0100']);
    expect((await list('search=_')).total).toBe(0);
  });

  it('filters by text columns, stage, Y/N flags and inclusive date ranges', async () => {
    expect(ids(await list('studyName=gam'))).toEqual(['P24-0003']);
    expect(ids(await list('opportunityStage=Closed%20Won'))).toEqual(['P24-0001', 'P24-0003']);
    expect(ids(await list('enrollmentPlanExists=Y'))).toEqual(['P24-0001', 'P24-0002', 'P25-0100']);
    expect((await list('enrollmentPlanExists=N')).total).toBe(22);
    expect(ids(await list('soeCosts=Y&sponsorName=meridian'))).toEqual(['P24-0002']);
    expect(
      ids(await list('enrollmentPlanLastUpdateFrom=2026-03-06&enrollmentPlanLastUpdateTo=2026-03-06')),
    ).toEqual(['P24-0002']);
    expect(ids(await list('enrollmentPlanLastUpdateFrom=2026-03-06'))).toEqual(['P24-0002', 'P25-0100']);
  });

  it('sorts by any column in both directions with empty values last', async () => {
    const asc = await list('sort=enrollmentPlanLastUpdate&order=asc&pageSize=5');
    expect(ids(asc).slice(0, 3)).toEqual(['P24-0001', 'P24-0002', 'P25-0100']);
    const desc = await list('sort=enrollmentPlanLastUpdate&order=desc&pageSize=5');
    expect(ids(desc).slice(0, 3)).toEqual(['P25-0100', 'P24-0002', 'P24-0001']);
    const byName = await list('sort=studyName&order=desc&search=P24');
    expect(byName.rows.map((r) => r.studyName)).toEqual(['Gamma', 'Beta', 'Alpha']);
  });

  it('pages through the matches', async () => {
    const p2 = await list('page=2&pageSize=10');
    expect(p2.rows).toHaveLength(5);
    expect(p2.page).toBe(2);
    expect(p2.total).toBe(25);
    const beyond = await list('page=9&pageSize=25');
    expect(beyond.rows).toHaveLength(0);
    expect(beyond.total).toBe(25);
  });

  it('answers 400 with a message per field for bad input', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/ctpo/studies?pageSize=7&opportunityStage=Won&enrollmentPlanExists=maybe&soeLastUpdateFrom=1-2-3',
      headers: auth,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { fields: { path: string; message: string }[] };
    const byPath = Object.fromEntries(body.fields.map((f) => [f.path, f.message]));
    expect(byPath['querystring.pageSize']).toBe('Has to be 5, 10 or 25.');
    expect(byPath['querystring.opportunityStage']).toBe('Not a known opportunity stage.');
    expect(byPath['querystring.enrollmentPlanExists']).toBe('Has to be Y or N.');
    expect(byPath['querystring.soeLastUpdateFrom']).toBe('Has to be a date as YYYY-MM-DD.');
  });
});

describe('GET /ctpo/studies/project/{text}*', () => {
  it('returns at most 5 matches, PCN prefix matches first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ctpo/studies/project/*', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(5);
    // 'Q26' starts 20 PCNs and is inside one sponsor name: the PCN matches come first though 'A00' sorts earlier.
    const q26 = await t.app.inject({
      method: 'GET',
      url: '/ctpo/studies/project/q26*?limit=25',
      headers: auth,
    });
    const q26Ids = (q26.json() as { projectId: string }[]).map((r) => r.projectId);
    expect(q26Ids).toHaveLength(21);
    expect(q26Ids.slice(0, 2)).toEqual(['Q26-0000', 'Q26-0001']);
    expect(q26Ids.at(-1)).toBe('A00-0001');
    const q = await t.app.inject({
      method: 'GET',
      url: `/ctpo/studies/project/${encodeURIComponent('p24')}*`,
      headers: auth,
    });
    expect(q.json()).toEqual([
      {
        studyId: expect.any(Number),
        projectId: 'P24-0001',
        studyName: 'Alpha',
        sponsorName: 'Northwind Bio',
      },
      {
        studyId: expect.any(Number),
        projectId: 'P24-0002',
        studyName: 'Beta',
        sponsorName: 'Meridian Pharma',
      },
      {
        studyId: expect.any(Number),
        projectId: 'P24-0003',
        studyName: 'Gamma',
        sponsorName: 'Northwind Bio',
      },
    ]);
  });
});

describe('GET /ctpo/study/{studyId}', () => {
  it('returns the study details, 404 for an unknown id and 400 for a bad id', async () => {
    const [first] = (await list('search=P24-0001')).rows;
    const res = await t.app.inject({
      method: 'GET',
      url: `/ctpo/study/${String(first!.studyId)}`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      projectId: 'P24-0001',
      indication: 'Asthma',
      protocolId: 'PROT-P24-0001',
      studyPlans: [],
    });
    expect((await t.app.inject({ method: 'GET', url: '/ctpo/study/999999', headers: auth })).statusCode).toBe(
      404,
    );
    const bad = await t.app.inject({ method: 'GET', url: '/ctpo/study/abc', headers: auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].path).toBe('params.studyId');
  });
});
