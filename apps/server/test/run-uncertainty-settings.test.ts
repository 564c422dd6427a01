import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSettingsUrl, SimulationRunSettings, type StudyPlan } from '@predict/shared';
import { simulationRuns } from '../src/db/schema';
import { NO_RESULTS_MESSAGE } from '../src/services/results/read-result-set';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { currentRowVersion } from './helpers/plan-countries';
import { addStudies, createPlan, ratesPlan, step1 } from './helpers/plans';
import { exampleResultSets, storeRun } from './helpers/result-fixtures';
import { addPlanCountry, storeDates } from './helpers/run-fixtures';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let plans = 0;

beforeAll(async () => {
  // The app runs its own workers (the embedded shape), so a requested run goes through the queue and the threads.
  t = await createTestApp({ RUN_WORKERS: 'true', WORKER_THREADS: '2' });
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'UNC-0001')) as [number];
}, 120_000);
afterAll(async () => t?.close());

async function newPlan(uncertainty?: Record<string, number>) {
  plans += 1;
  const plan = await createPlan(
    t,
    planner,
    studyId,
    ratesPlan({ studyPlanName: `Uncertainty plan ${plans}`, ...(uncertainty ? { uncertainty } : {}) }),
  );
  return plan.id;
}

const get = (url: string, headers: Record<string, string> = viewer) =>
  t.app.inject({ method: 'GET', url, headers });
const readPlan = async (planId: number) => (await get(`/ctpo/plan/${planId}`)).json() as StudyPlan;

async function runToEnd(planId: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/ctpo/runsimulation',
    headers: planner,
    payload: { studyPlanId: planId },
  });
  expect(res.statusCode).toBe(201);
  for (let i = 0; i < 600; i++) {
    const status = (await get(`/ctpo/simulation/status/plan/${planId}`)).json() as {
      simOptRunStatus: string;
    };
    if (!['NOT_STARTED', 'REQUESTING', 'RUNNING', 'PROCESSING'].includes(status.simOptRunStatus)) {
      expect(status.simOptRunStatus).toBe('COMPLETED_OK');
      return res.json().simOptRunId as number;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the run did not finish in 60 s');
}

describe('the uncertainty settings of a plan', () => {
  it('default to the engine defaults, country rate CV, site inactivation and the site age profile included', async () => {
    const plan = await readPlan(await newPlan());
    expect(plan.uncertainty).toEqual({
      studyRateCv: 0.2,
      startupCv: 0.25,
      siteRateCv: 0.8,
      nonEnrollingProbability: 0,
      countryRateCv: 0.6,
      siteInactivationPerYear: 0.2,
      siteRampUpDays: 0,
      siteRampUpStart: 0.5,
      siteDecayPerYear: 0,
      pinDefaultUncertainty: false,
    });
  });

  it('are saved by step 1 and refused outside the engine limits', async () => {
    const planId = await newPlan({ countryRateCv: 0.3, siteInactivationPerYear: 0.15 });
    expect((await readPlan(planId)).uncertainty).toMatchObject({
      countryRateCv: 0.3,
      siteInactivationPerYear: 0.15,
    });
    const refused = await step1(t, planner, studyId, {
      studyPlanId: planId,
      rowVersion: await currentRowVersion(t, planner, planId),
      uncertainty: { countryRateCv: 5.5, siteInactivationPerYear: 11 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('countryRateCv');
    expect(refused.body).toContain('siteInactivationPerYear');
  });

  it('keep the site age profile: saved by step 1, refused above the engine limits with their messages', async () => {
    const planId = await newPlan({ siteRampUpDays: 90, siteRampUpStart: 0.3, siteDecayPerYear: 0.1 });
    expect((await readPlan(planId)).uncertainty).toMatchObject({
      siteRampUpDays: 90,
      siteRampUpStart: 0.3,
      siteDecayPerYear: 0.1,
    });
    for (const [field, value, message] of [
      ['siteRampUpDays', 3651, 'Has to be a value from 0 to 3650.'],
      ['siteRampUpStart', 1.5, 'Has to be a value from 0 to 1.'],
      ['siteDecayPerYear', 10.5, 'Has to be a value from 0 to 10.'],
    ] as const) {
      const refused = await step1(t, planner, studyId, {
        studyPlanId: planId,
        rowVersion: await currentRowVersion(t, planner, planId),
        uncertainty: { [field]: value },
      });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.body, field).toContain(field);
      expect(refused.body, field).toContain(message);
    }
    // The limits themselves are kept, and nothing refused was stored.
    const saved = await step1(t, planner, studyId, {
      studyPlanId: planId,
      rowVersion: await currentRowVersion(t, planner, planId),
      uncertainty: { siteRampUpDays: 3650, siteRampUpStart: 1, siteDecayPerYear: 10 },
    });
    expect(saved.statusCode).toBe(200);
    expect((await readPlan(planId)).uncertainty).toMatchObject({
      siteRampUpDays: 3650,
      siteRampUpStart: 1,
      siteDecayPerYear: 10,
    });
  });
});

describe('GET /ctpo/results/settings/plan/{planId}', () => {
  it("answers the settings a finished run used, not the plan's later ones", async () => {
    const planId = await newPlan({
      siteRateCv: 0.6,
      countryRateCv: 0.3,
      siteInactivationPerYear: 0.2,
      siteRampUpDays: 60,
      siteRampUpStart: 0.4,
      siteDecayPerYear: 0.05,
    });
    await addPlanCountry(t, planId, 0, { iso3: 'DEU', name: 'Germany', eu: true, sites: 10 });
    await addPlanCountry(t, planId, 1, { iso3: 'NLD', name: 'Netherlands', eu: true, sites: 8 });
    await storeDates(t, planId);
    const simRunId = await runToEnd(planId);

    const used = {
      studyRateCv: 0.2,
      startupCv: 0.25,
      siteRateCv: 0.6,
      nonEnrollingProbability: 0,
      countryRateCv: 0.3,
      siteInactivationPerYear: 0.2,
      siteRampUpDays: 60,
      siteRampUpStart: 0.4,
      siteDecayPerYear: 0.05,
    };
    // The run's engine input names them (the plan's values when it was requested).
    const [input] = await t.database.db
      .select({ inputs: simulationRuns.inputs })
      .from(simulationRuns)
      .where(eq(simulationRuns.simRunId, simRunId));
    expect((input!.inputs as { plan: { uncertainty: unknown } }).plan.uncertainty).toMatchObject(used);
    // Stored with the run, as the engine's forecast reported them.
    const [row] = await t.database.db
      .select({ uncertainty: simulationRuns.uncertainty })
      .from(simulationRuns)
      .where(eq(simulationRuns.simRunId, simRunId));
    expect(row!.uncertainty).toMatchObject(used);

    const first = await get(runSettingsUrl(planId));
    expect(first.statusCode).toBe(200);
    const body = SimulationRunSettings.parse(first.json());
    expect(body).toMatchObject({
      simOptRunId: simRunId,
      source: 'run',
      uncertainty: used,
      calibrationVersion: null,
    });
    // A finished run's settings never change: revalidated with the ETag.
    const etag = first.headers.etag as string;
    expect(etag).toBe(`"run-${simRunId}-settings-${etag.split('-settings-')[1]!.slice(0, -1)}"`);
    expect((await get(runSettingsUrl(planId), { ...viewer, 'if-none-match': etag })).statusCode).toBe(304);

    // The plan changes after the run: the run's results keep the settings it used.
    const saved = await step1(t, planner, studyId, {
      studyPlanId: planId,
      rowVersion: await currentRowVersion(t, planner, planId),
      uncertainty: {
        siteRateCv: 1.1,
        countryRateCv: 0.9,
        siteInactivationPerYear: 0,
        siteRampUpDays: 0,
        siteDecayPerYear: 0.5,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect((await readPlan(planId)).uncertainty).toMatchObject({
      siteRateCv: 1.1,
      countryRateCv: 0.9,
      siteRampUpDays: 0,
      siteDecayPerYear: 0.5,
    });
    expect(SimulationRunSettings.parse((await get(runSettingsUrl(planId))).json())).toEqual(body);
  }, 120_000);

  it('answers a run stored before the settings were kept with those its input named', async () => {
    const planId = await newPlan();
    const simRunId = await storeRun(t, planId, 'COMPLETED_OK', exampleResultSets('w1'));
    await t.database.db
      .update(simulationRuns)
      .set({
        inputs: {
          plan: {
            uncertainty: { studyRateCv: 0.3, startupCv: 0.2, siteRateCv: 0.7, nonEnrollingProbability: 0.1 },
          },
        },
      })
      .where(eq(simulationRuns.simRunId, simRunId));
    expect((await get(runSettingsUrl(planId))).json()).toEqual({
      simOptRunId: simRunId,
      source: 'request',
      uncertainty: { studyRateCv: 0.3, startupCv: 0.2, siteRateCv: 0.7, nonEnrollingProbability: 0.1 },
      calibrationVersion: null,
    });
  });

  it('answers no settings for a run that knows none, and 404 without a finished run', async () => {
    const planId = await newPlan();
    const missing = await get(runSettingsUrl(planId));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(NO_RESULTS_MESSAGE);
    expect((await get(runSettingsUrl(999_999))).statusCode).toBe(404);
    const simRunId = await storeRun(t, planId, 'COMPLETED_OK', exampleResultSets('w1'));
    expect((await get(runSettingsUrl(planId))).json()).toEqual({
      simOptRunId: simRunId,
      source: null,
      uncertainty: null,
      calibrationVersion: null,
    });
    expect((await t.app.inject({ method: 'GET', url: runSettingsUrl(planId) })).statusCode).toBe(401);
  });

  it('is documented in OpenAPI with its schema, and the plan with all nine settings', async () => {
    const doc = (await get('/ctpo/docs/json')).json() as {
      paths: Record<string, { get: { responses: Record<string, { content: unknown }> } }>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const content = JSON.stringify(doc.paths['/ctpo/results/settings/plan/{planId}']?.get.responses['200']);
    expect(content).toContain('#/components/schemas/SimulationRunSettings');
    const ageProfile = ['siteRampUpDays', 'siteRampUpStart', 'siteDecayPerYear'];
    expect(Object.keys(doc.components.schemas.RunUncertainty!.properties)).toEqual(
      expect.arrayContaining([
        'countryRateCv',
        'siteInactivationPerYear',
        ...ageProfile,
        'estimatedSiteRateCv',
      ]),
    );
    expect(Object.keys(doc.components.schemas.PlanUncertainty!.properties)).toEqual(
      expect.arrayContaining(['countryRateCv', 'siteInactivationPerYear', ...ageProfile]),
    );
  });
});
