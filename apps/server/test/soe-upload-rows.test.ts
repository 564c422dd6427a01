import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COUNTRY_COST_MESSAGES,
  SITE_CONTRACT_MESSAGES,
  SOE_MESSAGES,
  type CountryDefaultCostInput,
  type CountryDefaultCostRow,
  type SoeAssessment,
  type SoeAssessmentLevel,
  type SoeSiteGroupEntry,
  type SoeVisit,
  type SoeVisitLevel,
} from '@predict/shared';
import { baselineStudy, sampleExtract, type ActualsStudy } from './helpers/actuals-fixtures';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies } from './helpers/plans';
import { addPlanCountry } from './helpers/run-fixtures';
import {
  assessment,
  createSoe,
  getJson,
  save,
  soeAuditRows,
  soeForm,
  soeRowCounts,
  visit,
} from './helpers/soe';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let admin: Record<string, string>;
let studyId: number;
let study: ActualsStudy;
let soeId: number;
let d1: SoeSiteGroupEntry;
let a: SoeAssessment[];
let v: SoeVisit[];

const post = (url: string, payload: unknown, headers = planner) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const DEMO_COSTS = JSON.parse(
  readFileSync(new URL('../src/seed/country-default-costs.json', import.meta.url), 'utf8'),
) as CountryDefaultCostInput[];

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  admin = bearer(await t.token('admin'));
  [studyId] = (await addStudies(t, 'SOEU-0002')) as [number];
  study = await baselineStudy(t, planner, studyId);
  await addPlanCountry(t, study.planId, 1, { iso3: 'USA', name: 'USA - Central', eu: false, sites: 4 });
  const extract = sampleExtract(Date.UTC(2026, 5, 30));
  for (const s of extract.sites) s.contractStatus = s.siteNumber === 'D1' ? 'Fully Executed' : null;
  expect((await post(`/ctpo/study/${studyId}/CtmsExtract`, extract)).statusCode).toBe(200);
  soeId = await createSoe(t, planner, studyId, soeForm({ studyPlanId: study.planId }));
  const res = await save(t, planner, soeId, {
    version: 1,
    visits: [visit('Screening', { visitCategory: 'Screening', visitStudyDay: 0 }), visit('Day 1')],
    assessments: [
      assessment('Informed Consent', { assessmentCost: 150 }),
      assessment('Vital Signs', { assessmentCost: 35 }),
      assessment('Local ECG', { assessmentCost: 80 }),
    ],
  });
  expect(res.statusCode).toBe(200);
  expect(
    (await post(`/ctpo/study/${studyId}/SOESiteSelectedList`, { scheduleOfEventsId: soeId })).statusCode,
  ).toBe(200);
  d1 = (await getJson<SoeSiteGroupEntry[]>(t, planner, `/ctpo/soe/${soeId}/sitegroups`)).find(
    (e) => e.siteNumber === 'D1',
  )!;
  a = await getJson<SoeAssessment[]>(t, planner, `/ctpo/soe/${soeId}/assessments`);
  v = await getJson<SoeVisit[]>(t, planner, `/ctpo/soe/${soeId}/visits`);
});
afterAll(async () => t.close());

const countryAssessments = (sg: number, site = 1) =>
  getJson<SoeAssessmentLevel[]>(t, planner, `/ctpo/soe/${soeId}/assessments/sitegroup/${sg}/site/${site}`);
const ownCost = async (sg: number, name: string, site = 1) =>
  (await countryAssessments(sg, site)).find((r) => r.assessmentName === name)!.assessmentCost;
const row = (countryName: string, assessmentName: string, assessmentCost: number) => ({
  scheduleOfEventsId: soeId,
  countryName,
  assessmentName,
  assessmentCost,
});

describe('POST SOEUploadCountry', () => {
  it('answers every bad row and writes nothing', async () => {
    const before = await soeRowCounts(t, soeId);
    const res = await post(`/ctpo/study/${studyId}/SOEUploadCountry`, [
      row('DEU', 'Informed Consent', 120),
      row('Germany', 'Blood Pressure Cuff', 5),
      row('FRA', 'Vital Signs', 30),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(COUNTRY_COST_MESSAGES.uploadFailed);
    expect(res.json().fields).toEqual([
      { path: 'body.1.assessmentName', message: SOE_MESSAGES.unknownAssessment },
      { path: 'body.2.countryName', message: COUNTRY_COST_MESSAGES.unknownCountry },
    ]);
    expect(await soeRowCounts(t, soeId)).toEqual(before);
  });

  it('refuses an assessment listed twice for one country (by name and by ISO3)', async () => {
    const res = await post(`/ctpo/study/${studyId}/SOEUploadCountry`, [
      row('DEU', 'Vital Signs', 30),
      row('Germany', 'vital signs', 31),
    ]);
    expect(res.json().fields).toEqual([
      { path: 'body.1.assessmentName', message: SOE_MESSAGES.rowListedTwice },
    ]);
  });

  it("sets the countries' own assessment costs ('USA' names the US group)", async () => {
    const usa = (await getJson<SoeSiteGroupEntry[]>(t, planner, `/ctpo/soe/${soeId}/sitegroups`)).find(
      (e) => e.countryCodeISO3 === 'USA' && e.siteId === 1,
    )!;
    const res = await post(`/ctpo/study/${studyId}/SOEUploadCountry`, [
      row('DEU', 'Informed Consent', 120),
      row('USA', 'Local ECG', 95.5),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: COUNTRY_COST_MESSAGES.uploaded, rows: 2 });
    expect(await ownCost(study.germany, 'Informed Consent')).toBe(120);
    expect(await ownCost(usa.siteGroupId, 'Local ECG')).toBe(95.5);
    expect((await soeAuditRows(t, soeId)).at(-1)!.new_values).toEqual({ assessmentLevelValues: 2 });
  });

  it('refuses an empty list and a hostile name (400)', async () => {
    expect((await post(`/ctpo/study/${studyId}/SOEUploadCountry`, [])).statusCode).toBe(400);
    const res = await post(`/ctpo/study/${studyId}/SOEUploadCountry`, [row('DEU', '<script>\u0000', 1)]);
    expect(res.statusCode).toBe(400);
  });
});

describe('POST SOEUploadSite', () => {
  const body = (visits: unknown[], assessments: unknown[] = []) => ({
    scheduleOfEventsId: soeId,
    siteNumber: 'D1',
    siteId: d1.siteId,
    visits,
    assessments,
  });

  it('answers every bad row and writes nothing', async () => {
    const before = await soeRowCounts(t, soeId);
    const res = await post(
      `/ctpo/study/${studyId}/SOEUploadSite`,
      body(
        [
          { visitName: 'Screening', visitCost: 500, currency: null },
          { visitName: 'Day 9', visitCost: 10, currency: null },
        ],
        [{ assessmentName: 'Vital Signs', assessmentCost: 40, currency: 'EUR' }],
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SITE_CONTRACT_MESSAGES.uploadFailed);
    expect(res.json().fields).toEqual([
      { path: 'body.visits.1.visitName', message: SOE_MESSAGES.unknownVisit },
      { path: 'body.assessments.0.currency', message: SITE_CONTRACT_MESSAGES.siteCurrency('USD') },
    ]);
    expect(await soeRowCounts(t, soeId)).toEqual(before);
  });

  it('refuses the contract of a site that is not the one named', async () => {
    const res = await post(`/ctpo/study/${studyId}/SOEUploadSite`, {
      ...body([{ visitName: 'Screening', visitCost: 500, currency: null }]),
      siteNumber: 'F1',
    });
    expect(res.json().fields).toEqual([{ path: 'body.siteId', message: SITE_CONTRACT_MESSAGES.unknownSite }]);
  });

  it("sets the site's visit totals and own assessment costs", async () => {
    const res = await post(
      `/ctpo/study/${studyId}/SOEUploadSite`,
      body(
        [{ visitName: 'screening', visitCost: 500, currency: 'USD' }],
        [{ assessmentName: 'Vital Signs', assessmentCost: 40, currency: null }],
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SITE_CONTRACT_MESSAGES.uploaded, rows: 2 });
    const visits = await getJson<SoeVisitLevel[]>(
      t,
      planner,
      `/ctpo/soe/${soeId}/visits/sitegroup/${d1.siteGroupId}/site/${d1.siteId}`,
    );
    // The contract's visit amount is the site's Total Visit Cost, not a fixed cost on top of the computed one.
    const screening = visits.find((x) => x.scheduleOfEventsVisitId === v[0]!.scheduleOfEventsVisitId)!;
    expect(screening.visitCostTotal).toBe(500);
    expect(screening.visitCost).toBeNull();
    expect(await ownCost(d1.siteGroupId, 'Vital Signs', d1.siteId)).toBe(40);
  });
});

describe('country default assessment costs', () => {
  const demo = (iso3: string, name: string) =>
    DEMO_COSTS.find((r) => r.countryCodeISO3 === iso3 && r.assessmentName === name)!;
  const list = (sg: number, id = soeId) =>
    getJson<CountryDefaultCostRow[]>(t, planner, `/ctpo/soe/${id}/defaultcost/sitegroup/${sg}`);

  it("lists the demo figures of the country for the SOE's assessments of the reference list", async () => {
    const rows = await list(study.germany);
    expect(rows.map((r) => r.assessmentName)).toEqual(['Informed Consent', 'Vital Signs']);
    // Demo data: the study cost (150) x Germany's factor 0.85, in USD like the SOE and the country.
    const consent = rows[0]!;
    expect(consent.assessmentCostAVG).toBe(127.5);
    expect(consent).toEqual({
      assessmentId: a[0]!.scheduleOfEventsAssessmentId,
      assessmentTypeDetail: 'Procedure',
      assessmentName: 'Informed Consent',
      assessmentCostMAX: demo('DEU', 'Informed Consent').assessmentCostMAX,
      assessmentCostMIN: demo('DEU', 'Informed Consent').assessmentCostMIN,
      assessmentCostAVG: 127.5,
      countOfDataPoints: demo('DEU', 'Informed Consent').countOfDataPoints,
    });
  });

  it('is empty for an SOE without assessments of the reference list', async () => {
    const other = await createSoe(
      t,
      planner,
      studyId,
      soeForm({ scheduleOfEventsName: 'No refs', studyPlanId: study.planId }),
    );
    expect(
      (await save(t, planner, other, { version: 1, assessments: [assessment('Local ECG')] })).statusCode,
    ).toBe(200);
    expect(await list(study.germany, other)).toEqual([]);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/ctpo/soe/${other}/defaultcost/sitegroup/999999`,
          headers: planner,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("applies the chosen figure to the country's assessments", async () => {
    const res = await post(`/ctpo/study/${studyId}/AssessmentDefaultCost`, {
      studyId,
      scheduleOfEventsId: soeId,
      siteGroupId: study.germany,
      assessmentDefaultCostType: 'Max',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: COUNTRY_COST_MESSAGES.imported, rows: 2 });
    expect(await ownCost(study.germany, 'Vital Signs')).toBe(demo('DEU', 'Vital Signs').assessmentCostMAX);
    expect(await ownCost(study.germany, 'Informed Consent')).toBe(
      demo('DEU', 'Informed Consent').assessmentCostMAX,
    );
  });

  it('lets admins replace the reference data, naming bad rows', async () => {
    const good = {
      countryCodeISO3: 'DEU',
      assessmentName: 'Vital Signs',
      assessmentCostMIN: 10,
      assessmentCostAVG: 20,
      assessmentCostMAX: 30,
      countOfDataPoints: 3,
    };
    const url = '/ctpo/admin/reference-data/country-default-costs';
    const put = (payload: unknown, headers = admin) =>
      t.app.inject({ method: 'PUT', url, headers, payload: payload as object });
    expect((await put({ rows: [good] }, planner)).statusCode).toBe(403);
    const bad = await put({ rows: [good, { ...good, countryCodeISO3: 'XXX' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([
      { path: 'body.rows.1.countryCodeISO3', message: 'Not a known country.' },
    ]);
    expect((await put({ rows: [{ ...good, assessmentCostMIN: 25 }] })).statusCode).toBe(400);
    expect((await put({ rows: [good] })).json()).toEqual({
      message: 'Country default costs saved.',
      rows: 1,
    });
    expect((await list(study.germany)).map((r) => [r.assessmentName, r.assessmentCostAVG])).toEqual([
      ['Vital Signs', 20],
    ]);
  });
});

describe('viewers', () => {
  it('get 403 on every upload', async () => {
    const calls: [string, unknown][] = [
      [`/ctpo/study/${studyId}/SOEUploadCountry`, [row('DEU', 'Informed Consent', 1)]],
      [
        `/ctpo/study/${studyId}/SOEUploadSite`,
        { scheduleOfEventsId: soeId, siteNumber: 'D1', siteId: d1.siteId, visits: [], assessments: [] },
      ],
      [
        `/ctpo/study/${studyId}/AssessmentDefaultCost`,
        { scheduleOfEventsId: soeId, siteGroupId: study.germany, assessmentDefaultCostType: 'Avg' },
      ],
    ];
    for (const [url, payload] of calls) expect((await post(url, payload, viewer)).statusCode).toBe(403);
  });
});
