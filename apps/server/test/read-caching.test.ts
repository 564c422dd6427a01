import { resultSetUrl } from '@predict/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { statementsOn } from './helpers/statements';
import { addCountryToPlan, addStudies, createPlan, ratesPlan } from './helpers/plans';
import { exampleResultSets, storeRun } from './helpers/result-fixtures';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'CACHE-001')) as [number];
}, 120_000);
afterAll(async () => t.close());
afterEach(() => vi.restoreAllMocks());

const get = (url: string, headers: Record<string, string> = viewer) =>
  t.app.inject({ method: 'GET', url, headers });
const newPlan = async (name: string) =>
  (await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: name }))).id;

describe('Cache-Control on authenticated JSON', () => {
  it('is no-store on reads, errors and POST answers of a signed-in user', async () => {
    const planId = await newPlan('No-store plan');
    const answers = [
      await get('/ctpo/countries'),
      await get(`/ctpo/plan/${planId}`),
      await get('/ctpo/plan/99999999'),
      await t.app.inject({ method: 'POST', url: '/ctpo/login', headers: viewer }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 404, 200]);
    for (const r of answers) {
      expect(r.headers['content-type']).toMatch(/json/);
      expect(r.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('result sets', () => {
  it('answer a strong ETag, 304 for If-None-Match, and a new tag and body after a new run', async () => {
    const planId = await newPlan('ETag plan');
    const first = exampleResultSets('w1');
    await storeRun(t, planId, 'COMPLETED_OK', first);
    const url = resultSetUrl('summaryTable', planId);

    const a = await get(url);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(first.summaryTable);
    const etag = a.headers.etag as string;
    expect(etag).toMatch(/^"run-\d+-summaryTable-[^"]+"$/);
    expect(a.headers['cache-control']).toBe('no-store');

    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const b = await get(url, { ...viewer, 'if-none-match': tag });
      expect(b.statusCode, tag).toBe(304);
      expect(b.body).toBe('');
      expect(b.headers.etag).toBe(etag);
    }
    expect((await get(url, { ...viewer, 'if-none-match': '"run-0-summaryTable-x"' })).statusCode).toBe(200);
    // Another set of the same run has its own tag.
    expect((await get(resultSetUrl('enrollmentTable', planId))).headers.etag).not.toBe(etag);

    const second = exampleResultSets('cohort');
    await storeRun(t, planId, 'COMPLETED_OK', second);
    const c = await get(url, { ...viewer, 'if-none-match': etag });
    expect(c.statusCode).toBe(200);
    expect(c.headers.etag).not.toBe(etag);
    expect(c.json()).toEqual(second.summaryTable);
  }, 60_000);

  it('are read from the database once: later calls only look up the latest run', async () => {
    const planId = await newPlan('Cached sets plan');
    await storeRun(t, planId, 'COMPLETED_OK', exampleResultSets('w1'));
    const url = resultSetUrl('regionChartMonthly', planId);
    const first = await get(url);
    let again = await get(url);
    const statements = await statementsOn('simulation_', async () => (again = await get(url)));
    expect(statements).toBe(1);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
  }, 60_000);

  it('still answer 404 for a plan without a finished run and for an unknown plan', async () => {
    const planId = await newPlan('No run plan');
    expect((await get(resultSetUrl('summaryTable', planId))).statusCode).toBe(404);
    expect((await get(resultSetUrl('summaryTable', 99999999))).json().message).toBe('Plan not found.');
  });
});

describe('GET /ctpo/plan/{planId}', () => {
  it('reads the plan and everything below it in one statement', async () => {
    const planId = await newPlan('One query plan');
    await addCountryToPlan(t, planId);
    let res = await get(`/ctpo/plan/${planId}`);
    const statements = await statementsOn(
      'study_plan',
      async () => (res = await get(`/ctpo/plan/${planId}`)),
    );
    expect(res.statusCode).toBe(200);
    const plan = res.json();
    expect(plan.countries).toHaveLength(1);
    expect(plan.countries[0].siteGroups[0].activationProfiles.length).toBeGreaterThan(0);
    expect(plan.countries[0].siteGroups[0].enrollmentVariations.length).toBeGreaterThan(0);
    expect(plan.cohorts.length + plan.ctisSubmissions.length).toBeGreaterThan(0);
    expect(statements).toBe(1);
  });
});
