import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditTrailPage } from '@predict/shared';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, createPlan, ratesPlan, step1 } from './helpers/plans';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let admin: Record<string, string>;
let studyA: number;
let studyB: number;
let planA: number;
const today = new Date().toISOString().slice(0, 10);
const dayAfter = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  admin = bearer(await t.token('admin'));
  [studyA, studyB] = (await addStudies(t, 'AUD-0001', 'AUD-0002')) as [number, number];
  const created = await createPlan(t, planner, studyA, ratesPlan({ studyPlanName: 'Before the edit' }));
  planA = created.id;
  const edited = await step1(t, planner, studyA, {
    studyPlanId: planA,
    rowVersion: created.rowVersion,
    studyPlanName: 'After the edit',
  });
  expect(edited.statusCode).toBe(200);
  for (let i = 1; i <= 11; i += 1) {
    await createPlan(t, admin, studyB, ratesPlan({ studyPlanName: `Paged plan ${i}` }));
  }
});
afterAll(async () => t.close());

async function trail(query: string, headers = admin): Promise<AuditTrailPage> {
  const res = await t.app.inject({ url: `/ctpo/admin/audit?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /ctpo/admin/audit', () => {
  it('shows an admin who changed a plan, when, and its old and new values, newest first', async () => {
    const page = await trail(`studyId=${studyA}`);
    expect(page.total).toBe(2);
    const [update, create] = page.rows;
    expect(update).toMatchObject({
      actorName: 'Pat Planner',
      actorSubject: 'planner',
      entity: 'study_plan',
      entityId: String(planA),
      entityVersion: 2,
      action: 'update',
      studyId: studyA,
      projectId: 'AUD-0001',
      planId: planA,
      oldValues: { studyPlanName: 'Before the edit' },
      newValues: { studyPlanName: 'After the edit' },
      changedKeys: ['studyPlanName'],
    });
    expect(create).toMatchObject({ action: 'create', entityId: String(planA), planId: planA });
    expect(create!.changedKeys).toEqual(expect.arrayContaining(['studyPlanName', 'studyPlanType']));
    expect(update!.auditId).toBeGreaterThan(create!.auditId);
    expect(Date.now() - Date.parse(update!.occurredAt)).toBeLessThan(3_600_000);
  });

  it('filters by study PCN, record, record id, action, actor, values and date range', async () => {
    expect((await trail('project=aud-0002')).total).toBe(11);
    expect((await trail(`entity=study_plan&entityId=${planA}`)).total).toBe(2);
    const updates = await trail('action=update');
    expect(updates.rows.map((r) => r.entityId)).toEqual([String(planA)]);
    expect((await trail('actor=PAT PLAN')).rows.every((r) => r.actorSubject === 'planner')).toBe(true);
    expect((await trail('actor=pat planner')).total).toBe(2);
    expect((await trail('actor=admin')).rows.every((r) => r.actorName === 'Ada Admin')).toBe(true);
    expect((await trail('text=before the EDIT')).rows.map((r) => r.action)).toEqual(['update', 'create']);
    expect((await trail(`from=${today}&to=${today}&studyId=${studyA}`)).total).toBe(2);
    expect((await trail(`from=${dayAfter(today, 1)}`)).total).toBe(0);
    expect((await trail(`to=${dayAfter(today, -1)}`)).total).toBe(0);
    expect((await trail('entity=site_group')).total).toBe(0);
    expect((await trail('text=100%25_')).total).toBe(0);
  });

  it('pages newest first with a total', async () => {
    const first = await trail(`studyId=${studyB}&pageSize=10`);
    const second = await trail(`studyId=${studyB}&pageSize=10&page=1`);
    expect([first.total, first.rows.length, second.rows.length]).toEqual([11, 10, 1]);
    const ids = [...first.rows, ...second.rows].map((r) => r.auditId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(11);
    expect(second.rows[0]!.newValues).toMatchObject({ studyPlanName: 'Paged plan 1' });
    expect((await trail(`studyId=${studyB}&pageSize=10&page=5`)).rows).toEqual([]);
  });

  it('answers 403 to planners and viewers', async () => {
    for (const headers of [planner, viewer]) {
      for (const url of ['/ctpo/admin/audit', '/ctpo/admin/audit/export']) {
        const res = await t.app.inject({ url, headers });
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toBe('This needs administrator access.');
      }
    }
  });

  it('answers 400 naming the field for a bad query', async () => {
    for (const [query, path] of [
      ['pageSize=7', 'querystring.pageSize'],
      ['studyId=abc', 'querystring.studyId'],
      ['studyId=2147483648', 'querystring.studyId'],
      ['action=erase', 'querystring.action'],
      ['entity=study_plan;drop', 'querystring.entity'],
      ['from=2026-02-30', 'querystring.from'],
      [`from=${today}&to=${dayAfter(today, -1)}`, 'querystring.to'],
      ['text=a%00b', 'querystring.text'],
      [`actor=${'x'.repeat(201)}`, 'querystring.actor'],
    ]) {
      for (const url of ['/ctpo/admin/audit', '/ctpo/admin/audit/export']) {
        if (query === 'pageSize=7' && url.endsWith('export')) continue;
        const res = await t.app.inject({ url: `${url}?${query}`, headers: admin });
        expect(res.statusCode, `${url}?${query}`).toBe(400);
        expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(path);
      }
    }
  });
});

async function exported(query: string) {
  const res = await t.app.inject({ url: `/ctpo/admin/audit/export?${query}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  expect(res.headers['content-disposition']).toMatch(
    /attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.xlsx"/,
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const values = (name: string) =>
    workbook
      .getWorksheet(name)!
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
  return { res, trail: values('Audit trail'), about: values('About') };
}

describe('GET /ctpo/admin/audit/export', () => {
  it('is an xlsx of the filtered rows, newest first, with who, when, old and new values', async () => {
    const { res, trail: rows, about } = await exported(`studyId=${studyA}`);
    expect(res.headers['x-audit-total']).toBe('2');
    const [header, update, create] = rows;
    expect(rows).toHaveLength(3);
    expect(header).toEqual([
      'Audit id',
      'When (UTC)',
      'Who',
      'User id',
      'Issuer',
      'Study (PCN)',
      'Study id',
      'Record',
      'Record id',
      'Version',
      'Action',
      'Changed fields',
      'Old values',
      'New values',
    ]);
    expect(update!.slice(2, 4)).toEqual(['Pat Planner', 'planner']);
    expect(update!.slice(5)).toEqual([
      'AUD-0001',
      studyA,
      'Plan',
      String(planA),
      2,
      'update',
      'studyPlanName',
      JSON.stringify({ studyPlanName: 'Before the edit' }),
      JSON.stringify({ studyPlanName: 'After the edit' }),
    ]);
    expect(update![1]).toBeInstanceOf(Date);
    expect(create![10]).toBe('create');
    expect(about).toEqual(
      expect.arrayContaining([
        ['Study id', String(studyA)],
        ['Matching rows', 2],
        ['Rows in this file', 2],
      ]),
    );
  });

  it('writes text that would run as a formula as text', async () => {
    const { trail: rows, about } = await exported('text=%3DHYPERLINK(1)&actor=%2Bcmd&entityId=%40SUM(1)');
    expect(rows).toHaveLength(1);
    expect(about).toEqual(
      expect.arrayContaining([
        ['Values contain', "'=HYPERLINK(1)"],
        ['Who contains', "'+cmd"],
        ['Record id', "'@SUM(1)"],
      ]),
    );
  });

  it('exports every matching row of a filter that spans studies', async () => {
    const { trail: rows } = await exported('project=AUD');
    expect(rows).toHaveLength(1 + 13);
    const ids = rows.slice(1).map((r) => r[0] as number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
