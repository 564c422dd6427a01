import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORECAST_CALIBRATION_EXPORT_PATH,
  FORECAST_CALIBRATION_PATH,
  forecastHistoryUrl,
  ForecastCalibrationResponse,
  type CalibrationShare,
  type CalibrationSummary,
} from '@predict/shared';
import { studies } from '../src/db/schema';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import {
  ACTUAL_FPI,
  ACTUAL_LPI,
  calibrationFixtures,
  COMPLETE,
  extractBody,
  ladder,
  quantilesOnly,
  recordFigures,
} from './helpers/calibration-fixtures';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let f: ReturnType<typeof calibrationFixtures>;

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  f = calibrationFixtures(t, planner);
}, 60_000);
afterAll(async () => t?.close());

async function read(headers = viewer): Promise<ForecastCalibrationResponse> {
  const res = await t.app.inject({ method: 'GET', url: FORECAST_CALIBRATION_PATH, headers });
  expect(res.statusCode, res.body).toBe(200);
  return ForecastCalibrationResponse.parse(res.json());
}

/** A share as count / n with its 90% Wilson interval to 4 decimals (the figures below are worked by hand). */
const share = (s: CalibrationShare) => [s.count, s.n, s.lo.toFixed(4), s.hi.toFixed(4)];
const summaryOf = (body: ForecastCalibrationResponse, milestone: string) =>
  body.milestones.find((m) => m.milestone === milestone)!;
const levels = (s: CalibrationSummary) => s.reliability!.map((r) => `${r.observed.count}/${r.observed.n}`);

it('answers an empty track record, never an error, before any study is completed', async () => {
  const body = await read();
  expect(body.studies).toEqual([]);
  expect(body.reforecasts).toEqual([]);
  expect(
    body.milestones.map((m) => [m.milestone, m.n, m.coverage.share, m.coverage.lo, m.coverage.hi]),
  ).toEqual([
    ['fpi', 0, null, 0, 1],
    ['lpi', 0, null, 0, 1],
    ['sitesMonth12', 0, null, 0, 1],
  ]);
  expect(body.reforecastBuckets.map((b) => [b.bucket, b.lpi.n])).toEqual([
    [25, 0],
    [50, 0],
    [75, 0],
  ]);
});

it('refuses a caller who is not signed in', async () => {
  for (const url of [FORECAST_CALIBRATION_PATH, FORECAST_CALIBRATION_EXPORT_PATH]) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(401);
  }
});

/**
 * The portfolio. Every complete extract enrolls 20 + 30 + 50 patients in Jul-Sep 2024 at site D1 (target 100):
 * actual FPI 01-Jul-2024, LPI 30-Sep-2024; sites D1-D3 activated by the end of month 12 (Dec-2024). Each record's
 * percentiles are a day apart with the actual at a chosen level, so its PIT is that level / 100:
 *
 *   study  FPI PIT             LPI PIT                          sites at M12 (P10/P50/P90 vs 3)
 *   A      0.50  inside        0.30  inside, below P50          2/4/6  inside, below P50
 *   B      0.005 miss early    0.945 miss late (P95+ not reached) 5/6/8  below P10, below P50
 *   C      0.85  inside        0.05  miss early, below P50      no band
 *   D      no P1..P99          0.70  inside                     no band
 *   E      extract reaches 50 of 100 patients: not completed
 *   F      complete extract, but its record is not the baseline of record: not counted
 *
 * FPI: n 3, inside 2/3 [0.2535, 0.9217], below P50 1/3 [0.0783, 0.7465] (A's 0.50 is not below).
 * LPI: n 4, inside 2/4 [0.1824, 0.8176], below P50 2/4; PIT bins 0 (C), 3 (A), 7 (D), 9 (B).
 * Sites at month 12: n 2, inside 1/2 [0.1209, 0.8791], below P50 2/2 [0.4250, 1].
 * Re-forecasts (remodel records against the actual LPI): A at 25% enrolled PIT 0.40; B at 50% PIT 0.92 (miss
 * late); C at 10% (no bucket); D two records at 50% from one extract, 0.10 then 0.50: the newer counts.
 * Bucket 25: n 1, inside 1/1 [0.2699, 1]; bucket 50: n 2, inside 1/2, below P50 0/2 [0, 0.5750]; bucket 75: n 0.
 */
describe('a hand-made portfolio', () => {
  const ids: Record<string, { studyId: number; planId: number; forecastRecordId: number }> = {};
  let newerOfD = 0;

  beforeAll(async () => {
    const d = (at: number, level: number, notReachedFrom?: number) => ladder(at, level, notReachedFrom);
    const portfolio = {
      'CAL-A': recordFigures(d(ACTUAL_FPI, 50), d(ACTUAL_LPI, 30), [2, 4, 6]),
      'CAL-B': recordFigures(d(ACTUAL_FPI, 0), d(ACTUAL_LPI, 95, 95), [5, 6, 8]),
      'CAL-C': recordFigures(d(ACTUAL_FPI, 85), d(ACTUAL_LPI, 5)),
      'CAL-D': recordFigures(quantilesOnly(ACTUAL_FPI, ACTUAL_FPI, ACTUAL_FPI), d(ACTUAL_LPI, 70)),
      'CAL-E': recordFigures(d(ACTUAL_FPI, 50), d(ACTUAL_LPI, 50)),
    };
    for (const [code, forecast] of Object.entries(portfolio))
      ids[code] = await f.baselineStudy(code, forecast);
    ids['CAL-F'] = await f.baselineStudy('CAL-F', portfolio['CAL-A'], false);

    // Earlier extracts the remodels re-forecast from, then the complete one (the latest).
    const v1 = {
      'CAL-A': await f.loadExtract(ids['CAL-A']!.studyId, extractBody('2024-07-31', { '2024-07': 25 })),
      'CAL-B': await f.loadExtract(
        ids['CAL-B']!.studyId,
        extractBody('2024-08-31', { '2024-07': 20, '2024-08': 30 }),
      ),
      'CAL-C': await f.loadExtract(ids['CAL-C']!.studyId, extractBody('2024-07-31', { '2024-07': 10 })),
      'CAL-D': await f.loadExtract(
        ids['CAL-D']!.studyId,
        extractBody('2024-08-31', { '2024-07': 20, '2024-08': 30 }),
      ),
    };
    await f.remodelRecord(ids['CAL-A']!.studyId, v1['CAL-A'], d(ACTUAL_LPI, 40));
    await f.remodelRecord(ids['CAL-B']!.studyId, v1['CAL-B'], d(ACTUAL_LPI, 92));
    await f.remodelRecord(ids['CAL-C']!.studyId, v1['CAL-C'], d(ACTUAL_LPI, 60));
    await f.remodelRecord(ids['CAL-D']!.studyId, v1['CAL-D'], d(ACTUAL_LPI, 10));
    newerOfD = await f.remodelRecord(ids['CAL-D']!.studyId, v1['CAL-D'], d(ACTUAL_LPI, 50));
    for (const code of ['CAL-A', 'CAL-B', 'CAL-C', 'CAL-D', 'CAL-F'])
      await f.loadExtract(ids[code]!.studyId, COMPLETE);
    await f.loadExtract(ids['CAL-E']!.studyId, extractBody('2026-01-31', { '2024-07': 20, '2024-08': 30 }));
    // Text a spreadsheet would run as a formula: the export must write it as text.
    await t.database.db
      .update(studies)
      .set({ studyName: '=HYPERLINK("http://x")' })
      .where(eq(studies.studyId, ids['CAL-D']!.studyId));
  }, 120_000);

  it('lists the completed studies with their percentiles, actuals, PITs and misses', async () => {
    const body = await read();
    expect(body.studies.map((s) => s.projectId)).toEqual(['CAL-A', 'CAL-B', 'CAL-C', 'CAL-D']);
    expect(
      body.studies.map((s) => [s.projectId, s.fpi.pit, s.fpi.outcome, s.lpi.pit, s.lpi.outcome]),
    ).toEqual([
      ['CAL-A', 0.5, 'inside', 0.3, 'inside'],
      ['CAL-B', 0.005, 'miss early', 0.945, 'miss late'],
      ['CAL-C', 0.85, 'inside', 0.05, 'miss early'],
      ['CAL-D', null, null, 0.7, 'inside'],
    ]);
    const a = body.studies[0]!;
    expect(a).toMatchObject({
      studyId: ids['CAL-A']!.studyId,
      studyPlanId: ids['CAL-A']!.planId,
      studyPlanName: 'Baseline CAL-A',
      forecastRecordId: ids['CAL-A']!.forecastRecordId,
      extractVersion: 2,
      asOfMillis: Date.parse('2026-01-31T00:00:00Z'),
      // LPI at level 30: P10 is 20 days before the actual, P50 20 days after, P90 60 days after.
      lpi: { actualMillis: ACTUAL_LPI, p10: ACTUAL_LPI - 20 * 86_400_000, p90: ACTUAL_LPI + 60 * 86_400_000 },
      fpi: { actualMillis: ACTUAL_FPI },
      sitesMonth12: { p10: 2, p50: 4, p90: 6, actual: 3, outcome: 'inside' },
    });
    expect(body.studies[1]!.sitesMonth12).toMatchObject({ actual: 3, outcome: 'below P10' });
    expect(body.studies[2]!.sitesMonth12).toBeNull();
  });

  it('reads the actual dates as Forecast History does', async () => {
    for (const code of ['CAL-A', 'CAL-D']) {
      const res = await t.app.inject({
        method: 'GET',
        url: forecastHistoryUrl(ids[code]!.planId),
        headers: viewer,
      });
      const actual = (res.json() as { actual: { firstEnrolledMillis: number; lastEnrolledMillis: number } })
        .actual;
      expect([actual.firstEnrolledMillis, actual.lastEnrolledMillis]).toEqual([ACTUAL_FPI, ACTUAL_LPI]);
    }
  });

  it('scores each milestone: coverage and below P50 with 90% Wilson intervals, PIT histogram, reliability', async () => {
    const body = await read(planner);
    const fpi = summaryOf(body, 'fpi');
    expect([fpi.n, share(fpi.coverage), share(fpi.belowMedian)]).toEqual([
      3,
      [2, 3, '0.2535', '0.9217'],
      [1, 3, '0.0783', '0.7465'],
    ]);
    expect(fpi.pitHistogram).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 1, 0]);
    // Below each level: 0.005 from 0.1 on, 0.50 from 0.6 on, 0.85 at 0.9.
    expect(levels(fpi)).toEqual(['1/3', '1/3', '1/3', '1/3', '1/3', '2/3', '2/3', '2/3', '3/3']);

    const lpi = summaryOf(body, 'lpi');
    expect([lpi.n, share(lpi.coverage), share(lpi.belowMedian)]).toEqual([
      4,
      [2, 4, '0.1824', '0.8176'],
      [2, 4, '0.1824', '0.8176'],
    ]);
    expect(lpi.pitHistogram).toEqual([1, 0, 0, 1, 0, 0, 0, 1, 0, 1]);
    // 0.05 below every level; 0.30 from 0.4 on; 0.70 from 0.8 on; 0.945 below none.
    expect(levels(lpi)).toEqual(['1/4', '1/4', '1/4', '2/4', '2/4', '2/4', '2/4', '3/4', '3/4']);
    expect(lpi.reliability!.map((r) => r.level)).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]);

    const sites = summaryOf(body, 'sitesMonth12');
    expect([sites.n, share(sites.coverage), share(sites.belowMedian)]).toEqual([
      2,
      [1, 2, '0.1209', '0.8791'],
      [2, 2, '0.4250', '1.0000'],
    ]);
    expect([sites.pitHistogram, sites.reliability]).toEqual([null, null]);
  });

  it('scores the re-forecasts by share enrolled at their as-of date, one record per study and bucket', async () => {
    const body = await read();
    expect(
      body.reforecasts.map((r) => [
        r.projectId,
        r.bucket,
        r.enrolledAtAsOf,
        r.targetEnrolled,
        r.percentEnrolled,
        r.lpi.pit,
        r.lpi.outcome,
      ]),
    ).toEqual([
      ['CAL-A', 25, 25, 100, 25, 0.4, 'inside'],
      ['CAL-B', 50, 50, 100, 50, 0.92, 'miss late'],
      ['CAL-D', 50, 50, 100, 50, 0.5, 'inside'],
    ]);
    expect(body.reforecasts[2]!.forecastRecordId).toBe(newerOfD);
    expect(body.reforecasts[0]!.asOfMillis).toBe(Date.parse('2024-07-31T00:00:00Z'));
    const buckets = body.reforecastBuckets.map((b) => [
      b.bucket,
      b.lpi.n,
      share(b.lpi.coverage),
      share(b.lpi.belowMedian),
    ]);
    expect(buckets).toEqual([
      [25, 1, [1, 1, '0.2699', '1.0000'], [1, 1, '0.2699', '1.0000']],
      [50, 2, [1, 2, '0.1209', '0.8791'], [0, 2, '0.0000', '0.5750']],
      [75, 0, [0, 0, '0.0000', '1.0000'], [0, 0, '0.0000', '1.0000']],
    ]);
  });

  it('exports the track record as an xlsx with the Summary, Studies and Re-forecasts sheets', async () => {
    const res = await t.app.inject({ method: 'GET', url: FORECAST_CALIBRATION_EXPORT_PATH, headers: viewer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="forecast-calibration-.+\.xlsx"$/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Summary', 'Studies', 'Re-forecasts']);

    const rows = (name: string) =>
      (book.getWorksheet(name)!.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    const studiesSheet = rows('Studies');
    const header = studiesSheet[0] as string[];
    const col = (name: string) => header.indexOf(name);
    expect(studiesSheet.slice(1).map((r) => [r[0], r[col('LPI PIT')], r[col('LPI outcome')]])).toEqual([
      ['CAL-A', 0.3, 'inside'],
      ['CAL-B', 0.945, 'miss late'],
      ['CAL-C', 0.05, 'miss early'],
      ['CAL-D', 0.7, 'inside'],
    ]);
    const d = studiesSheet[4]!;
    expect(d[col('Study')]).toBe('\'=HYPERLINK("http://x")');
    expect((d[col('Actual LPI')] as Date).toISOString()).toBe(new Date(ACTUAL_LPI).toISOString());
    expect(d[col('FPI PIT')]).toBeUndefined();

    const summary = rows('Summary');
    const line = (scope: string, milestone: string) =>
      summary.find((r) => r[0] === scope && r[1] === milestone)!.slice(2, 9);
    expect(line('Baseline', 'Last patient in').map((v) => Number((v as number).toFixed(4)))).toEqual([
      4, 0.5, 0.1824, 0.8176, 0.5, 0.1824, 0.8176,
    ]);
    expect(line('Re-forecast at 50% enrolled', 'Last patient in')[0]).toBe(2);
    expect(summary.filter((r) => r[0] === 'Baseline' && r[2] === 0.5)).toHaveLength(2);

    expect(
      rows('Re-forecasts')
        .slice(1)
        .map((r) => [r[0], r[8]]),
    ).toEqual([
      ['CAL-A', 25],
      ['CAL-B', 50],
      ['CAL-D', 50],
    ]);
  });
});
