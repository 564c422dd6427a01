/**
 * What the SOE benches share: a listening server on a database with one demo study, a caller with a planner's
 * token, and the large SOE of issues 15 and 16 (200 visits x 300 assessments, 6 of them site fees, 58,800 ticked
 * cells) built through the save route, optionally linked to a plan whose finished run is the engine's W2 example
 * (40 countries, 400 sites, 2,000 patients) with country costs in 10 countries and 5 contracted sites in each.
 */
import { simulate, SITE_FEE_TYPES } from '@predict/engine';
import { loadExample } from '@predict/engine/examples';
import {
  blankAssessmentInput,
  blankVisitInput,
  isGridAssessmentType,
  NEW_SOE_FORM,
  type SoeAssessmentInput,
  type SoeVisitInput,
} from '@predict/shared';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import {
  simulationResultSets,
  simulationRuns,
  soeAssessmentLevels,
  soeLevelSettings,
  soeSites,
  soeVisitLevels,
} from '../src/db/schema';
import { insertStudies } from '../src/seed/seed-demo-data';
import { generateStudies } from '../src/seed/study-generator';
import { loadEnv } from '../src/env';
import { ratesPlan } from '../test/helpers/plans';

export const VISITS = 200;
export const ASSESSMENTS = 300;
const FEES = SITE_FEE_TYPES;

export const visitRow = (i: number): SoeVisitInput => ({
  ...blankVisitInput(`v${i}`),
  visitName: `Visit ${i + 1}`,
  // Screening, 168 days of treatment visits, follow-up visits, one unscheduled.
  visitCategory:
    i === 0 ? 'Screening' : i === VISITS - 1 ? 'Unscheduled' : i < 170 ? 'Treatment' : 'Follow Up',
  visitStudyDay: i === VISITS - 1 ? null : i < 170 ? i + 1 : 168 + (i - 169) * 3,
  visitOverheadPct: 15,
  visitCost: 100,
  miEstSDRSDV: 30,
  miSampleVisit: i % 3 === 0 ? 1 : 0,
});

export const assessmentRow = (i: number): SoeAssessmentInput => ({
  ...blankAssessmentInput(`a${i}`),
  assessmentType: FEES[i] ?? (i % 2 ? 'Procedure' : 'Non Procedure'),
  assessmentName: `Assessment ${i + 1}`,
  assessmentCost: FEES[i] ? 500 : 10 + (i % 50),
  // Site fees carry no overhead or exclude flag (the save refuses them on site-cost types).
  overhead: FEES[i] ? 0 : 1,
  exclude: !FEES[i] && i % 25 === 0 ? 1 : 0,
});

export type Call = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ json: unknown; bytes: number }>;

export interface BenchServer {
  database: Database;
  call: Call;
  studyId: number;
  close(): Promise<void>;
}

/**
 * The server (buildApp, listening on a loopback port) on a migrated database with one generated study; with `web`,
 * on that port serving the built web app (npm run build) for a browser.
 */
export async function startBenchServer(
  database: Database,
  url?: string,
  web?: { port: number },
): Promise<BenchServer & { address: string }> {
  await database.migrate();
  await insertStudies(database.db, generateStudies(1), false);
  const port = web?.port ?? 0;
  const env = loadEnv({
    NODE_ENV: 'development',
    DATA_DIR: 'memory',
    ...(web ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : { WEB_DIST: '' }),
    RATE_LIMIT_PER_MINUTE: '100000000',
    RUN_WORKERS: 'false',
    ...(url ? { DATABASE_URL: url } : {}),
    PORT: String(port),
  });
  const app = await buildApp({ env, database });
  const address = await app.listen({ port, host: '127.0.0.1' });
  const headers = {
    authorization: `Bearer ${await app.auth.issueDemoToken!('planner')}`,
    'content-type': 'application/json',
  };
  const call: Call = async (method, path, body) => {
    const res = await fetch(`${address}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return { json: JSON.parse(text) as unknown, bytes: text.length };
  };
  const { rows } = (await call('GET', '/ctpo/studies?page=0&pageSize=5')).json as {
    rows: { studyId: number }[];
  };
  return {
    address,
    database,
    call,
    studyId: rows[0]!.studyId,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export interface LargeSoe {
  soeId: number;
  version: number;
  visits: SoeVisitInput[];
  visitIds: number[];
  /** Ids of the grid-type (Procedure / Non Procedure) assessments. */
  gridAssessmentIds: number[];
  cells: number;
  buildMs: number;
  simRunId: number | null;
}

/** A plan of the study whose finished run is W2 (a 200-replication Monte Carlo: the forecast reads its band). */
async function linkW2Run(s: BenchServer): Promise<{ planId: number; simRunId: number }> {
  const planId = (
    (await s.call('POST', `/ctpo/study/${s.studyId}/EnrollmentPlanStep1`, ratesPlan())).json as { Id: number }
  ).Id;
  const w2 = loadExample('w2');
  const sim = simulate(w2, { seed: 11, replications: 200, siteSearch: false });
  if (!sim.ok) throw new Error(JSON.stringify(sim.errors));
  const [run] = await s.database.db
    .insert(simulationRuns)
    .values({
      studyPlanId: planId,
      status: 'COMPLETED_OK',
      seed: 11,
      replications: 200,
      engineVersion: 'bench',
      inputs: w2,
      requestedByIssuer: 'bench',
      requestedBySubject: 'bench',
      requestedBy: 'Bench',
      finishedAt: new Date(),
    })
    .returning();
  await s.database.db.insert(simulationResultSets).values(
    Object.entries(sim.output.resultSets).map(([setName, payload]) => ({
      simRunId: run!.simRunId,
      setName,
      payload,
    })),
  );
  return { planId, simRunId: run!.simRunId };
}

/**
 * Country costs (EUR at 0.92) in the first 10 W2 countries, each with 5 contracted sites (visit totals of their
 * own). Written directly: the run's site groups (W2's ids) are not site groups of this database's plan.
 */
async function addW2Levels(s: BenchServer, soe: LargeSoe, assessmentIds: number[]) {
  const db = s.database.db;
  const w2 = loadExample('w2') as { siteGroups: { siteGroupId: number }[] };
  let siteId = 2;
  for (const g of w2.siteGroups.slice(0, 10).map((x) => x.siteGroupId)) {
    const soeId = soe.soeId;
    await db
      .insert(soeLevelSettings)
      .values({ soeId, siteGroupId: g, siteId: 1, currency: 'EUR', exchangeRate: 0.92 });
    await db.insert(soeAssessmentLevels).values(
      assessmentIds.map((assessmentId, i) => ({
        soeId,
        assessmentId,
        siteGroupId: g,
        siteId: 1,
        assessmentCostCents: 1_000 + i * 10,
      })),
    );
    for (let k = 0; k < 5; k++, siteId++) {
      await db
        .insert(soeSites)
        .values({ soeId, siteId, siteGroupId: g, siteNumber: `S-${siteId}`, piName: null, currency: null });
      await db.insert(soeVisitLevels).values(
        soe.visitIds.map((visitId, i) => ({
          soeId,
          visitId,
          siteGroupId: g,
          siteId,
          visitCostTotalCents: 50_000 + i * 100,
        })),
      );
    }
  }
}

/** The large SOE, built in one save; with `w2`, linked to the W2 run and given country and site costs. */
export async function buildLargeSoe(s: BenchServer, { w2 }: { w2: boolean }): Promise<LargeSoe> {
  const run = w2 ? await linkW2Run(s) : null;
  const [{ Id: soeId }] = (
    await s.call('POST', `/ctpo/study/${s.studyId}/soe`, {
      ...NEW_SOE_FORM,
      scheduleOfEventsName: 'Bench SOE',
      scheduleOfEventsDescr: 'Large SOE',
      studyPlanId: run?.planId ?? null,
      protocolVersionNotAvailable: true,
      protocolDateNotAvailable: true,
    })
  ).json as [{ Id: number }];
  const visits = Array.from({ length: VISITS }, (_, i) => visitRow(i));
  const assessments = Array.from({ length: ASSESSMENTS }, (_, i) => assessmentRow(i));
  const grid = assessments.filter((a) => isGridAssessmentType(a.assessmentType ?? ''));
  const mapping = visits.flatMap((v) =>
    grid.map((a) => ({
      visitKey: v.visitKey,
      assessmentKey: a.assessmentKey,
      mappingAssessmentVisit: 1 as const,
      multiplier: 1,
      uniqueNonUniqueForm: null,
    })),
  );
  const start = performance.now();
  const built = (
    await s.call('POST', `/ctpo/soe/${soeId}/save`, { version: 1, visits, assessments, mapping })
  ).json as {
    version: number;
    visits: { scheduleOfEventsVisitId: number }[];
    assessments: { scheduleOfEventsAssessmentId: number }[];
  };
  const assessmentIds = built.assessments.map((a) => a.scheduleOfEventsAssessmentId);
  const soe: LargeSoe = {
    soeId,
    version: built.version,
    visits,
    visitIds: built.visits.map((v) => v.scheduleOfEventsVisitId),
    gridAssessmentIds: assessmentIds.filter((_, i) =>
      isGridAssessmentType(assessments[i]?.assessmentType ?? ''),
    ),
    cells: mapping.length,
    buildMs: performance.now() - start,
    simRunId: run?.simRunId ?? null,
  };
  if (w2) await addW2Levels(s, soe, assessmentIds);
  return soe;
}
