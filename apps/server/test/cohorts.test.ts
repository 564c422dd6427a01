import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { currentRowVersion } from './helpers/plan-countries';
import { addStudies, createPlan, durationPlan } from './helpers/plans';
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
  [studyId] = (await addStudies(t, 'COH-0001')) as [number];
});
afterAll(async () => t.close());

/** A Draft Cohort (D) plan; with countries unless told otherwise. */
async function cohortPlan(withCountries = true) {
  planCount += 1;
  const { overallEnrollmentDuration: _d, ...base } = durationPlan({
    studyPlanName: `Cohort plan ${planCount}`,
  });
  const plan = await createPlan(t, planner, studyId, { ...base, cohortType: 2 });
  if (withCountries) {
    await addPlanCountry(t, plan.id, 0, { iso3: 'DEU', name: 'Germany', eu: true, sites: 8, rate: 1 });
    await addPlanCountry(t, plan.id, 1, {
      iso3: 'FRA',
      name: 'France',
      eu: true,
      sites: 6,
      packagePrepDays: 45,
    });
    await storeDates(t, plan.id);
  }
  return plan;
}

type Row = Record<string, unknown>;
const row = (overrides: Row = {}): Row => ({
  studyPlanCohortId: null,
  cohortName: 'Cohort A',
  predecessorCohortName: null,
  predecessorActivity: null,
  patients: 12,
  lagDays: 0,
  screeningDurationDays: 28,
  dtlDurationDays: 14,
  srcDurationDays: 7,
  ...overrides,
});
const threeRows = () => [
  row(),
  row({ cohortName: 'Cohort B', predecessorCohortName: 'Cohort A', predecessorActivity: 'SRC', lagDays: 5 }),
  row({
    cohortName: 'Cohort C',
    predecessorCohortName: 'Cohort A',
    predecessorActivity: 'Enrolling',
    lagDays: 0,
  }),
];

/** Saves the rows, based on the plan's current version unless `extra` says otherwise. */
const save = async (planId: number, rows: Row[], extra: Row = {}, headers = planner) =>
  t.app.inject({
    method: 'POST',
    url: `/ctpo/study/${studyId}/SequentialCohort`,
    headers,
    payload: { studyPlanId: planId, rowVersion: await currentRowVersion(t, planner, planId), rows, ...extra },
  });
const read = (planId: number) =>
  t.app.inject({ method: 'GET', url: `/ctpo/cohort/plan/${planId}`, headers: viewer });

describe('saving sequential cohorts', () => {
  it('stores the rows with their chain dates and phase names, raises rowVersion and audits', async () => {
    const plan = await cohortPlan();
    const empty = await read(plan.id);
    expect(empty.json()).toMatchObject({ rows: [], phaseNames: { dtl: 'DTL', src: 'SRC' } });

    const res = await save(plan.id, threeRows(), {
      rowVersion: plan.rowVersion,
      phaseNames: { dtl: 'Safety review', src: 'Dose decision' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.phaseNames).toEqual({ dtl: 'Safety review', src: 'Dose decision' });
    expect(body.rowVersion).toBe(plan.rowVersion + 1);
    const [a, b, c] = body.rows;
    expect(a.studyPlanCohortId).toBeGreaterThan(0);
    // The first cohort starts at the earliest FPS; its phases follow one another.
    expect(a.cohortStartDay).toBeGreaterThan(0);
    expect(a.enrollingDurationDays).toBeGreaterThan(0);
    expect(a.screeningEndDay).toBe(a.cohortStartDay + 28);
    expect(a.enrollingEndDay).toBe(a.screeningEndDay + a.enrollingDurationDays);
    expect(a.dtlEndDay).toBe(a.enrollingEndDay + 14);
    expect(a.srcEndDay).toBe(a.dtlEndDay + 7);
    expect(a.cohortStartDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Later cohorts start at the end of the predecessor's chosen phase plus their lag.
    expect(b.cohortStartDay).toBe(a.srcEndDay + 5);
    expect(c.cohortStartDay).toBe(a.enrollingEndDay);
    expect(b.srcEndDate).not.toBeNull();

    expect((await read(plan.id)).json().rows).toEqual(body.rows);
    const detail = await t.app.inject({ method: 'GET', url: `/ctpo/plan/${plan.id}`, headers: planner });
    expect(detail.json().cohorts.map((r: Row) => r.cohortName)).toEqual(['Cohort A', 'Cohort B', 'Cohort C']);
    expect(detail.json().cohorts[0].enrollingDurationDays).toBe(a.enrollingDurationDays);
    const audit = await auditOf(t, 'study_plan', plan.id);
    expect(audit.at(-1)).toMatchObject({ action: 'update', entity_version: plan.rowVersion + 1 });
  });

  it('replaces the whole table: a second save removes rows left out', async () => {
    const plan = await cohortPlan();
    await save(plan.id, threeRows());
    const res = await save(plan.id, [row({ cohortName: 'Only', patients: 0 })]);
    expect(res.statusCode).toBe(200);
    expect(res.json().rows.map((r: Row) => r.cohortName)).toEqual(['Only']);
    expect((await read(plan.id)).json().rows).toHaveLength(1);
  });

  it('saves rows without dates when the plan has no country yet', async () => {
    const plan = await cohortPlan(false);
    const res = await save(plan.id, threeRows());
    expect(res.statusCode).toBe(200);
    expect(res.json().rows[0]).toMatchObject({ cohortName: 'Cohort A', cohortStartDate: null, patients: 12 });
  });
});

describe('the sequential cohort rules', () => {
  const cases: [string, Row[], string, string][] = [
    [
      'cohort names are unique (trimmed, any case)',
      [
        row(),
        row({ cohortName: ' cohort a ', predecessorCohortName: 'Cohort A', predecessorActivity: 'SRC' }),
      ],
      'body.rows.1.cohortName',
      'Cohort name should be unique.',
    ],
    ['numbers are not negative', [row({ patients: -1 })], 'body.rows.0.patients', 'Has to be at least 0.'],
    ['numbers are whole', [row({ lagDays: 1.5 })], 'body.rows.0.lagDays', 'Has to be an integer.'],
    ['a row needs a name', [row({ cohortName: '  ' })], 'body.rows.0.cohortName', "Can't be empty."],
    ['a row needs patients', [row({ patients: null })], 'body.rows.0.patients', "Can't be empty."],
    ['a row needs lag days', [row({ lagDays: null })], 'body.rows.0.lagDays', "Can't be empty."],
    [
      'a row needs the screening duration',
      [row({ screeningDurationDays: null })],
      'body.rows.0.screeningDurationDays',
      "Can't be empty.",
    ],
    [
      'a row needs the DTL duration',
      [row({ dtlDurationDays: null })],
      'body.rows.0.dtlDurationDays',
      "Can't be empty.",
    ],
    [
      'a row needs the SRC duration',
      [row({ srcDurationDays: null })],
      'body.rows.0.srcDurationDays',
      "Can't be empty.",
    ],
    [
      'the first cohort has no predecessor',
      [
        row({ predecessorCohortName: 'Cohort B', predecessorActivity: 'SRC' }),
        row({ cohortName: 'Cohort B' }),
      ],
      'body.rows.0.predecessorCohortName',
      'The first cohort has no predecessor.',
    ],
    [
      'later rows name their predecessor (exactly one first cohort)',
      [row(), row({ cohortName: 'Cohort B' })],
      'body.rows.1.predecessorCohortName',
      "Can't be empty.",
    ],
    [
      'later rows name the predecessor activity',
      [row(), row({ cohortName: 'Cohort B', predecessorCohortName: 'Cohort A' })],
      'body.rows.1.predecessorActivity',
      "Can't be empty.",
    ],
    [
      'a cohort is not its own predecessor',
      [row(), row({ cohortName: 'Cohort B', predecessorCohortName: 'Cohort B', predecessorActivity: 'DTL' })],
      'body.rows.1.predecessorCohortName',
      'A cohort cannot be its own predecessor.',
    ],
    [
      'the predecessor exists',
      [row(), row({ cohortName: 'Cohort B', predecessorCohortName: 'Cohort Z', predecessorActivity: 'DTL' })],
      'body.rows.1.predecessorCohortName',
      'Predecessor cohort not found.',
    ],
    [
      'predecessors do not form a cycle',
      [
        row(),
        row({ cohortName: 'Cohort B', predecessorCohortName: 'Cohort C', predecessorActivity: 'SRC' }),
        row({ cohortName: 'Cohort C', predecessorCohortName: 'Cohort B', predecessorActivity: 'SRC' }),
      ],
      'body.rows.1.predecessorCohortName',
      'Cohorts form a cycle.',
    ],
    [
      'row 2 cannot follow the later Cohort 3 that follows it, nor through a longer chain',
      [
        row(),
        row({ cohortName: 'Cohort B', predecessorCohortName: 'Cohort D', predecessorActivity: 'SRC' }),
        row({ cohortName: 'Cohort C', predecessorCohortName: 'Cohort B', predecessorActivity: 'SRC' }),
        row({ cohortName: 'Cohort D', predecessorCohortName: 'Cohort C', predecessorActivity: 'DTL' }),
      ],
      'body.rows.1.predecessorCohortName',
      'Cohorts form a cycle.',
    ],
    [
      'a plan has at least one cohort',
      [],
      'body.rows',
      'A sequential cohort plan needs at least one cohort.',
    ],
  ];

  it.each(cases)('%s', async (_name, rows, path, message) => {
    const plan = await cohortPlan(false);
    await save(plan.id, [row({ cohortName: 'Saved before' })]);
    const res = await save(plan.id, rows);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Sequential cohorts setup is not valid');
    expect(res.json().fields).toContainEqual({ path, message });
    // All or nothing: the table saved before is untouched.
    expect((await read(plan.id)).json().rows.map((r: Row) => r.cohortName)).toEqual(['Saved before']);
  });

  it('accepts 0 in every number', async () => {
    const plan = await cohortPlan(false);
    const zeros = row({
      patients: 0,
      lagDays: 0,
      screeningDurationDays: 0,
      dtlDurationDays: 0,
      srcDurationDays: 0,
    });
    expect((await save(plan.id, [zeros])).statusCode).toBe(200);
  });
});

describe('who may save, and when', () => {
  it('answers 409 for a stale rowVersion, 403 for read-only users, 400 for a plan without cohorts', async () => {
    const plan = await cohortPlan(false);
    const stale = await save(plan.id, [row()], { rowVersion: plan.rowVersion + 3 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().currentVersion).toBe(plan.rowVersion);
    expect((await save(plan.id, [row()], {}, viewer)).statusCode).toBe(403);
    const unversioned = await save(plan.id, [row()], { rowVersion: undefined });
    expect(unversioned.statusCode).toBe(400);
    expect(unversioned.json().fields).toEqual([{ path: 'body.rowVersion', message: "Can't be empty." }]);

    const rates = await createPlan(
      t,
      planner,
      studyId,
      durationPlan({ studyPlanName: `Not cohorts ${plan.id}` }),
    );
    const res = await save(rates.id, [row()]);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { path: 'body.studyPlanId', message: 'Only Cohort (D) plans have sequential cohorts.' },
    ]);
    expect((await read(plan.id)).json().rows).toEqual([]);
  });
});

describe('POST /ctpo/cohort/chain', () => {
  const chain = (planId: number, rows: Row[]) =>
    t.app.inject({
      method: 'POST',
      url: '/ctpo/cohort/chain',
      headers: viewer,
      payload: { studyPlanId: planId, rows },
    });

  it('computes the dates of unsaved rows without saving them', async () => {
    const plan = await cohortPlan();
    const res = await chain(plan.id, threeRows());
    expect(res.statusCode).toBe(200);
    expect(res.json().notice).toBeNull();
    const [a, b] = res.json().rows;
    expect(a.studyPlanCohortId).toBe(0);
    expect(a.cohortStartDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(b.cohortStartDay).toBe(a.srcEndDay + 5);
    expect((await read(plan.id)).json().rows).toEqual([]);
  });

  it('says why rows have no dates yet', async () => {
    const plan = await cohortPlan();
    const incomplete = await chain(plan.id, [row({ lagDays: null })]);
    expect(incomplete.json()).toMatchObject({ notice: 'Fill in every cohort row to see its dates.' });
    expect(incomplete.json().rows[0]).toMatchObject({ cohortName: 'Cohort A', cohortStartDate: null });

    const noCountry = await cohortPlan(false);
    const res = await chain(noCountry.id, threeRows());
    expect(res.statusCode).toBe(200);
    expect(res.json().notice).toMatch(/^The plan cannot be simulated yet/);
    expect(res.json().rows[0].cohortStartDate).toBeNull();
  });
});
