import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSAFE_TEXT_MESSAGE } from '@predict/shared';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, createPlan, ratesPlan, step1 } from './helpers/plans';
import { addCountry, addReferenceSiteGroup, countryInputs, readPlanDetail } from './helpers/plan-countries';

/**
 * Values that used to reach the database and answer 500 (issue 12, item 2): each is a 400 naming its field, and
 * nothing is written. The route fuzz (test/fuzz) looks for more of them.
 */

let t: TestApp;
let planner: string;
let studyId: number;
let germany: number;

beforeAll(async () => {
  t = await createTestApp();
  planner = await t.token('planner');
  studyId = (await addStudies(t, 'PCN-HOSTILE'))[0]!;
  germany = await addReferenceSiteGroup(t, 'Germany', 'DEU');
}, 180_000);
afterAll(async () => t.close());

type Answer = { statusCode: number; json(): { fields?: { path: string; message: string }[] } };
const fieldsOf = (res: Answer) =>
  Object.fromEntries((res.json().fields ?? []).map((f) => [f.path, f.message]));

/** Rows of what the API writes: plans, their countries and the audit trail. */
async function writtenRows() {
  const r = await t.database.db.execute(
    sql`select (select count(*) from study_plans)::int as plans,
               (select count(*) from study_plan_site_groups)::int as groups,
               (select count(*) from audit_log)::int as audits,
               (select max(row_version) from study_plans)::int as versions`,
  );
  return (r as unknown as { rows: unknown[] }).rows[0];
}

async function planWithCountry(name: string) {
  const plan = await createPlan(t, bearer(planner), studyId, ratesPlan({ studyPlanName: name }));
  const added = await addCountry(t, planner, studyId, {
    studyPlanId: plan.id,
    siteGroupId: germany,
    NUM_SITES_ACTIVATED_LOWER: 5,
  });
  expect(added.statusCode).toBe(201);
  return readPlanDetail(t, planner, plan.id);
}

describe('hostile input is refused before it reaches the database', () => {
  it('a plan name with NUL is a 400 at body.studyPlanName and writes nothing', async () => {
    const before = await writtenRows();
    const res = await step1(t, bearer(planner), studyId, ratesPlan({ studyPlanName: 'Plan\u0000A' }));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual({ 'body.studyPlanName': UNSAFE_TEXT_MESSAGE });
    expect(await writtenRows()).toEqual(before);
  });

  it('a lone surrogate in a comment or a description is a 400 naming the field', async () => {
    const res = await step1(
      t,
      bearer(planner),
      studyId,
      ratesPlan({
        studyPlanDescr: 'half an emoji \uD83D',
        parameters: [{ parameterName: 'SITES_TO_ACTIVATE', lowerBound: 20, comments: '\uDC00' }],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual({
      'body.studyPlanDescr': UNSAFE_TEXT_MESSAGE,
      'body.parameters.0.comments': UNSAFE_TEXT_MESSAGE,
    });
  });

  it('NUL or a lone surrogate in a study search is a 400 naming the search, not a 500', async () => {
    const headers = bearer(planner);
    const list = await t.app.inject({ method: 'GET', url: '/ctpo/studies?search=a%00b', headers });
    expect(list.statusCode).toBe(400);
    expect(fieldsOf(list)).toEqual({ 'querystring.search': UNSAFE_TEXT_MESSAGE });
    const project = await t.app.inject({ method: 'GET', url: '/ctpo/studies/project/%00*', headers });
    expect(project.statusCode).toBe(400);
    expect(fieldsOf(project)).toEqual({ 'params.text': UNSAFE_TEXT_MESSAGE });
    // A lone surrogate cannot be sent as UTF-8: its bytes are not valid UTF-8 and must not fail the server.
    const surrogate = await t.app.inject({ method: 'GET', url: '/ctpo/studies?search=%ED%A0%80', headers });
    expect(surrogate.statusCode).toBeLessThan(500);
    const login = await t.app.inject({
      method: 'POST',
      url: '/ctpo/study/0/UserLogin',
      headers,
      payload: { FirstName: 'Pat', Locale: 'en\uD800' },
    });
    expect(login.statusCode).toBe(400);
    expect(fieldsOf(login)).toEqual({ 'body.Locale': UNSAFE_TEXT_MESSAGE });
  });

  it('1e308 or 1e21 in a step-2 day or rate field is a 400 naming the field, and nothing is written', async () => {
    const plan = await planWithCountry('Huge numbers');
    const sg = plan.countries[0]!.siteGroups[0]!.studyPlanSiteGroupId;
    const before = await writtenRows();
    const res = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/EnrollmentPlanStep2`,
      headers: bearer(planner),
      payload: {
        studyId,
        studyPlanId: plan.studyPlanId,
        studyPlanType: plan.studyPlanType,
        rowVersion: plan.rowVersion,
        countryInputs: [countryInputs(sg, { pauseEnrollmentDays: 1e308, siteEnrollmentRateAtSIV: 1e21 })],
        siteFatigue: [
          { studyPlanSiteGroupId: sg, eventualSiteEnrollmentDays: -1e308, eventualSiteEnrollmentRate: 0.5 },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(res)).sort()).toEqual([
      'body.countryInputs.0.pauseEnrollmentDays',
      'body.countryInputs.0.siteEnrollmentRateAtSIV',
      'body.siteFatigue.0.eventualSiteEnrollmentDays',
    ]);
    expect(await writtenRows()).toEqual(before);
  });

  it('ids past int4 in a path or a body are a 400, not a 500', async () => {
    const headers = bearer(planner);
    for (const url of [
      '/ctpo/study/2147483648',
      '/ctpo/plans/study/9000000000000000',
      '/ctpo/plan/2147483648',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields?.[0]?.path, url).toMatch(/^params\./);
    }
    const before = await writtenRows();
    const favorite = await t.app.inject({
      method: 'POST',
      url: '/ctpo/favorite',
      headers,
      payload: { studyId: 2_147_483_648, userId: 'planner@predict.example' },
    });
    expect(favorite.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(favorite))).toEqual(['body.studyId']);
    const save = await step1(t, headers, studyId, ratesPlan({ studyPlanId: '99999999999' }));
    expect(save.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(save))).toEqual(['body.studyPlanId']);
    expect(await writtenRows()).toEqual(before);
  });

  it("durations past the engine's ranges and dates past 2199 are refused at step 1 (they broke later writes)", async () => {
    const before = await writtenRows();
    const headers = bearer(planner);
    const screening = await step1(t, headers, studyId, ratesPlan({ screeningPeriodDuration: 1_000_000_000 }));
    expect(screening.statusCode).toBe(400);
    expect(fieldsOf(screening)).toEqual({
      'body.screeningPeriodDuration': 'Has to be a value from 0 to 9999.',
    });
    const res = await step1(
      t,
      headers,
      studyId,
      ratesPlan({
        croProjectStartToSiteIdDuration: 100_000,
        finalProtocolStartDateMillis: Date.UTC(9999, 0, 1),
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual({
      'body.croProjectStartToSiteIdDuration': 'Has to be a value from 0 to 99999.',
      'body.finalProtocolStartDateMillis': 'Has to be a date from 1900 to 2199.',
    });
    expect(await writtenRows()).toEqual(before);
  });

  it('a day that is not in the calendar is a 400 naming the filter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/ctpo/studies?enrollmentPlanLastUpdateFrom=2026-02-30&soeLastUpdateTo=0000-01-01',
      headers: bearer(planner),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(res)).sort()).toEqual([
      'querystring.enrollmentPlanLastUpdateFrom',
      'querystring.soeLastUpdateTo',
    ]);
  });
});
