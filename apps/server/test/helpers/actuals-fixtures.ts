import { eq } from 'drizzle-orm';
import { loadExample } from '@predict/engine/examples';
import { parseSimulationInput, preparePlan, type SimulationInput } from '@predict/engine';
import type { CtmsExtractBodyInput } from '@predict/shared';
import { simulationRuns, studyPlans } from '../../src/db/schema';
import type { TestApp } from './app';
import { createPlan, DAY, ratesPlan } from './plans';
import { addPlanCountry } from './run-fixtures';

const TWO_YEARS = 730 * DAY;

/**
 * The engine's one-country example w1 (Germany, 10 sites, 1 patient/site/month, 20% screen fail, 10% drop-out),
 * moved two years earlier so that a realistic as-of date is in the past, on the test's Germany site group.
 */
export function baselineInput(siteGroupId: number): SimulationInput {
  const raw = loadExample('w1') as { plan: Record<string, number>; siteGroups: Record<string, unknown>[] };
  const plan = {
    ...raw.plan,
    croProjectStartDateMillis: raw.plan.croProjectStartDateMillis! - TWO_YEARS,
    finalProtocolStartDateMillis: raw.plan.finalProtocolStartDateMillis! - TWO_YEARS,
  };
  const siteGroups = raw.siteGroups.map((g) => ({
    ...g,
    siteGroupId: String(siteGroupId),
    siteGroupName: 'Germany',
  }));
  const parsed = parseSimulationInput({ ...raw, plan, siteGroups });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.input;
}

export interface ActualsStudy {
  planId: number;
  germany: number;
  france: number;
  input: SimulationInput;
  day0Ms: number;
}

/**
 * A study with a Baseline Plan (Germany) that has a finished run of baselineInput, and a France site group that
 * the plan does not have (added to a second, Draft plan). `run: false` leaves the baseline without a run.
 */
export async function baselineStudy(
  t: TestApp,
  planner: Record<string, string>,
  studyId: number,
  options: { run?: boolean } = {},
): Promise<ActualsStudy> {
  const plan = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: `Baseline ${studyId}` }));
  const other = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: `Other ${studyId}` }));
  const germany = (await addPlanCountry(t, plan.id, 0, { iso3: 'DEU', name: 'Germany', eu: true, sites: 10 }))
    .siteGroupId;
  const france = (await addPlanCountry(t, other.id, 0, { iso3: 'FRA', name: 'France', eu: true, sites: 5 }))
    .siteGroupId;
  const db = t.database.db;
  await db
    .update(studyPlans)
    .set({ scenarioStatus: 'Baseline Plan' })
    .where(eq(studyPlans.studyPlanId, plan.id));
  const input = baselineInput(germany);
  if (options.run !== false)
    await db.insert(simulationRuns).values({
      studyPlanId: plan.id,
      status: 'COMPLETED_OK',
      seed: 11,
      replications: 400,
      engineVersion: 'test',
      inputs: input,
      requestedByIssuer: 'test',
      requestedBySubject: 'test',
      requestedBy: 'Test',
      finishedAt: new Date(),
    });
  return { planId: plan.id, germany, france, input, day0Ms: preparePlan(input).day0Ms };
}

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const isoMonth = (ms: number) => isoDay(ms).slice(0, 7);

/** A valid extract body: Germany sites D1 (Enrolling), D2 (Closed), D3 (not activated), D4 (selected), France F1. */
export function sampleExtract(asOfMs: number): CtmsExtractBodyInput {
  const d = (days: number) => isoDay(asOfMs - days * DAY);
  const monthA = isoMonth(asOfMs - 90 * DAY);
  const monthB = isoMonth(asOfMs - 30 * DAY);
  const counts = (screened: number, enrolled: number, droppedOut = 0) => ({
    screened,
    enrolled,
    completedTreatment: 0,
    droppedOut,
    completedFollowUp: 0,
  });
  return {
    asOf: new Date(asOfMs).toISOString(),
    sites: [
      {
        siteNumber: 'D1',
        piName: 'Dr Adler',
        countryIso3: 'DEU',
        siteSelectedDate: d(260),
        siteActivatedDate: d(200),
        siteStatus: 'Enrolling',
        currency: 'EUR',
      },
      {
        siteNumber: 'D2',
        piName: 'Dr Braun',
        countryIso3: 'DEU',
        siteSelectedDate: d(240),
        siteActivatedDate: d(150),
        siteStatus: 'Closed',
      },
      {
        siteNumber: 'D3',
        piName: null,
        countryIso3: 'DEU',
        siteSelectedDate: d(100),
        siteActivationForecastDate: d(-30),
        siteStatus: 'Start-up',
      },
      { siteNumber: 'D4', countryIso3: 'deu', siteSelectedDate: d(20), siteStatus: 'Selected' },
      {
        siteNumber: 'F1',
        piName: 'Dr Colin',
        countryIso3: 'FRA',
        siteSelectedDate: d(180),
        siteActivatedDate: d(100),
        siteStatus: 'Activated',
      },
    ],
    siteMonths: [
      { siteNumber: 'D1', month: monthA, ...counts(5, 4, 1) },
      { siteNumber: 'D1', month: monthB, ...counts(3, 2) },
      { siteNumber: 'D2', month: monthA, ...counts(2, 1) },
      { siteNumber: 'F1', month: monthB, ...counts(1, 1) },
    ],
  };
}
