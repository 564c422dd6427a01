import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALIBRATED_SETTING_KEYS,
  CalibrationFitStatus,
  CalibrationVersionList,
  runSettingsUrl,
  SimulationRunSettings,
  type StudyPlan,
} from '@predict/shared';
import { auditLog, simulationRuns } from '../src/db/schema';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { calibrationFitFixtures } from './helpers/calibration-fit-fixtures';
import { currentRowVersion } from './helpers/plan-countries';
import { addStudies, createPlan, ratesPlan, step1 } from './helpers/plans';
import { addPlanCountry, storeDates } from './helpers/run-fixtures';

/**
 * Fitted uncertainty (issue 24 part 3) through the API: the refusal under 8 completed studies, a fit of 10 small
 * synthetic completed studies on the job queue in a worker thread, approval with its audit rows, admin-only writes,
 * and new runs taking the approved version unless their plan pins its own settings.
 */

let t: TestApp;
let admin: Record<string, string>;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let fixtures: ReturnType<typeof calibrationFitFixtures>;

beforeAll(async () => {
  // The app works its own queues (the embedded shape): the fit job and the runs go through pg-boss and threads.
  t = await createTestApp({ RUN_WORKERS: 'true', WORKER_THREADS: '2' });
  admin = bearer(await t.token('admin'));
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  fixtures = calibrationFitFixtures(t, planner);
}, 120_000);
afterAll(async () => t?.close());

const startFit = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/ctpo/admin/calibration/fits', headers });
const get = (url: string, headers = viewer) => t.app.inject({ method: 'GET', url, headers });
const approve = (n: number, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/ctpo/admin/calibration/versions/${n}/approve`, headers });

/** Polls the fit until it ends, keeping every progress answer seen. */
async function fitToEnd(fitId: number) {
  const seen: CalibrationFitStatus[] = [];
  for (let i = 0; i < 1200; i++) {
    const status = CalibrationFitStatus.parse((await get(`/ctpo/admin/calibration/fits/${fitId}`)).json());
    seen.push(status);
    if (status.status === 'done' || status.status === 'failed') return { status, seen };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the fit did not finish in 60 s');
}

async function audits(entity: string, entityId: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(auditLog.auditId);
}

let fittedVersion = 0;

describe('a calibration fit', () => {
  it('is refused under 8 completed studies with the engine message (an unfinished study does not count)', async () => {
    for (let i = 0; i < 6; i++) await fixtures.completedStudy();
    await fixtures.completedStudy({ complete: false });
    const res = await startFit(admin);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(
      'A portfolio fit needs at least 8 completed studies; 6 given (2 more needed).',
    );
  }, 60_000);

  it('may be started by admins only', async () => {
    for (const who of [planner, viewer]) {
      const res = await startFit(who);
      expect(res.statusCode).toBe(403);
    }
  });

  it('runs to done in a worker with progress, and stores version 1 with its settings and figures', async () => {
    for (let i = 0; i < 4; i++) await fixtures.completedStudy();
    const started = Date.now();
    const res = await startFit(admin);
    expect(res.statusCode, res.body).toBe(202);
    const queued = CalibrationFitStatus.parse(res.json());
    expect(queued).toMatchObject({ status: 'queued', studies: 10, version: null });
    const { status, seen } = await fitToEnd(queued.fitId);
    console.log(`fit of 10 studies: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(status.status, status.message ?? '').toBe('done');
    expect(status.progress).toBe(1);
    // Progress moved forward through the steps while it ran.
    const running = seen.filter((s) => s.status === 'running');
    expect(running.length).toBeGreaterThan(0);
    const steps = new Set(running.map((s) => s.step));
    expect([...steps].some((s) => /^Reading 10 studies$|^Fitting$|^Cross-validating \d of \d$/.test(s))).toBe(
      true,
    );
    for (let i = 1; i < seen.length; i++)
      expect(seen[i]!.progress).toBeGreaterThanOrEqual(seen[i - 1]!.progress);

    const version = status.version!;
    expect(version).toMatchObject({ version: 1, status: 'fitted', createdBy: expect.any(String) });
    expect(version.studyIds).toHaveLength(10);
    for (const key of CALIBRATED_SETTING_KEYS) expect(version.settings[key].value).toBeGreaterThanOrEqual(0);
    // The rate CVs run at their predictive value sqrt(estimate^2 + se^2); the others at their estimate.
    for (const key of ['studyRateCv', 'countryRateCv', 'siteRateCv'] as const) {
      const { value, se, estimate } = version.settings[key];
      expect(se, key).not.toBeNull();
      expect(value, key).toBeCloseTo(Math.hypot(estimate!, se!), 12);
    }
    expect(version.settings.siteInactivationPerYear.estimate).toBeUndefined();
    // 10 studies: one fold (87.5%: 8 fitted on, 2 scored), both settings scored on the same studies.
    const { figures } = version;
    expect(figures.folds.length).toBeGreaterThanOrEqual(1);
    expect(figures.folds[0]!.fittedStudies).toBeGreaterThanOrEqual(8);
    expect(figures.current.n).toBe(figures.fitted.n);
    expect(figures.current.n).toBe(figures.folds.reduce((s, f) => s + f.scoredStudies, 0));
    expect(figures.currentVersion).toBeNull();
    expect(figures.currentSettings.countryRateCv).toBe(0.6);
    expect(figures.fitted.coverage.lo).toBeLessThanOrEqual(figures.fitted.coverage.hi);
    expect((await audits('calibration_version', 1)).map((a) => a.action)).toEqual(['create']);
    expect((await audits('calibration_fit', queued.fitId)).map((a) => a.action)).toEqual([
      'create',
      'status',
    ]);
    fittedVersion = version.version;

    const list = CalibrationVersionList.parse((await get('/ctpo/admin/calibration/versions')).json());
    expect(list.versions.map((v) => v.version)).toEqual([1]);
    expect(list.approvedVersion).toBeNull();
  }, 120_000);

  it('is approved by admins only, audited, and a second approval supersedes the first', async () => {
    expect((await approve(fittedVersion, planner)).statusCode).toBe(403);
    expect((await approve(fittedVersion, viewer)).statusCode).toBe(403);
    expect((await approve(99, admin)).statusCode).toBe(404);
    const ok = await approve(fittedVersion, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ version: 1, status: 'approved', approvedBy: expect.any(String) });
    const rows = await audits('calibration_version', 1);
    expect(rows.map((a) => a.action)).toEqual(['create', 'status']);
    expect(rows[1]!.newValues).toMatchObject({ status: 'approved' });

    // A second fit (its current settings are now version 1's), then its approval supersedes version 1.
    const second = CalibrationFitStatus.parse((await startFit(admin)).json());
    const { status } = await fitToEnd(second.fitId);
    expect(status.version).toMatchObject({ version: 2, status: 'fitted' });
    expect(status.version!.figures.currentVersion).toBe(1);
    expect((await approve(2, admin)).statusCode).toBe(200);
    const list = CalibrationVersionList.parse((await get('/ctpo/admin/calibration/versions')).json());
    expect(list.versions.map((v) => [v.version, v.status])).toEqual([
      [2, 'approved'],
      [1, 'superseded'],
    ]);
    expect(list.approvedVersion).toBe(2);
    expect((await audits('calibration_version', 1)).at(-1)!.newValues).toMatchObject({
      status: 'superseded',
    });
    fittedVersion = 2;
  }, 120_000);
});

describe('a run after an approved version', () => {
  let studyId: number;
  let plans = 0;

  async function runnablePlan() {
    studyId ??= ((await addStudies(t, 'FIT-RUNS')) as [number])[0];
    plans += 1;
    const plan = await createPlan(
      t,
      planner,
      studyId,
      ratesPlan({ studyPlanName: `Run plan ${plans}`, uncertainty: { nonEnrollingProbability: 0.1 } }),
    );
    await addPlanCountry(t, plan.id, 0, { iso3: 'DEU', name: 'Germany', eu: true, sites: 10 });
    await storeDates(t, plan.id);
    return plan.id;
  }

  async function runToEnd(planId: number) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ctpo/runsimulation',
      headers: planner,
      payload: { studyPlanId: planId },
    });
    expect(res.statusCode, res.body).toBe(201);
    for (let i = 0; i < 600; i++) {
      const s = (await get(`/ctpo/simulation/status/plan/${planId}`)).json() as { simOptRunStatus: string };
      if (!['NOT_STARTED', 'REQUESTING', 'RUNNING', 'PROCESSING'].includes(s.simOptRunStatus)) {
        expect(s.simOptRunStatus).toBe('COMPLETED_OK');
        const [run] = await t.database.db
          .select()
          .from(simulationRuns)
          .where(eq(simulationRuns.simRunId, res.json().simOptRunId as number));
        return run!;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the run did not finish in 60 s');
  }

  it("uses the approved version's fitted settings for an unpinned plan and stores the version", async () => {
    const list = CalibrationVersionList.parse((await get('/ctpo/admin/calibration/versions')).json());
    const approved = list.versions.find((v) => v.version === list.approvedVersion)!;
    const planId = await runnablePlan();
    const run = await runToEnd(planId);
    expect(run.calibrationVersion).toBe(fittedVersion);
    const used = run.uncertainty as Record<string, number>;
    for (const key of CALIBRATED_SETTING_KEYS)
      expect(used[key], key).toBeCloseTo(approved.settings[key].value, 10);
    // The plan's own other settings stay.
    expect(used.nonEnrollingProbability).toBe(0.1);
    const settings = SimulationRunSettings.parse((await get(runSettingsUrl(planId))).json());
    expect(settings.calibrationVersion).toBe(fittedVersion);
    expect(settings.uncertainty?.siteRateCv).toBeCloseTo(approved.settings.siteRateCv.value, 10);
  }, 120_000);

  it('keeps a pinned plan on its own settings (pinned through step 1, audited) and stores no version', async () => {
    const planId = await runnablePlan();
    const saved = await step1(t, planner, studyId, {
      studyPlanId: planId,
      rowVersion: await currentRowVersion(t, planner, planId),
      uncertainty: { pinDefaultUncertainty: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const plan = (await get(`/ctpo/plan/${planId}`)).json() as StudyPlan;
    expect(plan.uncertainty.pinDefaultUncertainty).toBe(true);
    const audit = await audits('study_plan', planId);
    expect(audit.some((a) => (a.newValues as Record<string, unknown>)?.pinDefaultUncertainty === true)).toBe(
      true,
    );
    const run = await runToEnd(planId);
    expect(run.calibrationVersion).toBeNull();
    expect(run.uncertainty).toMatchObject({ siteRateCv: plan.uncertainty.siteRateCv, countryRateCv: 0.6 });
    expect(
      SimulationRunSettings.parse((await get(runSettingsUrl(planId))).json()).calibrationVersion,
    ).toBeNull();
    const refused = await step1(t, planner, studyId, {
      studyPlanId: planId,
      rowVersion: await currentRowVersion(t, planner, planId),
      uncertainty: { pinDefaultUncertainty: 'yes' as unknown as boolean },
    });
    expect(refused.statusCode).toBe(400);
  }, 120_000);
});
