import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REMODEL_MESSAGES,
  type ForecastOfRecord,
  type RemodelFormBody,
  type RemodelFormData,
} from '@predict/shared';
import { forecastRecords, planRemodels, simulationRuns, studyPlanMilestones } from '../src/db/schema';
import { findResultSet } from '../src/repositories/simulation-results-repository';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { baselineStudy, sampleExtract, type ActualsStudy } from './helpers/actuals-fixtures';
import { storeDates } from './helpers/run-fixtures';
import { addStudies, DAY } from './helpers/plans';

/** Remodel: the spec's rates, the re-model figures on the new plan, the (D) date in the run, the 'other' rate rule. */
let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let s: ActualsStudy;
let asOf: number;

beforeAll(async () => {
  t = await createTestApp({ RUN_WORKERS: 'true', WORKER_THREADS: '1' });
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'RMF-0001')) as [number];
  s = await baselineStudy(t, planner, studyId);
  // The Baseline Plan states a patients-completing-follow-up goal of 150 and no enrolled or treated goal.
  await t.database.db
    .update(studyPlanMilestones)
    .set({ lowerBound: 150 })
    .where(
      and(
        eq(studyPlanMilestones.studyPlanId, s.planId),
        eq(studyPlanMilestones.milestoneName, 'NUM_SUBJECTS_COMPLETED'),
      ),
    );
  asOf = Math.floor((Date.now() - 2 * DAY) / DAY) * DAY;
  // sampleExtract with completions: D1 completes 2 in its first month, D2 completes 1.
  const extract = sampleExtract(asOf);
  extract.siteMonths = extract.siteMonths.map((m, k) => ({
    ...m,
    completedTreatment: k === 0 ? 2 : k === 2 ? 1 : 0,
  }));
  const load = await t.app.inject({
    method: 'POST',
    url: `/ctpo/study/${studyId}/CtmsExtract`,
    headers: planner,
    payload: extract,
  });
  expect(load.statusCode, load.body).toBe(200);
}, 60_000);
afterAll(async () => t?.close());

const url = (id = studyId) => `/ctpo/remodel/study/${id}`;
const patch = (payload: RemodelFormBody, id = studyId) =>
  t.app.inject({ method: 'PATCH', url: url(id), headers: planner, payload });

/** A second study whose Baseline Plan runs as is (a completed goal needs per-country patient bounds). */
async function runnableStudy(): Promise<number> {
  const [id] = (await addStudies(t, 'RMF-0002')) as [number];
  await baselineStudy(t, planner, id);
  const load = await t.app.inject({
    method: 'POST',
    url: `/ctpo/study/${id}/CtmsExtract`,
    headers: planner,
    payload: sampleExtract(asOf),
  });
  expect(load.statusCode, load.body).toBe(200);
  return id;
}
const body = (over: Partial<RemodelFormBody> = {}): RemodelFormBody => ({
  studyPlanName: 'Figures',
  studyPlanDescr: 'Re-model figures',
  studyPlanType: 1,
  enrollmentRateSelection: 1,
  overallEnrollmentDurationSelection: 1,
  screenPatientsReModel: '240',
  enrollPatientsReModel: '190',
  completePatientsReModel: '140',
  siteGroups: [{ siteGroupName: 'Germany', enrollmentRateSelection: 1, sitesSelection: 1 }],
  ...over,
});

async function runToEnd(studyPlanId: number): Promise<void> {
  await storeDates(t, studyPlanId);
  const run = await t.app.inject({
    method: 'POST',
    url: '/ctpo/runsimulation',
    headers: planner,
    payload: { studyPlanId },
  });
  expect(run.statusCode, run.body).toBeLessThan(300);
  let status = '';
  for (let i = 0; i < 1200; i++) {
    const st = await t.app.inject({ url: `/ctpo/simulation/status/plan/${studyPlanId}`, headers: viewer });
    status = (st.json() as { simOptRunStatus: string }).simOptRunStatus;
    if (!['REQUESTING', 'RUNNING', 'PROCESSING'].includes(status)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(status).toBe('COMPLETED_OK');
}

describe('Remodel rates (spec/3 section 4)', () => {
  it('enroll rate = (screened - enrolled) / screened, complete rate = (enrolled - completed) / enrolled', async () => {
    const v = (await t.app.inject({ url: url(), headers: viewer })).json() as RemodelFormData;
    // Extract totals: screened 5 + 3 + 2 + 1 = 11, enrolled 4 + 2 + 1 + 1 = 8, completed 2 + 1 = 3.
    expect([v.screenPatientsActual, v.enrollPatientsActual, v.completePatientsActual]).toEqual([11, 8, 3]);
    expect(v.enrollPatientsRate.actual).toBe(0.27); // 3 / 11 = 0.2727
    expect(v.completePatientsRate.actual).toBe(0.63); // 5 / 8 = 0.625
    // Planned: the same rule on the planned figures (the Baseline Plan run's targets).
    const planned = (first: number, second: number) => Math.round(((first - second) / first) * 100) / 100;
    expect(v.enrollPatientsRate.planned).toBe(planned(v.screenPatientsPlanned, v.enrollPatientsPlanned));
    expect(v.completePatientsRate.planned).toBe(planned(v.enrollPatientsPlanned, v.completePatientsPlanned));
    expect(v.completePatientsRate.impact).toBeCloseTo(0.63 - v.completePatientsRate.planned!, 9);
  });
});

describe('Remodel submit (PATCH): the new plan carries the re-model figures', () => {
  it("the plan's own targets (GET plan) are the re-model figures where it has them", async () => {
    const res = await patch(body());
    expect(res.statusCode, res.body).toBe(201);
    const [{ studyPlanId }] = res.json() as [{ studyPlanId: number }];
    const plan = (await t.app.inject({ url: `/ctpo/plan/${studyPlanId}`, headers: viewer })).json() as {
      parameters: { parameterName: string; lowerBound: number | null; studyPlanSiteGroupId: number | null }[];
      milestones: { milestoneName: string; lowerBound: number | null }[];
    };
    const param = (n: string) =>
      plan.parameters.find((p) => p.parameterName === n && !p.studyPlanSiteGroupId);
    const goal = (n: string) => plan.milestones.find((m) => m.milestoneName === n)?.lowerBound;
    expect(param('SUBJECTS_TO_SCREEN')?.lowerBound).toBe(240);
    expect(goal('NUM_SUBJECTS_COMPLETED')).toBe(140);
    // No enrolled or treated goal is made up (the plan derives them from its rates).
    expect(goal('NUM_SUBJECTS_TREATED') ?? null).toBeNull();
    expect(
      plan.milestones.some((m) => m.milestoneName === 'NUM_SUBJECTS_ENROLLED' && m.lowerBound !== null),
    ).toBe(false);
    // The baseline keeps its own figures.
    const base = (
      await t.app.inject({ url: `/ctpo/plan/${s.planId}`, headers: viewer })
    ).json() as typeof plan;
    expect(base.parameters.find((p) => p.parameterName === 'SUBJECTS_TO_SCREEN')?.lowerBound).toBe(300);
    expect(base.milestones.find((m) => m.milestoneName === 'NUM_SUBJECTS_COMPLETED')?.lowerBound).toBe(150);
  });

  it("refuses an 'other' rate of 0 and a (D) date on or before the as-of day, with the shared messages", async () => {
    const cases: [Partial<RemodelFormBody>, string, string][] = [
      [
        { enrollmentRateSelection: 3, enrollmentRateOther: '0' },
        'enrollmentRateOther',
        REMODEL_MESSAGES.rateNotPositive,
      ],
      [
        {
          siteGroups: [
            {
              siteGroupName: 'Germany',
              enrollmentRateSelection: 3,
              enrollmentRateOther: '0.00',
              sitesSelection: 1,
            },
          ],
        },
        'siteGroups.0.enrollmentRateOther',
        REMODEL_MESSAGES.rateNotPositive,
      ],
      [
        {
          studyPlanType: 2,
          overallEnrollmentDurationSelection: 2,
          lastPatientEnrolledDateMillisOther: asOf + DAY / 2,
        },
        'lastPatientEnrolledDateMillisOther',
        REMODEL_MESSAGES.lpiNotAfterAsOf,
      ],
    ];
    // The test baseline's planned LPI is long past (its plan started two years ago): (D) 'planned' cannot aim at it.
    const v = (await t.app.inject({ url: url(), headers: viewer })).json() as RemodelFormData;
    expect(v.lastPatientEnrolledDateMillisPlanned!).toBeLessThan(asOf);
    cases.push([
      {
        studyPlanType: 2,
        overallEnrollmentDurationSelection: 1,
        lastPatientEnrolledDateMillisPlanned: asOf + 400 * DAY,
      },
      'overallEnrollmentDurationSelection',
      REMODEL_MESSAGES.plannedLpiPassed,
    ]);
    for (const [over, field, message] of cases) {
      const res = await patch(body({ studyPlanName: 'Refused', ...over }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toContainEqual({ path: `body.${field}`, message });
    }
  });
});

describe('Remodel (D): the run aims at the chosen last patient enrolled date', () => {
  it('stores the date, sends it to the engine, and the results put LPI on it with the solved Go Forward rate', async () => {
    const id = await runnableStudy();
    const target = asOf + 300 * DAY + DAY / 2;
    const res = await patch(
      body({
        studyPlanName: 'Duration',
        studyPlanType: 2,
        overallEnrollmentDurationSelection: 2,
        lastPatientEnrolledDateMillisOther: target,
      }),
      id,
    );
    expect(res.statusCode, res.body).toBe(201);
    const [{ studyPlanId }] = res.json() as [{ studyPlanId: number }];
    const [basis] = await t.database.db
      .select()
      .from(planRemodels)
      .where(eq(planRemodels.studyPlanId, studyPlanId));
    expect(basis!.targets).toMatchObject({ lastPatientEnrolledDateMillis: target });
    await runToEnd(studyPlanId);
    const [stored] = await t.database.db
      .select()
      .from(simulationRuns)
      .where(eq(simulationRuns.studyPlanId, studyPlanId));
    expect((stored!.inputs as { remodel: unknown }).remodel).toMatchObject({
      lastEnrolledDateMillis: target,
    });
    const timeline = (await findResultSet(t.database.db, studyPlanId, 'timelineTable')) as {
      DurationLabel: string;
      endMillis: number | null;
    }[];
    // The forecast's P50 LPI falls on the date (the run's replications are its solve's); the plan line, which has
    // no site inactivation, reaches LPI on or before it.
    const [record] = await t.database.db
      .select()
      .from(forecastRecords)
      .where(eq(forecastRecords.studyPlanId, studyPlanId));
    const p50 = (record!.forecast as ForecastOfRecord).milestones.lpi.p50!;
    expect(Math.abs(p50 - target)).toBeLessThanOrEqual(3 * DAY);
    const lpi = timeline.find((r) => r.DurationLabel === 'Enrollment (FPI to LPI)')!.endMillis!;
    expect(lpi).toBeLessThanOrEqual(target + 1.5 * DAY);
    // The Go Forward rate is the solved one, not the planned 1 patient/site/month: 300 days for the rest.
    const summary = (await findResultSet(t.database.db, studyPlanId, 'summaryTable')) as Record<
      string,
      unknown
    >[];
    const germany = summary.find((r) => r['Enrollment Rate Go Forward'] !== undefined)!;
    const v = (await t.app.inject({ url: url(id), headers: viewer })).json() as RemodelFormData;
    expect(germany['Enrollment Rate Go Forward']).not.toBeCloseTo(v.siteGroups[0]!.enrollmentRatePlanned!, 1);
  }, 120_000);
});
