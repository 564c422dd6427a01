import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDY_MILESTONE_NAMES } from '@predict/shared';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import {
  addStudies,
  auditRows,
  createPlan,
  DAY,
  durationPlan,
  ratesPlan,
  START,
  step1,
  studySummary,
} from './helpers/plans';

let t: TestApp;
let planner: Record<string, string>;
let studyId: number;
let otherStudyId: number;

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  [studyId, otherStudyId] = (await addStudies(t, 'S1-0001', 'S1-0002')) as [number, number];
});
afterAll(async () => t.close());

describe('creating a plan', () => {
  it('answers 201 with its Id: Draft, version 1, step 1, default parameters and milestones', async () => {
    expect((await studySummary(t, studyId)).enrollment_plan_exists).toBe(false);
    const res = await step1(t, planner, studyId, ratesPlan({ studyPlanName: ' New rates plan ' }));
    expect(res.statusCode).toBe(201);
    const plan = res.json();
    expect(plan).toMatchObject({
      returnCode: '200',
      Id: plan.studyPlanId,
      studyId,
      studyPlanName: 'New rates plan',
      scenarioStatus: 'Draft',
      studyPlanVersion: 1,
      actualStep: 1,
      studyPlanType: 1,
      studyPlanTypeDetail: 'Rates',
      cohortType: 0,
      opportunityStage: '(unassigned)',
      insertBy: 'Pat Planner',
      simOptRunId: null,
      rowVersion: 1,
      isEditable: true,
      isDeletable: true,
      uncertainty: {
        studyRateCv: 0.2,
        startupCv: 0.25,
        siteRateCv: 0.8,
        nonEnrollingProbability: 0,
        countryRateCv: 0.6,
        siteInactivationPerYear: 0.2,
        siteRampUpDays: 0,
        siteRampUpStart: 0.5,
        siteDecayPerYear: 0,
      },
      dtlPhaseName: 'DTL',
      srcPhaseName: 'SRC',
      projectId: 'S1-0001',
      warnings: [],
    });
    expect(
      plan.parameters.map((p: { parameterName: string; parameterId: number; lowerBound: number }) => [
        p.parameterName,
        p.parameterId,
        p.lowerBound,
      ]),
    ).toEqual([
      ['SITES_TO_ACTIVATE', 12, 20],
      ['SUBJECTS_TO_SCREEN', 13, 300],
    ]);
    expect(plan.milestones.map((m: { milestoneName: string }) => m.milestoneName)).toEqual(
      STUDY_MILESTONE_NAMES,
    );
    expect(plan.milestones.every((m: { levelOfConfidence: number }) => m.levelOfConfidence === -1)).toBe(
      true,
    );
    expect(plan.milestones.find((m: { milestoneId: number }) => m.milestoneId === 144).milestoneName).toBe(
      'NUM_SUBJECTS_ENROLLED',
    );

    const summary = await studySummary(t, studyId);
    expect(summary.enrollment_plan_exists).toBe(true);
    expect(summary.enrollment_plan_last_update).not.toBeNull();
    const audit = await auditRows(t, plan.Id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', entity_version: 1, actor_subject: 'planner' });
    expect((audit[0]!.new_values as { studyPlanName: string }).studyPlanName).toBe('New rates plan');
  });

  it('reads the plan back through GET /ctpo/plan/{planId} and lists it for the study', async () => {
    const { id } = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'Readable' }));
    const got = await t.app.inject({ url: `/ctpo/plan/${id}`, headers: planner });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({
      studyPlanId: id,
      studyPlanName: 'Readable',
      countries: [],
      cohorts: [],
    });
    const list = await t.app.inject({ url: `/ctpo/plans/study/${studyId}`, headers: planner });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((p: { studyPlanName: string }) => p.studyPlanName)).toContain('Readable');
    expect(list.json()[0]).toHaveProperty('isDeletable');
    // The STUDY DETAILS dialog lists the study's plans as Linked Enrollment Plan.
    const details = await t.app.inject({ url: `/ctpo/study/${studyId}`, headers: planner });
    expect(details.json().studyPlans).toContainEqual({ studyPlanId: id, studyPlanName: 'Readable' });
  });

  it('creates Duration and sequential Cohort (D) plans from the type fields', async () => {
    const d = await step1(t, planner, studyId, durationPlan({ studyPlanName: 'D1' }));
    expect(d.json()).toMatchObject({
      studyPlanType: 2,
      studyPlanTypeDetail: 'Duration',
      overallEnrollmentDuration: 12,
    });
    const c = await step1(
      t,
      planner,
      studyId,
      durationPlan({ studyPlanName: 'C1', cohortType: 2, overallEnrollmentDuration: null }),
    );
    expect(c.statusCode).toBe(201);
    expect(c.json()).toMatchObject({ studyPlanType: 2, studyPlanTypeDetail: 'Cohort (D)', cohortType: 2 });
  });

  it('accepts no id, null or a new-plan marker for a new plan, and needs the plan type', async () => {
    const { studyPlanId: _id, ...noId } = ratesPlan({ studyPlanName: 'No id' });
    expect((await step1(t, planner, studyId, noId)).statusCode).toBe(201);
    expect(
      (await step1(t, planner, studyId, ratesPlan({ studyPlanId: null, studyPlanName: 'Null id' })))
        .statusCode,
    ).toBe(201);
    const { studyPlanType: _type, ...noType } = ratesPlan({ studyPlanName: 'No type' });
    const res = await step1(t, planner, studyId, noType);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: 'body.studyPlanType', message: "Can't be empty." }]);
    const seqRates = await step1(
      t,
      planner,
      studyId,
      ratesPlan({ studyPlanName: 'Seq rates', cohortType: 2 }),
    );
    expect(seqRates.statusCode).toBe(400);
  });

  it('keeps plan dates at noon UTC of the day sent', async () => {
    const res = await step1(
      t,
      planner,
      studyId,
      ratesPlan({ studyPlanName: 'Dates', croProjectStartDateMillis: START - 12 * 3_600_000 + 1 }),
    );
    expect(res.json().croProjectStartDateMillis).toBe(START);
    expect(res.json().finalProtocolStartDateMillis).toBe(START + 60 * DAY);
  });

  it('answers 404 for an unknown study and 400 when the body names another study', async () => {
    expect((await step1(t, planner, 987654, ratesPlan())).statusCode).toBe(404);
    const res = await step1(
      t,
      planner,
      studyId,
      ratesPlan({ studyId: otherStudyId, studyPlanName: 'Wrong' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { path: 'body.studyId', message: 'Has to be the study of the address.' },
    ]);
  });
});

describe('the unique index on live plan names', () => {
  it('refuses a second live plan of the same name even without the service check', async () => {
    const { id } = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'Race' }));
    const copy = sql`insert into study_plans (study_id, study_plan_name, study_plan_descr, study_plan_type,
      study_plan_type_detail, created_by_issuer, created_by_subject, insert_by, update_by)
      select study_id, ' RACE', study_plan_descr, study_plan_type, study_plan_type_detail, created_by_issuer,
      created_by_subject, insert_by, update_by from study_plans where study_plan_id = ${id}`;
    const { isPlanNameConflict } = await import('../src/repositories/plans-repository');
    const error = await t.database.db.execute(copy).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isPlanNameConflict(error)).toBe(true);
  });
});
