import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RISK_ASSESSMENT_CATEGORIES,
  SOE_MESSAGES as M,
  type SoeDetail,
  type SoeListRow,
} from '@predict/shared';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, createPlan, ratesPlan } from './helpers/plans';
import {
  assessment,
  createSoe,
  getJson,
  save,
  soeAuditRows,
  soeForm,
  soeVersion,
  studySoeColumns,
  visit,
} from './helpers/soe';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let admin: Record<string, string>;
let studyId: number;
let otherStudyId: number;

const post = (headers: Record<string, string>, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const detail = async (id: number, headers = planner) =>
  (await getJson<{ data: SoeDetail[] }>(t, headers, `/ctpo/soe/${id}`)).data[0]!;

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  admin = bearer(await t.token('admin'));
  [studyId, otherStudyId] = (await addStudies(t, 'SOEL-0001', 'SOEL-0002')) as [number, number];
});
afterAll(async () => t.close());

describe('create', () => {
  it('creates a Draft SOE in USD with the ten risk rows, audited, and the study list shows it', async () => {
    const plan = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'Linked' }));
    const id = await createSoe(
      t,
      planner,
      studyId,
      soeForm({ scheduleOfEventsName: 'First', studyPlanId: plan.id, currency: null, CDAReviewPctTime: 20 }),
    );
    const soe = await detail(id);
    expect(soe).toMatchObject({
      scheduleOfEventsName: 'First',
      scheduleOfEventsStatus: 'Draft',
      currency: 'USD',
      version: 1,
      studyPlanId: plan.id,
      studyPlanName: 'Linked',
      CDAReviewPctTime: 20,
      protocolVersion: null,
      isCreator: true,
    });
    expect((await detail(id, admin)).isCreator).toBe(false);
    const risks = await getJson<{ riskAssessmentCategory: string; riskAssessmentRiskScore: null }[]>(
      t,
      viewer,
      `/ctpo/soe/${id}/riskassessments`,
    );
    expect(risks.map((r) => r.riskAssessmentCategory)).toEqual(
      RISK_ASSESSMENT_CATEGORIES.map((c) => c.category),
    );
    expect(risks.every((r) => r.riskAssessmentRiskScore === null)).toBe(true);
    expect(await soeAuditRows(t, id)).toMatchObject([{ action: 'create', entity_version: 1 }]);
    expect(await studySoeColumns(t, studyId)).toMatchObject({ soe_exists: true, soe_name: 'First' });
  });

  it('refuses a name another live SOE of the study has (any case, spaces around), but not in another study', async () => {
    const res = await post(
      planner,
      `/ctpo/study/${studyId}/soe`,
      soeForm({ scheduleOfEventsName: '  first ' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: 'body.scheduleOfEventsName', message: M.nameUnique }]);
    await createSoe(t, planner, otherStudyId, soeForm({ scheduleOfEventsName: 'First' }));
  });

  it("answers the form's messages per field, and refuses a plan of another study", async () => {
    const res = await post(planner, `/ctpo/study/${studyId}/soe`, {
      ...soeForm({ scheduleOfEventsName: ' ', protocolVersionNotAvailable: false }),
      scheduleOfEventsDescr: 'x'.repeat(2001),
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields as { path: string; message: string }[];
    expect(fields).toEqual(
      expect.arrayContaining([
        { path: 'body.scheduleOfEventsName', message: M.nameBlank },
        { path: 'body.scheduleOfEventsDescr', message: M.descriptionTooLong },
      ]),
    );
    const plan = await createPlan(t, planner, otherStudyId, ratesPlan({ studyPlanName: 'Elsewhere' }));
    const wrongPlan = await post(
      planner,
      `/ctpo/study/${studyId}/soe`,
      soeForm({ scheduleOfEventsName: 'Wrong plan', studyPlanId: plan.id }),
    );
    expect(wrongPlan.statusCode).toBe(400);
    expect(wrongPlan.json().fields).toEqual([{ path: 'body.studyPlanId', message: M.option }]);
  });

  it('answers 404 for an unknown study and 403 for a viewer', async () => {
    expect((await post(planner, '/ctpo/study/987654/soe', soeForm())).statusCode).toBe(404);
    expect(
      (await post(viewer, `/ctpo/study/${studyId}/soe`, soeForm({ scheduleOfEventsName: 'V' }))).statusCode,
    ).toBe(403);
  });
});

describe('edit', () => {
  it('saves the form against the version, raises it, and answers 409 to a stale one', async () => {
    const id = await createSoe(t, planner, studyId, soeForm({ scheduleOfEventsName: 'To edit' }));
    const body = {
      ...soeForm({
        scheduleOfEventsName: 'Edited',
        scheduleOfEventsStatus: 'Final',
        protocolVersionNotAvailable: false,
        protocolVersion: 'v2.1',
        currency: 'EUR',
      }),
      scheduleOfEventsId: id,
      version: 1,
    };
    const res = await post(planner, `/ctpo/study/${studyId}/SOEEdit`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ Id: id }]);
    expect(await detail(id)).toMatchObject({
      scheduleOfEventsName: 'Edited',
      scheduleOfEventsStatus: 'Final',
      protocolVersion: 'v2.1',
      currency: 'EUR',
      version: 2,
    });
    const stale = await post(planner, `/ctpo/study/${studyId}/SOEEdit`, {
      ...body,
      scheduleOfEventsName: 'Again',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(M.staleVersion);
    expect((await detail(id)).scheduleOfEventsName).toBe('Edited');
    const audit = await soeAuditRows(t, id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]).toMatchObject({ entity_version: 2, new_values: { soeName: 'Edited', currency: 'EUR' } });
  });

  it('answers 404 for an SOE of another study (the address names the study)', async () => {
    const id = await createSoe(t, planner, otherStudyId, soeForm({ scheduleOfEventsName: 'Other edit' }));
    const res = await post(planner, `/ctpo/study/${studyId}/SOEEdit`, {
      ...soeForm({ scheduleOfEventsName: 'X' }),
      scheduleOfEventsId: id,
      version: 1,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('clone and delete', () => {
  it('clones everything under a new name and description as a Draft, version 1', async () => {
    const id = await createSoe(t, planner, studyId, soeForm({ scheduleOfEventsName: 'Source' }));
    const saved = await save(t, planner, id, {
      version: 1,
      visits: [visit('Screening', { visitCategory: 'Screening', visitStudyDay: 0 }), visit('Day 1')],
      assessments: [assessment('ECG', { assessmentCost: 85.5 }), assessment('Labs')],
      mapping: [
        {
          visitKey: 'new-Day 1',
          assessmentKey: 'new-ECG',
          mappingAssessmentVisit: 1,
          multiplier: 2,
          uniqueNonUniqueForm: 'U',
        },
        {
          visitKey: 'new-Screening',
          assessmentKey: 'new-Labs',
          mappingAssessmentVisit: 1,
          multiplier: null,
          uniqueNonUniqueForm: null,
        },
      ],
      samplingNotes: [{ tableSort: 1, rowSort: 1, notes: 'Assessor from the sponsor' }],
    });
    expect(saved.statusCode).toBe(200);
    const res = await post(planner, `/ctpo/study/${studyId}/SOEClone`, {
      scheduleOfEventsId: id,
      studyId,
      name: 'Source copy',
      description: 'A copy',
    });
    expect(res.statusCode).toBe(201);
    const cloneId = (res.json() as { Id: number }[])[0]!.Id;
    expect(cloneId).not.toBe(id);
    expect(await detail(cloneId)).toMatchObject({
      scheduleOfEventsName: 'Source copy',
      scheduleOfEventsDescr: 'A copy',
      version: 1,
    });
    const names = async (sid: number) =>
      (await getJson<{ visitName: string }[]>(t, planner, `/ctpo/soe/${sid}/visits`)).map((v) => v.visitName);
    expect(await names(cloneId)).toEqual(['Screening', 'Day 1']);
    const cells = await getJson<
      { visitName: string; multiplier: number; uniqueNonUniqueForm: string | null }[]
    >(t, planner, `/ctpo/soe/${cloneId}/mapping`);
    expect(cells.map((c) => [c.visitName, c.multiplier, c.uniqueNonUniqueForm]).sort()).toEqual([
      ['Day 1', 2, 'U'],
      ['Screening', 1, null],
    ]);
    const cloneVisits = await getJson<{ scheduleOfEventsVisitId: number }[]>(
      t,
      planner,
      `/ctpo/soe/${cloneId}/visits`,
    );
    const sourceVisits = await getJson<{ scheduleOfEventsVisitId: number }[]>(
      t,
      planner,
      `/ctpo/soe/${id}/visits`,
    );
    expect(cloneVisits[0]!.scheduleOfEventsVisitId).not.toBe(sourceVisits[0]!.scheduleOfEventsVisitId);
    const sampling = await getJson<{ tableSort: number; rowSort: number; notes: string | null }[]>(
      t,
      planner,
      `/ctpo/soe/${cloneId}/visitsamplingstrategy`,
    );
    expect(sampling.find((r) => r.tableSort === 1 && r.rowSort === 1)!.notes).toBe(
      'Assessor from the sponsor',
    );
    expect((await getJson<unknown[]>(t, planner, `/ctpo/soe/${cloneId}/riskassessments`)).length).toBe(10);
    const dup = await post(planner, `/ctpo/study/${studyId}/SOEClone`, {
      scheduleOfEventsId: id,
      studyId,
      name: 'SOURCE COPY',
      description: 'Again',
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fields).toEqual([{ path: 'body.name', message: M.nameUnique }]);
  });

  it("lets only the creator delete (others get the spec's text), softly, and keeps the study list current", async () => {
    const [lonely] = (await addStudies(t, 'SOEL-0003')) as [number];
    const id = await createSoe(t, planner, lonely, soeForm({ scheduleOfEventsName: 'Doomed' }));
    const refused = await post(admin, `/ctpo/study/${lonely}/SOEDelete`, {
      scheduleOfEventsId: id,
      studyId: lonely,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.deleteNotCreator);
    expect(
      (await post(viewer, `/ctpo/study/${lonely}/SOEDelete`, { scheduleOfEventsId: id, studyId: lonely }))
        .statusCode,
    ).toBe(403);
    const res = await post(planner, `/ctpo/study/${lonely}/SOEDelete`, {
      scheduleOfEventsId: id,
      studyId: lonely,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ Id: id }]);
    expect((await t.app.inject({ method: 'GET', url: `/ctpo/soe/${id}`, headers: planner })).statusCode).toBe(
      404,
    );
    expect(await getJson<SoeListRow[]>(t, planner, `/ctpo/soe/study/${lonely}`)).toEqual([]);
    expect(await studySoeColumns(t, lonely)).toMatchObject({ soe_exists: false });
    expect((await soeAuditRows(t, id)).map((a) => a.action)).toEqual(['create', 'delete']);
    // The name is free again once the SOE is deleted.
    await createSoe(t, planner, lonely, soeForm({ scheduleOfEventsName: 'Doomed' }));
    expect(await soeVersion(t, planner, id).catch(() => 'gone')).toBe('gone');
  });
});
