import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AssessmentNameEntry as AssessmentNameSchema,
  SoeAssessment as SoeAssessmentSchema,
  SoeAssessmentLevel as SoeAssessmentLevelSchema,
  SoeDetailAnswer,
  SoeMappingEntry,
  SoeRiskAssessment,
  SoeSamplingRow as SoeSamplingSchema,
  SoeSiteGroupEntry as SoeSiteGroupSchema,
  SoeVisit as SoeVisitSchema,
  SoeVisitLevel as SoeVisitLevelSchema,
  SOE_MESSAGES as M,
  type AssessmentNameEntry,
  type SoeAssessment,
  type SoeAssessmentLevel,
  type SoeSamplingRow,
  type SoeSiteGroupEntry,
  type SoeVisit,
  type SoeVisitLevel,
} from '@predict/shared';
import { baselineStudy, sampleExtract, type ActualsStudy } from './helpers/actuals-fixtures';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, DAY } from './helpers/plans';
import { addPlanCountry } from './helpers/run-fixtures';
import { assessment, createSoe, getJson, save, soeForm, soeVersion, visit } from './helpers/soe';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let study: ActualsStudy;
let usCentral: number;
let soeId: number;
let v: SoeVisit[];
let a: SoeAssessment[];

const post = (url: string, payload: unknown, headers = planner) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const sites = () => getJson<SoeSiteGroupEntry[]>(t, viewer, `/ctpo/soe/${soeId}/sitegroups`);

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'SOER-0001')) as [number];
  study = await baselineStudy(t, planner, studyId);
  usCentral = (
    await addPlanCountry(t, study.planId, 1, { iso3: 'USA', name: 'USA - Central', eu: false, sites: 4 })
  ).siteGroupId;
  const extract = sampleExtract(Date.UTC(2026, 5, 30) + 0 * DAY);
  const status: Record<string, string> = {
    D1: 'Fully Executed',
    D2: 'Executed',
    D3: 'Pending',
    F1: 'Fully Executed',
  };
  for (const s of extract.sites) s.contractStatus = status[s.siteNumber] ?? null;
  expect((await post(`/ctpo/study/${studyId}/CtmsExtract`, extract)).statusCode).toBe(200);

  soeId = await createSoe(
    t,
    planner,
    studyId,
    soeForm({
      studyPlanId: study.planId,
      CDAReviewPctTime: 20,
      AddlTimeOnSitePct: 10,
      assessorName: 'Dr Who',
    }),
  );
  const res = await save(t, planner, soeId, {
    version: 1,
    visits: [
      visit('Screening', {
        visitCategory: 'Screening',
        visitStudyDay: 0,
        visitOverheadPct: 10,
        miEstSDRSDV: 60,
        miSampleVisit: 1,
      }),
      visit('Day 1', { visitStudyDay: 1, visitCost: 200, miEstSDRSDV: 30 }),
    ],
    assessments: [assessment('ECG', { assessmentCost: 80 }), assessment('Labs', { assessmentCost: 50 })],
  });
  expect(res.statusCode).toBe(200);
  v = await getJson<SoeVisit[]>(t, planner, `/ctpo/soe/${soeId}/visits`);
  a = await getJson<SoeAssessment[]>(t, planner, `/ctpo/soe/${soeId}/assessments`);
});
afterAll(async () => t.close());

describe('site groups and REFRESH SITE LIST', () => {
  it("lists the Study entry first, then the linked plan's countries with ISO3 tab labels (US ' - C')", async () => {
    const entries = await sites();
    expect(entries.map((e) => [e.siteGroupId, e.siteId, e.tabLabel, e.effectiveCurrency])).toEqual([
      [0, 1, 'Study', 'USD'],
      [study.germany, 1, 'DEU', 'USD'],
      [usCentral, 1, 'USA - C', 'USD'],
    ]);
    expect(entries[2]!.centralLocal).toBe('Central');
  });

  it('makes the sites of the latest extract with an executed contract selectable (site ids never 1)', async () => {
    const res = await post(`/ctpo/study/${studyId}/SOESiteSelectedList`, { scheduleOfEventsId: soeId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: M.siteListRefreshed, sites: 3 });
    const listed = (await sites()).filter((e) => e.siteId !== 1);
    expect(listed.map((e) => [e.siteNumber, e.countryCodeISO3, e.dropDownListLabel])).toEqual([
      ['D1', 'DEU', 'D1 - Dr Adler'],
      ['D2', 'DEU', 'D2 - Dr Braun'],
      ['F1', 'FRA', 'F1 - Dr Colin'],
    ]);
    expect(listed.every((e) => e.siteId > 1)).toBe(true);
    // A second refresh keeps the site ids.
    await post(`/ctpo/study/${studyId}/SOESiteSelectedList`, { scheduleOfEventsId: soeId });
    expect((await sites()).filter((e) => e.siteId !== 1).map((e) => e.siteId)).toEqual(
      listed.map((e) => e.siteId),
    );
    expect(
      (await post(`/ctpo/study/${studyId}/SOESiteSelectedList`, { scheduleOfEventsId: soeId }, viewer))
        .statusCode,
    ).toBe(403);
  });
});

describe('levels: own values, inheritance and currencies', () => {
  it('inherits site <- country <- study and shows where each effective value comes from', async () => {
    const d1 = (await sites()).find((e) => e.siteNumber === 'D1')!;
    const [screening, day1] = [v[0]!.scheduleOfEventsVisitId, v[1]!.scheduleOfEventsVisitId];
    const res = await save(t, planner, soeId, {
      version: await soeVersion(t, planner, soeId),
      currencies: [
        { siteGroupId: study.germany, siteId: 1, currency: 'EUR', exchangeRate: 0.92 },
        { siteGroupId: study.germany, siteId: d1.siteId, currency: 'USD', exchangeRate: null },
      ],
      contractDates: [
        { siteGroupId: study.germany, siteId: d1.siteId, siteContractEffectiveDate: '2026-03-01' },
      ],
      visitLevelValues: [
        {
          visitKey: String(day1),
          siteGroupId: study.germany,
          siteId: 1,
          visitOverheadPct: 12.5,
          visitCost: 180,
          visitCostTotal: null,
        },
        {
          visitKey: String(screening),
          siteGroupId: study.germany,
          siteId: d1.siteId,
          visitOverheadPct: null,
          visitCost: null,
          visitCostTotal: 999.99,
        },
      ],
      assessmentLevelValues: [
        {
          assessmentKey: String(a[0]!.scheduleOfEventsAssessmentId),
          siteGroupId: study.germany,
          siteId: 1,
          assessmentCost: 70,
        },
      ],
    });
    expect(res.statusCode).toBe(200);

    const country = await getJson<SoeVisitLevel[]>(
      t,
      viewer,
      `/ctpo/soe/${soeId}/visits/sitegroup/${study.germany}/site/1`,
    );
    expect(
      country.map((r) => [
        r.visitName,
        r.visitOverheadPct,
        r.visitCost,
        r.effective.visitOverheadPct,
        r.effective.visitCost,
      ]),
    ).toEqual([
      ['Screening', null, null, { value: 10, from: 'study' }, { value: null, from: 'study' }],
      ['Day 1', 12.5, 180, { value: 12.5, from: 'country' }, { value: 180, from: 'country' }],
    ]);
    const site = await getJson<SoeVisitLevel[]>(
      t,
      viewer,
      `/ctpo/soe/${soeId}/visits/sitegroup/${study.germany}/site/${d1.siteId}`,
    );
    expect(site.map((r) => [r.visitCostTotal, r.effective.visitCost, r.effective.visitCostTotal])).toEqual([
      [999.99, { value: null, from: 'study' }, { value: 999.99, from: 'site' }],
      [null, { value: 180, from: 'country' }, { value: null, from: 'site' }],
    ]);
    const costs = await getJson<SoeAssessmentLevel[]>(
      t,
      viewer,
      `/ctpo/soe/${soeId}/assessments/sitegroup/${study.germany}/site/${d1.siteId}`,
    );
    expect(costs.map((r) => [r.assessmentName, r.assessmentCost, r.effective.assessmentCost])).toEqual([
      ['ECG', null, { value: 70, from: 'country' }],
      ['Labs', null, { value: 50, from: 'study' }],
    ]);

    const entries = await sites();
    const deu = entries.find((e) => e.siteGroupId === study.germany && e.siteId === 1)!;
    expect([deu.currency, deu.exchangeRate, deu.effectiveCurrency, deu.effectiveExchangeRate]).toEqual([
      'EUR',
      0.92,
      'EUR',
      0.92,
    ]);
    const d2 = entries.find((e) => e.siteNumber === 'D2')!;
    expect([d2.currency, d2.effectiveCurrency, d2.effectiveExchangeRate]).toEqual([null, 'EUR', 0.92]);
    const site1 = entries.find((e) => e.siteNumber === 'D1')!;
    expect([site1.effectiveCurrency, site1.effectiveExchangeRate, site1.siteContractEffectiveDate]).toEqual([
      'USD',
      1,
      '2026-03-01',
    ]);
  });

  it('refuses a level in another currency without a rate, a visit total at a country and unknown sites', async () => {
    const res = await save(t, planner, soeId, {
      version: await soeVersion(t, planner, soeId),
      currencies: [{ siteGroupId: usCentral, siteId: 1, currency: 'GBP', exchangeRate: null }],
      visitLevelValues: [
        {
          visitKey: String(v[0]!.scheduleOfEventsVisitId),
          siteGroupId: usCentral,
          siteId: 1,
          visitOverheadPct: null,
          visitCost: null,
          visitCostTotal: 5,
        },
        {
          visitKey: String(v[0]!.scheduleOfEventsVisitId),
          siteGroupId: usCentral,
          siteId: 777,
          visitOverheadPct: 1,
          visitCost: null,
          visitCostTotal: null,
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { path: 'body.visitLevelValues.1.siteId', message: M.unknownSite },
      { path: 'body.currencies.0.exchangeRate', message: M.exchangeRate },
      { path: 'body.visitLevelValues.0.visitCostTotal', message: M.visitCostTotalSiteOnly },
    ]);
  });

  it('clears a level value with null (the level inherits again)', async () => {
    const day1 = v[1]!.scheduleOfEventsVisitId;
    const res = await post(`/ctpo/study/${studyId}/SOEVisitSiteGroup`, {
      studyId,
      scheduleOfEventsId: soeId,
      scheduleOfEventsVisitId: day1,
      siteGroupId: study.germany,
      siteId: 1,
      visitOverheadPct: null,
      visitCost: null,
      visitCostTotal: null,
    });
    expect(res.statusCode).toBe(200);
    const country = await getJson<SoeVisitLevel[]>(
      t,
      viewer,
      `/ctpo/soe/${soeId}/visits/sitegroup/${study.germany}/site/1`,
    );
    expect(country[1]!.effective.visitCost).toEqual({ value: 200, from: 'study' });
  });
});

describe('risk, sampling and names', () => {
  it('computes the sampling tables from the SOE, its visits and the linked plan, with notes', async () => {
    const risks = await getJson<{ scheduleOfEventsRiskAssessmentId: number }[]>(
      t,
      viewer,
      `/ctpo/soe/${soeId}/riskassessments`,
    );
    const riskRes = await post(`/ctpo/study/${studyId}/InitialRiskAssessment`, [
      {
        studyId,
        scheduleOfEventsId: soeId,
        scheduleOfEventsRiskAssessmentId: risks[0]!.scheduleOfEventsRiskAssessmentId,
        riskAssessmentStudySpecifics: 'Adaptive',
        riskAssessmentRiskScore: 2.5,
      },
    ]);
    expect(riskRes.statusCode).toBe(200);
    const noteRes = await post(`/ctpo/study/${studyId}/VisitSamplingStrategyNotes`, {
      studyId,
      scheduleOfEventsId: soeId,
      tableSort: 3,
      rowSort: 2,
      notes: 'Sampled visits only',
    });
    expect(noteRes.statusCode).toBe(200);
    const rows = await getJson<SoeSamplingRow[]>(t, viewer, `/ctpo/soe/${soeId}/visitsamplingstrategy`);
    const cell = (table: number, row: number) =>
      rows.find((r) => r.tableSort === table && r.rowSort === row)!;
    expect(cell(1, 1).cellValue1).toBe('Dr Who');
    expect(cell(1, 2)).toMatchObject({ cellValue1: '20%', editField: 'CDAReviewPctTime' });
    expect(cell(2, 1).cellValue1).toBe('2');
    expect(cell(2, 4).cellValue1).toBe('2');
    // 100% time 60 + 30 = 90; onsite: Screening only (sampled), (1 - 0.2) x 60 x 1.1 = 52.8; CDA: 0.2 x 90 = 18.
    expect([cell(3, 1).cellValue1, cell(3, 2).cellValue1, cell(3, 3).cellValue1]).toEqual([
      '90',
      '52.8',
      '18',
    ]);
    expect(cell(3, 2).notes).toBe('Sampled visits only');
    expect([cell(4, 1).cellValue1, cell(4, 2).cellValue1]).toEqual(['1', '0.88']);
    expect(cell(7, 1).cellValue1).toBe('USD');
    const after = await getJson<
      { riskAssessmentRiskScore: number | null; riskAssessmentStudySpecifics: string | null }[]
    >(t, viewer, `/ctpo/soe/${soeId}/riskassessments`);
    expect(after[0]).toMatchObject({
      riskAssessmentRiskScore: 2.5,
      riskAssessmentStudySpecifics: 'Adaptive',
    });
  });

  it('finds reference names by prefix in any case, at most 50, with the trailing * ignored', async () => {
    const ecg = await getJson<AssessmentNameEntry[]>(t, viewer, '/ctpo/assessments/name/pk%20sample*');
    expect(ecg.length).toBeGreaterThan(2);
    expect(ecg.every((e) => e.assessmentName.toLowerCase().startsWith('pk sample'))).toBe(true);
    expect(ecg.map((e) => e.assessmentName)).toEqual([...ecg.map((e) => e.assessmentName)].sort());
    expect((await getJson<AssessmentNameEntry[]>(t, viewer, '/ctpo/assessments/name/*')).length).toBe(50);
    expect(await getJson<AssessmentNameEntry[]>(t, viewer, '/ctpo/assessments/name/zzz%25*')).toEqual([]);
  });

  it('answers every read in its documented shape (the presenters skip the answer check)', async () => {
    const d1 = (await sites()).find((e) => e.siteNumber === 'D1')!;
    const shapes: [string, z.ZodType][] = [
      [`/ctpo/soe/${soeId}`, SoeDetailAnswer],
      [`/ctpo/soe/${soeId}/visits`, z.array(SoeVisitSchema)],
      [`/ctpo/soe/${soeId}/assessments`, z.array(SoeAssessmentSchema)],
      [`/ctpo/soe/${soeId}/mapping`, z.array(SoeMappingEntry)],
      [`/ctpo/soe/${soeId}/sitegroups`, z.array(SoeSiteGroupSchema)],
      [`/ctpo/soe/${soeId}/riskassessments`, z.array(SoeRiskAssessment)],
      [`/ctpo/soe/${soeId}/visitsamplingstrategy`, z.array(SoeSamplingSchema)],
      [
        `/ctpo/soe/${soeId}/visits/sitegroup/${study.germany}/site/${d1.siteId}`,
        z.array(SoeVisitLevelSchema),
      ],
      [`/ctpo/soe/${soeId}/assessments/sitegroup/0/site/1`, z.array(SoeAssessmentLevelSchema)],
      ['/ctpo/assessments/name/hema*', z.array(AssessmentNameSchema)],
    ];
    await save(t, planner, soeId, {
      version: await soeVersion(t, planner, soeId),
      mapping: [
        {
          visitKey: String(v[0]!.scheduleOfEventsVisitId),
          assessmentKey: String(a[0]!.scheduleOfEventsAssessmentId),
          mappingAssessmentVisit: 1,
          multiplier: 2.5,
          uniqueNonUniqueForm: 'U',
        },
      ],
    });
    for (const [url, schema] of shapes) {
      const body = await getJson(t, viewer, url);
      expect(schema.safeParse(body).error, url).toBeUndefined();
      expect(Array.isArray(body) ? body.length : 1, url).toBeGreaterThan(0);
    }
  });

  it('answers 404 to every read of an unknown SOE', async () => {
    for (const path of [
      '',
      '/visits',
      '/assessments',
      '/mapping',
      '/sitegroups',
      '/riskassessments',
      '/visitsamplingstrategy',
      '/visits/sitegroup/1/site/1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/ctpo/soe/987654${path}`, headers: viewer });
      expect(res.statusCode, path).toBe(404);
    }
  });
});

describe("the spec's per-table calls", () => {
  it('replace visits, tick cells and set currencies through the same save, and refuse viewers', async () => {
    const id = await createSoe(
      t,
      planner,
      studyId,
      soeForm({ scheduleOfEventsName: 'Table calls', studyPlanId: study.planId }),
    );
    const vr = await post(`/ctpo/study/${studyId}/SOEVisit`, [
      { ...visit('V1'), scheduleOfEventsId: id, studyId },
      { ...visit('V2', { visitStudyDay: 8 }), scheduleOfEventsId: id, studyId },
    ]);
    expect(vr.statusCode).toBe(200);
    const ar = await post(`/ctpo/study/${studyId}/SOEAssessment`, {
      scheduleOfEventsId: id,
      assessments: [assessment('ECG')],
    });
    expect(ar.statusCode).toBe(200);
    const [v1] = vr.json().visits as { scheduleOfEventsVisitId: number }[];
    const [ecg] = ar.json().assessments as { scheduleOfEventsAssessmentId: number }[];
    const mr = await post(`/ctpo/study/${studyId}/SOEAssessmentVisitMapping`, [
      {
        studyId,
        scheduleOfEventsId: id,
        scheduleOfEventsVisitId: v1!.scheduleOfEventsVisitId,
        scheduleOfEventsAssessmentId: ecg!.scheduleOfEventsAssessmentId,
        mappingAssessmentVisit: 1,
        multiplier: null,
        uniqueNonUniqueForm: 'N',
      },
    ]);
    expect(mr.statusCode).toBe(200);
    expect(await getJson<unknown[]>(t, viewer, `/ctpo/soe/${id}/mapping`)).toMatchObject([
      { multiplier: 1, uniqueNonUniqueForm: 'N', visitName: 'V1' },
    ]);
    const cr = await post(`/ctpo/study/${studyId}/SOECurrency`, [
      { scheduleOfEventsId: id, siteGroupId: 0, siteId: 1, currency: 'EUR', exchangeRate: null },
      { scheduleOfEventsId: id, siteGroupId: study.germany, siteId: 1, currency: 'EUR', exchangeRate: null },
    ]);
    expect(cr.statusCode).toBe(200);
    expect(
      (await getJson<{ data: { currency: string }[] }>(t, viewer, `/ctpo/soe/${id}`)).data[0]!.currency,
    ).toBe('EUR');
    const deu = (await getJson<SoeSiteGroupEntry[]>(t, viewer, `/ctpo/soe/${id}/sitegroups`)).find(
      (e) => e.siteGroupId === study.germany,
    )!;
    expect([deu.currency, deu.effectiveExchangeRate]).toEqual(['EUR', 1]);
    const dateRes = await post(`/ctpo/study/${studyId}/SOESiteContractDate`, {
      scheduleOfEventsId: id,
      siteGroupId: study.germany,
      siteId: 1,
      siteContractEffectiveDate: '2026-01-01',
    });
    expect(dateRes.statusCode).toBe(200);
    expect(
      (await post(`/ctpo/study/${studyId}/SOEVisit`, { scheduleOfEventsId: id }, viewer)).statusCode,
    ).toBe(403);
    const wrongStudy = await post(`/ctpo/study/${studyId}/SOEAssessmentSiteGroup`, {
      studyId: studyId + 1,
      scheduleOfEventsId: id,
      scheduleOfEventsAssessmentId: ecg!.scheduleOfEventsAssessmentId,
      siteGroupId: study.germany,
      siteId: 1,
      assessmentCost: 10,
    });
    expect(wrongStudy.statusCode).toBe(400);
  });
});
