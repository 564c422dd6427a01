import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COUNTRY_MILESTONES,
  MILESTONE_SYNC_MESSAGES as M,
  MilestoneSyncAnswer as MilestoneSyncAnswerSchema,
  type MilestoneSyncAnswer,
  type SoeDetailAnswer,
  type SoeListRow,
} from '@predict/shared';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addCountry, addReferenceSiteGroup, readPlanDetail } from './helpers/plan-countries';
import { addStudies, createPlan, ratesPlan } from './helpers/plans';
import { createSoe, getJson, soeAuditRows, soeForm, studySoeColumns } from './helpers/soe';

/**
 * POST /ctpo/study/{studyId}/MilestoneSyncSubmission (spec/2 section 7, payload "not shown"; ours, docs/api.md):
 * `{ scheduleOfEventsId, studyPlanId, studyId? }` links the SOE to a plan of the study and answers the plan's
 * dated milestones, per country and over the study.
 */

let t: TestApp;
let plannerToken: string;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let admin: Record<string, string>;
let studyId: number;
let otherStudyId: number;
let planId: number;
let otherPlanId: number;
let bareStudyPlanId: number;
let germany: number;
let france: number;

const sync = (payload: unknown, headers = planner, study = studyId) =>
  t.app.inject({
    method: 'POST',
    url: `/ctpo/study/${study}/MilestoneSyncSubmission`,
    headers,
    payload: payload as object,
  });
const detailOf = async (soeId: number) =>
  (await getJson<SoeDetailAnswer>(t, viewer, `/ctpo/soe/${soeId}`)).data[0]!;

beforeAll(async () => {
  t = await createTestApp();
  plannerToken = await t.token('planner');
  planner = bearer(plannerToken);
  viewer = bearer(await t.token('viewer'));
  admin = bearer(await t.token('admin'));
  [studyId, otherStudyId] = (await addStudies(t, 'SYNC-0001', 'SYNC-0002')) as [number, number];
  germany = await addReferenceSiteGroup(t, 'Germany', 'DEU');
  france = await addReferenceSiteGroup(t, 'France', 'FRA');
  planId = (await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'Synced plan' }))).id;
  for (const [siteGroupId, sites] of [
    [germany, 5],
    [france, 12],
  ] as const) {
    const res = await addCountry(t, plannerToken, studyId, {
      studyPlanId: planId,
      siteGroupId,
      NUM_SITES_ACTIVATED_LOWER: sites,
      countryStartUpTimeFrame: siteGroupId === france ? 'Medium' : 'Short',
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  bareStudyPlanId = (await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'No countries' }))).id;
  otherPlanId = (await createPlan(t, planner, otherStudyId, ratesPlan({ studyPlanName: 'Elsewhere' }))).id;
});
afterAll(async () => t.close());

describe('POST /ctpo/study/{studyId}/MilestoneSyncSubmission', () => {
  it("links the SOE to the plan and answers the plan's milestone dates, audited, for planners and admins", async () => {
    const soeId = await createSoe(t, planner, studyId, soeForm({ scheduleOfEventsName: 'To sync' }));
    expect((await detailOf(soeId)).studyPlanId).toBeNull();

    const res = await sync({ scheduleOfEventsId: soeId, studyPlanId: planId, studyId });
    expect(res.statusCode, res.body).toBe(200);
    const answer = MilestoneSyncAnswerSchema.parse(res.json()) as MilestoneSyncAnswer;
    expect(answer).toMatchObject({
      message: M.synced,
      scheduleOfEventsId: soeId,
      studyId,
      studyPlanId: planId,
      studyPlanName: 'Synced plan',
      version: 2,
    });

    // The dates are the plan's, country by country in tab order (10 dated milestones each, spec/1 section 2).
    const plan = await readPlanDetail(t, plannerToken, planId);
    const expected = plan.countries.flatMap((c) =>
      c.siteGroups.flatMap((g) =>
        g.milestones
          .filter((m) => m.milestoneDateMillis !== null)
          .map((m) => ({
            milestoneScope: 'country',
            milestoneName: m.milestoneName,
            milestoneDateMillis: m.milestoneDateMillis,
            countryCodeISO3: c.countryCodeISO3,
            siteGroupId: g.siteGroupId,
            siteGroupName: g.siteGroupName,
          })),
      ),
    );
    const studyLevel = plan.milestones.filter((m) => m.milestoneDateMillis !== null);
    expect(answer.milestones.slice(0, studyLevel.length).every((m) => m.milestoneScope === 'study')).toBe(
      true,
    );
    const countryRows = answer.milestones.slice(studyLevel.length);
    expect(countryRows).toEqual(expected.map((e) => expect.objectContaining(e)));
    expect(countryRows.filter((m) => m.siteGroupId === germany)).toHaveLength(COUNTRY_MILESTONES.length);
    expect(countryRows.filter((m) => m.siteGroupId === france)).toHaveLength(COUNTRY_MILESTONES.length);

    // Over the study: the earliest and the latest date of each milestone among the countries.
    const lpe = countryRows.filter((m) => m.milestoneName === 'LAST_PATIENT_ENROLLED');
    expect(answer.studyMilestones.find((m) => m.milestoneName === 'LAST_PATIENT_ENROLLED')).toEqual({
      milestoneId: 148,
      milestoneName: 'LAST_PATIENT_ENROLLED',
      milestoneLabel: lpe[0]!.milestoneLabel,
      firstDateMillis: Math.min(...lpe.map((m) => m.milestoneDateMillis)),
      lastDateMillis: Math.max(...lpe.map((m) => m.milestoneDateMillis)),
    });
    const fsiv = countryRows.filter((m) => m.milestoneName === 'FIRST_SITE_INITIATED');
    // France starts up on the Medium time frame, Germany on Short: the study's first and last FSIV differ.
    expect(new Set(fsiv.map((m) => m.milestoneDateMillis)).size).toBe(2);
    expect(answer.studyMilestones.map((m) => m.milestoneName)).toEqual([
      ...new Set(answer.milestones.map((m) => m.milestoneName)),
    ]);

    // The SOE now follows the plan: the editor's read and the study's SOE list name it; the version went up.
    expect(await detailOf(soeId)).toMatchObject({
      studyPlanId: planId,
      studyPlanName: 'Synced plan',
      version: 2,
    });
    const list = await getJson<SoeListRow[]>(t, viewer, `/ctpo/soe/study/${studyId}`);
    expect(list.find((r) => r.scheduleOfEventsId === soeId)).toMatchObject({
      studyPlanId: planId,
      studyPlanName: 'Synced plan',
      version: 2,
    });
    expect((await studySoeColumns(t, studyId)).soe_exists).toBe(true);

    const audit = await soeAuditRows(t, soeId);
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({
      action: 'update',
      entity_version: 2,
      actor_subject: expect.any(String),
      old_values: { studyPlanId: null },
      new_values: {
        studyPlanId: planId,
        milestoneSync: {
          studyPlanName: 'Synced plan',
          milestones: answer.milestones.map((m) => ({
            milestoneName: m.milestoneName,
            siteGroupId: m.siteGroupId,
            milestoneDateMillis: m.milestoneDateMillis,
          })),
        },
      },
    });

    // An admin may sync too; the body's studyId may be left out.
    const again = await sync({ scheduleOfEventsId: soeId, studyPlanId: planId }, admin);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ version: 3, milestones: answer.milestones });
    expect((await soeAuditRows(t, soeId))[2]).toMatchObject({
      old_values: { studyPlanId: planId },
      new_values: { studyPlanId: planId },
    });
  });

  it('answers 400 with a message per field for a bad payload, and writes nothing', async () => {
    const soeId = await createSoe(t, planner, studyId, soeForm({ scheduleOfEventsName: 'Bad payloads' }));
    const refused = async (payload: unknown) => {
      const res = await sync(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Bad Request', message: 'The request is not valid.' });
      return (res.json() as { fields: { path: string; message: string }[] }).fields;
    };
    expect((await refused({})).map((f) => f.path).sort()).toEqual([
      'body.scheduleOfEventsId',
      'body.studyPlanId',
    ]);
    expect((await refused({ scheduleOfEventsId: soeId, studyPlanId: 'x' })).map((f) => f.path)).toEqual([
      'body.studyPlanId',
    ]);
    expect((await refused({ scheduleOfEventsId: soeId, studyPlanId: 2 ** 31 })).map((f) => f.path)).toEqual([
      'body.studyPlanId',
    ]);
    expect((await refused([{ scheduleOfEventsId: soeId, studyPlanId: planId }])).length).toBeGreaterThan(0);
    expect(await refused({ scheduleOfEventsId: soeId, studyPlanId: planId, studyId: otherStudyId })).toEqual([
      { path: 'body.studyId', message: 'Has to be the study of the address.' },
    ]);
    // A plan of another study, an unknown plan, and a plan without milestone dates (no country yet).
    for (const id of [otherPlanId, 987_654])
      expect(await refused({ scheduleOfEventsId: soeId, studyPlanId: id })).toEqual([
        { path: 'body.studyPlanId', message: M.unknownPlan },
      ]);
    expect(await refused({ scheduleOfEventsId: soeId, studyPlanId: bareStudyPlanId })).toEqual([
      { path: 'body.studyPlanId', message: M.noMilestoneDates },
    ]);

    expect(await detailOf(soeId)).toMatchObject({ studyPlanId: null, version: 1 });
    expect(await soeAuditRows(t, soeId)).toHaveLength(1);
  });

  it('refuses a read-only viewer with 403 and changes nothing', async () => {
    const soeId = await createSoe(t, planner, studyId, soeForm({ scheduleOfEventsName: 'Viewer' }));
    const res = await sync({ scheduleOfEventsId: soeId, studyPlanId: planId }, viewer);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'Forbidden', message: 'You have read-only access.' });
    expect(await detailOf(soeId)).toMatchObject({ studyPlanId: null, version: 1 });
    expect(await soeAuditRows(t, soeId)).toHaveLength(1);
  });

  it('answers 404 for an unknown study, an unknown SOE and an SOE of another study', async () => {
    const soeId = await createSoe(t, planner, studyId, soeForm({ scheduleOfEventsName: 'Not found' }));
    const unknownStudy = await sync({ scheduleOfEventsId: soeId, studyPlanId: planId }, planner, 987_654);
    expect(unknownStudy.statusCode).toBe(404);
    expect(unknownStudy.json()).toMatchObject({ error: 'Not Found' });
    expect((await sync({ scheduleOfEventsId: 987_654, studyPlanId: planId })).statusCode).toBe(404);
    // The SOE is reached only through its own study.
    expect(
      (await sync({ scheduleOfEventsId: soeId, studyPlanId: otherPlanId }, planner, otherStudyId)).statusCode,
    ).toBe(404);
    expect(await detailOf(soeId)).toMatchObject({ studyPlanId: null, version: 1 });
  });

  it('is described in OpenAPI with its body and answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/ctpo/docs/json' })).json() as {
      paths: Record<string, { post?: { responses: Record<string, unknown> } }>;
      components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
    };
    const route = doc.paths['/ctpo/study/{studyId}/MilestoneSyncSubmission'];
    expect(Object.keys(route!.post!.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '404']));
    const body = doc.components.schemas.MilestoneSyncSubmissionBody!;
    expect(Object.keys(body.properties!)).toEqual(['studyId', 'scheduleOfEventsId', 'studyPlanId']);
    expect(body.required).toEqual(['scheduleOfEventsId', 'studyPlanId']);
    expect(Object.keys(doc.components.schemas.MilestoneSyncAnswer!.properties!)).toEqual(
      expect.arrayContaining(['milestones', 'studyMilestones', 'version']),
    );
  });
});
