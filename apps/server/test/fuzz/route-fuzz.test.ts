import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp } from '../helpers/app';
import { fingerprinter, liveValues, loadPools, seedFuzzData } from './fuzz-database';
import {
  FUZZ_RUNS,
  FUZZ_SEED,
  fuzzedRoutes,
  hasStackTrace,
  requestArbitrary,
  requestUrl,
  SKIPPED,
  WRITE_METHODS,
  type FuzzRequest,
  type FuzzRoute,
} from './fuzz-requests';

/**
 * Property-based fuzz of every route (issue 12, item 2): requests generated from the route's zod schemas, mostly
 * valid with hostile values mixed in, as planner and as admin, on the demo data. For every request: no 5xx, no
 * stack trace in the answer, no refusal by the database rather than by a schema (the error handler's last-resort
 * 400 without fields), and after a refused write (4xx or 5xx) nothing in the database changed. Every
 * failure of a route is collected and listed (with the request, so it can be replayed), not only the first.
 */

interface Failure {
  route: string;
  problem: string;
  status: number;
  body: string;
  request: FuzzRequest & { url: string };
}

// Built once for the file: the route list comes from the app, and tests are declared per route.
const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000000' });
const setupStart = performance.now();
const examples = await seedFuzzData(t);
const setupMs = performance.now() - setupStart;
const fingerprint = await fingerprinter(t);
const tokens = { planner: bearer(await t.token('planner')), admin: bearer(await t.token('admin')) };
const routes = fuzzedRoutes(t.app);
const timings: string[] = [];

afterAll(async () => {
  console.info(
    `route fuzz: ${routes.length} routes x ${FUZZ_RUNS} cases, seed ${FUZZ_SEED}, setup ${Math.round(setupMs)} ms` +
      `\n${timings.join('\n')}`,
  );
  await t.close();
});

async function send(route: FuzzRoute, req: FuzzRequest) {
  const url = requestUrl(route, req);
  const payload = req.payload === undefined ? undefined : await liveValues(t, req.payload);
  const res = await t.app.inject({
    method: route.method as 'GET',
    url,
    headers: {
      ...tokens[req.role],
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });
  return { url, res, payload };
}

/** The answer of the error handler's last resort (a database data error): the schemas let a bad value through. */
const isDatabaseRefusal = (status: number, body: string) =>
  status === 400 && body.includes('"The request is not valid."') && !body.includes('"fields"');

async function fuzzRoute(route: FuzzRoute): Promise<{ failures: Failure[]; statuses: string }> {
  const failures: Failure[] = [];
  const statuses = new Map<number, number>();
  const name = `${route.method} ${route.url}`;
  const isWrite = WRITE_METHODS.has(route.method);
  const pools = await loadPools(t);
  // The fingerprint after the last refused write is still current: only a write that succeeded changes it.
  let current: string | null = null;
  await fc.assert(
    fc.asyncProperty(requestArbitrary(route, pools, examples[name]), async (req) => {
      const before = isWrite ? (current ?? (await fingerprint())) : '';
      const { url, res, payload } = await send(route, req);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const fail = (problem: string) =>
        failures.push({
          route: name,
          problem,
          status: res.statusCode,
          body: res.body.slice(0, 300),
          request: { ...req, url, payload: payload?.slice(0, 2000) },
        });
      if (res.statusCode >= 500) fail(`answered ${res.statusCode}`);
      if (hasStackTrace(res.body)) fail('stack trace in the answer');
      if (isDatabaseRefusal(res.statusCode, res.body)) fail('refused by the database, not by a schema');
      current = null;
      if (isWrite && res.statusCode >= 400) {
        const after = await fingerprint();
        if (after !== before) fail(`wrote after a ${res.statusCode}: ${changedTables(before, after)}`);
        current = after;
      }
      // Failures are collected, not thrown: the test lists every one of them (see below), not only the first.
      return true;
    }),
    { numRuns: FUZZ_RUNS, seed: FUZZ_SEED },
  );
  const counts = [...statuses].sort(([a], [b]) => a - b).map(([code, n]) => `${code}:${n}`);
  return { failures, statuses: counts.join(' ') };
}

function changedTables(before: string, after: string): string {
  const was = new Set(before.split(' '));
  return after
    .split(' ')
    .filter((f) => !was.has(f))
    .map((f) => f.split('=')[0])
    .join(', ');
}

/** One line per distinct problem (same route, status and message), with one request that shows it. */
function summarize(failures: Failure[]): string[] {
  const byKind = new Map<string, { n: number; example: Failure }>();
  for (const f of failures) {
    const key = `${f.problem} ${f.body.replace(/\d+/g, '#').slice(0, 120)}`;
    const seen = byKind.get(key);
    if (seen) seen.n++;
    else byKind.set(key, { n: 1, example: f });
  }
  return [...byKind.values()].map(
    ({ n, example: f }) =>
      `${f.route}: ${f.problem} (${n}x, seed ${FUZZ_SEED}) body ${f.body} <- ${JSON.stringify(f.request)}`,
  );
}

describe('route fuzz', () => {
  it('covers every route but the listed ones', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(Object.keys(SKIPPED).length).toBeLessThan(10);
  });

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s: no 5xx, no stack trace, no write after a refusal',
    async (_name, route) => {
      const start = performance.now();
      const { failures, statuses } = await fuzzRoute(route);
      timings.push(`${Math.round(performance.now() - start)} ms ${route.method} ${route.url} (${statuses})`);
      expect(summarize(failures)).toEqual([]);
    },
    Math.max(60_000, FUZZ_RUNS * 300),
  );
});
