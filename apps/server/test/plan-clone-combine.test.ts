import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteGroups } from '../src/db/schema';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { currentRowVersion } from './helpers/plan-countries';
import {
  addCountryToPlan,
  addStudies,
  auditRows,
  childCounts,
  createPlan,
  durationPlan,
  ratesPlan,
  studySummary,
} from './helpers/plans';

let t: TestApp;
let planner: Record<string, string>;
let admin: Record<string, string>;
let studyId: number;
let targetStudyId: number;
let sourceId: number;

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  admin = bearer(await t.token('admin'));
  [studyId, targetStudyId] = (await addStudies(t, 'CC-0001', 'CC-0002')) as [number, number];
  ({ id: sourceId } = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'Source plan' })));
  await addCountryToPlan(t, sourceId, 8);
});
afterAll(async () => t.close());

const clone = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/ctpo/clone', headers, payload });
const combine = (headers: Record<string, string>, sid: number, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/ctpo/cohort/study/${sid}`, headers, payload: payload as object });
const readPlan = async (id: number) =>
  (await t.app.inject({ url: `/ctpo/plan/${id}`, headers: planner })).json();

describe('Clone', () => {
  it('copies the whole plan into the target study as a new Draft, version 1', async () => {
    expect((await studySummary(t, targetStudyId)).enrollment_plan_exists).toBe(false);
    const res = await clone(admin, {
      studyPlanId: sourceId,
      studyPlanName: 'Source plan - Clone',
      studyPlanDescr: 'Copied',
      scenarioStatus: 'Proposal',
      ownedBy: 'Ada Admin',
      studyId: targetStudyId,
    });
    expect(res.statusCode).toBe(201);
    const [row] = res.json();
    expect(row).toMatchObject({ returnCode: '200', studyId: targetStudyId });
    const copy = await readPlan(row.studyPlanId);
    const source = await readPlan(sourceId);
    expect(copy).toMatchObject({
      studyId: targetStudyId,
      studyPlanName: 'Source plan - Clone',
      studyPlanDescr: 'Copied',
      scenarioStatus: 'Draft',
      studyPlanVersion: 1,
      rowVersion: 1,
      clonedStudyPlanId: sourceId,
      insertBy: 'Ada Admin',
      ownedBy: 'Ada Admin',
      isDeletable: false,
      studyPlanTypeDetail: source.studyPlanTypeDetail,
      treatmentDuration: source.treatmentDuration,
      croProjectStartDateMillis: source.croProjectStartDateMillis,
      simOptRunId: null,
    });
    expect(await childCounts(t, row.studyPlanId)).toEqual(await childCounts(t, sourceId));
    expect(await childCounts(t, row.studyPlanId)).toEqual({
      siteGroups: 1,
      parameters: 3,
      milestones: 17,
      profiles: 2,
      variations: 12,
      cohorts: 1,
      ctis: 1,
    });
    const [copied] = copy.countries[0].siteGroups;
    const [original] = source.countries[0].siteGroups;
    expect(copied.studyPlanSiteGroupId).not.toBe(original.studyPlanSiteGroupId);
    expect(copied.parameters[0]).toMatchObject({ parameterName: 'NUM_SITES_ACTIVATED', lowerBound: 8 });
    expect(
      copied.enrollmentVariations.map(
        (v: { enrollmentSeasonalVariation: number }) => v.enrollmentSeasonalVariation,
      ),
    ).toEqual(
      original.enrollmentVariations.map(
        (v: { enrollmentSeasonalVariation: number }) => v.enrollmentSeasonalVariation,
      ),
    );
    expect(copy.cohorts[0]).toMatchObject({
      cohortName: 'Cohort 1',
      patients: 12,
      studyPlanId: row.studyPlanId,
    });
    expect(copy.ctisSubmissions[0]).toMatchObject({ studyPlanId: row.studyPlanId, includeExclude: 'i' });

    expect((await studySummary(t, targetStudyId)).enrollment_plan_exists).toBe(true);
    expect(await auditRows(t, row.studyPlanId)).toEqual([
      expect.objectContaining({
        action: 'create',
        actor_subject: 'admin',
        new_values: expect.objectContaining({ clonedStudyPlanId: sourceId }),
      }),
    ]);
  });

  it("keeps a plan's copy of the site-group values when an admin changes the reference data", async () => {
    await t.database.db
      .update(siteGroups)
      .set({ timeSivDays: 99, version: 2 })
      .where(eq(siteGroups.siteGroupName, 'Germany'));
    const [group] = (await readPlan(sourceId)).countries[0].siteGroups;
    expect(group).toMatchObject({ timeSIVDays: 30, referenceVersion: 1 });
  });

  it('checks the name in the target study, the description and the target study', async () => {
    const base = { studyPlanId: sourceId, studyPlanDescr: 'd', studyId: targetStudyId };
    const dup = await clone(planner, { ...base, studyPlanName: 'SOURCE PLAN - CLONE ' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fields).toEqual([
      { path: 'body.studyPlanName', message: 'Study Plan Name must be unique' },
    ]);
    // The source's own name is free in another study.
    expect((await clone(planner, { ...base, studyPlanName: 'Source plan' })).statusCode).toBe(201);
    const long = await clone(planner, { ...base, studyPlanName: 'x'.repeat(51) });
    expect(long.json().fields).toEqual([
      { path: 'body.studyPlanName', message: 'Study Plan Name cannot exceed 50 characters' },
    ]);
    const empty = await clone(planner, { studyPlanId: sourceId, studyPlanName: 'Fine', studyPlanDescr: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual([
      { path: 'body.studyPlanDescr', message: 'This field is required.' },
      { path: 'body.studyId', message: 'This field is required.' },
    ]);
    expect((await clone(planner, { ...base, studyPlanName: 'Fine', studyId: 987654 })).statusCode).toBe(404);
    expect((await clone(planner, { ...base, studyPlanName: 'Fine', studyPlanId: 987654 })).statusCode).toBe(
      404,
    );
  });

  it('clones into the same study too', async () => {
    const res = await clone(planner, {
      studyPlanId: sourceId,
      studyPlanName: 'Sibling',
      studyPlanDescr: 'd',
      studyId,
    });
    expect(res.statusCode).toBe(201);
    expect((await readPlan(res.json()[0].studyPlanId)).isDeletable).toBe(true);
  });
});

describe('Combination', () => {
  let rates2: number;
  let duration: number;
  beforeAll(async () => {
    ({ id: rates2 } = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'Rates 2' })));
    ({ id: duration } = await createPlan(t, planner, studyId, durationPlan({ studyPlanName: 'Duration 1' })));
  });
  const rows = (ids: number[], name = 'Combo', descr = 'Combined plans', sid = studyId) =>
    ids.map((studyPlanId) => ({ studyId: sid, studyPlanId, studyPlanName: name, studyPlanDescr: descr }));

  it('creates Combination (R) from Rates plans and Combination (D) otherwise, as Draft-Combo', async () => {
    const r = await combine(planner, studyId, rows([sourceId, rates2], 'All rates'));
    expect(r.statusCode).toBe(201);
    expect(r.json()).toEqual([{ returnCode: '200', studyPlanId: expect.any(Number), studyId }]);
    const combo = await readPlan(r.json()[0].studyPlanId);
    expect(combo).toMatchObject({
      studyPlanTypeDetail: 'Combination (R)',
      studyPlanType: 1,
      scenarioStatus: 'Draft-Combo',
      studyPlanVersion: 1,
      combinationMemberIds: [sourceId, rates2],
      isEditable: false,
      isDeletable: true,
    });
    const d = await combine(planner, studyId, rows([duration, rates2], 'Mixed'));
    expect((await readPlan(d.json()[0].studyPlanId)).studyPlanTypeDetail).toBe('Combination (D)');
    expect((await auditRows(t, d.json()[0].studyPlanId))[0]).toMatchObject({
      action: 'create',
      new_values: { memberPlanIds: [duration, rates2], studyPlanTypeDetail: 'Combination (D)' },
    });
  });

  it('needs 2 eligible plans, a name and a description', async () => {
    const one = await combine(planner, studyId, rows([sourceId, sourceId], 'One'));
    expect(one.statusCode).toBe(400);
    expect(one.json().fields).toEqual([{ path: 'body', message: 'Select at least 2 plans.' }]);
    expect((await combine(planner, studyId, [])).json().fields).toContainEqual({
      path: 'body',
      message: 'Select at least 2 plans.',
    });
    const combos = (await t.app.inject({ url: `/ctpo/plans/study/${studyId}`, headers: planner }))
      .json()
      .filter((p: { studyPlanTypeDetail: string }) => p.studyPlanTypeDetail.startsWith('Combination'));
    const ineligible = await combine(planner, studyId, rows([sourceId, combos[0].studyPlanId], 'Nested'));
    expect(ineligible.json().fields).toEqual([
      { path: 'body', message: 'Only plans of type Duration, Rates or Cohort (D) can be combined.' },
    ]);
    const unnamed = await combine(planner, studyId, rows([sourceId, rates2], '', ''));
    expect(unnamed.json().fields).toEqual([
      { path: 'body.0.studyPlanName', message: 'This field is required.' },
      { path: 'body.0.studyPlanDescr', message: 'This field is required.' },
    ]);
    const dupName = await combine(planner, studyId, rows([sourceId, rates2], 'all RATES'));
    expect(dupName.json().fields).toEqual([
      { path: 'body.0.studyPlanName', message: 'Study Plan Name must be unique' },
    ]);
  });

  it("answers 404 when a chosen plan is another study's and 400 when a row names another study", async () => {
    const { id: foreign } = await createPlan(
      t,
      planner,
      targetStudyId,
      ratesPlan({ studyPlanName: 'Foreign' }),
    );
    expect((await combine(planner, studyId, rows([sourceId, foreign], 'Cross'))).statusCode).toBe(404);
    const mismatch = await combine(
      planner,
      studyId,
      rows([sourceId, rates2], 'Mismatch', 'd', targetStudyId),
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields[0].path).toBe('body.0.studyId');
  });

  it('is not cloned, and keeps its constituents until it is deleted', async () => {
    const r = await combine(planner, studyId, rows([duration, sourceId], 'Guarded'));
    const comboId = r.json()[0].studyPlanId;
    const cloned = await clone(planner, {
      studyPlanId: comboId,
      studyPlanName: 'Copy',
      studyPlanDescr: 'd',
      studyId,
    });
    expect(cloned.statusCode).toBe(400);
    expect(cloned.json().fields).toEqual([
      { path: 'body.studyPlanId', message: 'Combination plans cannot be cloned.' },
    ]);
    const member = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/EnrollmentPlanDelete`,
      headers: planner,
      payload: { studyId, studyPlanId: duration, rowVersion: await currentRowVersion(t, planner, duration) },
    });
    expect(member.statusCode).toBe(409);
    const count = await t.database.db.execute(
      sql`select count(*)::int as n from study_plan_combination_members where member_plan_id = ${duration}`,
    );
    expect(Number((count as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(2);
    const byAdmin = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/EnrollmentPlanDelete`,
      headers: admin,
      payload: { studyId, studyPlanId: comboId, rowVersion: await currentRowVersion(t, planner, comboId) },
    });
    expect(byAdmin.statusCode).toBe(403);
    const byCreator = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/EnrollmentPlanDelete`,
      headers: planner,
      payload: { studyId, studyPlanId: comboId, rowVersion: await currentRowVersion(t, planner, comboId) },
    });
    expect(byCreator.json()[0].returnCode).toBe('200');
  });
});
