import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ForecastOfRecord,
  forecastHistoryUrl,
  type EnrollmentChart,
  type EnrollmentRow,
} from '@predict/shared';
import { simulationRuns } from '../src/db/schema';
import { findResultSetOfRun } from '../src/repositories/simulation-results-repository';
import { executeSimulationRun } from '../src/services/runs/execute-simulation-run';
import { inputsHashOf } from '../src/services/forecast-records/record-forecast';
import { inlineEngine } from '../src/jobs/run-engine';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { forecastFixtures } from './helpers/forecast-fixtures';
import { currentRowVersion } from './helpers/plan-countries';
import { addStudies } from './helpers/plans';
import { auditOf } from './helpers/run-fixtures';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let f: ReturnType<typeof forecastFixtures>;

beforeAll(async () => {
  // The app runs its own workers (the embedded shape): a requested run goes through the queue and the threads.
  t = await createTestApp({ RUN_WORKERS: 'true', WORKER_THREADS: '1' });
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'FOR-0001')) as [number];
  f = forecastFixtures(t, planner, viewer);
}, 120_000);
afterAll(async () => t?.close());

const nonDecreasing = (xs: readonly number[]) => xs.every((x, i) => i === 0 || x >= xs[i - 1]!);

describe('forecasts of record', () => {
  it('a finished run stores exactly one record, matching its result sets, with monotone percentiles', async () => {
    const planId = await f.runnablePlan(studyId);
    const simRunId = await f.runToEnd(planId);
    const rows = await f.recordsOfRun(simRunId);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    const [run] = await t.database.db
      .select()
      .from(simulationRuns)
      .where(eq(simulationRuns.simRunId, simRunId));
    expect(row).toMatchObject({
      studyPlanId: planId,
      studyId,
      planVersion: 1,
      studyPlanTypeDetail: 'Rates',
      scenarioStatus: 'Draft',
      engineVersion: run!.engineVersion,
      extractId: null,
      asOf: null,
      isBaseline: false,
    });
    expect(row.uncertainty).toEqual(run!.uncertainty);
    expect(row.inputsHash).toMatch(/^[0-9a-f]{64}$/);

    const forecast = ForecastOfRecord.parse(row.forecast);
    const table = (await findResultSetOfRun(t.database.db, simRunId, 'enrollmentTable')) as EnrollmentRow[];
    const rowOf = (name: string) => table.find((r) => r.SortName === name)!;
    for (const [key, name] of [
      ['fsiv', 'First Site Initiated'],
      ['fpi', 'First Patient In'],
      ['lpi', 'Last Patient In'],
      ['lplv', 'Last Patient Last Visit'],
    ] as const) {
      const m = forecast.milestones[key];
      const shown = rowOf(name);
      expect({ p10: m.p10, p50: m.p50, p90: m.p90 }, key).toEqual({
        p10: shown.P10,
        p50: shown.P50,
        p90: shown.P90,
      });
      expect(m.p10! <= m.p50! && m.p50! <= m.p90!, key).toBe(true);
      const percentiles = m.percentiles!.map((p) => p!);
      expect(percentiles, key).toHaveLength(99);
      expect(nonDecreasing(percentiles), key).toBe(true);
      expect([percentiles[9], percentiles[49], percentiles[89]], key).toEqual([m.p10, m.p50, m.p90]);
    }
    const last = forecast.milestones.lastActivation;
    expect(last.p50).not.toBeNull();
    expect(last.p50!).toBeGreaterThanOrEqual(forecast.milestones.fsiv.p50!);

    // Per month: the monthly chart's enrolled band as it is, and a band of sites activated, both cumulative.
    const chart = (await findResultSetOfRun(
      t.database.db,
      simRunId,
      'siteGroupChartMonthly',
    )) as EnrollmentChart;
    expect(forecast.monthStartMillis).toEqual(chart.header_dates_ms);
    expect(forecast.patientsEnrolled).toEqual(chart.forecastBand);
    const sites = forecast.sitesActivated!;
    expect(sites.p50).toHaveLength(chart.header_dates_ms.length);
    for (const band of [sites, forecast.patientsEnrolled!]) {
      expect(nonDecreasing(band.p10) && nonDecreasing(band.p50) && nonDecreasing(band.p90)).toBe(true);
      expect(band.p10.every((v, i) => v <= band.p50[i]! && band.p50[i]! <= band.p90[i]!)).toBe(true);
    }
    expect(sites.p90.at(-1)).toBe(10);

    // Audited with the run's status change; a retried job of the finished run records nothing more.
    expect((await auditOf(t, 'forecast_record', row.forecastRecordId)).map((a) => a.action)).toEqual([
      'create',
    ]);
    expect(await executeSimulationRun({ db: t.database.db, engine: inlineEngine }, simRunId)).toBe('skipped');
    expect(await f.recordsOfRun(simRunId)).toHaveLength(1);
  });

  it('names the plan version by the content of the engine input, whatever its key order', () => {
    expect(inputsHashOf({ plan: { a: 1, b: [1, { c: 2, d: 3 }] } })).toBe(
      inputsHashOf({ plan: { b: [1, { d: 3, c: 2 }], a: 1 } }),
    );
    expect(inputsHashOf({ plan: { a: 1 } })).not.toBe(inputsHashOf({ plan: { a: 2 } }));
  });
});

describe('GET /ctpo/plans/{planId}/forecast-history', () => {
  it('lists the records newest first to any signed-in user; 401 without sign-in, 404 for unknown and deleted plans', async () => {
    const planId = await f.runnablePlan(studyId);
    const first = await f.runToEnd(planId);
    const second = await f.runToEnd(planId);
    const body = await f.history(planId);
    expect(body).toMatchObject({ studyPlanId: planId, studyId, actual: null });
    expect(body.records.map((r) => r.simRunId)).toEqual([second, first]);
    const [newest] = body.records;
    expect(newest).toMatchObject({
      kind: 'Rates',
      planVersion: 1,
      isBaseline: false,
      extract: null,
    });
    const [stored] = await f.recordsOfRun(second);
    const lpi = ForecastOfRecord.parse(stored!.forecast).milestones.lpi;
    expect(newest!.lpi).toEqual({ p10: lpi.p10, p50: lpi.p50, p90: lpi.p90 });
    expect(newest!.uncertainty).toMatchObject({ siteRateCv: 0.8 });
    // Both runs forecast the same plan content.
    expect(body.records[0]!.inputsHash).toBe(body.records[1]!.inputsHash);

    expect((await f.get(forecastHistoryUrl(planId), {})).statusCode).toBe(401);
    expect((await f.get(forecastHistoryUrl(999_999))).statusCode).toBe(404);
    const deleted = await f.runnablePlan(studyId);
    const del = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/EnrollmentPlanDelete`,
      headers: planner,
      payload: { studyId, studyPlanId: deleted, rowVersion: await currentRowVersion(t, planner, deleted) },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await f.get(forecastHistoryUrl(deleted))).statusCode).toBe(404);
    const empty = await f.runnablePlan(studyId);
    expect((await f.history(empty)).records).toEqual([]);
  });
});
