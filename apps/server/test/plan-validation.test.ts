import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { currentRowVersion } from './helpers/plan-countries';
import { addStudies, createPlan, durationPlan, ratesPlan } from './helpers/plans';
import { addPlanCountry, storeDates, type FixtureCountry } from './helpers/run-fixtures';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let planCount = 0;

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'VAL-0001')) as [number];
});
afterAll(async () => t.close());

const GERMANY: FixtureCountry = { iso3: 'DEU', name: 'Germany', eu: true, sites: 5 };
const ITALY: FixtureCountry = { iso3: 'ITA', name: 'Italy', eu: true, sites: 5 };

async function plan(kind: 'rates' | 'duration' | 'cohort', countries: FixtureCountry[] = [GERMANY, ITALY]) {
  planCount += 1;
  const name = `Validation plan ${planCount}`;
  const { overallEnrollmentDuration: _d, ...cohortBase } = durationPlan({ studyPlanName: name });
  const body =
    kind === 'rates'
      ? ratesPlan({ studyPlanName: name })
      : kind === 'duration'
        ? durationPlan({ studyPlanName: name })
        : { ...cohortBase, cohortType: 2 as const };
  const created = await createPlan(t, planner, studyId, body);
  for (const [i, c] of countries.entries()) await addPlanCountry(t, created.id, i, c);
  await storeDates(t, created.id);
  return created.id;
}

async function validation(planId: number, step?: 2 | 3) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/ctpo/plan/${planId}/validation${step ? `?step=${step}` : ''}`,
    headers: viewer,
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().buttonType).toBe('ALL');
  return res.json().items as { code: string; severity: string; message: string; step: number | null }[];
}

const setPlanColumn = (planId: number, column: string) =>
  t.database.db.execute(
    sql`update study_plans set ${sql.identifier(column)} = null where study_plan_id = ${planId}`,
  );

describe('GET /ctpo/plan/:planId/validation', () => {
  it('finds nothing to fix in a complete Rates plan', async () => {
    expect(await validation(await plan('rates'))).toEqual([]);
  });

  it('warns when the countries do not add up to the overall sites, without blocking', async () => {
    // Scenario B: 5 + 5 sites planned in the countries, 20 overall.
    const items = await validation(await plan('duration'));
    expect(items).toEqual([
      {
        code: 'COUNTRY_SITES',
        severity: 'warning',
        message: 'The sum of each country activated sites should be equal to overall activated sites.',
        step: 2,
        studyPlanSiteGroupId: null,
      },
    ]);
    const manyCountries = await plan('rates', [
      { ...GERMANY, sites: 15 },
      { ...ITALY, sites: 10 },
    ]);
    expect((await validation(manyCountries)).map((i) => i.message)).toEqual([
      "The sum of each country activated sites (lower bound) shouldn't exceed overall activated sites.",
    ]);
  });

  it('lists every blocking problem of an incomplete plan', async () => {
    const id = await plan('rates', [
      { ...GERMANY, seasonal: Array.from({ length: 12 }, () => 0) },
      { iso3: 'POL', name: 'Poland', eu: true, noMilestones: true },
    ]);
    await setPlanColumn(id, 'treatment_duration');
    const items = await validation(id);
    const errors = items.filter((i) => i.severity === 'error');
    expect(errors.map((i) => [i.code, i.message])).toEqual([
      ['PLAN_FORM', "Overall Parameters - Treatment Duration: Can't be empty."],
      ['SEASONAL_VARIATIONS', 'Country enrollment seasonal variations are not valid'],
      [
        'COUNTRY_ISSUE',
        expect.stringMatching(
          /^Study Plan with id \d+ is experiencing an issue with country Poland \(ID: \d+\)\. Please contact service desk\.$/,
        ),
      ],
    ]);
    expect(errors[2]!.message).toContain(`Study Plan with id ${id} `);
  });

  it('names a country input that is missing', async () => {
    const id = await plan('rates');
    await t.database.db.execute(
      sql`update study_plan_milestones set lower_bound = null where study_plan_id = ${id} and milestone_name = 'NUM_SITES_ACTIVATED'`,
    );
    const messages = (await validation(id)).map((i) => i.message);
    expect(messages).toContain("DEU - Activated sites (lower bound): Can't be empty.");
    expect(messages).toContain("ITA - Activated sites (lower bound): Can't be empty.");
  });

  it('needs at least one country', async () => {
    const items = await validation(await plan('rates', []));
    expect(items).toContainEqual(
      expect.objectContaining({
        code: 'NO_COUNTRY',
        severity: 'error',
        message: 'At least one country is required.',
      }),
    );
  });

  it('raises ENROLLMENT_DURATION on the review step only', async () => {
    const id = await plan('duration', [{ ...GERMANY, sites: 20 }]);
    await setPlanColumn(id, 'overall_enrollment_duration');
    expect(await validation(id, 3)).toEqual([
      expect.objectContaining({ code: 'ENROLLMENT_DURATION', severity: 'error', step: 1 }),
    ]);
    expect(await validation(id, 2)).toEqual([]);
  });

  it('checks the sequential cohorts of a Cohort (D) plan', async () => {
    const id = await plan('cohort', [{ ...GERMANY, sites: 20, rate: 1 }]);
    expect((await validation(id)).map((i) => i.message)).toEqual(['Sequential cohorts setup is not valid']);
    const saved = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/SequentialCohort`,
      headers: planner,
      payload: {
        studyPlanId: id,
        rowVersion: await currentRowVersion(t, planner, id),
        rows: [
          {
            studyPlanCohortId: null,
            cohortName: 'A',
            predecessorCohortName: null,
            predecessorActivity: null,
            patients: 10,
            lagDays: 0,
            screeningDurationDays: 14,
            dtlDurationDays: 7,
            srcDurationDays: 7,
          },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(await validation(id)).toEqual([]);
  });

  it('answers 404 for an unknown plan and 400 for another step', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/ctpo/plan/999999/validation', headers: viewer }))
        .statusCode,
    ).toBe(404);
    const id = await plan('rates', []);
    const res = await t.app.inject({
      method: 'GET',
      url: `/ctpo/plan/${id}/validation?step=1`,
      headers: viewer,
    });
    expect(res.statusCode).toBe(400);
  });
});
