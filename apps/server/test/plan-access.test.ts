import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, auditRows, createPlan, ratesPlan } from './helpers/plans';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let planId: number;
let rowVersion: number;

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'AC-0001')) as [number];
  ({ id: planId, rowVersion } = await createPlan(
    t,
    planner,
    studyId,
    ratesPlan({ studyPlanName: 'Guarded' }),
  ));
});
afterAll(async () => t.close());

const WRITES = () => [
  { url: `/ctpo/study/${studyId}/EnrollmentPlanStep1`, payload: ratesPlan({ studyPlanName: 'By viewer' }) },
  {
    url: `/ctpo/study/${studyId}/EnrollmentPlanStep1`,
    payload: { studyPlanId: planId, rowVersion, treatmentDuration: 1 },
  },
  {
    url: `/ctpo/study/${studyId}/EnrollmentPlanSaveAs`,
    payload: { studyPlanId: planId, scenarioStatus: 'Proposal', rowVersion },
  },
  { url: `/ctpo/study/${studyId}/EnrollmentPlanDelete`, payload: { studyId, studyPlanId: planId } },
  {
    url: '/ctpo/clone',
    payload: { studyPlanId: planId, studyPlanName: 'Copy', studyPlanDescr: 'd', studyId },
  },
  {
    url: `/ctpo/cohort/study/${studyId}`,
    payload: [planId, planId].map((id) => ({
      studyId,
      studyPlanId: id,
      studyPlanName: 'C',
      studyPlanDescr: 'd',
    })),
  },
];

describe('plan routes and roles', () => {
  it('refuses every plan write of a read-only user with 403 and writes nothing', async () => {
    for (const w of WRITES()) {
      const res = await t.app.inject({ method: 'POST', url: w.url, headers: viewer, payload: w.payload });
      expect(res.statusCode, w.url).toBe(403);
      expect(res.json().message).toBe('You have read-only access.');
    }
    expect((await auditRows(t, planId)).map((a) => a.action)).toEqual(['create']);
    const list = await t.app.inject({ url: `/ctpo/plans/study/${studyId}`, headers: planner });
    expect(list.json()).toHaveLength(1);
  });

  it('lets a read-only user read plans, but nothing is editable or deletable for them', async () => {
    const list = await t.app.inject({ url: `/ctpo/plans/study/${studyId}`, headers: viewer });
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({ studyPlanId: planId, isEditable: false, isDeletable: false });
    const plan = await t.app.inject({ url: `/ctpo/plan/${planId}`, headers: viewer });
    expect(plan.statusCode).toBe(200);
    expect(plan.json()).toMatchObject({ isEditable: false, isDeletable: false });
  });

  it('registers reads for users and writes for editors, documented in OpenAPI', async () => {
    const access = Object.fromEntries(t.app.routeInventory.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(access).toMatchObject({
      'GET /ctpo/plans/study/:studyId': 'user',
      'GET /ctpo/plan/:planId': 'user',
      'POST /ctpo/study/:studyId/EnrollmentPlanStep1': 'editor',
      'POST /ctpo/study/:studyId/EnrollmentPlanSaveAs': 'editor',
      'POST /ctpo/study/:studyId/EnrollmentPlanDelete': 'editor',
      'POST /ctpo/clone': 'editor',
      'POST /ctpo/cohort/study/:studyId': 'editor',
    });
    const doc = (await t.app.inject({ url: '/ctpo/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/ctpo/plans/study/{studyId}',
        '/ctpo/plan/{planId}',
        '/ctpo/study/{studyId}/EnrollmentPlanStep1',
        '/ctpo/clone',
        '/ctpo/cohort/study/{studyId}',
      ]),
    );
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: `/ctpo/plan/${planId}` })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/ctpo/clone', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
