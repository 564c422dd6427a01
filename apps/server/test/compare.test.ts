import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPARE_MESSAGES as M,
  compareUrl,
  PlanComparison,
  resultSetUrl,
  type EnrollmentRow,
  type ForecastHistoryResponse,
  type SoeCostSummaryRow,
  type SoeForecastChart,
  type TimelineRow,
} from '@predict/shared';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { forecastFixtures } from './helpers/forecast-fixtures';
import { addStudies, createPlan, ratesPlan } from './helpers/plans';
import { assessment, save, visit } from './helpers/soe';
import { germanySoe } from './helpers/soe-plan-fixtures';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let f: ReturnType<typeof forecastFixtures>;
let studyId: number;
let otherStudyId: number;
/** Three plans of the study with finished runs (real runs through the queue), one never run. */
let finished: number[];
let notRun: number;
let otherStudyPlan: number;

beforeAll(async () => {
  t = await createTestApp({ RUN_WORKERS: 'true', WORKER_THREADS: '1' });
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId, otherStudyId] = (await addStudies(t, 'CMP-0001', 'CMP-0002')) as [number, number];
  f = forecastFixtures(t, planner, viewer);
  finished = [];
  for (const name of ['Compare A', 'Compare B', 'Compare C']) {
    const planId = await f.runnablePlan(studyId, name);
    await f.runToEnd(planId);
    finished.push(planId);
  }
  notRun = (await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'Never run' }))).id;
  otherStudyPlan = await f.runnablePlan(otherStudyId, 'Elsewhere');
  await f.runToEnd(otherStudyPlan);
}, 240_000);
afterAll(async () => t?.close());

const get = (url: string, headers = viewer) => t.app.inject({ method: 'GET', url, headers });
const compare = (plans: string, study = studyId) => get(`/ctpo/compare/study/${study}?plans=${plans}`);

async function refusal(plans: string) {
  const res = await compare(plans);
  expect(res.statusCode, res.body).toBe(400);
  return (res.json() as { fields: { path: string; message: string }[] }).fields.map((x) => x.message);
}

describe('GET /ctpo/compare/study/{studyId}?plans=', () => {
  it('answers a read-only user the plans in the order asked, in the documented shape', async () => {
    const order = [finished[2]!, finished[0]!, finished[1]!];
    const res = await get(compareUrl(studyId, order));
    expect(res.statusCode, res.body).toBe(200);
    const body = PlanComparison.parse(res.json());
    expect(body.studyId).toBe(studyId);
    expect(body.projectId).toBe('CMP-0001');
    expect(body.plans.map((p) => p.studyPlanId)).toEqual(order);
    expect(body.plans.map((p) => p.studyPlanName)).toEqual(['Compare C', 'Compare A', 'Compare B']);
    for (const plan of body.plans) {
      expect(plan.inputs.studyPlanTypeDetail).toBe('Rates');
      expect(plan.inputs.sitesToActivate).toBe(10);
      expect(plan.inputs.countries.map((c) => [c.siteGroupName, c.countryIso3, c.sitesLower])).toEqual([
        ['Germany', 'DEU', 10],
      ]);
      expect(plan.inputs.countries[0]!.startUpDays).toBeGreaterThan(0);
      expect(plan.figures.patientsEnrolled).toBeGreaterThan(0);
      expect(plan.lpiPercentiles).toHaveLength(99);
      expect(plan.enrollment!.monthStartMillis.length).toBe(plan.enrollment!.p50.length);
      expect(plan.cost).toBeNull();
    }
  });

  it("answers each plan's milestones as its forecast of record and result sets say", async () => {
    const body = PlanComparison.parse((await compare(finished.join(','))).json());
    for (const plan of body.plans) {
      const history = (
        await get(`/ctpo/plans/${plan.studyPlanId}/forecast-history`)
      ).json() as ForecastHistoryResponse;
      const record = history.records.find((r) => r.simRunId === plan.simRunId)!;
      expect(plan.milestones.lpi).toEqual(record.lpi);
      expect(plan.milestones.fpi).toEqual(record.fpi);
      expect(plan.milestones.lplv).toEqual(record.lplv);
      const enrollment = (
        await get(resultSetUrl('enrollmentTable', plan.studyPlanId))
      ).json() as EnrollmentRow[];
      const lpiRow = enrollment.find((r) => r.SortName === 'Last Patient In')!;
      expect(plan.milestones.lpi.p50).toBe(lpiRow.P50);
      // Lock is LPLV shifted by the run's TFED-to-lock days (the plan's 45).
      const timeline = (await get(resultSetUrl('timelineTable', plan.studyPlanId))).json() as TimelineRow[];
      const lockDays = timeline.find((r) => r.DurationLabel === 'TFED to DB Lock')!.days!;
      expect(lockDays).toBe(45);
      expect(plan.milestones.dbLock.p50).toBe(plan.milestones.lplv.p50! + lockDays * 86_400_000);
    }
  });

  it('refuses a plan of another study, naming it', async () => {
    expect(await refusal(`${finished[0]},${otherStudyPlan}`)).toEqual([M.otherStudy(otherStudyPlan)]);
    expect(await refusal(`${finished[0]},999999`)).toEqual([M.otherStudy(999999)]);
  });

  it('refuses a plan without a finished run, naming it', async () => {
    expect(await refusal(`${finished[0]},${notRun}`)).toEqual([M.noRun(notRun)]);
  });

  it('refuses a plan listed twice, naming it', async () => {
    expect(await refusal(`${finished[0]},${finished[1]},${finished[0]}`)).toEqual([
      M.duplicate(finished[0]!),
    ]);
  });

  it('refuses fewer than 2 or more than 4 plans, a missing list and a non-number', async () => {
    expect(await refusal(String(finished[0]))).toEqual([M.count]);
    expect(await refusal([...finished, notRun, otherStudyPlan].join(','))).toEqual([M.count]);
    expect(await refusal('')).toEqual([M.count]);
    expect(await refusal(`${finished[0]},,${finished[1]}`)).toEqual([M.notAnId('')]);
    expect(await refusal(`${finished[0]},abc`)).toEqual([M.notAnId('abc')]);
    const missing = await get(`/ctpo/compare/study/${studyId}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields[0].path).toBe('querystring.plans');
  });

  it('answers 404 for an unknown study and 401 without sign-in', async () => {
    const res = await compare(finished.join(','), 999_999);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Study not found.');
    expect((await get(compareUrl(studyId, finished), {})).statusCode).toBe(401);
  });
});

describe('the cost of a plan with a linked Schedule of Events', () => {
  it("is its SOE's Cost Summary total and site-group subtotals, with the band of the SOE forecast's chart", async () => {
    const g = await germanySoe(t, planner, 'CMP-0003', 'Costed plan', { finishedRun: true });
    // A visit of 100.00 and a monthly site fee of 10.00: the fees make the cost depend on each replication's pace.
    const saved = await save(t, planner, g.soeId, {
      version: 1,
      visits: [visit('Screening', { visitCategory: 'Screening', visitStudyDay: 1 })],
      assessments: [
        assessment('ECG', { assessmentCost: 100, overhead: 0 }),
        assessment('Monthly fee', { assessmentType: 'Recurring Monthly', assessmentCost: 10, overhead: 0 }),
      ],
      mapping: [
        {
          visitKey: 'new-Screening',
          assessmentKey: 'new-ECG',
          mappingAssessmentVisit: 1,
          multiplier: 1,
          uniqueNonUniqueForm: null,
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const second = await f.runnablePlan(g.studyId, 'Uncosted plan');
    await f.runToEnd(second);
    const res = await compare(`${g.planId},${second}`, g.studyId);
    expect(res.statusCode, res.body).toBe(200);
    const [costed, uncosted] = PlanComparison.parse(res.json()).plans;
    const summary = (await get(`/ctpo/soe/${g.soeId}/summary`)).json() as SoeCostSummaryRow[];
    // The band of the total is the last point of the SOE forecast's cumulative cost chart (each replication's
    // whole cost), and the one site group's is the study's.
    const chartRes = await get(`/ctpo/soe/${g.soeId}/forecast/chart`);
    expect(chartRes.statusCode, chartRes.body).toBe(200);
    const chart = chartRes.json() as SoeForecastChart;
    const last = chart.points.at(-1)!;
    const band = { p10: last.p10, p50: last.p50, p90: last.p90 };
    expect(band.p10).toBeLessThanOrEqual(band.p50);
    expect(band.p50).toBeLessThanOrEqual(band.p90);
    expect(costed!.cost).toMatchObject({
      scheduleOfEventsId: g.soeId,
      total: summary.find((r) => r.dataSet === 'Total')!.totalCost,
      band,
      byCountry: [
        { siteGroupName: 'Germany', total: summary.find((r) => r.dataSet === 'SubTotal')!.totalCost, band },
      ],
      unavailableMessage: null,
    });
    expect(costed!.cost!.bandReplications).toBeGreaterThan(0);
    // A run stored without a forecast of record (the fixture's) has no quantiles, but its tables still read.
    expect(costed!.milestones.lpi).toEqual({ p10: null, p50: null, p90: null });
    expect(costed!.figures.patientsEnrolled).toBe(10);
    expect(uncosted!.cost).toBeNull();
  });
});
