import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  ForecastOfRecord,
  type CtmsExtractBodyInput,
  type ForecastRecordBand,
  type ForecastRecordMilestone,
} from '@predict/shared';
import { ctmsExtracts, forecastRecords, planRemodels, simulationRuns, studyPlans } from '../../src/db/schema';
import { baselineInput } from './actuals-fixtures';
import type { TestApp } from './app';
import { addStudies, createPlan, DAY, ratesPlan } from './plans';
import { addPlanCountry } from './run-fixtures';

/**
 * Hand-made completed studies for the Forecast Calibration tests: a Baseline Plan whose baseline run is the
 * engine's example w1 on Germany (day 0 06-Jan-2024, 10 sites, target 100 patients enrolled), a baseline of record
 * with chosen percentiles, and CTMS extracts with chosen monthly counts.
 */

const noon = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

/** The months the records' monthly sets cover: Jan-2024 .. Dec-2025 (first days, noon UTC). */
export const RECORD_MONTHS = Array.from({ length: 24 }, (_, m) => Date.UTC(2024, m, 1, 12));

/**
 * A milestone whose percentiles are one day apart with the actual exactly at level `level` (1..99): P_L =
 * actual + (L - level) days, so the actual's PIT is level / 100 (scoring.ts: an actual equal to one percentile
 * takes its level; a level outside 1..99 puts the actual below P1 (PIT 0.005) or above P99 (0.995)). Levels from
 * `notReachedFrom` on are null (not reached in the horizon): an actual between the last reached P(k) and the
 * null P(k+1) has PIT (k + 0.5) / 100.
 */
export function ladder(actualMs: number, level: number, notReachedFrom = 100): ForecastRecordMilestone {
  const percentiles = Array.from({ length: 99 }, (_, i) =>
    i + 1 >= notReachedFrom ? null : actualMs + (i + 1 - level) * DAY,
  );
  return {
    p10: percentiles[9]!,
    p50: percentiles[49]!,
    p90: percentiles[89]!,
    probabilityReached: notReachedFrom > 99 ? 1 : (notReachedFrom - 1) / 100,
    percentiles,
  };
}

/** A milestone with P10 / P50 / P90 but no percentiles (a run without a Monte Carlo): not scorable. */
export const quantilesOnly = (p10: number, p50: number, p90: number): ForecastRecordMilestone => ({
  p10,
  p50,
  p90,
  probabilityReached: null,
  percentiles: null,
});

const none: ForecastRecordMilestone = {
  p10: null,
  p50: null,
  p90: null,
  probabilityReached: null,
  percentiles: null,
};

/** A record's figures: FPI and LPI as given; the sites band has `sitesMonth12` at month 12 (index 11). */
export function recordFigures(
  fpi: ForecastRecordMilestone,
  lpi: ForecastRecordMilestone,
  sitesMonth12?: [number, number, number],
): ForecastOfRecord {
  const band = (at12: number): number[] => RECORD_MONTHS.map((_, m) => (m === 11 ? at12 : Math.min(m, 10)));
  const sites: ForecastRecordBand | null = sitesMonth12
    ? { p10: band(sitesMonth12[0]), p50: band(sitesMonth12[1]), p90: band(sitesMonth12[2]) }
    : null;
  return ForecastOfRecord.parse({
    horizonMillis: noon('2030-12-31'),
    milestones: { fsiv: none, lastActivation: none, fpi, lpi, lplv: none },
    monthStartMillis: RECORD_MONTHS,
    sitesActivated: sites,
    patientsEnrolled: null,
  });
}

/** Germany sites: D1-D3 activated by month 12 (Dec-2024), D4 in Mar-2025, D5 never. */
const SITES: CtmsExtractBodyInput['sites'] = [
  ['D1', '2024-05-01'],
  ['D2', '2024-06-15'],
  ['D3', '2024-09-01'],
  ['D4', '2025-03-01'],
  ['D5', null],
].map(([siteNumber, activated]) => ({
  siteNumber: siteNumber!,
  piName: `Dr ${siteNumber}`,
  countryIso3: 'DEU',
  siteSelectedDate: '2024-03-01',
  siteActivatedDate: activated,
  siteStatus: activated ? 'Enrolling' : 'Start-up',
}));

/** An extract as of `asOf` (a day) with `enrolled` patients per month (YYYY-MM) at site D1. */
export function extractBody(asOf: string, enrolled: Record<string, number>): CtmsExtractBodyInput {
  return {
    asOf: `${asOf}T00:00:00.000Z`,
    sites: SITES,
    siteMonths: Object.entries(enrolled).map(([month, n]) => ({
      siteNumber: 'D1',
      month,
      screened: n + 2,
      enrolled: n,
      completedTreatment: 0,
      droppedOut: 0,
      completedFollowUp: 0,
    })),
  };
}

/** The complete extract: 20 + 30 + 50 = 100 patients by 30-Sep-2024, so LPI 30-Sep-2024 and FPI 01-Jul-2024. */
export const COMPLETE = extractBody('2026-01-31', { '2024-07': 20, '2024-08': 30, '2024-09': 50 });
export const ACTUAL_FPI = noon('2024-07-01');
export const ACTUAL_LPI = noon('2024-09-30');

export function calibrationFixtures(t: TestApp, planner: Record<string, string>) {
  const db = t.database.db;
  let germany: number | null = null;
  let remodels = 0;

  async function addRun(studyPlanId: number, inputs: unknown): Promise<number> {
    const [run] = await db
      .insert(simulationRuns)
      .values({
        studyPlanId,
        status: 'COMPLETED_OK',
        seed: 7,
        replications: 400,
        engineVersion: 'test',
        inputs,
        requestedByIssuer: 'test',
        requestedBySubject: 'test',
        requestedBy: 'Test',
        finishedAt: new Date(),
      })
      .returning({ simRunId: simulationRuns.simRunId });
    return run!.simRunId;
  }

  /** A study whose Baseline Plan has a finished run of w1 and a record of `forecast` (its baseline unless told). */
  async function baselineStudy(projectId: string, forecast: ForecastOfRecord, isBaseline = true) {
    const [studyId] = (await addStudies(t, projectId)) as [number];
    const plan = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: `Baseline ${projectId}` }));
    germany ??= (await addPlanCountry(t, plan.id, 0, { iso3: 'DEU', name: 'Germany', eu: true, sites: 10 }))
      .siteGroupId;
    await db
      .update(studyPlans)
      .set({ scenarioStatus: 'Baseline Plan' })
      .where(eq(studyPlans.studyPlanId, plan.id));
    const simRunId = await addRun(plan.id, baselineInput(germany));
    const [record] = await db
      .insert(forecastRecords)
      .values({
        simRunId,
        studyPlanId: plan.id,
        studyId,
        planVersion: 1,
        inputsHash: 'test',
        studyPlanTypeDetail: 'Rates',
        scenarioStatus: 'Baseline Plan',
        engineVersion: 'test',
        forecast,
        isBaseline,
      })
      .returning({ forecastRecordId: forecastRecords.forecastRecordId });
    return { studyId, planId: plan.id, simRunId, forecastRecordId: record!.forecastRecordId };
  }

  /** POST /ctpo/study/{studyId}/CtmsExtract; answers the stored extract's id. */
  async function loadExtract(studyId: number, body: CtmsExtractBodyInput): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/CtmsExtract`,
      headers: planner,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [latest] = await db
      .select({ extractId: ctmsExtracts.extractId })
      .from(ctmsExtracts)
      .where(eq(ctmsExtracts.studyId, studyId))
      .orderBy(desc(ctmsExtracts.version))
      .limit(1);
    return latest!.extractId;
  }

  /** A remodel plan of the study made from `extractId`, with one finished run whose record forecasts `lpi`. */
  async function remodelRecord(studyId: number, extractId: number, lpi: ForecastRecordMilestone) {
    const plan = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: `Remodel ${++remodels}` }));
    await db.insert(planRemodels).values({ studyPlanId: plan.id, extractId, groups: [] });
    const [extract] = await db.select().from(ctmsExtracts).where(eq(ctmsExtracts.extractId, extractId));
    const simRunId = await addRun(plan.id, {});
    const [record] = await db
      .insert(forecastRecords)
      .values({
        simRunId,
        studyPlanId: plan.id,
        studyId,
        planVersion: 1,
        inputsHash: 'test',
        studyPlanTypeDetail: 'Remodel (R)',
        scenarioStatus: 'Draft',
        engineVersion: 'test',
        extractId,
        extractVersion: extract!.version,
        asOf: extract!.asOf,
        forecast: recordFigures(none, lpi),
      })
      .returning({ forecastRecordId: forecastRecords.forecastRecordId });
    return record!.forecastRecordId;
  }

  return { baselineStudy, loadExtract, remodelRecord };
}
