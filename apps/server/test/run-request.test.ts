import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulationRuns } from '../src/db/schema';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, createPlan, ratesPlan } from './helpers/plans';
import { addPlanCountry, auditOf, storeDates } from './helpers/run-fixtures';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let planCount = 0;

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'RUN-0001')) as [number];
});
afterAll(async () => t.close());

async function ratesPlanWith(countries: boolean) {
  planCount += 1;
  const plan = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: `Run plan ${planCount}` }));
  if (countries) {
    await addPlanCountry(t, plan.id, 0, { iso3: 'DEU', name: 'Germany', eu: true, sites: 10 });
    await addPlanCountry(t, plan.id, 1, { iso3: 'NLD', name: 'Netherlands', eu: true, sites: 8 });
    await storeDates(t, plan.id);
  }
  return plan;
}

const run = (planId: number, headers = planner) =>
  t.app.inject({ method: 'POST', url: '/ctpo/runsimulation', headers, payload: { studyPlanId: planId } });
const status = (planId: number) =>
  t.app.inject({ method: 'GET', url: `/ctpo/simulation/status/plan/${planId}`, headers: viewer });
const runsOf = (planId: number) =>
  t.database.db.select().from(simulationRuns).where(eq(simulationRuns.studyPlanId, planId));

describe('POST /ctpo/runsimulation', () => {
  it('records one REQUESTING run with the engine input, queues it, and a second request answers the same run', async () => {
    const plan = await ratesPlanWith(true);
    const first = await run(plan.id);
    expect(first.statusCode).toBe(201);
    const answer = first.json();
    expect(answer).toEqual({
      simOptRunId: expect.any(Number),
      simOptRunStatus: 'REQUESTING',
      simOptRunMsg: 'Requesting...',
      simOptRunDetail: null,
    });

    const [stored, ...others] = await runsOf(plan.id);
    expect(others).toEqual([]);
    expect(stored).toMatchObject({
      simRunId: answer.simOptRunId,
      status: 'REQUESTING',
      replications: 2000,
      jobId: expect.any(String),
      engineVersion: expect.stringMatching(/^@predict\/engine@\d+\.\d+\.\d+/),
      requestedBy: expect.any(String),
    });
    expect(stored!.seed).toBeGreaterThan(0);
    const inputs = stored!.inputs as {
      plan: { studyPlanType: number };
      siteGroups: { countryIso3: string }[];
    };
    expect(inputs.plan.studyPlanType).toBe(1);
    expect(inputs.siteGroups.map((g) => g.countryIso3)).toEqual(['DEU', 'NLD']);

    const detail = await t.app.inject({ method: 'GET', url: `/ctpo/plan/${plan.id}`, headers: viewer });
    expect(detail.json()).toMatchObject({
      simOptRunId: String(answer.simOptRunId),
      simOptRunStatus: 'REQUESTING',
      simOptRunMsg: 'Requesting...',
      // A run does not change what the user edits.
      rowVersion: plan.rowVersion,
    });
    expect((await status(plan.id)).json()).toEqual(answer);
    const audit = await auditOf(t, 'simulation_run', answer.simOptRunId);
    expect(audit).toEqual([expect.objectContaining({ action: 'create' })]);

    const second = await run(plan.id);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(answer);
    expect(await runsOf(plan.id)).toHaveLength(1);
  });

  it('refuses a plan the review rules block, saying what is missing (not "failed"), and records nothing', async () => {
    const plan = await ratesPlanWith(false);
    const res = await run(plan.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).not.toMatch(/fail/i);
    expect(res.json()).toMatchObject({
      message: 'The plan cannot be run yet: add at least one country in step 2.',
      fields: [{ path: 'NO_COUNTRY', message: 'At least one country is required.' }],
      items: [expect.objectContaining({ code: 'NO_COUNTRY', severity: 'error', step: 2 })],
    });
    expect(await runsOf(plan.id)).toEqual([]);
    expect((await status(plan.id)).json()).toEqual({
      simOptRunId: null,
      simOptRunStatus: 'NOT_STARTED',
      simOptRunMsg: 'Simulation has not started.',
      simOptRunDetail: null,
    });
  });

  it('runs only Draft plans', async () => {
    const plan = await ratesPlanWith(true);
    const saveAs = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/EnrollmentPlanSaveAs`,
      headers: planner,
      payload: { studyPlanId: plan.id, scenarioStatus: 'Proposal', rowVersion: plan.rowVersion },
    });
    expect(saveAs.statusCode).toBe(200);
    const res = await run(plan.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Only plans with status 'Draft' can be run.");
    expect(await runsOf(plan.id)).toEqual([]);
  });

  it('is refused (403) for read-only users and answers 404 for an unknown plan', async () => {
    const plan = await ratesPlanWith(true);
    expect((await run(plan.id, viewer)).statusCode).toBe(403);
    expect(await runsOf(plan.id)).toEqual([]);
    expect((await run(999_999)).statusCode).toBe(404);
    expect((await status(999_999)).statusCode).toBe(404);
  });
});
