import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SOE_MESSAGES as M,
  SOE_VISIT_CALL_MESSAGES,
  SoeVisit as SoeVisitSchema,
  type SoeVisit,
} from '@predict/shared';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies } from './helpers/plans';
import { createSoe, getJson, soeAuditRows, soeForm, soeVersion, visit } from './helpers/soe';

/**
 * POST /ctpo/study/{studyId}/SOEVisit with spec/2 section 7's payloads: a list of visits, or only the
 * scheduleOfEventsId when the list is empty (spec/2 section 4: "If the visit list is empty, only the
 * scheduleOfEventsId is sent").
 */

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let otherStudyId: number;

const call = (payload: unknown, headers = planner, study = studyId) =>
  t.app.inject({
    method: 'POST',
    url: `/ctpo/study/${study}/SOEVisit`,
    headers,
    payload: payload as object,
  });
const visitsOf = async (soeId: number) =>
  SoeVisitSchema.array().parse(await getJson<SoeVisit[]>(t, viewer, `/ctpo/soe/${soeId}/visits`));
/** A row of the list as the spec's client sends it: the visit with its SOE and study. */
const row = (soeId: number, name: string, overrides: Parameters<typeof visit>[1] = {}) => ({
  ...visit(name, overrides),
  scheduleOfEventsId: soeId,
  studyId,
});
const fieldsOf = (body: string) =>
  (JSON.parse(body) as { fields: { path: string; message: string }[] }).fields;

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId, otherStudyId] = (await addStudies(t, 'SOEV-0001', 'SOEV-0002')) as [number, number];
});
afterAll(async () => t.close());

describe('POST /ctpo/study/{studyId}/SOEVisit', () => {
  it('saves a list of visits in its order, answers their ids by key, and keeps existing rows by their id', async () => {
    const soeId = await createSoe(t, planner, studyId, soeForm({ scheduleOfEventsName: 'Visit list' }));
    const first = await call([row(soeId, 'Screening', { visitStudyDay: 0 }), row(soeId, 'Week 1')]);
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json() as {
      version: number;
      visits: { visitKey: string; scheduleOfEventsVisitId: number }[];
    };
    expect(saved.visits.map((v) => v.visitKey)).toEqual(['new-Screening', 'new-Week 1']);
    const stored = await visitsOf(soeId);
    expect(stored.map((v) => [v.visitName, v.visitStudyDay, v.visitSortOrder])).toEqual([
      ['Screening', 0, 1],
      ['Week 1', 1, 2],
    ]);
    expect(stored.map((v) => v.scheduleOfEventsVisitId)).toEqual(
      saved.visits.map((v) => v.scheduleOfEventsVisitId),
    );

    // The rows as read back (no key), reordered and one renamed, plus a new row without a key: existing rows keep
    // their id, the new one is keyed by its position.
    const [screening, week1] = stored as [SoeVisit, SoeVisit];
    const second = await call([
      {
        ...row(soeId, 'Week 1b'),
        scheduleOfEventsVisitId: week1.scheduleOfEventsVisitId,
        visitKey: undefined,
      },
      {
        ...row(soeId, 'Screening', { visitStudyDay: 0 }),
        scheduleOfEventsVisitId: screening.scheduleOfEventsVisitId,
        visitKey: undefined,
      },
      { ...row(soeId, 'Follow-up', { visitStudyDay: 30 }), visitKey: undefined },
    ]);
    expect(second.statusCode, second.body).toBe(200);
    expect((second.json() as typeof saved).visits.map((v) => v.visitKey)).toEqual([
      String(week1.scheduleOfEventsVisitId),
      String(screening.scheduleOfEventsVisitId),
      'new-2',
    ]);
    const again = await visitsOf(soeId);
    expect(again.map((v) => [v.scheduleOfEventsVisitId, v.visitName])).toEqual([
      [week1.scheduleOfEventsVisitId, 'Week 1b'],
      [screening.scheduleOfEventsVisitId, 'Screening'],
      [expect.any(Number), 'Follow-up'],
    ]);
    expect(await soeVersion(t, viewer, soeId)).toBe(3);
    const audit = await soeAuditRows(t, soeId);
    expect(audit.at(-1)).toMatchObject({ action: 'update', entity_version: 3 });
  });

  it('empties the list on { scheduleOfEventsId } alone (with or without studyId), audited', async () => {
    const soeId = await createSoe(t, planner, studyId, soeForm({ scheduleOfEventsName: 'Emptied' }));
    expect((await call([row(soeId, 'V1'), row(soeId, 'V2', { visitStudyDay: 8 })])).statusCode).toBe(200);
    expect(await visitsOf(soeId)).toHaveLength(2);

    const res = await call({ scheduleOfEventsId: soeId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 3, visits: [] });
    expect(await visitsOf(soeId)).toEqual([]);
    const audit = await soeAuditRows(t, soeId);
    expect(audit.at(-1)).toMatchObject({ action: 'update', entity_version: 3 });

    // Emptying an empty list again is fine; naming the study too.
    expect((await call({ scheduleOfEventsId: soeId, studyId })).statusCode).toBe(200);
    expect(await visitsOf(soeId)).toEqual([]);
  });

  it('answers 400 with a message per field for a malformed body, and writes nothing', async () => {
    const soeId = await createSoe(t, planner, studyId, soeForm({ scheduleOfEventsName: 'Refusals' }));
    expect((await call([row(soeId, 'Kept')])).statusCode).toBe(200);
    const before = await visitsOf(soeId);
    const refused = async (payload: unknown) => {
      const res = await call(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Bad Request', message: 'The request is not valid.' });
      return fieldsOf(res.body);
    };

    // A row's problems are named at the row ({i}), with the spec's messages.
    expect(
      await refused([
        row(soeId, 'Screening'),
        row(soeId, '', { visitCategory: null, visitStudyDay: null }),
        row(soeId, 'screening '),
      ]),
    ).toEqual(
      expect.arrayContaining([
        { path: 'body.1.visitCategory', message: M.visitCategoryRequired },
        { path: 'body.1.visitName', message: M.visitNameRequired },
        { path: 'body.1.visitStudyDay', message: M.visitStudyDayRequired('Day') },
        { path: 'body.0.visitName', message: M.visitNameRequired },
        { path: 'body.2.visitName', message: M.visitNameRequired },
      ]),
    );
    expect(await refused([row(soeId, 'Day', { visitStudyDay: 10_000 })])).toEqual([
      { path: 'body.0.visitStudyDay', message: M.studyDay },
    ]);
    // Wrong types are named where they are, not as a bare "Invalid input" at the root.
    const wrongType = await refused([{ ...row(soeId, 'V'), visitName: 5 }]);
    expect(wrongType.map((f) => f.path)).toEqual(['body.0.visitName']);
    expect(await refused({ scheduleOfEventsId: 'x' })).toEqual([
      { path: 'body.scheduleOfEventsId', message: expect.any(String) },
    ]);
    expect((await refused({})).map((f) => f.path)).toEqual(['body.scheduleOfEventsId']);
    // Rows of two SOEs.
    expect(await refused([row(soeId, 'A'), row(soeId + 1, 'B')])).toEqual([
      { path: 'body.1.scheduleOfEventsId', message: 'Every row has to name the same Schedule of Events.' },
    ]);
    // An empty list names no SOE; the object form takes nothing but the SOE (never read as "remove every visit").
    expect(await refused([])).toEqual([{ path: 'body', message: SOE_VISIT_CALL_MESSAGES.emptyList }]);
    expect(await refused({ scheduleOfEventsId: soeId, visits: [visit('V')] })).toEqual([
      { path: 'body', message: SOE_VISIT_CALL_MESSAGES.onlySoeId },
    ]);
    expect((await refused([1, 'visit'])).map((f) => f.path)).toEqual(['body.0', 'body.1']);
    // A row of another study, and an id that is not one of this SOE's visits (the service's check, at the row).
    expect(await refused([{ ...row(soeId, 'V'), studyId: otherStudyId }])).toEqual([
      { path: 'body.0.studyId', message: 'Has to be the study of the address.' },
    ]);
    expect(await refused([{ ...row(soeId, 'V'), scheduleOfEventsVisitId: 987_654 }])).toEqual([
      { path: 'body.0.scheduleOfEventsVisitId', message: M.unknownVisit },
    ]);
    expect(await refused({ scheduleOfEventsId: soeId, studyId: otherStudyId })).toEqual([
      { path: 'body.studyId', message: 'Has to be the study of the address.' },
    ]);

    expect(await visitsOf(soeId)).toEqual(before);
  });

  it('refuses read-only users (403) and answers 404 for an unknown study or an SOE of another study', async () => {
    const soeId = await createSoe(t, planner, studyId, soeForm({ scheduleOfEventsName: 'Guarded' }));
    expect((await call([row(soeId, 'Kept')])).statusCode).toBe(200);
    expect((await call({ scheduleOfEventsId: soeId }, viewer)).statusCode).toBe(403);
    expect((await call([row(soeId, 'Other')], viewer)).statusCode).toBe(403);
    expect((await call({ scheduleOfEventsId: soeId }, planner, 987_654)).statusCode).toBe(404);
    expect((await call({ scheduleOfEventsId: soeId }, planner, otherStudyId)).statusCode).toBe(404);
    expect((await call({ scheduleOfEventsId: 987_654 })).statusCode).toBe(404);
    expect((await visitsOf(soeId)).map((v) => v.visitName)).toEqual(['Kept']);
  });

  it('documents both payloads in OpenAPI', async () => {
    type Schema = { $ref?: string; anyOf?: Schema[]; type?: string; required?: string[]; items?: Schema };
    const doc = (await t.app.inject({ method: 'GET', url: '/ctpo/docs/json' })).json() as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: Schema }> } } }>;
      components: { schemas: Record<string, Schema> };
    };
    const deref = (s: Schema) => (s.$ref ? doc.components.schemas[s.$ref.split('/').at(-1)!]! : s);
    const body = deref(
      doc.paths['/ctpo/study/{studyId}/SOEVisit']!.post.requestBody.content['application/json']!.schema,
    );
    const [list, clear] = body.anyOf!;
    expect(list).toMatchObject({
      type: 'array',
      minItems: 1,
      items: { $ref: expect.stringContaining('SoeVisitCallRow') },
    });
    expect(clear).toMatchObject({
      type: 'object',
      required: ['scheduleOfEventsId'],
      additionalProperties: false,
    });
    expect(deref(list!.items!).required).toEqual(expect.arrayContaining(['scheduleOfEventsId', 'visitName']));
  });
});
