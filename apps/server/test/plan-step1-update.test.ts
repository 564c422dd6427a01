import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import {
  addCountryToPlan,
  addStudies,
  auditRows,
  createPlan,
  ratesPlan,
  step1,
  studySummary,
} from './helpers/plans';

let t: TestApp;
let planner: Record<string, string>;
let admin: Record<string, string>;
let studyId: number;
let otherStudyId: number;

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  admin = bearer(await t.token('admin'));
  [studyId, otherStudyId] = (await addStudies(t, 'S2-0001', 'S2-0002')) as [number, number];
});
afterAll(async () => t.close());

describe('saving an existing plan', () => {
  it('saves only the changed fields, raises rowVersion and audits old and new values', async () => {
    const { id, rowVersion } = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'Edit me' }));
    const before = (await studySummary(t, studyId)).enrollment_plan_last_update;
    const res = await step1(t, planner, studyId, {
      studyPlanId: id,
      rowVersion,
      treatmentDuration: 90,
      actualStep: 2,
      parameters: [{ parameterName: 'SUBJECTS_TO_SCREEN', lowerBound: 400 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Id: id,
      rowVersion: rowVersion + 1,
      treatmentDuration: 90,
      actualStep: 2,
    });
    expect(res.json().screeningPeriodDuration).toBe(28);
    const screened = res
      .json()
      .parameters.find((p: { parameterName: string }) => p.parameterName === 'SUBJECTS_TO_SCREEN');
    expect(screened.lowerBound).toBe(400);

    const audit = await auditRows(t, id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]).toMatchObject({
      entity_version: rowVersion + 1,
      old_values: { treatmentDuration: 180, actualStep: 1, 'parameters.SUBJECTS_TO_SCREEN.lowerBound': 300 },
      new_values: { treatmentDuration: 90, actualStep: 2, 'parameters.SUBJECTS_TO_SCREEN.lowerBound': 400 },
    });
    const after = (await studySummary(t, studyId)).enrollment_plan_last_update;
    expect(new Date(after as string).getTime()).toBeGreaterThanOrEqual(new Date(before as string).getTime());
  });

  it('accepts the whole plan as read from GET and writes nothing when nothing changed', async () => {
    const { id } = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'Round trip' }));
    const plan = (await t.app.inject({ url: `/ctpo/plan/${id}`, headers: planner })).json();
    const res = await step1(t, planner, studyId, plan);
    expect(res.statusCode).toBe(200);
    expect(res.json().rowVersion).toBe(plan.rowVersion);
    expect((await auditRows(t, id)).map((a) => a.action)).toEqual(['create']);
  });

  it('refuses a stale version with 409 and the current version, writing nothing', async () => {
    const { id, rowVersion } = await createPlan(
      t,
      planner,
      studyId,
      ratesPlan({ studyPlanName: 'Contended' }),
    );
    expect(
      (await step1(t, planner, studyId, { studyPlanId: id, rowVersion, treatmentDuration: 100 })).statusCode,
    ).toBe(200);
    const stale = await step1(t, planner, studyId, { studyPlanId: id, rowVersion, treatmentDuration: 120 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: 'Conflict',
      message: 'The plan was changed by someone else. Reload it to see the changes.',
      currentVersion: rowVersion + 1,
    });
    const plan = (await t.app.inject({ url: `/ctpo/plan/${id}`, headers: planner })).json();
    expect(plan.treatmentDuration).toBe(100);
    const missing = await step1(t, planner, studyId, { studyPlanId: id, treatmentDuration: 120 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([{ path: 'body.rowVersion', message: "Can't be empty." }]);
  });

  it("answers 404 for another study's plan, a deleted plan and an unknown plan", async () => {
    const { id, rowVersion } = await createPlan(
      t,
      planner,
      otherStudyId,
      ratesPlan({ studyPlanName: 'Elsewhere' }),
    );
    const res = await step1(t, planner, studyId, { studyPlanId: id, rowVersion, treatmentDuration: 5 });
    expect(res.statusCode).toBe(404);
    expect((await step1(t, planner, studyId, { studyPlanId: 999999, rowVersion: 1 })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/ctpo/plan/999999', headers: planner })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/ctpo/plans/study/999999', headers: planner })).statusCode).toBe(404);
  });

  it('edits only Draft plans and never changes the plan type', async () => {
    const { id, rowVersion } = await createPlan(
      t,
      planner,
      studyId,
      ratesPlan({ studyPlanName: 'Published' }),
    );
    const typeChange = await step1(t, planner, studyId, { studyPlanId: id, rowVersion, studyPlanType: 2 });
    expect(typeChange.statusCode).toBe(400);
    expect(typeChange.json().fields[0]).toEqual({
      path: 'body.studyPlanType',
      message: 'The type of a saved plan cannot be changed.',
    });
    const saveAs = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/EnrollmentPlanSaveAs`,
      headers: planner,
      payload: { studyPlanId: id, scenarioStatus: 'Proposal', rowVersion },
    });
    expect(saveAs.statusCode).toBe(200);
    const res = await step1(t, planner, studyId, {
      studyPlanId: id,
      rowVersion: rowVersion + 1,
      treatmentDuration: 5,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "Only plans with status 'Draft' can be edited. Use Save As Draft to make a new draft version.",
    );
  });

  it('lets any editor save a Draft, but shows it as deletable only to its creator', async () => {
    const { id, rowVersion } = await createPlan(
      t,
      planner,
      studyId,
      ratesPlan({ studyPlanName: 'Shared draft' }),
    );
    const res = await step1(t, admin, studyId, { studyPlanId: id, rowVersion, followUpDuration: 60 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      updateBy: 'Ada Admin',
      insertBy: 'Pat Planner',
      isEditable: true,
      isDeletable: false,
    });
  });

  it('checks uniqueness against the other plans only, trimmed and case-insensitively', async () => {
    await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'Unique Name' }));
    const dup = await step1(t, planner, studyId, ratesPlan({ studyPlanName: '  unique name ' }));
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fields).toEqual([
      { path: 'body.studyPlanName', message: 'Study Plan Name must be unique' },
    ]);
    // The same name is free in another study.
    expect(
      (await step1(t, planner, otherStudyId, ratesPlan({ studyPlanName: 'Unique Name' }))).statusCode,
    ).toBe(201);
    const { id, rowVersion } = await createPlan(
      t,
      planner,
      studyId,
      ratesPlan({ studyPlanName: 'Keep my name' }),
    );
    const same = await step1(t, planner, studyId, {
      studyPlanId: id,
      rowVersion,
      studyPlanName: 'KEEP MY NAME',
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().studyPlanName).toBe('KEEP MY NAME');
  });

  it("returns the form's country-site warnings without blocking the save", async () => {
    const { id, rowVersion } = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'Warned' }));
    await addCountryToPlan(t, id, 25);
    const res = await step1(t, planner, studyId, { studyPlanId: id, rowVersion, followUpDuration: 45 });
    expect(res.statusCode).toBe(200);
    expect(res.json().warnings).toEqual([
      "The sum of each country activated sites (lower bound) shouldn't exceed overall activated sites.",
    ]);
  });
});
