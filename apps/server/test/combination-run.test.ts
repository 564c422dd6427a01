import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulate } from '@predict/engine';
import { COMBINATION_RESULT_SETS, type PlanValidationResponse } from '@predict/shared';
import { simulationResultSets, simulationRuns } from '../src/db/schema';
import { findResultSet } from '../src/repositories/simulation-results-repository';
import { RUN_NOT_DRAFT_COMBO_MESSAGE } from '../src/services/runs/request-simulation-run';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, createPlan, durationPlan, ratesPlan } from './helpers/plans';
import { addPlanCountry, storeDates } from './helpers/run-fixtures';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;

beforeAll(async () => {
  // The app runs its own workers (the embedded shape) on two threads.
  t = await createTestApp({ RUN_WORKERS: 'true', WORKER_THREADS: '2' });
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'COMBO-0001')) as [number];
}, 120_000);
afterAll(async () => t?.close());

/** A complete plan (two countries with their dates), or one without countries when `complete` is false. */
async function plan(name: string, kind: 'rates' | 'duration', complete = true) {
  const body = kind === 'rates' ? ratesPlan({ studyPlanName: name }) : durationPlan({ studyPlanName: name });
  const created = await createPlan(t, planner, studyId, body);
  if (complete) {
    await addPlanCountry(t, created.id, 0, { iso3: 'DEU', name: 'Germany', eu: true, sites: 10, rate: 0.6 });
    await addPlanCountry(t, created.id, 1, {
      iso3: 'NLD',
      name: 'Netherlands',
      eu: true,
      sites: 8,
      rate: 0.5,
    });
    await storeDates(t, created.id);
  }
  return created.id;
}

async function combination(name: string, memberIds: number[]): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/ctpo/cohort/study/${studyId}`,
    headers: planner,
    payload: memberIds.map((studyPlanId) => ({
      studyId,
      studyPlanId,
      studyPlanName: name,
      studyPlanDescr: 'Combined plans',
    })),
  });
  expect(res.statusCode).toBe(201);
  return res.json()[0].studyPlanId as number;
}

const run = (studyPlanId: number) =>
  t.app.inject({ method: 'POST', url: '/ctpo/runsimulation', headers: planner, payload: { studyPlanId } });

async function waitForEnd(planId: number) {
  for (let i = 0; i < 1200; i++) {
    const res = await t.app.inject({ url: `/ctpo/simulation/status/plan/${planId}`, headers: viewer });
    const status = res.json() as { simOptRunStatus: string };
    if (!['REQUESTING', 'RUNNING', 'PROCESSING'].includes(status.simOptRunStatus)) return status;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the run did not finish in 120 s');
}

describe(`combination runs (${process.env.PREDICT_TEST_DB ?? 'pglite'})`, () => {
  it('runs a Draft-Combo combination of two complete plans to COMPLETED_OK with 13 result sets and the Timeline Overview', async () => {
    const a = await plan('Plan A', 'rates');
    const b = await plan('Plan B', 'duration');
    const comboId = await combination('A and B', [a, b]);

    const validation = await t.app.inject({
      url: `/ctpo/plan/${comboId}/validation?step=3`,
      headers: viewer,
    });
    expect(validation.statusCode).toBe(200);
    const { items } = validation.json() as PlanValidationResponse;
    expect(items.filter((i) => i.severity === 'error')).toEqual([]);

    const res = await run(comboId);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ simOptRunStatus: 'REQUESTING' });
    const end = await waitForEnd(comboId);
    expect(end).toMatchObject({ simOptRunStatus: 'COMPLETED_OK', simOptRunMsg: 'Simulation completed.' });

    const [row] = await t.database.db
      .select()
      .from(simulationRuns)
      .where(eq(simulationRuns.studyPlanId, comboId));
    const inputs = row!.inputs as { label: string; combineWith: { label: string }[] };
    expect([inputs.label, ...inputs.combineWith.map((c) => c.label)]).toEqual(['Plan A', 'Plan B']);

    const sets = await t.database.db
      .select()
      .from(simulationResultSets)
      .where(eq(simulationResultSets.simRunId, row!.simRunId));
    // The 13 ordinary sets and the Timeline Overview (the cohort range chart of combination plans).
    expect(sets.map((s) => s.setName).sort()).toEqual([...COMBINATION_RESULT_SETS].sort());
    const timeline = await t.app.inject({
      url: `/ctpo/cohortcharts/timeline/plan/${comboId}`,
      headers: viewer,
    });
    expect(timeline.statusCode).toBe(200);
    const bars = timeline.json() as { cohortName: string; milestoneName: string; studyDayDuration: number }[];
    for (const member of ['Plan A', 'Plan B'])
      expect(bars.filter((b) => b.cohortName === member).map((b) => b.milestoneName)).toEqual([
        'Start-Up',
        'FSIV to FPI',
        'Enrollment',
        'Treatment and Follow-Up',
        'Close-Out',
      ]);
    expect(bars.every((b) => b.studyDayDuration >= 0)).toBe(true);
    const summary = (await findResultSet(t.database.db, comboId, 'summaryTable')) as {
      siteGroupName: string;
    }[];
    expect(summary.map((r) => r.siteGroupName)).toEqual(
      expect.arrayContaining([
        'Germany (Plan A)',
        'Netherlands (Plan A)',
        'Germany (Plan B)',
        'Netherlands (Plan B)',
      ]),
    );

    // The worker's sets are the engine CLI's for the stored input and seed (each member on its own seed, seed + k).
    const cli = simulate(row!.inputs, { seed: row!.seed, replications: row!.replications });
    if (!cli.ok) throw new Error('the stored combination input is valid');
    expect(cli.output.forecast).toMatchObject({ seeds: [row!.seed, row!.seed + 1] });
    const stored = Object.fromEntries(sets.map((s) => [s.setName, s.payload]));
    expect(stored).toEqual(JSON.parse(JSON.stringify(cli.output.resultSets)));
  }, 180_000);

  it('refuses a combination whose member is incomplete with a 400 naming the member and its reasons', async () => {
    const complete = await plan('Complete plan', 'rates');
    const incomplete = await plan('Plan without countries', 'rates', false);
    const comboId = await combination('Complete and incomplete', [complete, incomplete]);

    const res = await run(comboId);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; fields: { path: string; message: string }[] };
    expect(body.message).toBe('The plan cannot be run yet: add at least one country in step 2.');
    expect(body.fields).toEqual([
      { path: 'NO_COUNTRY', message: 'Plan without countries - At least one country is required.' },
    ]);
    const runs = await t.database.db.execute(
      sql`select count(*)::int as n from simulation_runs where study_plan_id = ${comboId}`,
    );
    expect((runs as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    const validation = await t.app.inject({
      url: `/ctpo/plan/${comboId}/validation?step=3`,
      headers: viewer,
    });
    const { items } = validation.json() as PlanValidationResponse;
    expect(items.filter((i) => i.severity === 'error')).toEqual([
      {
        code: 'NO_COUNTRY',
        severity: 'error',
        message: 'Plan without countries - At least one country is required.',
        step: null,
        studyPlanSiteGroupId: null,
      },
    ]);
  });

  it('runs a combination only while it is Draft-Combo', async () => {
    const comboId = await combination('Published combination', [
      await plan('Plan C', 'rates'),
      await plan('Plan D', 'rates'),
    ]);
    await t.database.db.execute(
      sql`update study_plans set scenario_status = 'Proposal' where study_plan_id = ${comboId}`,
    );
    const res = await run(comboId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RUN_NOT_DRAFT_COMBO_MESSAGE);
  });
});
