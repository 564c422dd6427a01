import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/app';

/** Who may call a route: anyone, any signed-in user, a user who may edit (not read-only), or an admin. */
type Role = 'anonymous' | 'signed-in' | 'editor' | 'admin';

const RESULT_TABLES = [
  'Monthly (Cumulative)',
  'Weekly (Cumulative)',
  'Monthly (Non-Cumulative)',
  'Weekly (Non-Cumulative)',
];
const OIDC_METHODS = ['GET', 'POST', 'OPTIONS', 'PUT', 'DELETE', 'PATCH'];
const planReads = (paths: string[]) => paths.map((p) => `GET /ctpo/${p}/plan/:planId`);

/**
 * Every route the server registers, with the least role that may call it. Written by hand from the spec, not read
 * from the code: a new route fails the first test until it is added here with its role.
 */
const EXPECTED: Record<string, Role> = {
  ...Object.fromEntries(
    [
      'GET /ctpo/docs',
      'GET /ctpo/docs/static/index.html',
      'GET /ctpo/docs/static/swagger-initializer.js',
      'GET /ctpo/docs/json',
      'GET /ctpo/docs/yaml',
      'GET /ctpo/docs/static/*',
      ...OIDC_METHODS.map((m) => `${m} /ctpo/oidc/*`),
      'GET /ctpo/oidc/interaction/:uid',
      'POST /ctpo/oidc/interaction/:uid',
      'GET /ctpo/auth/login',
      'GET /ctpo/auth/callback',
      'GET /ctpo/auth/logout',
      'GET /ctpo/health',
    ].map((route) => [route, 'anonymous']),
  ),
  ...Object.fromEntries(
    [
      'GET /ctpo/meta',
      'POST /ctpo/login',
      'POST /ctpo/study/0/UserLogin',
      'GET /ctpo/studies',
      'GET /ctpo/studies/project/:text',
      'GET /ctpo/study/:studyId',
      'GET /ctpo/favorites/user/:userId',
      'POST /ctpo/favorite',
      'DELETE /ctpo/favorite',
      'GET /ctpo/quickLinks',
      'GET /ctpo/plans/study/:studyId',
      'GET /ctpo/plan/:planId',
      'POST /ctpo/milestonedates',
      'GET /ctpo/soe/study/:studyId',
      'GET /ctpo/soe/:id',
      'GET /ctpo/soe/:id/visits',
      'GET /ctpo/soe/:id/assessments',
      'GET /ctpo/soe/:id/mapping',
      'GET /ctpo/soe/:id/sitegroups',
      'GET /ctpo/soe/:id/riskassessments',
      'GET /ctpo/soe/:id/visitsamplingstrategy',
      'GET /ctpo/soe/:id/visits/sitegroup/:sg/site/:site',
      'GET /ctpo/soe/:id/assessments/sitegroup/:sg/site/:site',
      'GET /ctpo/assessments/name/:prefix',
      'GET /ctpo/soe/:id/summary',
      'GET /ctpo/soe/:id/detail',
      'GET /ctpo/soe/:id/rfp/summary',
      'GET /ctpo/soe/:id/rfp/detail',
      'GET /ctpo/soe/:id/forecast/chart',
      'GET /ctpo/soe/:id/forecast/supply',
      'GET /ctpo/soe/:id/defaultcost/sitegroup/:sg',
      'GET /ctpo/admin/sitegroups',
      'GET /ctpo/admin/sitegroup/:id',
      'GET /ctpo/sitegroups',
      'GET /ctpo/countries',
      'GET /ctpo/cohort/plan/:planId',
      'POST /ctpo/cohort/chain',
      'GET /ctpo/ctis/plan/:planId',
      'GET /ctpo/plan/:planId/validation',
      'GET /ctpo/simulation/status/plan/:planId',
      'GET /ctpo/simulation/events/plan/:planId',
      'GET /ctpo/actuals/study/:studyId',
      'GET /ctpo/loadactuals/study/:studyId',
      'GET /ctpo/remodel/study/:studyId/sites/included',
      'GET /ctpo/remodel/study/:studyId/sites/notincluded',
      'GET /ctpo/remodel/study/:studyId',
      'GET /ctpo/plans/:planId/forecast-history',
      'GET /ctpo/compare/study/:studyId',
      'GET /ctpo/admin/forecast-calibration',
      'GET /ctpo/admin/forecast-calibration/export',
      'GET /ctpo/admin/calibration/fits/:id',
      'GET /ctpo/admin/calibration/versions',
      ...planReads(RESULT_TABLES.map((t) => `results/${t}`)),
      ...planReads(
        ['summary', 'enrollment', 'startup', 'duration', 'timeline', 'settings'].map((t) => `results/${t}`),
      ),
      ...planReads(['charts/MONTH', 'charts/WEEK', 'charts/month', 'charts/week']),
      ...planReads(['regioncharts/MONTH', 'regioncharts/WEEK']),
      ...planReads([...RESULT_TABLES, 'summary'].map((t) => `cohort/${t}`)),
      ...planReads(['cohortcharts/MONTH', 'cohortcharts/WEEK', 'cohortcharts/timeline']),
    ].map((route) => [route, 'signed-in']),
  ),
  ...Object.fromEntries(
    [
      'POST /ctpo/study/:studyId/EnrollmentPlanStep1',
      'POST /ctpo/study/:studyId/EnrollmentPlanSaveAs',
      'POST /ctpo/study/:studyId/EnrollmentPlanDelete',
      'POST /ctpo/clone',
      'POST /ctpo/cohort/study/:studyId',
      'POST /ctpo/study/:studyId/EnrollmentPlanCountryAdd',
      'POST /ctpo/study/:studyId/EnrollmentPlanCountryDelete',
      'PATCH /ctpo/country',
      'POST /ctpo/study/:studyId/EnrollmentPlanStep2',
      'POST /ctpo/study/:studyId/EnrollmentPlanUpload',
      'POST /ctpo/study/:studyId/CtmsExtract',
      'POST /ctpo/study/:studyId/CtmsExtract/upload',
      'POST /ctpo/study/:studyId/SequentialCohort',
      'POST /ctpo/study/:studyId/CtisSubmission',
      'POST /ctpo/runsimulation',
      'PATCH /ctpo/remodel/study/:studyId',
      'POST /ctpo/study/:studyId/soe',
      'POST /ctpo/study/:studyId/SOEEdit',
      'POST /ctpo/study/:studyId/SOEClone',
      'POST /ctpo/study/:studyId/SOEDelete',
      'POST /ctpo/soe/:id/save',
      'POST /ctpo/study/:studyId/SOESiteSelectedList',
      'POST /ctpo/study/:studyId/SOEVisit',
      'POST /ctpo/study/:studyId/SOEAssessment',
      'POST /ctpo/study/:studyId/SOEVisitSiteGroup',
      'POST /ctpo/study/:studyId/SOEAssessmentSiteGroup',
      'POST /ctpo/study/:studyId/SOEAssessmentVisitMapping',
      'POST /ctpo/study/:studyId/SOESiteContractDate',
      'POST /ctpo/study/:studyId/SOECurrency',
      'POST /ctpo/study/:studyId/InitialRiskAssessment',
      'POST /ctpo/study/:studyId/VisitSamplingStrategyNotes',
      'POST /ctpo/study/:studyId/MilestoneSyncSubmission',
      'POST /ctpo/files',
      'POST /ctpo/study/:studyId/SOEUploadCountry',
      'POST /ctpo/study/:studyId/SOEUploadSite',
      'POST /ctpo/study/:studyId/AssessmentDefaultCost',
    ].map((route) => [route, 'editor']),
  ),
  'POST /ctpo/study/0/AdminDataUpload': 'admin',
  'PUT /ctpo/admin/reference-data/country-default-costs': 'admin',
  'GET /ctpo/admin/audit': 'admin',
  'GET /ctpo/admin/audit/export': 'admin',
  'POST /ctpo/admin/calibration/fits': 'admin',
  'POST /ctpo/admin/calibration/versions/:n/approve': 'admin',
  'POST /ctpo/admin/completed-studies/import': 'admin',
  'POST /ctpo/admin/completed-studies/upload': 'admin',
};

/** The access guard's refusals (auth/guard.ts); a handler's own 403 (e.g. someone else's favorites) is not one. */
const GUARD_MESSAGES = [
  'Sign in required.',
  'You have read-only access.',
  'This needs administrator access.',
];

let t: TestApp;
let headers: Record<'anonymous' | 'viewer' | 'planner' | 'admin', Record<string, string>>;
let routes: { method: string; url: string; key: string; role: Role | undefined }[];

beforeAll(async () => {
  t = await createTestApp();
  headers = {
    anonymous: {},
    viewer: bearer(await t.token('viewer')),
    planner: bearer(await t.token('planner')),
    admin: bearer(await t.token('admin')),
  };
  routes = t.app.routeInventory.map((r) => {
    const key = `${r.method} ${r.url}`;
    return { method: r.method, url: r.url, key, role: EXPECTED[key] };
  });
});
afterAll(async () => t.close());

const concrete = (url: string) =>
  encodeURI(
    url.replace(/:([A-Za-z]+)/g, (_m, name: string) => (name === 'text' ? 'a*' : '1')).replace('*', 'x'),
  );

function call(
  route: { method: string; url: string },
  who: keyof typeof headers,
  extra: Record<string, string> = {},
) {
  const hasBody = !['GET', 'DELETE', 'OPTIONS'].includes(route.method);
  return t.app.inject({
    method: route.method as 'GET',
    url: concrete(route.url),
    headers: { ...headers[who], ...(hasBody ? { 'content-type': 'application/json' } : {}), ...extra },
    ...(hasBody ? { payload: '{}' } : {}),
  });
}

function refusedByGuard(res: LightMyRequestResponse): boolean {
  if (res.statusCode !== 401 && res.statusCode !== 403) return false;
  try {
    return GUARD_MESSAGES.includes((res.json() as { message?: string }).message ?? '');
  } catch {
    return false; // not JSON: a page, which the guard never answers
  }
}

const withRole = (...roles: Role[]) => routes.filter((r) => r.role && roles.includes(r.role));

describe('every route the server registers', () => {
  it('has an entry with its role, and every entry is a registered route', () => {
    expect(routes.filter((r) => !r.role).map((r) => r.key)).toEqual([]);
    const registered = new Set(routes.map((r) => r.key));
    expect(Object.keys(EXPECTED).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('answers 401 with JSON (never a redirect) without a token, except the public routes', async () => {
    const guarded = withRole('signed-in', 'editor', 'admin');
    expect(guarded.length).toBeGreaterThanOrEqual(60);
    for (const r of guarded) {
      const res = await call(r, 'anonymous', { 'x-predict-csrf': '1' });
      expect(res.statusCode, r.key).toBe(401);
      expect(res.json().error, r.key).toBe('Unauthorized');
    }
    for (const r of withRole('anonymous')) {
      expect(refusedByGuard(await call(r, 'anonymous')), r.key).toBe(false);
    }
  });

  it('answers 401 for a garbage bearer token on every guarded route', async () => {
    for (const r of withRole('signed-in', 'editor', 'admin')) {
      const res = await call(r, 'anonymous', { authorization: 'Bearer not-a-jwt' });
      expect(res.statusCode, r.key).toBe(401);
    }
  });

  it('lets a viewer (read-only) through the signed-in routes and answers 403 on the editor and admin ones', async () => {
    for (const r of withRole('signed-in')) {
      expect(refusedByGuard(await call(r, 'viewer')), r.key).toBe(false);
    }
    for (const r of withRole('editor', 'admin')) {
      const res = await call(r, 'viewer');
      expect(res.statusCode, r.key).toBe(403);
      expect(res.json().error, r.key).toBe('Forbidden');
    }
  });

  it('lets a planner through the editor routes and answers 403 on the admin ones; an admin gets through', async () => {
    for (const r of withRole('editor')) {
      expect(refusedByGuard(await call(r, 'planner')), r.key).toBe(false);
    }
    for (const r of withRole('admin')) {
      const res = await call(r, 'planner');
      expect(res.statusCode, r.key).toBe(403);
      expect(res.json().message, r.key).toBe('This needs administrator access.');
      expect(refusedByGuard(await call(r, 'admin')), r.key).toBe(false);
    }
  });

  it('publishes the OpenAPI document with the API routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ctpo/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/ctpo/studies', '/ctpo/favorite', '/ctpo/health']),
    );
  });
});
