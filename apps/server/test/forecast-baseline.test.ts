import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computePlanLine, parseSimulationInput, preparePlan, type SimulationInput } from '@predict/engine';
import type { ActualsResponse, CtmsExtractBodyInput } from '@predict/shared';
import { forecastRecords, simulationRuns } from '../src/db/schema';
import { inlineEngine } from '../src/jobs/run-engine';
import { executeSimulationRun } from '../src/services/runs/execute-simulation-run';
import { isoDay, isoMonth } from './helpers/actuals-fixtures';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { forecastFixtures } from './helpers/forecast-fixtures';
import { addStudies, DAY } from './helpers/plans';
import { auditOf } from './helpers/run-fixtures';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let f: ReturnType<typeof forecastFixtures>;
// Two days ago at midnight UTC: after the plans' CRO start (ratesPlan's START), so a remodel accepts the actuals.
const asOf = Math.floor((Date.now() - 2 * DAY) / DAY) * DAY;
const monthA = isoMonth(asOf - 90 * DAY);
const monthB = isoMonth(asOf - 30 * DAY);

beforeAll(async () => {
  t = await createTestApp({ RUN_WORKERS: 'true', WORKER_THREADS: '1' });
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  f = forecastFixtures(t, planner, viewer);
}, 120_000);
afterAll(async () => t?.close());

/** An extract of one German site with `enrolled` patients in month A and `later` more in month B. */
function extract(enrolled: number, later = 0): CtmsExtractBodyInput {
  const counts = (n: number) => ({
    screened: n + 1,
    enrolled: n,
    completedTreatment: 0,
    droppedOut: 0,
    completedFollowUp: 0,
  });
  return {
    asOf: new Date(asOf).toISOString(),
    sites: [
      {
        siteNumber: 'D1',
        piName: 'Dr Adler',
        countryIso3: 'DEU',
        siteSelectedDate: isoDay(asOf - 260 * DAY),
        siteActivatedDate: isoDay(asOf - 200 * DAY),
        siteStatus: 'Enrolling',
      },
    ],
    siteMonths: [
      { siteNumber: 'D1', month: monthA, ...counts(enrolled) },
      ...(later > 0 ? [{ siteNumber: 'D1', month: monthB, ...counts(later) }] : []),
    ],
  };
}

async function loadExtract(studyId: number, body: CtmsExtractBodyInput) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/ctpo/study/${studyId}/CtmsExtract`,
    headers: planner,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const baselineRows = (planId: number) =>
  t.database.db
    .select({ simRunId: forecastRecords.simRunId })
    .from(forecastRecords)
    .where(and(eq(forecastRecords.studyPlanId, planId), eq(forecastRecords.isBaseline, true)));

describe('the locked baseline', () => {
  it('Baseline Plan locks the newest record; a later run leaves it; Baseline Plan again moves it; audited', async () => {
    const [studyId] = (await addStudies(t, 'FOR-0101')) as [number];
    const planId = await f.runnablePlan(studyId);
    await f.runToEnd(planId);
    const second = await f.runToEnd(planId);
    await f.saveAs(studyId, planId, 'Baseline Plan');
    let records = (await f.history(planId)).records;
    expect(records.map((r) => [r.simRunId, r.isBaseline, r.kind])).toEqual([
      [second, true, 'Baseline'],
      [records[1]!.simRunId, false, 'Rates'],
    ]);
    const locked = records[0]!.forecastRecordId;
    const [lockAudit] = (await auditOf(t, 'forecast_record', locked)).filter((a) => a.action === 'status');
    expect(lockAudit).toMatchObject({
      old_values: { isBaseline: false, baselineOfPlan: null },
      new_values: { isBaseline: true, studyPlanId: planId, simRunId: second },
    });

    // Edited as a new version and run again: a new record, the locked one stays.
    await f.saveAs(studyId, planId, 'Draft');
    const third = await f.runToEnd(planId);
    records = (await f.history(planId)).records;
    expect(records[0]).toMatchObject({ simRunId: third, isBaseline: false, planVersion: 2, kind: 'Rates' });
    expect(records.filter((r) => r.isBaseline).map((r) => r.simRunId)).toEqual([second]);
    const newest = records[0]!.forecastRecordId;
    expect((await auditOf(t, 'forecast_record', newest)).map((a) => a.action)).toEqual(['create']);

    await f.saveAs(studyId, planId, 'Baseline Plan');
    expect(await baselineRows(planId)).toEqual([{ simRunId: third }]);
    const [moved] = (await auditOf(t, 'forecast_record', newest)).filter((a) => a.action === 'status');
    expect(moved).toMatchObject({
      old_values: { isBaseline: false, baselineOfPlan: { forecastRecordId: locked, simRunId: second } },
      new_values: { isBaseline: true, simRunId: third },
    });
  });

  it('Study Actuals compares against the locked record, and against the latest run when there is none', async () => {
    const [studyId] = (await addStudies(t, 'FOR-0102')) as [number];
    const planId = await f.runnablePlan(studyId);
    const locked = await f.runToEnd(planId);
    await f.saveAs(studyId, planId, 'Baseline Plan');
    // A run that was under way when the plan became Baseline Plan finishes later, at half the enrollment rate.
    const [run] = await t.database.db
      .select()
      .from(simulationRuns)
      .where(eq(simulationRuns.simRunId, locked));
    const lockedInput = run!.inputs as SimulationInput;
    const slowerInput = { ...lockedInput, plan: { ...lockedInput.plan, enrollmentRate: 0.4 } };
    const [later] = await t.database.db
      .insert(simulationRuns)
      .values({ ...run!, simRunId: undefined, status: 'NOT_STARTED', inputs: slowerInput, jobId: null })
      .returning();
    const executed = await executeSimulationRun({ db: t.database.db, engine: inlineEngine }, later!.simRunId);
    expect(executed).toBe('completed');
    expect((await f.recordsOfRun(later!.simRunId))[0]).toMatchObject({ isBaseline: false });
    await loadExtract(studyId, extract(3));

    const plannedLpi = (input: unknown) => {
      const parsed = parseSimulationInput(input);
      if (!parsed.ok) throw new Error('bad input');
      const prepared = preparePlan(parsed.input);
      return isoDay(prepared.day0Ms + computePlanLine(prepared).milestones.lastEnrolled! * DAY);
    };
    const lpiPlanned = async () => {
      const a = (await f.get(`/ctpo/actuals/study/${studyId}`)).json() as ActualsResponse;
      expect(a.state).toBe('ready');
      return a.rows.find((r) => r.rowtype === 'Last_Patient_Enrolled')!.planned;
    };
    expect(plannedLpi(slowerInput)).not.toBe(plannedLpi(lockedInput));
    expect(await lpiPlanned()).toBe(plannedLpi(lockedInput));
    // Without a baseline of record (runs from before records were kept), the latest finished run, as before.
    await t.database.db
      .update(forecastRecords)
      .set({ isBaseline: false })
      .where(eq(forecastRecords.studyPlanId, planId));
    expect(await lpiPlanned()).toBe(plannedLpi(slowerInput));
  });
});

describe('a plan history with its remodel plans and the actual dates', () => {
  it("lists the remodel plan's records with their extract, and the actual FPI, then LPI once enrolled", async () => {
    const [studyId] = (await addStudies(t, 'FOR-0103')) as [number];
    const planId = await f.runnablePlan(studyId);
    const baselineRun = await f.runToEnd(planId);
    await f.saveAs(studyId, planId, 'Baseline Plan');
    await loadExtract(studyId, extract(3));
    const firstEnrolled = Date.parse(`${monthA}-01T12:00:00Z`);
    let body = await f.history(planId);
    expect(body.actual).toMatchObject({ extractVersion: 1, asOfMillis: asOf, lastEnrolledMillis: null });
    expect(body.actual!.firstEnrolledMillis).toBe(firstEnrolled);

    const remodel = await t.app.inject({
      method: 'PATCH',
      url: `/ctpo/remodel/study/${studyId}`,
      headers: planner,
      payload: {
        studyPlanName: 'Remodel of record',
        studyPlanDescr: 'Go forward at the actual rates',
        studyPlanType: 1,
        enrollmentRateSelection: 2,
        overallEnrollmentDurationSelection: 1,
        screenPatientsReModel: '10',
        enrollPatientsReModel: '8',
        completePatientsReModel: '7',
        siteGroups: [{ siteGroupName: 'Germany', enrollmentRateSelection: 2, sitesSelection: 1 }],
      },
    });
    expect(remodel.statusCode, remodel.body).toBe(201);
    const remodelPlanId = (remodel.json() as { studyPlanId: number }[])[0]!.studyPlanId;
    const remodelRun = await f.runToEnd(remodelPlanId);
    body = await f.history(planId);
    expect(body.records.map((r) => r.simRunId)).toEqual([remodelRun, baselineRun]);
    expect(body.records[0]).toMatchObject({
      kind: 'Remodel',
      studyPlanId: remodelPlanId,
      studyPlanName: 'Remodel of record',
      extract: { extractId: body.actual!.extractId, version: 1, asOfMillis: asOf },
      isBaseline: false,
    });
    expect(body.records[1]).toMatchObject({ kind: 'Baseline', extract: null, isBaseline: true });
    // The remodel plan's own history holds its own records.
    expect((await f.history(remodelPlanId)).records.map((r) => r.simRunId)).toEqual([remodelRun]);

    // The next extract shows the eighth patient enrolled in month B.
    await loadExtract(studyId, extract(3, 5));
    const actual = (await f.history(planId)).actual!;
    expect(actual).toMatchObject({ extractVersion: 2, firstEnrolledMillis: firstEnrolled });
    expect(actual.lastEnrolledMillis).not.toBeNull();
    expect(actual.lastEnrolledMillis!).toBeGreaterThanOrEqual(Date.parse(`${monthB}-01T00:00:00Z`));
    expect(actual.lastEnrolledMillis!).toBeLessThanOrEqual(asOf + DAY);
  });
});
