import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATE_MILLIS_MESSAGE,
  NUMBER_TOO_LARGE_MESSAGE,
  REMODEL_MESSAGES,
  UNSAFE_TEXT_MESSAGE,
  type RemodelFormBody,
  type RemodelFormData,
} from '@predict/shared';
import { planRemodels, simulationRuns, studyPlans } from '../src/db/schema';
import { findResultSet } from '../src/repositories/simulation-results-repository';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { baselineStudy, sampleExtract, type ActualsStudy } from './helpers/actuals-fixtures';
import { auditOf, storeDates } from './helpers/run-fixtures';
import { statementsOn } from './helpers/statements';
import { addStudies, DAY } from './helpers/plans';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let s: ActualsStudy;

beforeAll(async () => {
  // The app runs its own workers (the embedded shape) for the remodel run.
  t = await createTestApp({ RUN_WORKERS: 'true', WORKER_THREADS: '1' });
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'RMD-0001')) as [number];
  s = await baselineStudy(t, planner, studyId);
  // Two days ago at midnight UTC: after both the baseline run's day 0 and the plan's own CRO start (ratesPlan's
  // START), so the remodel plan built from the stored plan accepts the actuals.
  const asOf = Math.floor((Date.now() - 2 * DAY) / DAY) * DAY;
  const load = await t.app.inject({
    method: 'POST',
    url: `/ctpo/study/${studyId}/CtmsExtract`,
    headers: planner,
    payload: sampleExtract(asOf),
  });
  expect(load.statusCode).toBe(200);
}, 60_000);
afterAll(async () => t?.close());

const url = () => `/ctpo/remodel/study/${studyId}`;
const patch = (payload: unknown, headers = planner) =>
  t.app.inject({ method: 'PATCH', url: url(), headers, payload: payload as object });

const validBody = (over: Partial<RemodelFormBody> = {}): RemodelFormBody => ({
  studyPlanName: 'Remodel A',
  studyPlanDescr: 'Go forward at the actual rates',
  studyPlanType: 1,
  enrollmentRateSelection: 2,
  overallEnrollmentDurationSelection: 1,
  screenPatientsReModel: '200',
  enrollPatientsReModel: '160',
  completePatientsReModel: '150',
  siteGroups: [{ siteGroupName: 'Germany', enrollmentRateSelection: 2, sitesSelection: 1 }],
  ...over,
});

const planCount = async () => (await t.database.db.select().from(studyPlans)).length;

describe('Remodel form values (GET)', () => {
  it('answers the planned and actual values overall and per site group; viewers may read', async () => {
    const res = await t.app.inject({ url: url(), headers: viewer });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json() as RemodelFormData;
    expect(v.baselineStudyPlanId).toBe(s.planId);
    // Screened 5 + 3 + 2 + 1 = 11, enrolled 4 + 2 + 1 + 1 = 8 (sampleExtract; France's F1 is counted in the totals).
    expect(v.screenPatientsActual).toBe(11);
    expect(v.enrollPatientsActual).toBe(8);
    // Screen fail: plan 20%, actual 3 / 11.
    expect(v.screenFailRate.planned).toBeCloseTo(0.2, 2);
    expect(v.screenFailRate.actual).toBeCloseTo(0.27, 2);
    expect(v.screenFailRate.impact).toBeCloseTo(0.07, 2);
    // The baseline has one group, Germany: D1 active, D2 Closed (D3, D4 not activated): 1 actual, 1 closed.
    expect(v.siteGroups).toHaveLength(1);
    const de = v.siteGroups[0]!;
    expect(de).toMatchObject({
      siteGroupName: 'Germany',
      sitesActual: 1,
      sitesActualClosed: 1,
      canRemove: false,
    });
    expect(de.enrollmentRatePlanned).toBeCloseTo(
      s.input.plan.enrollmentRate ?? s.input.siteGroups[0]!.siteEnrollmentRateAtSIV!,
      2,
    );
    expect(de.enrollmentRateActual).not.toBeNull();
    expect(de.enrollmentRateActual!).toBeGreaterThan(0);
  });

  it('answers 409 with the Study Actuals message without a Baseline Plan, 404 for an unknown study', async () => {
    const [bare] = (await addStudies(t, 'RMD-0002')) as [number];
    const res = await t.app.inject({ url: `/ctpo/remodel/study/${bare}`, headers: viewer });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("'Baseline Plan' is not available");
    expect((await t.app.inject({ url: '/ctpo/remodel/study/999999', headers: viewer })).statusCode).toBe(404);
  });
});

describe('Remodel submit (PATCH)', () => {
  it('refuses each rule with its message and writes nothing', async () => {
    const before = await planCount();
    const cases: [Partial<RemodelFormBody>, string, string][] = [
      [{ studyPlanName: '  ' }, 'studyPlanName', REMODEL_MESSAGES.required],
      [{ studyPlanName: `baseline ${studyId}` }, 'studyPlanName', REMODEL_MESSAGES.nameUnique],
      [{ studyPlanName: 'x'.repeat(51) }, 'studyPlanName', REMODEL_MESSAGES.nameTooLong],
      [{ studyPlanDescr: '' }, 'studyPlanDescr', REMODEL_MESSAGES.required],
      [{ screenPatientsReModel: '' }, 'screenPatientsReModel', REMODEL_MESSAGES.required],
      [{ enrollPatientsReModel: '1.5' }, 'enrollPatientsReModel', REMODEL_MESSAGES.wholeNumber],
      [{ completePatientsReModel: '-3' }, 'completePatientsReModel', REMODEL_MESSAGES.wholeNumber],
      [{ enrollmentRateSelection: 3 }, 'enrollmentRateOther', REMODEL_MESSAGES.required],
      [
        { enrollmentRateSelection: 3, enrollmentRateOther: '1.234' },
        'enrollmentRateOther',
        REMODEL_MESSAGES.rate,
      ],
      [
        { studyPlanType: 2, overallEnrollmentDurationSelection: 2 },
        'lastPatientEnrolledDateMillisOther',
        REMODEL_MESSAGES.required,
      ],
      [
        { siteGroups: [{ siteGroupName: 'Germany', enrollmentRateSelection: 3, sitesSelection: 1 }] },
        'siteGroups.0.enrollmentRateOther',
        REMODEL_MESSAGES.required,
      ],
      [
        { siteGroups: [{ siteGroupName: 'Germany', enrollmentRateSelection: 1, sitesSelection: 3 }] },
        'siteGroups.0.sitesOther',
        REMODEL_MESSAGES.required,
      ],
      [
        { siteGroups: [{ siteGroupName: 'Germany', enrollmentRateSelection: 1, sitesSelection: 4 }] },
        'siteGroups.0.sitesSelection',
        REMODEL_MESSAGES.removeNotAllowed,
      ],
      [
        { screenPatientsReModel: '99999999999999999999' },
        'screenPatientsReModel',
        REMODEL_MESSAGES.patientsTooMany,
      ],
      [
        {
          siteGroups: [
            { siteGroupName: 'Germany', enrollmentRateSelection: 1, sitesSelection: 3, sitesOther: '10001' },
          ],
        },
        'siteGroups.0.sitesOther',
        REMODEL_MESSAGES.sitesTooMany,
      ],
      // Hostile input: refused by the shared schema, before any rule or write.
      [{ studyPlanName: 'Re\u0000model' }, 'studyPlanName', UNSAFE_TEXT_MESSAGE],
      [{ studyPlanDescr: 'lone \ud800' }, 'studyPlanDescr', UNSAFE_TEXT_MESSAGE],
      [{ enrollmentRatePlanned: 1e308 }, 'enrollmentRatePlanned', NUMBER_TOO_LARGE_MESSAGE],
      [
        { studyPlanType: 2, overallEnrollmentDurationSelection: 2, lastPatientEnrolledDateMillisOther: 1e21 },
        'lastPatientEnrolledDateMillisOther',
        DATE_MILLIS_MESSAGE,
      ],
    ];
    for (const [over, field, message] of cases) {
      const res = await patch(validBody(over));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.body, field).toContain(`body.${field}`);
      expect(res.body, field).toContain(JSON.stringify(message).slice(1, -1));
    }
    expect(await planCount()).toBe(before);
  });

  it('answers 403 to a viewer and writes nothing', async () => {
    const before = await planCount();
    expect((await patch(validBody({ studyPlanName: 'By viewer' }), viewer)).statusCode).toBe(403);
    expect(await planCount()).toBe(before);
  });

  it('creates an audited Draft Remodel (R) plan that runs the engine remodel with Go Forward columns', async () => {
    const res = await patch(validBody());
    expect(res.statusCode, res.body).toBe(201);
    const [{ studyId: sid, studyPlanId }] = res.json() as [{ studyId: number; studyPlanId: number }];
    expect(sid).toBe(studyId);
    const [plan] = await t.database.db
      .select()
      .from(studyPlans)
      .where(eq(studyPlans.studyPlanId, studyPlanId));
    expect(plan).toMatchObject({
      studyPlanName: 'Remodel A',
      studyPlanTypeDetail: 'Remodel (R)',
      scenarioStatus: 'Draft',
      clonedStudyPlanId: s.planId,
    });
    const [basis] = await t.database.db
      .select()
      .from(planRemodels)
      .where(eq(planRemodels.studyPlanId, studyPlanId));
    expect(basis!.targets).toEqual({ screened: 200, enrolled: 160, completed: 150 });
    expect(basis!.groups).toEqual([{ siteGroupId: String(s.germany), rate: 'actual', sites: 'planned' }]);
    const audit = await auditOf(t, 'study_plan', studyPlanId);
    expect(JSON.stringify(audit)).toContain('Remodel (R)');

    await storeDates(t, studyPlanId);
    const run = await t.app.inject({
      method: 'POST',
      url: '/ctpo/runsimulation',
      headers: planner,
      payload: { studyPlanId },
    });
    expect(run.statusCode, run.body).toBeLessThan(300);
    let status = '';
    let detail = '';
    for (let i = 0; i < 1200 && !['COMPLETED_OK', 'FAILED', 'COMPLETED_ERROR'].includes(status); i++) {
      const st = await t.app.inject({ url: `/ctpo/simulation/status/plan/${studyPlanId}`, headers: viewer });
      status = (st.json() as { simOptRunStatus: string }).simOptRunStatus;
      detail = st.body;
      if (['REQUESTING', 'RUNNING', 'PROCESSING'].includes(status))
        await new Promise((r) => setTimeout(r, 100));
      else break;
    }
    expect(status, detail).toBe('COMPLETED_OK');
    // The run sent the engine the remodel: per-group actuals, the choices and the re-model screened as target.
    const [stored] = await t.database.db
      .select()
      .from(simulationRuns)
      .where(eq(simulationRuns.studyPlanId, studyPlanId));
    const inputs = stored!.inputs as {
      remodel: unknown;
      plan: { targets: { SUBJECTS_TO_SCREEN: { lowerBound: number }; NUM_SUBJECTS_ENROLLED: number } };
      siteGroups: { actuals?: { monthly: unknown[] } }[];
    };
    expect(inputs.remodel).toEqual({ groups: basis!.groups });
    expect(inputs.plan.targets.SUBJECTS_TO_SCREEN.lowerBound).toBe(200);
    // ratesPlan states a screen fail rate, so the engine derives enrolled from it (it takes one or the other).
    expect(inputs.plan.targets.NUM_SUBJECTS_ENROLLED ?? null).toBeNull();
    expect(inputs.siteGroups[0]!.actuals!.monthly.length).toBeGreaterThan(0);
    const summary = (await findResultSet(t.database.db, studyPlanId, 'summaryTable')) as Record<
      string,
      unknown
    >[];
    expect(summary.some((r) => typeof r['Enrollment Rate Go Forward'] === 'number')).toBe(true);
  }, 120_000);
});

// Last: it loads another extract, which the tests above do not expect.
describe('Remodel form values, computed once per extract and baseline run', () => {
  it('answers a repeated read without reading the extract again, and a new extract at once', async () => {
    const first = await t.app.inject({ url: url(), headers: viewer });
    expect(first.statusCode, first.body).toBe(200);
    let again: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    const reads = await statementsOn('ctms_site_months', async () => {
      again = await t.app.inject({ url: url(), headers: viewer });
    });
    expect(reads).toBe(0);
    expect(again!.json()).toEqual(first.json());

    // The same extract with 10 more screened at D1 in its first month: the next read shows them.
    const asOf = Math.floor((Date.now() - 2 * DAY) / DAY) * DAY;
    const extract = sampleExtract(asOf);
    const month = extract.siteMonths.find((m) => m.siteNumber === 'D1')!;
    month.screened += 10;
    const load = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/CtmsExtract`,
      headers: planner,
      payload: extract,
    });
    expect(load.statusCode, load.body).toBe(200);
    const after = (await t.app.inject({ url: url(), headers: viewer })).json() as RemodelFormData;
    expect(after.screenPatientsActual).toBe((first.json() as RemodelFormData).screenPatientsActual + 10);
  });
});
