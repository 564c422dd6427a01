import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSimulationInput, type SimulationInput } from '@predict/engine';
import {
  countryGoalBounds,
  type CtmsExtractBodyInput,
  type RemodelFormBody,
  type RemodelFormData,
  type StudyPlan,
} from '@predict/shared';
import {
  planRemodels,
  simulationRuns,
  studyPlanParameters,
  studyPlans,
  studyPlanSiteGroups,
} from '../src/db/schema';
import { findResultSet } from '../src/repositories/simulation-results-repository';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { baselineInput, isoDay, isoMonth } from './helpers/actuals-fixtures';
import { addPlanCountry, auditOf, storeDates } from './helpers/run-fixtures';
import { addStudies, createPlan, DAY, ratesPlan } from './helpers/plans';

/**
 * Issue 23: the stored Remodel plan is what the form chose - a removed country is gone from the plan and its run,
 * an 'other' site count is the group's site goal (review, Summary and Details agree), the activation profile
 * override is on (spec/1), and the form's planned figures follow the baseline's rates.
 */
let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let germany: number;
let italy: number;
let baselineId: number;
let asOf: number;

/** baselineInput (w1, Germany 10 sites) with a second group, Italy (4 sites), the run input of the Baseline Plan. */
function twoCountryInput(): SimulationInput {
  const base = baselineInput(germany);
  const de = base.siteGroups[0]!;
  const it = {
    ...de,
    siteGroupId: String(italy),
    siteGroupName: 'Italy',
    countryIso3: 'ITA',
    NUM_SITES_ACTIVATED: { lowerBound: 4, upperBound: null },
    activationProfiles: null,
  };
  const parsed = parseSimulationInput({
    ...base,
    plan: {
      ...base.plan,
      targets: { ...base.plan.targets, SITES_TO_ACTIVATE: { lowerBound: 14, upperBound: null } },
    },
    siteGroups: [de, it],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.input;
}

/** The month k calendar months before the as-of month (YYYY-MM). */
function monthBefore(k: number): string {
  const d = new Date(asOf);
  return isoMonth(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - k, 1));
}

/** Germany: D1 enrolling, D2 Closed (last counts in month A), D3 in start-up; Italy: I1 in start-up (removable). */
function extract(): CtmsExtractBodyInput {
  const d = (days: number) => isoDay(asOf - days * DAY);
  const counts = (screened: number, enrolled: number) => ({
    screened,
    enrolled,
    completedTreatment: 0,
    droppedOut: 0,
    completedFollowUp: 0,
  });
  return {
    asOf: new Date(asOf).toISOString(),
    sites: [
      {
        siteNumber: 'D1',
        countryIso3: 'DEU',
        siteSelectedDate: d(260),
        siteActivatedDate: d(200),
        siteStatus: 'Enrolling',
      },
      {
        siteNumber: 'D2',
        countryIso3: 'DEU',
        siteSelectedDate: d(240),
        siteActivatedDate: d(150),
        siteStatus: 'Closed',
      },
      { siteNumber: 'D3', countryIso3: 'DEU', siteSelectedDate: d(100), siteStatus: 'Start-up' },
      { siteNumber: 'I1', countryIso3: 'ITA', siteSelectedDate: d(60), siteStatus: 'Start-up' },
    ],
    siteMonths: [
      { siteNumber: 'D1', month: monthBefore(3), ...counts(5, 4) },
      { siteNumber: 'D1', month: monthBefore(2), ...counts(0, 0) },
      { siteNumber: 'D1', month: monthBefore(1), ...counts(3, 2) },
      { siteNumber: 'D2', month: monthBefore(4), ...counts(2, 1) },
      { siteNumber: 'D2', month: monthBefore(3), ...counts(0, 0) },
    ],
  };
}

beforeAll(async () => {
  t = await createTestApp({ RUN_WORKERS: 'true', WORKER_THREADS: '1' });
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'RMS-0001')) as [number];
  const plan = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: `Baseline ${studyId}` }));
  baselineId = plan.id;
  germany = (await addPlanCountry(t, plan.id, 0, { iso3: 'DEU', name: 'Germany', eu: true, sites: 10 }))
    .siteGroupId;
  italy = (await addPlanCountry(t, plan.id, 1, { iso3: 'ITA', name: 'Italy', eu: true, sites: 4 }))
    .siteGroupId;
  const db = t.database.db;
  await db
    .update(studyPlans)
    .set({ scenarioStatus: 'Baseline Plan' })
    .where(eq(studyPlans.studyPlanId, plan.id));
  await db.insert(simulationRuns).values({
    studyPlanId: plan.id,
    status: 'COMPLETED_OK',
    seed: 11,
    replications: 400,
    engineVersion: 'test',
    inputs: twoCountryInput(),
    requestedByIssuer: 'test',
    requestedBySubject: 'test',
    requestedBy: 'Test',
    finishedAt: new Date(),
  });
  asOf = Math.floor((Date.now() - 2 * DAY) / DAY) * DAY;
  const load = await t.app.inject({
    method: 'POST',
    url: `/ctpo/study/${studyId}/CtmsExtract`,
    headers: planner,
    payload: extract(),
  });
  expect(load.statusCode, load.body).toBe(200);
}, 60_000);
afterAll(async () => t?.close());

const url = () => `/ctpo/remodel/study/${studyId}`;

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
  let detail = '';
  for (let i = 0; i < 1200; i++) {
    const st = await t.app.inject({ url: `/ctpo/simulation/status/plan/${studyPlanId}`, headers: viewer });
    status = (st.json() as { simOptRunStatus: string }).simOptRunStatus;
    detail = st.body;
    if (!['REQUESTING', 'RUNNING', 'PROCESSING', 'NOT_STARTED'].includes(status)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(status, detail).toBe('COMPLETED_OK');
}

describe('Remodel plan = the form (issue 23)', () => {
  it("the form's planned figures follow the baseline's screen fail and drop-out rates", async () => {
    const res = await t.app.inject({ url: url(), headers: viewer });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json() as RemodelFormData;
    // w1: 125 to screen, 20% screen fail -> 100 enrolled, 10% drop out -> 90 completing treatment.
    expect(v.screenPatientsPlanned).toBe(125);
    expect(v.enrollPatientsPlanned).toBe(100);
    expect(v.completePatientsPlanned).toBe(90);
    expect(v.completePatientsRate.planned).toBe(0.1);
    expect(v.siteGroups.map((g) => [g.siteGroupName, g.canRemove])).toEqual([
      ['Germany', false],
      ['Italy', true],
    ]);
  });

  it("stores a removed country and an 'other' site count exactly, and the run agrees", async () => {
    const body: RemodelFormBody = {
      studyPlanName: 'Remodel without Italy',
      studyPlanDescr: 'Germany 8 sites, Italy removed',
      studyPlanType: 1,
      enrollmentRateSelection: 2,
      overallEnrollmentDurationSelection: 1,
      screenPatientsReModel: '125',
      enrollPatientsReModel: '100',
      completePatientsReModel: '90',
      // The form drops removed countries from the body (spec/3 section 4): Italy is not sent.
      siteGroups: [
        { siteGroupName: 'Germany', enrollmentRateSelection: 2, sitesSelection: 3, sitesOther: '8' },
      ],
    };
    const res = await t.app.inject({ method: 'PATCH', url: url(), headers: planner, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const [{ studyPlanId }] = res.json() as [{ studyPlanId: number }];
    const db = t.database.db;

    // The plan's site groups: Germany only, its site goal 8 (milestone and parameter), override on.
    const rows = await db
      .select()
      .from(studyPlanSiteGroups)
      .where(eq(studyPlanSiteGroups.studyPlanId, studyPlanId));
    expect(rows.map((r) => [r.siteGroupName, r.position, r.activationProfileOverride])).toEqual([
      ['Germany', 0, true],
    ]);
    const detail = await t.app.inject({ url: `/ctpo/plan/${studyPlanId}`, headers: planner });
    expect(detail.statusCode, detail.body).toBe(200);
    const plan = detail.json() as StudyPlan;
    const groups = plan.countries.flatMap((c) => c.siteGroups);
    expect(groups.map((g) => g.siteGroupName)).toEqual(['Germany']);
    const de = groups[0]!;
    expect(countryGoalBounds(de, 'NUM_SITES_ACTIVATED')).toEqual({ lowerBound: 8, upperBound: 8 });
    expect(de.activationProfileOverride).toBe(true);
    const lastPoint = de.activationProfiles[de.activationProfiles.length - 1]!;
    expect(lastPoint.siteActivationProfilePct).toBe(8);
    const [parameter] = await db
      .select()
      .from(studyPlanParameters)
      .where(eq(studyPlanParameters.studyPlanSiteGroupId, de.studyPlanSiteGroupId));
    expect(parameter).toMatchObject({ parameterName: 'NUM_SITES_ACTIVATED', lowerBound: 8, upperBound: 8 });
    // Step 1's sites to activate is the kept countries' total (the baseline's 20 had Italy's in it).
    expect(plan.parameters.find((p) => p.parameterName === 'SITES_TO_ACTIVATE')).toMatchObject({
      lowerBound: 8,
    });
    // The Baseline Plan is untouched.
    const baseRows = await db
      .select()
      .from(studyPlanSiteGroups)
      .where(eq(studyPlanSiteGroups.studyPlanId, baselineId));
    expect(baseRows.map((r) => r.siteGroupName).sort()).toEqual(['Germany', 'Italy']);

    // The stored go-forward choices: the kept group only.
    const [basis] = await db.select().from(planRemodels).where(eq(planRemodels.studyPlanId, studyPlanId));
    expect(basis!.groups).toEqual([
      { siteGroupId: String(germany), rate: 'actual', sites: 'other', sitesOther: 8 },
    ]);
    const audit = JSON.stringify(await auditOf(t, 'study_plan', studyPlanId));
    expect(audit).toContain('"removed":["Italy"]');

    // The run: Italy gone from the input, Germany with 8 sites and its per-site actuals.
    await runToEnd(studyPlanId);
    const [stored] = await db
      .select()
      .from(simulationRuns)
      .where(eq(simulationRuns.studyPlanId, studyPlanId));
    const inputs = stored!.inputs as SimulationInput & { remodel: { groups: unknown[] } };
    expect(inputs.siteGroups.map((g) => g.siteGroupName)).toEqual(['Germany']);
    expect(inputs.siteGroups[0]!.NUM_SITES_ACTIVATED.lowerBound).toBe(8);
    expect(inputs.plan.targets.SITES_TO_ACTIVATE?.lowerBound).toBe(8);
    expect(inputs.remodel.groups).toEqual(basis!.groups);
    const sites = inputs.siteGroups[0]!.actuals!.sites!;
    expect(sites.map((s) => [s.screened, s.closedDateMillis === null])).toEqual([
      [8, true],
      [2, false],
    ]);

    // Summary and Details agree: 8 Germany sites, no Italy, the Overall row is Germany's.
    const summary = (await findResultSet(db, studyPlanId, 'summaryTable')) as Record<string, unknown>[];
    expect(summary.map((r) => r.siteGroupName)).toEqual(['Germany', 'Overall']);
    expect(summary.map((r) => r['Number of Activated Sites'])).toEqual([8, 8]);
    expect(summary[1]!['Site Months']).toBe(summary[0]!['Site Months']);
    expect(typeof summary[1]!['Enrollment Duration']).toBe('number');
    const details = (await findResultSet(db, studyPlanId, 'detailsMonthlyCumulative')) as {
      table_body: { active_sites: { sub_table_body: { country_name: string; data: number[] }[] } };
    };
    const active = details.table_body.active_sites.sub_table_body;
    expect(active.map((r) => r.country_name)).toEqual(['Germany']);
    expect(Math.max(...active[0]!.data)).toBe(8);
  }, 120_000);
});
