import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SOE_FORECAST_MESSAGES as FM,
  type SoeAssessment,
  type SoeCostDetailRow,
  type SoeCostSummaryRow,
  type SoeForecastChart,
  type SoeGrantsRow,
  type SoeSamplingRow,
  type SoeStrategyRow,
  type SoeVisit,
} from '@predict/shared';
import { sql } from 'drizzle-orm';
import { soeLevelSettings, soeSites } from '../src/db/schema';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, createPlan, ratesPlan } from './helpers/plans';
import { addPlanCountry } from './helpers/run-fixtures';
import { storeFinishedRun, tinyPlanInput } from './helpers/soe-forecast-fixtures';
import { assessment, createSoe, getJson, save, soeForm, soeVersion, visit } from './helpers/soe';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let germany: number;
let planId: number;
let soeId: number;

const get = (url: string, headers = viewer) => t.app.inject({ method: 'GET', url, headers });
const summary = () => getJson<SoeCostSummaryRow[]>(t, viewer, `/ctpo/soe/${soeId}/summary`);
const detail = () => getJson<SoeCostDetailRow[]>(t, viewer, `/ctpo/soe/${soeId}/detail`);
const grants = () => getJson<SoeGrantsRow[]>(t, viewer, `/ctpo/soe/${soeId}/rfp/summary`);
const cents = (x: number) => Math.round(x * 100);
const MONEY = ['visitCost', 'assessmentCost', 'excludeCost', 'siteCost', 'totalCost'] as const;

let visits: SoeVisit[];
let assessments: SoeAssessment[];

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'SOEF-0001')) as [number];
  planId = (await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'Short plan' }))).id;
  germany = (await addPlanCountry(t, planId, 0, { iso3: 'DEU', name: 'Germany', eu: true, sites: 2 }))
    .siteGroupId;
  await storeFinishedRun(t, planId, tinyPlanInput(germany));
  soeId = await createSoe(t, planner, studyId, soeForm({ studyPlanId: planId, CDAReviewPctTime: 20 }));
  // Screening (day 1): ECG 100.00 and a pass-through kit 20.00; End of Treatment (day 31): ECG and a fixed 50.00;
  // a start-up fee of 1,000.00 per site.
  const res = await save(t, planner, soeId, {
    version: 1,
    visits: [
      visit('Screening', { visitCategory: 'Screening', visitStudyDay: 1, miEstSDRSDV: 60, miSampleVisit: 1 }),
      visit('End of Treatment', { visitCategory: 'Treatment', visitStudyDay: 31, visitCost: 50 }),
    ],
    assessments: [
      assessment('ECG', { assessmentCost: 100, overhead: 0 }),
      assessment('Kit', { assessmentCost: 20, overhead: 0, exclude: 1 }),
      assessment('Start-up fee', { assessmentType: '1x at Activation', assessmentCost: 1000, overhead: 0 }),
    ],
    mapping: [
      {
        visitKey: 'new-Screening',
        assessmentKey: 'new-ECG',
        mappingAssessmentVisit: 1,
        multiplier: 1,
        uniqueNonUniqueForm: 'U',
      },
      {
        visitKey: 'new-Screening',
        assessmentKey: 'new-Kit',
        mappingAssessmentVisit: 1,
        multiplier: 1,
        uniqueNonUniqueForm: null,
      },
      {
        visitKey: 'new-End of Treatment',
        assessmentKey: 'new-ECG',
        mappingAssessmentVisit: 1,
        multiplier: 1,
        uniqueNonUniqueForm: 'N',
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  visits = await getJson<SoeVisit[]>(t, planner, `/ctpo/soe/${soeId}/visits`);
  assessments = await getJson<SoeAssessment[]>(t, planner, `/ctpo/soe/${soeId}/assessments`);
});
afterAll(async () => t.close());

describe('the forecast tables of a tiny SOE', () => {
  it('costs 10 patients x (100.00 + 150.00) of visits and 2 sites x 1,000.00 of fees (viewer reads)', async () => {
    const rows = await summary();
    expect(rows.map((r) => [r.siteGroupName, r.dataSet, r.siteId])).toEqual([
      ['Germany', 'Detail', 1],
      ['Germany', 'SubTotal', null],
      ['Total', 'Total', null],
    ]);
    const total = rows[2]!;
    expect(total.siteCount).toBe(2);
    expect(total.subjectCount).toBeCloseTo(10, 6);
    expect(total.visitCount).toBeCloseTo(20, 6);
    // Screening counts ECG and the kit (pass-through assessments are still done), End of Treatment ECG.
    expect(total.assessmentCount).toBeCloseTo(30, 6);
    // Each month cell is rounded to the cent on its own: the sums may differ from the exact figure by a few cents.
    expect(Math.abs(total.visitCost - 2500)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(total.assessmentCost - 2000)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(total.excludeCost - 200)).toBeLessThanOrEqual(0.05);
    expect(total.siteCost).toBe(2000);
    expect(cents(total.totalCost)).toBe(cents(total.visitCost) + cents(total.siteCost));
  });

  it('has a summary that is the sum of the detail months to the cent', async () => {
    const [rows, months] = await Promise.all([summary(), detail()]);
    expect(months.length).toBeGreaterThan(0);
    for (const m of months) expect(m.monthYear).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
    for (const dataSet of ['Detail', 'SubTotal', 'Total'] as const) {
      const s = rows.find((r) => r.dataSet === dataSet)!;
      const ms = months.filter((r) => r.dataSet === dataSet);
      for (const k of MONEY)
        expect(
          ms.reduce((a, r) => a + cents(r[k]), 0),
          `${dataSet} ${k}`,
        ).toBe(cents(s[k]));
    }
  });

  it('splits the group total into the Investigator Grants columns', async () => {
    const [g] = await grants();
    const sub = (await summary()).find((r) => r.dataSet === 'SubTotal')!;
    expect(g!.siteGroupName).toBe('Germany');
    expect(g!.numberOfSites).toBe(2);
    // No screen failures, no drop-outs and no follow-up: every visit is Completed Treatment.
    expect(g!.screenFails).toBe(0);
    expect(g!.dropOutOfTreatment).toBe(0);
    expect(g!.patientsCompleteFollowUp).toBe(0);
    expect(cents(g!.completedTreatment)).toBe(cents(sub.visitCost));
    expect(g!.siteFees).toBe(2000);
    expect(cents(g!.totalCost)).toBe(cents(sub.totalCost));
  });

  it('answers the Clinical Strategy and Data Management rows per visit', async () => {
    const rows = await getJson<SoeStrategyRow[]>(t, viewer, `/ctpo/soe/${soeId}/rfp/detail`);
    const of = (visitName: string, rowLabel: string) =>
      rows.find((r) => r.visitName === visitName && r.rowLabel === rowLabel)?.visitValue;
    expect(of('Screening', '100% SDR/SDV Time (minutes)')).toBe(60);
    expect(of('Screening', 'CRA Sampled Visit')).toBe(1);
    // (1 - 20 %) x 60 minutes, no additional time on site; CDA Review 20 % x 60.
    expect(of('Screening', 'Onsite SDR/SDV (minutes)')).toBe(48);
    expect(of('Screening', 'CDA Review (minutes)')).toBe(12);
    expect(of('Screening', 'Unique CRFs')).toBe(1);
    expect(of('End of Treatment', 'Non Unique CRFs')).toBe(1);
    expect(rows).toHaveLength(2 * 10);
  });

  it('draws the cumulative cost with its band ending at the summary total', async () => {
    const chart = await getJson<SoeForecastChart>(t, viewer, `/ctpo/soe/${soeId}/forecast/chart`);
    const total = (await summary()).find((r) => r.dataSet === 'Total')!;
    expect(chart.currency).toBe('USD');
    const last = chart.points[chart.points.length - 1]!;
    // The plan line is the tables' enrollment; the band, quantiles of the run's replications' own costs.
    expect(cents(last.plan)).toBe(cents(total.totalCost));
    for (let i = 1; i < chart.points.length; i++)
      for (const k of ['p10', 'p50', 'p90', 'plan'] as const)
        expect(chart.points[i]![k]).toBeGreaterThanOrEqual(chart.points[i - 1]![k]);
    for (const p of chart.points) {
      expect(p.p10).toBeLessThanOrEqual(p.p50);
      expect(p.p50).toBeLessThanOrEqual(p.p90);
    }
    // Every replication enrolls the 10 patients: the band ends at the plan's total (no fee depends on timing here;
    // the plan line rounds each month, the quantiles once).
    for (const k of ['p10', 'p50', 'p90'] as const)
      expect(Math.abs(cents(last[k]) - cents(last.plan))).toBeLessThanOrEqual(2);
  });
});

describe('Study Specs', () => {
  it("gives Number of Patients Enrolled from the run's result: 10 screened, no screen failure, 10 enrolled", async () => {
    // The plan itself has a screen fail rate and no enrolled target: only the result knows the number.
    const rows = await getJson<SoeSamplingRow[]>(t, viewer, `/ctpo/soe/${soeId}/visitsamplingstrategy`);
    const of = (rowSort: number) => rows.find((r) => r.tableSort === 2 && r.rowSort === rowSort)!;
    expect(of(3).rowLabel).toBe('Number of Patients Enrolled');
    expect(of(3).cellValue1).toBe('10');
    expect(of(1).cellValue1).toBe('1');
  });
});

describe('levels', () => {
  it('names a country in another currency without a rate (409), then converts with its rate', async () => {
    const ecg = assessments.find((a) => a.assessmentName === 'ECG')!.scheduleOfEventsAssessmentId;
    // The editor refuses a currency without a rate; rows written otherwise (an upload, older data) can lack one.
    await t.database.db
      .insert(soeLevelSettings)
      .values({ soeId, siteGroupId: germany, siteId: 1, currency: 'EUR', exchangeRate: null });
    await t.database.db.execute(
      sql`update schedules_of_events set version = version + 1 where soe_id = ${soeId}`,
    );
    for (const path of ['summary', 'detail', 'rfp/summary', 'forecast/chart']) {
      const r = await get(`/ctpo/soe/${soeId}/${path}`);
      expect(r.statusCode, path).toBe(409);
      expect(r.json().message).toContain('DEU is in EUR without an exchange rate');
    }
    // 2 EUR per USD; Germany's ECG costs 400.00 EUR = 200.00 USD; the fixed 50.00 USD and the fee are inherited.
    const res = await save(t, planner, soeId, {
      version: await soeVersion(t, planner, soeId),
      currencies: [{ siteGroupId: germany, siteId: 1, currency: 'EUR', exchangeRate: 2 }],
      assessmentLevelValues: [
        { assessmentKey: String(ecg), siteGroupId: germany, siteId: 1, assessmentCost: 400 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const total = (await summary()).find((r) => r.dataSet === 'Total')!;
    expect(Math.abs(total.visitCost - 10 * (200 + 250))).toBeLessThanOrEqual(0.05);
    expect(total.siteCost).toBe(2000);
  });

  it("gives a contracted site its own Detail row at its contract values, sharing the group's patients", async () => {
    await t.database.db.insert(soeSites).values({
      soeId,
      siteId: 2,
      siteGroupId: germany,
      siteNumber: 'D1',
      piName: 'Dr Adler',
      currency: null,
    });
    const eot = visits.find((v) => v.visitName === 'End of Treatment')!.scheduleOfEventsVisitId;
    const res = await save(t, planner, soeId, {
      version: await soeVersion(t, planner, soeId),
      currencies: [{ siteGroupId: germany, siteId: 1, currency: null, exchangeRate: null }],
      assessmentLevelValues: [
        {
          assessmentKey: String(assessments[0]!.scheduleOfEventsAssessmentId),
          siteGroupId: germany,
          siteId: 1,
          assessmentCost: null,
        },
      ],
      visitLevelValues: [
        {
          visitKey: String(eot),
          siteGroupId: germany,
          siteId: 2,
          visitOverheadPct: null,
          visitCost: null,
          visitCostTotal: 300,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await summary();
    expect(rows.map((r) => [r.dataSet, r.siteId, r.siteNumber, r.siteCount])).toEqual([
      ['Detail', 2, 'D1', 1],
      ['Detail', 1, null, 1],
      ['SubTotal', null, null, 2],
      ['Total', null, null, 2],
    ]);
    // Half the 10 patients each: the site pays 5 x (100.00 + 300.00), the country row 5 x (100.00 + 150.00).
    expect(Math.abs(rows[0]!.visitCost - 2000)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(rows[1]!.visitCost - 1250)).toBeLessThanOrEqual(0.05);
    expect(rows[0]!.siteCost).toBe(1000);
  });
});

describe('refusals', () => {
  it('is 404 for an unknown SOE', async () => {
    for (const path of ['summary', 'detail', 'rfp/summary', 'rfp/detail', 'forecast/chart'])
      expect((await get(`/ctpo/soe/999999/${path}`)).statusCode).toBe(404);
  });

  it('is 409 with the way forward without a linked plan or without a finished run', async () => {
    const unlinked = await createSoe(t, planner, studyId, soeForm({ scheduleOfEventsName: 'No plan' }));
    const r = await get(`/ctpo/soe/${unlinked}/summary`);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(FM.noPlan);
    // The strategy rows need no plan.
    expect((await get(`/ctpo/soe/${unlinked}/rfp/detail`)).statusCode).toBe(200);

    const idle = (await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'Never run' }))).id;
    const noRun = await createSoe(
      t,
      planner,
      studyId,
      soeForm({ scheduleOfEventsName: 'No run', studyPlanId: idle }),
    );
    for (const path of ['summary', 'detail', 'rfp/summary', 'forecast/chart']) {
      const res = await get(`/ctpo/soe/${noRun}/${path}`);
      expect(res.statusCode, path).toBe(409);
      expect(res.json().message).toBe(FM.noRun);
    }
  });

  it('is 400 for an id beyond int4', async () => {
    expect((await get(`/ctpo/soe/99999999999/summary`)).statusCode).toBe(400);
  });
});
