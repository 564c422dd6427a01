import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SOE_MESSAGES as M,
  type SoeAssessment,
  type SoeMappingEntry,
  type SoeSaveInput,
  type SoeSaveResult,
  type SoeVisit,
} from '@predict/shared';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies } from './helpers/plans';
import {
  assessment,
  createSoe,
  getJson,
  save,
  soeAuditRows,
  soeForm,
  soeRowCounts,
  soeVersion,
  studySoeColumns,
  visit,
} from './helpers/soe';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'SOES-0001')) as [number];
});
afterAll(async () => t.close());

const newSoe = () => createSoe(t, planner, studyId, soeForm({ scheduleOfEventsName: `Save ${++n}` }));
const visits = (id: number) => getJson<SoeVisit[]>(t, planner, `/ctpo/soe/${id}/visits`);
const assessments = (id: number) => getJson<SoeAssessment[]>(t, planner, `/ctpo/soe/${id}/assessments`);
const mapping = (id: number) => getJson<SoeMappingEntry[]>(t, planner, `/ctpo/soe/${id}/mapping`);
const tick = (
  visitKey: string,
  assessmentKey: string,
  multiplier: number | null = null,
  un: 'U' | 'N' | null = null,
) => ({
  visitKey,
  assessmentKey,
  mappingAssessmentVisit: 1 as const,
  multiplier,
  uniqueNonUniqueForm: un,
});

/** A saved SOE with three visits, three assessments (one a site fee) and a few ticked cells. */
async function builtSoe() {
  const id = await newSoe();
  const res = await save(t, planner, id, {
    version: 1,
    visits: [
      visit('Screening', { visitCategory: 'Screening', visitStudyDay: 0, visitOverheadPct: 10 }),
      visit('Cycle 1 Day 1', { visitStudyDay: 1, visitCost: 250.5, miEstSDRSDV: 60, miSampleVisit: 1 }),
      visit('Unscheduled', { visitCategory: 'Unscheduled', visitStudyDay: null }),
    ],
    assessments: [
      assessment('12-Lead ECG', { assessmentCost: 85.25, assessmentNameMapping: '12-Lead ECG' }),
      assessment('Hematology', { assessmentType: 'Non Procedure', assessmentCost: 40 }),
      assessment('Site Initiation Fee', {
        assessmentType: '1x at Activation',
        assessmentCost: 5000,
        overhead: 0,
      }),
    ],
    mapping: [
      tick('new-Screening', 'new-12-Lead ECG'),
      tick('new-Cycle 1 Day 1', 'new-12-Lead ECG', 3, 'U'),
      tick('new-Cycle 1 Day 1', 'new-Hematology', 1.5, 'N'),
    ],
  });
  expect(res.statusCode).toBe(200);
  return { id, result: res.json() as SoeSaveResult };
}

describe('POST /ctpo/soe/{id}/save', () => {
  it('adds rows, maps cells by keys, answers the new ids by key and the next version, audited', async () => {
    const { id, result } = await builtSoe();
    expect(result.version).toBe(2);
    const v = await visits(id);
    expect(v.map((x) => [x.visitName, x.visitSortOrder, x.visitStudyDay])).toEqual([
      ['Screening', 1, 0],
      ['Cycle 1 Day 1', 2, 1],
      ['Unscheduled', 3, null],
    ]);
    expect(result.visits.map((x) => x.visitKey)).toEqual([
      'new-Screening',
      'new-Cycle 1 Day 1',
      'new-Unscheduled',
    ]);
    expect(result.visits.map((x) => x.scheduleOfEventsVisitId)).toEqual(
      v.map((x) => x.scheduleOfEventsVisitId),
    );
    expect(v[1]!.visitCost).toBe(250.5);
    const a = await assessments(id);
    expect(a.map((x) => [x.assessmentName, x.assessmentCost, x.assessmentSortOrder])).toEqual([
      ['12-Lead ECG', 85.25, 1],
      ['Hematology', 40, 2],
      ['Site Initiation Fee', 5000, 3],
    ]);
    const cells = await mapping(id);
    const ecg = a[0]!.scheduleOfEventsAssessmentId;
    expect(
      cells.map((c) => [
        c.visitName,
        c.scheduleOfEventsAssessmentId === ecg ? 'ECG' : 'Hem',
        c.multiplier,
        c.uniqueNonUniqueForm,
      ]),
    ).toEqual([
      ['Screening', 'ECG', 1, null],
      ['Cycle 1 Day 1', 'ECG', 3, 'U'],
      ['Cycle 1 Day 1', 'Hem', 1.5, 'N'],
    ]);
    const audit = await soeAuditRows(t, id);
    expect(audit.at(-1)).toMatchObject({
      action: 'update',
      entity_version: 2,
      new_values: {
        visits: { added: 3, updated: 0, deleted: 0 },
        assessments: { added: 3, updated: 0, deleted: 0 },
        mapping: { ticked: 3, unticked: 0 },
      },
    });
    expect(await studySoeColumns(t, studyId)).toMatchObject({
      soe_exists: true,
      soe_costs: true,
      soe_clinical_informatics: true,
      soe_data_management: true,
    });
  });

  it('replaces the lists: reorders by position, drops left-out rows with their cells, unticks by 0', async () => {
    const { id } = await builtSoe();
    const v = await visits(id);
    const a = await assessments(id);
    const asInput = (x: SoeVisit) =>
      visit(x.visitName, {
        scheduleOfEventsVisitId: x.scheduleOfEventsVisitId,
        visitKey: String(x.scheduleOfEventsVisitId),
        visitCategory: x.visitCategory,
        visitStudyDay: x.visitStudyDay,
      });
    const res = await save(t, planner, id, {
      version: 2,
      // Cycle 1 Day 1 first, Screening removed, Unscheduled kept.
      visits: [asInput(v[1]!), asInput(v[2]!)],
      mapping: [
        {
          visitKey: String(v[1]!.scheduleOfEventsVisitId),
          assessmentKey: String(a[1]!.scheduleOfEventsAssessmentId),
          mappingAssessmentVisit: 0,
          multiplier: null,
          uniqueNonUniqueForm: null,
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect((await visits(id)).map((x) => [x.visitName, x.visitSortOrder])).toEqual([
      ['Cycle 1 Day 1', 1],
      ['Unscheduled', 2],
    ]);
    const cells = await mapping(id);
    expect(cells.map((c) => [c.visitName, c.multiplier])).toEqual([['Cycle 1 Day 1', 3]]);
    expect((await soeAuditRows(t, id)).at(-1)!.new_values).toMatchObject({
      visits: { added: 0, updated: 2, deleted: 1 },
      mapping: { ticked: 0, unticked: 1 },
    });
  });

  it('answers 409 with the stale-version message to a save based on an older version, writing nothing', async () => {
    const { id } = await builtSoe();
    const before = await soeRowCounts(t, id);
    const res = await save(t, planner, id, { version: 1, visits: [visit('Late')] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.staleVersion);
    expect(await soeRowCounts(t, id)).toEqual(before);
    expect(await soeVersion(t, planner, id)).toBe(2);
  });

  it('writes nothing when one part of the save is refused (an unlisted name mapping), and names the field', async () => {
    const { id } = await builtSoe();
    const before = await soeRowCounts(t, id);
    const res = await save(t, planner, id, {
      version: 2,
      samplingNotes: [{ tableSort: 1, rowSort: 1, notes: 'Would be written first' }],
      visits: [visit('Only one')],
      assessments: [assessment('Custom', { assessmentNameMapping: 'Not a listed name' })],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { path: 'body.assessments.0.assessmentNameMapping', message: M.selectAssessmentName },
    ]);
    expect(await soeRowCounts(t, id)).toEqual(before);
    expect(await soeVersion(t, planner, id)).toBe(2);
  });

  it('refuses references to rows that are not in the body or not of this SOE', async () => {
    const { id } = await builtSoe();
    const other = await builtSoe();
    const foreign = (await visits(other.id))[0]!.scheduleOfEventsVisitId;
    const ecg = (await assessments(id))[0]!.scheduleOfEventsAssessmentId;
    const fee = (await assessments(id))[2]!.scheduleOfEventsAssessmentId;
    const screening = (await visits(id))[0]!.scheduleOfEventsVisitId;
    const res = await save(t, planner, id, {
      version: 2,
      mapping: [
        tick(String(foreign), String(ecg)),
        tick(String(screening), 'no-such-key'),
        tick(String(screening), String(fee)),
      ],
      visitLevelValues: [
        {
          visitKey: String(screening),
          siteGroupId: 0,
          siteId: 1,
          visitOverheadPct: 5,
          visitCost: null,
          visitCostTotal: null,
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { path: 'body.visitLevelValues.0.siteGroupId', message: M.unknownSiteGroup },
      { path: 'body.mapping.0.visitKey', message: M.unknownVisit },
      { path: 'body.mapping.1.assessmentKey', message: M.unknownAssessment },
      { path: 'body.mapping.2.assessmentKey', message: M.notGridAssessment },
    ]);
  });

  it('refuses a viewer (403) and an unknown SOE (404)', async () => {
    const { id } = await builtSoe();
    expect((await save(t, viewer, id, { version: 2, visits: [] })).statusCode).toBe(403);
    expect((await save(t, planner, 987_654, { version: 1, visits: [] })).statusCode).toBe(404);
  });
});

describe('the field rules of spec/2 section 5 (400, per field, nothing written)', () => {
  const cases: [string, Omit<SoeSaveInput, 'version'>, string, string][] = [
    [
      'duplicate visit names (case and spaces ignored)',
      { visits: [visit('Day 1'), visit(' day 1 ', { visitKey: 'k2' })] },
      'visits.1.visitName',
      M.visitNameRequired,
    ],
    ['a blank visit name', { visits: [visit('  ')] }, 'visits.0.visitName', M.visitNameRequired],
    [
      'a missing visit category',
      { visits: [visit('A', { visitCategory: null })] },
      'visits.0.visitCategory',
      M.visitCategoryRequired,
    ],
    [
      'a study day above 9999',
      { visits: [visit('A', { visitStudyDay: 10_000 })] },
      'visits.0.visitStudyDay',
      M.studyDay,
    ],
    [
      'a negative study day',
      { visits: [visit('A', { visitStudyDay: -1 })] },
      'visits.0.visitStudyDay',
      M.studyDay,
    ],
    [
      'a scheduled visit without a study day',
      { visits: [visit('A', { visitStudyDay: null, visitIntervalType: 'Week' })] },
      'visits.0.visitStudyDay',
      M.visitStudyDayRequired('Week'),
    ],
    [
      'duplicate assessment names',
      { assessments: [assessment('ECG'), assessment('ecg', { assessmentKey: 'x' })] },
      'assessments.1.assessmentName',
      M.assessmentNameRequired,
    ],
    [
      'a missing assessment cost',
      { assessments: [assessment('ECG', { assessmentCost: null })] },
      'assessments.0.assessmentCost',
      M.assessmentCostRequired,
    ],
    [
      'a visit cost of 9 digits',
      { visits: [visit('A', { visitCost: 123_456_789 })] },
      'visits.0.visitCost',
      M.cost,
    ],
    [
      'an overhead above 100 %',
      { visits: [visit('A', { visitOverheadPct: 100.5 })] },
      'visits.0.visitOverheadPct',
      M.overheadPct,
    ],
    ['a multiplier over 100', { mapping: [tick('1', '1', 100.01)] }, 'mapping.0.multiplier', M.multiplier],
    ['a negative multiplier', { mapping: [tick('1', '1', -1)] }, 'mapping.0.multiplier', M.multiplier],
    [
      'a currency of 2 letters',
      { currencies: [{ siteGroupId: 1, siteId: 1, currency: 'EU', exchangeRate: 1 }] },
      'currencies.0.currency',
      M.currencyCode,
    ],
    [
      'a lower-case currency',
      { currencies: [{ siteGroupId: 1, siteId: 1, currency: 'eur', exchangeRate: 1 }] },
      'currencies.0.currency',
      M.currencyCode,
    ],
    [
      'a negative exchange rate',
      { currencies: [{ siteGroupId: 1, siteId: 1, currency: 'EUR', exchangeRate: -0.9 }] },
      'currencies.0.exchangeRate',
      M.exchangeRate,
    ],
    [
      'a risk score off the 0.1 grid',
      {
        risks: [
          {
            scheduleOfEventsRiskAssessmentId: 1,
            riskAssessmentStudySpecifics: null,
            riskAssessmentRiskScore: 1.25,
          },
        ],
      },
      'risks.0.riskAssessmentRiskScore',
      M.riskScore,
    ],
    [
      'a risk score above 3',
      {
        risks: [
          {
            scheduleOfEventsRiskAssessmentId: 1,
            riskAssessmentStudySpecifics: null,
            riskAssessmentRiskScore: 3.1,
          },
        ],
      },
      'risks.0.riskAssessmentRiskScore',
      M.riskScore,
    ],
    [
      'a note of 501 characters',
      { samplingNotes: [{ tableSort: 1, rowSort: 1, notes: 'n'.repeat(501) }] },
      'samplingNotes.0.notes',
      M.samplingNotesTooLong,
    ],
  ];
  let id: number;
  let before: Record<string, number>;
  beforeAll(async () => {
    id = (await builtSoe()).id;
    before = await soeRowCounts(t, id);
  });
  it.each(cases)('%s', async (_name, part, path, message) => {
    const res = await save(t, planner, id, { version: 2, ...part });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContainEqual({ path: `body.${path}`, message });
    expect(await soeRowCounts(t, id)).toEqual(before);
  });
  it('lets an Unscheduled visit go without a study day', async () => {
    const res = await save(t, planner, id, {
      version: 2,
      visits: [visit('Unscheduled', { visitCategory: 'Unscheduled', visitStudyDay: null })],
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('hostile input', () => {
  it('answers 400 with a per-field message to NUL, lone surrogates, 1e308 and ids beyond int4, writing nothing', async () => {
    const { id } = await builtSoe();
    const before = await soeRowCounts(t, id);
    const res = await save(t, planner, id, {
      version: 2,
      visits: [
        visit('Null\u0000byte'),
        visit('Lone \ud800 surrogate', { visitKey: 'k2' }),
        visit('Huge', { visitKey: 'k3', visitCost: 1e308, scheduleOfEventsVisitId: 2 ** 31 }),
      ],
    });
    expect(res.statusCode).toBe(400);
    const paths = (res.json().fields as { path: string }[]).map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.visits.0.visitName',
        'body.visits.1.visitName',
        'body.visits.2.visitCost',
        'body.visits.2.scheduleOfEventsVisitId',
      ]),
    );
    expect(await soeRowCounts(t, id)).toEqual(before);
    const name = await t.app.inject({ method: 'GET', url: '/ctpo/assessments/name/%00*', headers: planner });
    expect(name.statusCode).toBe(400);
    const bigId = await t.app.inject({
      method: 'GET',
      url: '/ctpo/soe/99999999999/visits',
      headers: planner,
    });
    expect(bigId.statusCode).toBe(400);
  });
});
