import type { ResultSets } from '@predict/engine';
import {
  COHORT_RESULT_SETS,
  ORDINARY_RESULT_SETS,
  RESULT_SET_PATH_ALIASES,
  RESULT_SET_PATHS,
  RESULT_SET_SCHEMAS,
  resultSetUrl,
  type ResultSetName,
} from '@predict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_COHORT_RESULTS_MESSAGE, NO_RESULTS_MESSAGE } from '../src/services/results/read-result-set';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { currentRowVersion } from './helpers/plan-countries';
import { addStudies, createPlan, ratesPlan } from './helpers/plans';
import { exampleResultSets, storeRun } from './helpers/result-fixtures';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let w1: ResultSets;
let cohort: ResultSets;
let w2: ResultSets;
/** Plans with a finished run of W1 (13 sets), of the cohort example (20 sets) and of W2 (13 large sets). */
let ratesId: number;
let cohortId: number;
let w2Id: number;

const ALL_SETS: readonly ResultSetName[] = [...ORDINARY_RESULT_SETS, ...COHORT_RESULT_SETS];

async function newPlan(name: string): Promise<number> {
  return (await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: name }))).id;
}

const get = (url: string, headers: Record<string, string> = viewer) =>
  t.app.inject({ method: 'GET', url, headers });
const aliasUrl = (path: string, planId: number) => path.replace('{planId}', String(planId));

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'RES-0001')) as [number];
  w1 = exampleResultSets('w1');
  cohort = exampleResultSets('cohort');
  w2 = exampleResultSets('w2');
  ratesId = await newPlan('Rates results');
  cohortId = await newPlan('Cohort results');
  w2Id = await newPlan('W2 results');
  await storeRun(t, ratesId, 'COMPLETED_OK', w1);
  await storeRun(t, cohortId, 'COMPLETED_OK', cohort);
  await storeRun(t, w2Id, 'COMPLETED_OK', w2);
}, 120_000);
afterAll(async () => t.close());

describe('the engine result sets', () => {
  it('are the 13 sets of a plan and the 20 of a cohort plan', () => {
    expect(Object.keys(w1).sort()).toEqual([...ORDINARY_RESULT_SETS].sort());
    expect(Object.keys(cohort).sort()).toEqual([...ALL_SETS].sort());
  });

  it('match the documented schemas, set by set (the OpenAPI shapes cannot drift from the engine)', () => {
    for (const [example, sets] of [
      ['w1', w1],
      ['w2', w2],
      ['cohort', cohort],
    ] as const) {
      for (const name of ALL_SETS) {
        if (!(name in sets)) continue;
        const parsed = RESULT_SET_SCHEMAS[name].safeParse(sets[name]);
        expect(parsed.error?.issues ?? [], `${example} ${name}`).toEqual([]);
      }
    }
    // The extra phase end dates of the cohort summary are the only keys the schema does not name.
    const named = Object.keys(RESULT_SET_SCHEMAS.summaryTableCohort.element.shape);
    const extra = Object.keys(cohort.summaryTableCohort![0]!).filter((k) => !named.includes(k));
    expect(extra).toEqual(['DTL End', 'SRC End']);
  });

  it("document '##' for rates that cannot be computed, and refuse fields they do not know", () => {
    const row = { ...w1.summaryTable[0]!, 'Screen Fail Rate': '##', 'Enrollment Duration': '##' };
    expect(RESULT_SET_SCHEMAS.summaryTable.safeParse([row]).success).toBe(true);
    expect(RESULT_SET_SCHEMAS.summaryTable.safeParse([{ ...row, 'Drop Out Rate': 'n/a' }]).success).toBe(
      false,
    );
    expect(RESULT_SET_SCHEMAS.timelineTable.safeParse([{ ...w1.timelineTable[0]!, extra: 1 }]).success).toBe(
      false,
    );
  });
});

describe('GET result routes', () => {
  it('answer every stored set of a plan as it was stored, to a viewer', async () => {
    for (const [planId, sets, names] of [
      [ratesId, w1, ORDINARY_RESULT_SETS],
      [w2Id, w2, ORDINARY_RESULT_SETS],
      [cohortId, cohort, ALL_SETS],
    ] as const) {
      for (const name of names) {
        const res = await get(resultSetUrl(name, planId));
        expect(res.statusCode, `${name} ${res.body.slice(0, 200)}`).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.json(), name).toEqual(sets[name]);
      }
    }
  });

  it('answer the same set on the aliases of the spec', async () => {
    expect(Object.keys(RESULT_SET_PATH_ALIASES)).toHaveLength(3);
    for (const [path, name] of Object.entries(RESULT_SET_PATH_ALIASES)) {
      const res = await get(aliasUrl(path, cohortId));
      expect(res.statusCode, path).toBe(200);
      expect(res.json(), path).toEqual(cohort[name]);
    }
  });

  it('match the segments with spaces and parentheses however they are encoded', async () => {
    const expected = w1.detailsMonthlyNonCumulative;
    for (const url of [
      `/ctpo/results/Monthly%20(Non-Cumulative)/plan/${ratesId}`,
      `/ctpo/results/Monthly%20%28Non-Cumulative%29/plan/${ratesId}`,
      `/ctpo/results/Monthly (Non-Cumulative)/plan/${ratesId}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual(expected);
    }
    const cohortWeekly = await get(`/ctpo/cohort/Weekly%20%28Cumulative%29/plan/${cohortId}`);
    expect(cohortWeekly.json()).toEqual(cohort.cohortDetailsWeeklyCumulative);
  });

  it('leave the cohort rows and the cohort chain routes as they are', async () => {
    const rows = await get(`/ctpo/cohort/plan/${ratesId}`);
    expect(rows.statusCode).toBe(200);
    expect(rows.json()).toMatchObject({ studyPlanId: ratesId, rows: [] });
  });

  it('answer 404 with a message for an unknown or deleted plan and a plan without a finished run', async () => {
    const unknown = await get(resultSetUrl('summaryTable', 999_999));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Not Found', message: 'Plan not found.' });

    const never = await newPlan('Never run');
    const failed = await newPlan('Failed run');
    await storeRun(t, failed, 'INTERNAL_ERROR');
    for (const planId of [never, failed]) {
      for (const name of ['summaryTable', 'cohortChartMonthly'] as const) {
        const res = await get(resultSetUrl(name, planId));
        expect(res.statusCode, `${planId} ${name}`).toBe(404);
        expect(res.json()).toEqual({ error: 'Not Found', message: NO_RESULTS_MESSAGE });
      }
    }

    const deleted = await newPlan('Deleted with results');
    await storeRun(t, deleted, 'COMPLETED_OK', w1);
    expect((await get(resultSetUrl('summaryTable', deleted))).statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/EnrollmentPlanDelete`,
      headers: planner,
      payload: { studyId, studyPlanId: deleted, rowVersion: await currentRowVersion(t, planner, deleted) },
    });
    expect(del.statusCode).toBe(200);
    const gone = await get(resultSetUrl('summaryTable', deleted));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Plan not found.');
  });

  it('answer 404 for the cohort sets of a plan without sequential cohorts, saying so', async () => {
    for (const name of COHORT_RESULT_SETS) {
      const res = await get(resultSetUrl(name, ratesId));
      expect(res.statusCode, name).toBe(404);
      expect(res.json()).toEqual({ error: 'Not Found', message: NO_COHORT_RESULTS_MESSAGE });
    }
    const alias = await get(aliasUrl('/ctpo/cohortcharts/WEEK/plan/{planId}', ratesId));
    expect(alias.statusCode).toBe(404);
  });

  it("keep answering the latest finished run's sets while a newer run is under way or failed", async () => {
    const planId = await newPlan('Rerun');
    await storeRun(t, planId, 'COMPLETED_OK', cohort);
    await storeRun(t, planId, 'COMPLETED_OK', w1);
    await storeRun(t, planId, 'BAD_REQUEST');
    await storeRun(t, planId, 'RUNNING');
    const summary = await get(resultSetUrl('summaryTable', planId), planner);
    expect(summary.json()).toEqual(w1.summaryTable);
    // The newer finished run is a plain plan's: no cohort sets from the older cohort run.
    expect((await get(resultSetUrl('summaryTableCohort', planId))).statusCode).toBe(404);
  });

  it('refuse a call without a token and a plan id that is not a number', async () => {
    const res = await t.app.inject({ method: 'GET', url: resultSetUrl('summaryTable', ratesId) });
    expect(res.statusCode).toBe(401);
    expect((await get(`/ctpo/results/summary/plan/abc`)).statusCode).toBe(400);
  });

  it('are documented in OpenAPI with the shape of each set', async () => {
    const doc = (await get('/ctpo/docs/json')).json() as {
      paths: Record<string, { get: { responses: Record<string, { content: unknown }> } }>;
    };
    const refOf = (path: string) =>
      JSON.stringify(doc.paths[path]?.get.responses['200']?.content ?? null).match(
        /#\/components\/schemas\/(\w+)/,
      )?.[1];
    expect(refOf('/ctpo/results/Monthly%20%28Cumulative%29/plan/{planId}')).toBe('DetailsTable');
    expect(refOf('/ctpo/cohort/Weekly%20%28Non-Cumulative%29/plan/{planId}')).toBe('DetailsTable');
    expect(refOf('/ctpo/results/summary/plan/{planId}')).toBe('SummaryTable');
    expect(refOf('/ctpo/cohort/summary/plan/{planId}')).toBe('CohortSummaryTable');
    expect(refOf('/ctpo/regioncharts/WEEK/plan/{planId}')).toBe('EnrollmentChart');
    expect(refOf('/ctpo/charts/month/plan/{planId}')).toBe('EnrollmentChart');
    expect(refOf('/ctpo/cohortcharts/timeline/plan/{planId}')).toBe('CohortTimelineChart');
    const documented = [...Object.values(RESULT_SET_PATHS), ...Object.keys(RESULT_SET_PATH_ALIASES)].map(
      (p) => p.replace(/ /g, '%20').replace(/\(/g, '%28').replace(/\)/g, '%29'),
    );
    for (const path of documented) expect(Object.keys(doc.paths), path).toContain(path);
  });
});
