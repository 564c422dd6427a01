import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { currentRowVersion } from './helpers/plan-countries';
import { addStudies, createPlan, DAY, durationPlan, START } from './helpers/plans';
import {
  addPlanCountry,
  auditOf,
  countryMilestone,
  storeDates,
  type FixtureGroup,
} from './helpers/run-fixtures';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let planCount = 0;

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'CTIS-0001')) as [number];
});
afterAll(async () => t.close());

const SUBMISSION = 135;
const APPROVAL = 136;
/** Computed submission dates: protocol final (START + 60 days) + each country's package preparation days. */
const DEU_DATE = START + (60 + 30) * DAY;
const FRA_DATE = START + (60 + 45) * DAY;
const ESP_DATE = START + 150 * DAY;

/** A Draft plan with three EU countries (Spain's submission date user-provided) and the USA, dates computed. */
async function planWithCountries() {
  planCount += 1;
  const plan = await createPlan(
    t,
    planner,
    studyId,
    durationPlan({ studyPlanName: `CTIS plan ${planCount}` }),
  );
  const deu = await addPlanCountry(t, plan.id, 0, {
    iso3: 'DEU',
    name: 'Germany',
    eu: true,
    packagePrepDays: 30,
  });
  const fra = await addPlanCountry(t, plan.id, 1, {
    iso3: 'FRA',
    name: 'France',
    eu: true,
    packagePrepDays: 45,
  });
  const esp = await addPlanCountry(t, plan.id, 2, {
    iso3: 'ESP',
    name: 'Spain',
    eu: true,
    overriddenSubmission: ESP_DATE,
  });
  const usa = await addPlanCountry(t, plan.id, 3, { iso3: 'USA', name: 'USA - Central', eu: false });
  await storeDates(t, plan.id);
  return { ...plan, deu, fra, esp, usa };
}

/** Submits, based on the plan's current version unless the payload says otherwise. */
const submit = async (payload: Record<string, unknown>, headers = planner) =>
  t.app.inject({
    method: 'POST',
    url: `/ctpo/study/${studyId}/CtisSubmission`,
    headers,
    payload: { rowVersion: await currentRowVersion(t, planner, payload.studyPlanId), ...payload },
  });

const rowsOf = (included: FixtureGroup[], excluded: FixtureGroup[] = []) => [
  ...included.map((g) => ({ siteGroupId: g.siteGroupId, includeExclude: 'i' })),
  ...excluded.map((g) => ({ siteGroupId: g.siteGroupId, includeExclude: 'e' })),
];

async function submission(g: FixtureGroup) {
  const m = await countryMilestone(t, g.studyPlanSiteGroupId, SUBMISSION);
  return { date: m.milestoneDate?.getTime() ?? null, isUserOverride: m.isUserOverride, comments: m.comments };
}

describe('GET /ctpo/ctis/plan/:planId', () => {
  it('lists only the EU countries of the plan with their submission dates and the latest date', async () => {
    const p = await planWithCountries();
    const res = await t.app.inject({ method: 'GET', url: `/ctpo/ctis/plan/${p.id}`, headers: viewer });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rows.map((r: { countryCodeISO3: string }) => r.countryCodeISO3)).toEqual([
      'DEU',
      'FRA',
      'ESP',
    ]);
    expect(body.rows[0]).toMatchObject({
      studyId,
      studyPlanId: p.id,
      siteGroupId: p.deu.siteGroupId,
      siteGroupName: 'Germany',
      includeExclude: 'i',
      regSubmissionDate: DEU_DATE,
      regSubmissionDateUserProvided: null,
      useLatestRegSubmissionsDate: false,
      enterNewDate: null,
      resetRegSubmissionDates: false,
    });
    expect(body.rows[2]).toMatchObject({
      regSubmissionDate: ESP_DATE,
      regSubmissionDateUserProvided: ESP_DATE,
    });
    expect(body.latestRegSubmissionDate).toBe(ESP_DATE);
  });

  it('answers 404 for an unknown plan', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ctpo/ctis/plan/999999', headers: planner });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /ctpo/study/:studyId/CtisSubmission', () => {
  it('useLatest overrides the included countries with their latest date and leaves excluded ones alone', async () => {
    const p = await planWithCountries();
    const approvalBefore = (await countryMilestone(t, p.deu.studyPlanSiteGroupId, APPROVAL)).milestoneDate!;
    const res = await submit({
      studyPlanId: p.id,
      rowVersion: p.rowVersion,
      choice: 'useLatest',
      enterNewDate: null,
      rows: rowsOf([p.deu, p.fra], [p.esp]),
    });
    expect(res.statusCode).toBe(200);
    expect(await submission(p.deu)).toEqual({
      date: FRA_DATE,
      isUserOverride: 1,
      comments: 'CTIS submission',
    });
    expect(await submission(p.fra)).toEqual({
      date: FRA_DATE,
      isUserOverride: 1,
      comments: 'CTIS submission',
    });
    // Germany's later milestones follow its later submission (recomputed in the same save).
    const approvalAfter = (await countryMilestone(t, p.deu.studyPlanSiteGroupId, APPROVAL)).milestoneDate!;
    expect(approvalAfter.getTime() - approvalBefore.getTime()).toBe(FRA_DATE - DEU_DATE);
    // Spain was excluded: its own (later) user-provided date and comment stay.
    expect(await submission(p.esp)).toEqual({
      date: ESP_DATE,
      isUserOverride: 1,
      comments: 'Agreed with the sponsor',
    });

    const rows = res.json().rows;
    expect(rows[0]).toMatchObject({
      includeExclude: 'i',
      useLatestRegSubmissionsDate: true,
      regSubmissionDate: FRA_DATE,
      regSubmissionDateUserProvided: FRA_DATE,
    });
    expect(rows[2]).toMatchObject({ includeExclude: 'e', useLatestRegSubmissionsDate: false });
    // The latest date is now that of the included countries.
    expect(res.json().latestRegSubmissionDate).toBe(FRA_DATE);

    const plan = await t.app.inject({ method: 'GET', url: `/ctpo/plan/${p.id}`, headers: planner });
    expect(plan.json().rowVersion).toBe(p.rowVersion + 1);
    expect(plan.json().ctisSubmissions).toHaveLength(3);
    const audit = await auditOf(t, 'study_plan', p.id);
    expect(audit.at(-1)).toMatchObject({ action: 'update', entity_version: p.rowVersion + 1 });
    expect(JSON.stringify(audit.at(-1)!.new_values)).toContain('useLatest');
  });

  it('enterNew puts the given date (at noon UTC) on every included country', async () => {
    const p = await planWithCountries();
    const picked = Date.UTC(2026, 8, 15, 3, 30);
    const res = await submit({
      studyPlanId: p.id,
      choice: 'enterNew',
      enterNewDate: picked,
      rows: rowsOf([p.deu, p.esp], [p.fra]),
    });
    expect(res.statusCode).toBe(200);
    const noon = Date.UTC(2026, 8, 15, 12);
    expect(await submission(p.deu)).toEqual({ date: noon, isUserOverride: 1, comments: 'CTIS submission' });
    expect(await submission(p.esp)).toEqual({ date: noon, isUserOverride: 1, comments: 'CTIS submission' });
    expect(await submission(p.fra)).toEqual({ date: FRA_DATE, isUserOverride: 0, comments: null });
    expect(res.json().rows[0]).toMatchObject({ enterNewDate: noon, useLatestRegSubmissionsDate: false });
  });

  it("enterNew without a date is refused with Can't be empty. at enterNewDate, and nothing is written", async () => {
    const p = await planWithCountries();
    const res = await submit({
      studyPlanId: p.id,
      choice: 'enterNew',
      enterNewDate: null,
      rows: rowsOf([p.deu]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: 'body.enterNewDate', message: "Can't be empty." }]);
    expect(await submission(p.deu)).toEqual({ date: DEU_DATE, isUserOverride: 0, comments: null });
    const ctis = await t.app.inject({ method: 'GET', url: `/ctpo/plan/${p.id}`, headers: planner });
    expect(ctis.json().ctisSubmissions).toEqual([]);
  });

  it('reset removes the overrides of the included countries only', async () => {
    const p = await planWithCountries();
    await submit({
      studyPlanId: p.id,
      choice: 'useLatest',
      enterNewDate: null,
      rows: rowsOf([p.deu, p.fra]),
    });
    const res = await submit({
      studyPlanId: p.id,
      choice: 'reset',
      enterNewDate: null,
      rows: rowsOf([p.deu, p.esp], [p.fra]),
    });
    expect(res.statusCode).toBe(200);
    // Back to the computed dates (Spain's package preparation is 30 days, like Germany's).
    expect(await submission(p.deu)).toEqual({ date: DEU_DATE, isUserOverride: 0, comments: null });
    expect(await submission(p.esp)).toEqual({ date: DEU_DATE, isUserOverride: 0, comments: null });
    // France was excluded this time: it keeps the date the first submission gave it.
    expect(await submission(p.fra)).toEqual({
      date: FRA_DATE,
      isUserOverride: 1,
      comments: 'CTIS submission',
    });
    expect(res.json().rows[0]).toMatchObject({
      resetRegSubmissionDates: true,
      regSubmissionDateUserProvided: null,
    });
  });

  it('keep stores the choices and leaves every date as it is', async () => {
    const p = await planWithCountries();
    const res = await submit({
      studyPlanId: p.id,
      choice: 'keep',
      enterNewDate: null,
      rows: rowsOf([p.deu, p.esp], [p.fra]),
    });
    expect(res.statusCode).toBe(200);
    expect(await submission(p.deu)).toEqual({ date: DEU_DATE, isUserOverride: 0, comments: null });
    expect(await submission(p.esp)).toEqual({
      date: ESP_DATE,
      isUserOverride: 1,
      comments: 'Agreed with the sponsor',
    });
    expect(res.json().rows.map((r: { includeExclude: string }) => r.includeExclude)).toEqual(['i', 'e', 'i']);
  });

  it('refuses a country that is not CTIS-eligible', async () => {
    const p = await planWithCountries();
    const res = await submit({
      studyPlanId: p.id,
      choice: 'keep',
      enterNewDate: null,
      rows: rowsOf([p.deu, p.usa]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { path: 'body.rows.1.siteGroupId', message: 'Has to be a CTIS-eligible country of the plan.' },
    ]);
  });

  it('answers 409 for a stale rowVersion and for a plan that is not Draft', async () => {
    const p = await planWithCountries();
    const stale = await submit({
      studyPlanId: p.id,
      rowVersion: p.rowVersion + 5,
      choice: 'keep',
      enterNewDate: null,
      rows: rowsOf([p.deu]),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().currentVersion).toBe(p.rowVersion);

    const saveAs = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/EnrollmentPlanSaveAs`,
      headers: planner,
      payload: { studyPlanId: p.id, scenarioStatus: 'Baseline Plan', rowVersion: p.rowVersion },
    });
    expect(saveAs.statusCode).toBe(200);
    const res = await submit({
      studyPlanId: p.id,
      choice: 'useLatest',
      enterNewDate: null,
      rows: rowsOf([p.deu]),
    });
    expect(res.statusCode).toBe(409);
    expect(await submission(p.deu)).toMatchObject({ isUserOverride: 0 });
  });

  it('is refused (403) for read-only users, and a plan of another study is not found', async () => {
    const p = await planWithCountries();
    const body = { studyPlanId: p.id, choice: 'useLatest', enterNewDate: null, rows: rowsOf([p.deu]) };
    expect((await submit(body, viewer)).statusCode).toBe(403);
    const [otherStudy] = (await addStudies(t, `CTIS-OTHER-${p.id}`)) as [number];
    const other = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${otherStudy}/CtisSubmission`,
      headers: planner,
      payload: { ...body, rowVersion: p.rowVersion },
    });
    expect(other.statusCode).toBe(404);
    expect(await submission(p.deu)).toMatchObject({ isUserOverride: 0 });
  });
});
