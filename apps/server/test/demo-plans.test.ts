import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COHORT_RESULT_SETS,
  COMBINATION_RESULT_SETS,
  ORDINARY_RESULT_SETS,
  resultSetUrl,
  StudyPlan as StudyPlanSchema,
  type PlanValidationResponse,
  type StudyPlan,
} from '@predict/shared';
import { seedDemoData, type DemoDataAdded } from '../src/seed/seed-demo-data';
import { seedDemoRuns } from '../src/seed/seed-demo-run';
import { computePlanLine, parseSimulationInput, preparePlan } from '@predict/engine';
import {
  actualsStatusOf,
  isActualsGateOpen,
  type ActualsResponse,
  type RemodelFormData,
  type SiteRow,
} from '@predict/shared';
import { DEMO_ACTUALS_STUDY_PLANS, DEMO_BASELINE_PLAN_NAME } from '../src/seed/demo-actuals';
import { bearer, createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
let viewer: Record<string, string>;
let added: DemoDataAdded;
let seedMs = 0;

interface DemoPlanRow {
  id: number;
  name: string;
  detail: string;
  projectId: string;
  status: string;
}
let plans: DemoPlanRow[] = [];

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

async function demoPlans(): Promise<DemoPlanRow[]> {
  return rows<DemoPlanRow>(
    sql`select p.study_plan_id as id, p.study_plan_name as name, p.study_plan_type_detail as detail,
               s.project_id as "projectId", p.scenario_status as status
        from study_plans p join studies s on s.study_id = p.study_id
        where s.is_demo and p.deleted_at is null and p.study_plan_name <> ${DEMO_BASELINE_PLAN_NAME}
        order by p.study_plan_id`,
  );
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: viewer });
const planOf = (detail: string) => plans.find((p) => p.detail === detail)!;
async function readPlan(detail: string): Promise<StudyPlan> {
  const res = await get(`/ctpo/plan/${planOf(detail).id}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Every row below the demo plans, their versions and runs: what a second seed must leave as it is. */
async function snapshot() {
  const count = async (table: string) =>
    (await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
  const tables = [
    'study_plans',
    'study_plan_site_groups',
    'study_plan_milestones',
    'study_plan_parameters',
    'study_plan_activation_profiles',
    'study_plan_seasonal_variations',
    'study_plan_cohorts',
    'study_plan_combination_members',
    'simulation_runs',
    'simulation_result_sets',
    'ctms_extracts',
    'ctms_site_months',
    'studies',
    'site_groups',
  ];
  const counts = Object.fromEntries(await Promise.all(tables.map(async (n) => [n, await count(n)])));
  const versions = await rows(
    sql`select study_plan_id, row_version, update_date, sim_opt_run_id, sim_opt_run_status from study_plans
        order by study_plan_id`,
  );
  const summaries = await rows(
    sql`select project_id, enrollment_plan_exists, enrollment_plan_last_update from studies order by project_id`,
  );
  return { counts, versions, summaries };
}

beforeAll(async () => {
  t = await createTestApp();
  viewer = bearer(await t.token('viewer'));
  const started = performance.now();
  added = await seedDemoData(t.database.db);
  seedMs = performance.now() - started;
  plans = await demoPlans();
}, 120_000);
afterAll(async () => t?.close());

describe('demo plans', () => {
  it('seeds plans of every type in several demo studies, with three finished runs (plus the actuals demo)', () => {
    console.info(`Demo data seeded in ${Math.round(seedMs)} ms (${t.database.shape}).`);
    // Plus the actuals demo: a run baseline plan and an extract in three studies (tested below).
    expect(added).toMatchObject({ studies: 42, plans: 8, simulationRuns: 6, ctmsExtracts: 3 });
    expect(plans.map((p) => p.detail).sort()).toEqual(
      ['Cohort (D)', 'Combination (D)', 'Duration', 'Duration', 'Rates'].sort(),
    );
    expect(new Set(plans.map((p) => p.projectId)).size).toBe(3);
    expect(plans.filter((p) => p.detail !== 'Combination (D)').every((p) => p.status === 'Draft')).toBe(true);
    expect(planOf('Combination (D)').status).toBe('Draft-Combo');
  });

  it('gives the Rates plan 3-5 countries with the USA, profiles, seasonal variations, fatigue and an override', async () => {
    const plan = await readPlan('Rates');
    expect(plan.countries.length).toBeGreaterThanOrEqual(3);
    expect(plan.countries.length).toBeLessThanOrEqual(5);
    const groups = plan.countries.flatMap((c) => c.siteGroups);
    expect(groups.map((g) => g.siteGroupName)).toContain('USA - Central');
    for (const g of groups) {
      expect(g.activationProfiles.length, g.siteGroupName).toBeGreaterThanOrEqual(2);
      expect(g.enrollmentVariations, g.siteGroupName).toHaveLength(12);
      expect(g.siteEnrollmentRateAtSIV, g.siteGroupName).toBeGreaterThanOrEqual(0.3);
      expect(g.siteEnrollmentRateAtSIV, g.siteGroupName).toBeLessThanOrEqual(1.2);
    }
    const usa = groups.find((g) => g.siteGroupName === 'USA - Central')!;
    expect(usa.activationProfileOverride).toBe(true);
    expect(usa.activationProfiles.at(-1)?.siteActivationProfilePct).toBe(16);
    const fatigued = groups.filter((g) => g.eventualSiteEnrollmentDays !== null);
    expect(fatigued).toEqual([
      expect.objectContaining({ siteGroupName: 'Germany', eventualSiteEnrollmentRate: 0.7 }),
    ]);
    const overrides = groups.flatMap((g) => g.milestones.filter((m) => m.isUserOverride === 1));
    expect(overrides).toEqual([
      expect.objectContaining({ milestoneId: 136, comments: expect.stringContaining('Ethics committee') }),
    ]);
    const spain = groups.find((g) => g.siteGroupName === 'Spain')!;
    expect(spain.enrollmentVariations.find((v) => v.enrollmentSeasonalMonth === 7)).toMatchObject({
      enrollmentSeasonalVariation: 0.4,
    });
    expect(plan.screenFailRate).toBeGreaterThanOrEqual(0.2);
    expect(plan.screenFailRate).toBeLessThanOrEqual(0.35);
  });

  it('gives the Duration plans an overall enrollment duration and countries with lower and upper bounds', async () => {
    for (const p of plans.filter((x) => x.detail === 'Duration')) {
      const res = await get(`/ctpo/plan/${p.id}`);
      const plan: StudyPlan = res.json();
      expect(plan.overallEnrollmentDuration, p.name).toBeGreaterThan(0);
      for (const g of plan.countries.flatMap((c) => c.siteGroups)) {
        const sites = g.parameters.find((x) => x.parameterName === 'NUM_SITES_ACTIVATED')!;
        expect(sites.upperBound, g.siteGroupName).toBeGreaterThanOrEqual(sites.lowerBound!);
      }
    }
  });

  it('gives the Cohort (D) plan 3 cohorts with their chain dates', async () => {
    const res = await get(`/ctpo/cohort/plan/${planOf('Cohort (D)').id}`);
    expect(res.statusCode).toBe(200);
    const cohorts = res.json().rows as { cohortName: string; cohortStartDate: string | null }[];
    expect(cohorts).toHaveLength(3);
    for (const c of cohorts) expect(c.cohortStartDate, c.cohortName).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('makes the combination of two plans of its study', async () => {
    const combination = await readPlan('Combination (D)');
    const members = (combination as unknown as { combinationMemberIds: number[] }).combinationMemberIds;
    const byId = new Map(plans.map((p) => [p.id, p]));
    expect(members.map((id) => byId.get(id)?.detail)).toEqual(['Rates', 'Duration']);
    expect(members.map((id) => byId.get(id)?.projectId)).toEqual([
      planOf('Combination (D)').projectId,
      planOf('Combination (D)').projectId,
    ]);
  });

  it('answers each plan exactly as its documented schema (the detail is sent without a check per call)', async () => {
    for (const p of plans) {
      const body = (await get(`/ctpo/plan/${p.id}`)).json() as unknown;
      // Parsing strips unknown keys and fails on a wrong type: equal means nothing extra and nothing wrong.
      expect(JSON.parse(JSON.stringify(StudyPlanSchema.parse(body))), p.name).toEqual(body);
    }
  });

  it('leaves every plan ready to run (no review errors; of the combination: of its members)', async () => {
    for (const p of plans) {
      const res = await get(`/ctpo/plan/${p.id}/validation?step=3`);
      expect(res.statusCode).toBe(200);
      const { items } = res.json() as PlanValidationResponse;
      expect(
        items.filter((i) => i.severity === 'error'),
        p.name,
      ).toEqual([]);
    }
  });

  it('stores a finished run of the Rates plan with 13 result sets, of the combination with 14, of the cohort plan with 20', async () => {
    for (const [detail, sets] of [
      ['Rates', ORDINARY_RESULT_SETS],
      ['Combination (D)', COMBINATION_RESULT_SETS],
      ['Cohort (D)', [...ORDINARY_RESULT_SETS, ...COHORT_RESULT_SETS]],
    ] as const) {
      const planId = planOf(detail).id;
      const status = await get(`/ctpo/simulation/status/plan/${planId}`);
      expect(status.json()).toMatchObject({ simOptRunStatus: 'COMPLETED_OK' });
      const [run] = await rows<{ seed: number; replications: number; n: number }>(
        sql`select r.seed, r.replications, (select count(*)::int from simulation_result_sets s
              where s.sim_run_id = r.sim_run_id) as n
            from simulation_runs r where r.study_plan_id = ${planId}`,
      );
      expect(run).toMatchObject({ replications: 2000, n: sets.length });
      for (const name of sets) {
        const res = await get(resultSetUrl(name, planId));
        expect(res.statusCode, `${detail} ${name}`).toBe(200);
      }
    }
    const summary = await get(`/ctpo/results/summary/plan/${planOf('Rates').id}`);
    expect(summary.statusCode).toBe(200);
    expect(JSON.stringify(summary.json())).toContain('Overall');
    // The combination's countries are labelled by the member plan they belong to.
    const combined = JSON.stringify(
      (await get(`/ctpo/results/summary/plan/${planOf('Combination (D)').id}`)).json(),
    );
    for (const member of plans.filter((p) => p.detail === 'Rates' || p.detail === 'Duration')) {
      if (member.projectId === planOf('Combination (D)').projectId)
        expect(combined).toContain(`USA - Central (${member.name})`);
    }
  });

  it('marks the studies with plans in the study list summary', async () => {
    const projectIds = [...new Set(plans.map((p) => p.projectId))];
    const summaries = await rows<{ project_id: string; enrollment_plan_exists: boolean }>(
      sql`select project_id, enrollment_plan_exists from studies
          where project_id in (${sql.join(
            projectIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    expect(summaries.every((s) => s.enrollment_plan_exists)).toBe(true);
    expect(summaries).toHaveLength(3);
  });

  it('gives three demo studies a run Baseline Plan and a CTMS extract past the 24-hour gate', async () => {
    for (const spec of DEMO_ACTUALS_STUDY_PLANS) {
      const [study] = await rows<{ id: number }>(
        sql`select study_id as id from studies where project_id = ${spec.projectId}`,
      );
      const res = await get(`/ctpo/actuals/study/${study!.id}`);
      const a = res.json() as ActualsResponse;
      expect(a.state, spec.projectId).toBe('ready');
      expect(a.baselinePlan?.studyPlanName).toBe(DEMO_BASELINE_PLAN_NAME);
      expect(a.extract?.source).toBe('demo');
      expect(isActualsGateOpen(a.rows[0]!.timestamp)).toBe(true);
      const included = (await get(`/ctpo/remodel/study/${study!.id}/sites/included`)).json() as SiteRow[];
      const notIncluded = (
        await get(`/ctpo/remodel/study/${study!.id}/sites/notincluded`)
      ).json() as SiteRow[];
      expect(included.some((r) => r.siteStatus === 'Closed')).toBe(true);
      expect(notIncluded.map((r) => r.siteStatus)).toEqual(expect.arrayContaining(['Start-up', 'Selected']));
    }
    // Per country against the plan line at the as-of date: on plan, behind, ahead (DEMO_ACTUALS_PACE).
    const projectId = DEMO_ACTUALS_STUDY_PLANS[0]!.projectId;
    const [run] = await rows<{ inputs: unknown; study_id: number }>(
      sql`select r.inputs, p.study_id from simulation_runs r join study_plans p using (study_plan_id)
          join studies s using (study_id) where s.project_id = ${projectId} and p.study_plan_name = ${DEMO_BASELINE_PLAN_NAME}`,
    );
    const parsed = parseSimulationInput(run!.inputs);
    if (!parsed.ok) throw new Error('baseline input');
    const prepared = preparePlan(parsed.input);
    const line = computePlanLine(prepared);
    const sums = await rows<{ site_group_id: number; enrolled: number; as_of: Date }>(
      sql`select s.site_group_id, sum(m.enrolled)::int as enrolled, max(e.as_of) as as_of
          from ctms_site_months m join ctms_sites s using (ctms_site_id) join ctms_extracts e on e.extract_id = m.extract_id
          where e.study_id = ${run!.study_id} group by s.site_group_id`,
    );
    const asOfDay = Math.floor((new Date(sums[0]!.as_of).getTime() - prepared.day0Ms) / 86_400_000);
    const ratio = parsed.input.siteGroups.map((g, i) => {
      const actual = sums.find((x) => String(x.site_group_id) === g.siteGroupId)?.enrolled ?? 0;
      return actual / line.groups[i]!.curves.enrolled[asOfDay]!;
    });
    expect(ratio[1]).toBeLessThan(0.9);
    expect(ratio[2]).toBeGreaterThan(1.1);
    // Visibly: the country well behind is red, the one ahead another colour (percent of planned).
    const colour = (r: number) => actualsStatusOf((r - 1) * 100, 'percent');
    expect(colour(ratio[1]!)).toBe('red');
    expect(colour(ratio[2]!)).not.toBe('red');
    expect(ratio[3]).toBe(0); // not started
    // The study's totals do not cancel out: enrolled falls short by more than the green band, and the table
    // shows more than one colour.
    const actuals = (await get(`/ctpo/actuals/study/${run!.study_id}`)).json() as ActualsResponse;
    const enrolledRow = actuals.rows.find((r) => r.rowtype === 'Patients_Enrolled')!;
    expect(enrolledRow.planned_v_Actual_Indicators!).toBeLessThan(-10);
    expect(enrolledRow.status).not.toBe('green');
    expect(new Set(actuals.rows.map((r) => r.status).filter(Boolean)).size).toBeGreaterThanOrEqual(2);
    // The country not started has no activated or closed sites: the Remodel form lets it be removed.
    const form = (await get(`/ctpo/remodel/study/${run!.study_id}`)).json() as RemodelFormData;
    const removable = form.siteGroups.filter((g) => g.canRemove).map((g) => g.siteGroupName);
    expect(removable).toEqual([parsed.input.siteGroups[3]!.siteGroupName]);
    expect(form.siteGroups.filter((g) => !g.canRemove)).toHaveLength(3);
  });

  it('changes nothing when seeded again', async () => {
    const before = await snapshot();
    const again = await seedDemoData(t.database.db);
    expect(again).toEqual({
      studies: 0,
      schedulesOfEvents: 0,
      siteGroups: 0,
      quickLinks: 0,
      plans: 0,
      simulationRuns: 0,
      ctmsExtracts: 0,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('runs a demo plan only while it has no run and is still a runnable Draft (changes the data last)', async () => {
    const planId = planOf('Rates').id;
    await t.database.db.execute(sql`delete from simulation_runs where study_plan_id = ${planId}`);
    await t.database.db.execute(
      sql`update study_plans set scenario_status = 'Proposal' where study_plan_id = ${planId}`,
    );
    expect(await seedDemoRuns(t.database.db)).toEqual([]);
    await t.database.db.execute(
      sql`update study_plans set scenario_status = 'Draft' where study_plan_id = ${planId}`,
    );
    expect(await seedDemoRuns(t.database.db)).toEqual(['COMPLETED_OK']);
  });
});
