import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, auditRows, createPlan, durationPlan, ratesPlan, studySummary } from './helpers/plans';

let t: TestApp;
let planner: Record<string, string>;
let admin: Record<string, string>;
let studyId: number;
let otherStudyId: number;

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  admin = bearer(await t.token('admin'));
  [studyId, otherStudyId] = (await addStudies(t, 'ST-0001', 'ST-0002')) as [number, number];
});
afterAll(async () => t.close());

const saveAs = (headers: Record<string, string>, sid: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/ctpo/study/${sid}/EnrollmentPlanSaveAs`, headers, payload });
const remove = (headers: Record<string, string>, sid: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/ctpo/study/${sid}/EnrollmentPlanDelete`, headers, payload });
const readPlan = async (id: number) =>
  (await t.app.inject({ url: `/ctpo/plan/${id}`, headers: planner })).json();

let seq = 0;
const newPlan = async (headers = planner, sid = studyId) =>
  createPlan(t, headers, sid, ratesPlan({ studyPlanName: `Plan ${++seq}` }));

describe('Save As', () => {
  it('sets a non-draft status directly, keeps the version and publishes the plan', async () => {
    const { id, rowVersion } = await newPlan();
    const res = await saveAs(planner, studyId, {
      studyId,
      studyPlanId: id,
      scenarioStatus: 'Baseline Plan',
      rowVersion,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        returnCode: '200',
        studyPlanId: id,
        studyId,
        scenarioStatus: 'Baseline Plan',
        studyPlanVersion: 1,
        rowVersion: rowVersion + 1,
      },
    ]);
    const plan = await readPlan(id);
    expect(plan).toMatchObject({
      scenarioStatus: 'Baseline Plan',
      studyPlanVersion: 1,
      publishBy: 'Pat Planner',
      isEditable: false,
    });
    const audit = await auditRows(t, id);
    expect(audit.at(-1)).toMatchObject({
      action: 'status',
      old_values: { scenarioStatus: 'Draft', studyPlanVersion: 1 },
      new_values: { scenarioStatus: 'Baseline Plan', studyPlanVersion: 1 },
    });
  });

  it('raises the version by one when Draft is chosen, and the plan is editable again', async () => {
    const { id, rowVersion } = await newPlan();
    await saveAs(planner, studyId, { studyPlanId: id, scenarioStatus: 'Proposal', rowVersion });
    const res = await saveAs(planner, studyId, {
      studyPlanId: id,
      scenarioStatus: 'Draft',
      rowVersion: rowVersion + 1,
    });
    expect(res.json()[0]).toMatchObject({ scenarioStatus: 'Draft', studyPlanVersion: 2 });
    const again = await saveAs(planner, studyId, {
      studyPlanId: id,
      scenarioStatus: 'Draft',
      rowVersion: rowVersion + 2,
    });
    expect(again.json()[0]).toMatchObject({ studyPlanVersion: 3 });
    expect((await readPlan(id)).isEditable).toBe(true);
  });

  it.each([
    ['Rates', ['Draft', 'Baseline Plan', 'Ongoing Study', 'Post-Proposal', 'Proposal'], ['Draft-Combo']],
    ['Duration', ['Ongoing Study', 'Post-Proposal'], ['Draft-Combo']],
    ['Cohort (D)', ['Proposal'], ['Draft-Combo']],
    [
      'Remodel (R)',
      ['Draft', 'Baseline Plan'],
      ['Proposal', 'Ongoing Study', 'Post-Proposal', 'Draft-Combo'],
    ],
    ['Remodel (D)', ['Baseline Plan'], ['Proposal', 'Draft-Combo']],
  ])('offers the %s menu and refuses other statuses with 400', async (detail, allowed, refused) => {
    const body =
      detail === 'Rates' ? ratesPlan() : durationPlan({ cohortType: detail === 'Cohort (D)' ? 2 : 0 });
    const { id } = await createPlan(t, planner, studyId, { ...body, studyPlanName: `Menu ${detail}` });
    // Remodel plans come from actuals (spec/3); here the type detail is set directly.
    await t.database.db.execute(
      sql`update study_plans set study_plan_type_detail = ${detail} where study_plan_id = ${id}`,
    );
    for (const status of refused) {
      const { rowVersion } = await readPlan(id);
      const res = await saveAs(planner, studyId, { studyPlanId: id, scenarioStatus: status, rowVersion });
      expect(res.statusCode, status).toBe(400);
      expect(res.json().fields[0].path).toBe('body.scenarioStatus');
    }
    for (const status of allowed) {
      const { rowVersion } = await readPlan(id);
      const res = await saveAs(planner, studyId, { studyPlanId: id, scenarioStatus: status, rowVersion });
      expect(res.statusCode, status).toBe(200);
    }
  });

  it('refuses unknown statuses, stale versions and plans of another study', async () => {
    const { id, rowVersion } = await newPlan();
    const unknown = await saveAs(planner, studyId, { studyPlanId: id, scenarioStatus: 'Done', rowVersion });
    expect(unknown.statusCode).toBe(400);
    const stale = await saveAs(planner, studyId, {
      studyPlanId: id,
      scenarioStatus: 'Proposal',
      rowVersion: rowVersion + 7,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().currentVersion).toBe(rowVersion);
    const elsewhere = await saveAs(planner, otherStudyId, {
      studyPlanId: id,
      scenarioStatus: 'Proposal',
      rowVersion,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await readPlan(id)).scenarioStatus).toBe('Draft');
  });
});

describe('Delete', () => {
  const REFUSED =
    "Enrollment Plan cannot be deleted. Please contact the Creator of the Enrollment Plan to delete and confirm the status is 'Draft'.";

  it('lets the creator delete a Draft: soft delete, audit row, gone from reads', async () => {
    const [lonelyStudy] = (await addStudies(t, 'ST-0100')) as [number];
    const { id, rowVersion } = await newPlan(planner, lonelyStudy);
    expect((await studySummary(t, lonelyStudy)).enrollment_plan_exists).toBe(true);
    const res = await remove(planner, lonelyStudy, { studyId: lonelyStudy, studyPlanId: id, rowVersion });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({
      returnCode: '200',
      studyPlanId: id,
      returnDesc: 'Deleted successfully',
    });
    expect((await t.app.inject({ url: `/ctpo/plan/${id}`, headers: planner })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/ctpo/plans/study/${lonelyStudy}`, headers: planner })).json(),
    ).toEqual([]);
    const row = await t.database.db.execute(
      sql`select deleted_at, deleted_by from study_plans where study_plan_id = ${id}`,
    );
    const kept = (row as unknown as { rows: { deleted_at: unknown; deleted_by: string }[] }).rows[0]!;
    expect(kept.deleted_at).not.toBeNull();
    expect(kept.deleted_by).toBe('Pat Planner');
    expect((await auditRows(t, id)).at(-1)).toMatchObject({
      action: 'delete',
      old_values: { scenarioStatus: 'Draft' },
    });
    expect((await studySummary(t, lonelyStudy)).enrollment_plan_exists).toBe(false);
    // Deleted twice: there is nothing left to delete.
    const again = { studyId: lonelyStudy, studyPlanId: id, rowVersion: rowVersion + 1 };
    expect((await remove(planner, lonelyStudy, again)).statusCode).toBe(404);
  });

  it('refuses anyone but the creator with the dialog text', async () => {
    const { id, rowVersion } = await newPlan();
    const res = await remove(admin, studyId, { studyId, studyPlanId: id, rowVersion });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(REFUSED);
    expect((await t.app.inject({ url: `/ctpo/plan/${id}`, headers: admin })).json().isDeletable).toBe(false);
    expect((await auditRows(t, id)).map((a) => a.action)).toEqual(['create']);
  });

  it('refuses plans that are not Draft, even for the creator', async () => {
    const { id, rowVersion } = await newPlan();
    const saved = await saveAs(planner, studyId, {
      studyPlanId: id,
      scenarioStatus: 'Ongoing Study',
      rowVersion,
    });
    const res = await remove(planner, studyId, {
      studyId,
      studyPlanId: id,
      rowVersion: saved.json()[0].rowVersion,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(REFUSED);
    expect((await readPlan(id)).isDeletable).toBe(false);
  });

  it("answers 404 for another study's plan, 400 for a mismatched body and 409 for a stale version", async () => {
    const { id, rowVersion } = await newPlan();
    const other = { studyId: otherStudyId, studyPlanId: id, rowVersion };
    expect((await remove(planner, otherStudyId, other)).statusCode).toBe(404);
    expect((await remove(planner, studyId, other)).statusCode).toBe(400);
    const unversioned = await remove(planner, studyId, { studyId, studyPlanId: id });
    expect(unversioned.statusCode).toBe(400);
    expect(unversioned.json().fields).toEqual([{ path: 'body.rowVersion', message: "Can't be empty." }]);
    expect(
      (await remove(planner, studyId, { studyId, studyPlanId: id, rowVersion: rowVersion + 1 })).statusCode,
    ).toBe(409);
    expect((await readPlan(id)).studyPlanId).toBe(id);
  });
});
