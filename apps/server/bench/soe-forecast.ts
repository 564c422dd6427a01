/**
 * `npx tsx apps/server/bench/soe-forecast.ts`: issue 16's forecast figures. An SOE of 200 visits x 300 assessments
 * (58,800 ticked cells, 6 site fees) is linked to a plan whose finished run is the engine's W2 example (40 countries,
 * 400 sites, 2,000 patients), with country costs and currencies in 10 countries and 5 contracted sites in each of
 * them. Over HTTP on a listening server, the page's four forecast calls (summary, detail, rfp/detail, rfp/summary)
 * are timed together: cold (the run's plan line and the forecast computed), after an SOE save (the forecast
 * recomputed, the plan line kept), and warm; the chart call alone. PGlite (embedded). Target: the four calls
 * together under 1 s.
 */
import { simulate } from '@predict/engine';
import { loadExample } from '@predict/engine/examples';
import { NEW_SOE_FORM, type SoeAssessmentInput, type SoeVisitInput } from '@predict/shared';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import {
  simulationResultSets,
  simulationRuns,
  soeAssessmentLevels,
  soeLevelSettings,
  soeSites,
  soeVisitLevels,
} from '../src/db/schema';
import { insertStudies } from '../src/db/seed/seed-demo-data';
import { generateStudies } from '../src/db/seed/study-generator';
import { loadEnv } from '../src/env';
import { ratesPlan } from '../test/helpers/plans';

const VISITS = 200;
const ASSESSMENTS = 300;
const FEES = [
  '1x at Activation',
  '1x at Close',
  'Recurring Monthly',
  'Recurring Quarterly',
  'Recurring Yearly',
  'Adhoc',
];
const ROUNDS = 3;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

const visitRow = (i: number): SoeVisitInput => ({
  scheduleOfEventsVisitId: null,
  visitKey: `v${i}`,
  visitName: `Visit ${i + 1}`,
  // Screening, 168 days of treatment visits, follow-up visits, one unscheduled.
  visitCategory:
    i === 0 ? 'Screening' : i === VISITS - 1 ? 'Unscheduled' : i < 170 ? 'Treatment' : 'Follow Up',
  visitStudyDay: i === VISITS - 1 ? null : i < 170 ? i + 1 : 168 + (i - 169) * 3,
  visitVarianceType: 'none',
  visitVariance: null,
  visitIntervalType: 'Day',
  visitOverheadPct: 15,
  visitCost: 100,
  commentsVisit: null,
  commentsCost: null,
  commentsClinicalStrategy: null,
  commentsDataManagement: null,
  miEstSDRSDV: 30,
  miSampleVisit: i % 3 === 0 ? 1 : 0,
  miSuggestedOnSiteSDRSDV: null,
  miSuggestedCDAReview: null,
  miEstCDAReportFrequency: null,
  dmUniqueCRFs: null,
  dmNonUniqueCRFs: null,
  dmIntegratedEpro: null,
  dmPaperEpro: null,
  dmCentralLab: null,
  dmLocalLab: null,
});
const assessmentRow = (i: number): SoeAssessmentInput => ({
  scheduleOfEventsAssessmentId: null,
  assessmentKey: `a${i}`,
  assessmentType: FEES[i] ?? (i % 2 ? 'Procedure' : 'Non Procedure'),
  assessmentName: `Assessment ${i + 1}`,
  assessmentNameMapping: null,
  assessmentCost: FEES[i] ? 500 : 10 + (i % 50),
  overhead: 1,
  exclude: i % 25 === 0 ? 1 : 0,
  ipAdministered: 0,
  commentsAssessment: null,
  commentsCost: null,
  commentsClinicalStrategy: null,
  commentsDataManagement: null,
});

const database = await openDatabase({ dataDir: 'memory' });
await database.migrate();
await insertStudies(database.db, generateStudies(1), false);
const env = loadEnv({
  NODE_ENV: 'development',
  DATA_DIR: 'memory',
  WEB_DIST: '',
  RATE_LIMIT_PER_MINUTE: '100000000',
  RUN_WORKERS: 'false',
  PORT: '0',
});
const app = await buildApp({ env, database });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const headers = {
  authorization: `Bearer ${await app.auth.issueDemoToken!('planner')}`,
  'content-type': 'application/json',
};
const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${address}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { json: JSON.parse(text) as unknown, bytes: text.length };
};

const db = database.db;
const { rows } = (await call('GET', '/ctpo/studies?page=0&pageSize=5')).json as {
  rows: { studyId: number }[];
};
const studyId = rows[0]!.studyId;
const planId = (
  (await call('POST', `/ctpo/study/${studyId}/EnrollmentPlanStep1`, ratesPlan())).json as { Id: number }
).Id;

// The run: the W2 example's input and result sets (a small Monte Carlo: only the band is read).
let t0 = performance.now();
const w2 = loadExample('w2');
const sim = simulate(w2, { seed: 11, replications: 200, siteSearch: false });
if (!sim.ok) throw new Error(JSON.stringify(sim.errors));
const [run] = await db
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
await db.insert(simulationResultSets).values(
  Object.entries(sim.output.resultSets).map(([setName, payload]) => ({
    simRunId: run!.simRunId,
    setName,
    payload,
  })),
);
console.log(`W2 run stored (${(performance.now() - t0).toFixed(0)} ms incl. its 200-replication forecast)`);

const [{ Id: soeId }] = (
  await call('POST', `/ctpo/study/${studyId}/soe`, {
    ...NEW_SOE_FORM,
    scheduleOfEventsName: 'Bench SOE',
    scheduleOfEventsDescr: 'Large SOE',
    studyPlanId: planId,
    protocolVersionNotAvailable: true,
    protocolDateNotAvailable: true,
  })
).json as [{ Id: number }];
const visits = Array.from({ length: VISITS }, (_, i) => visitRow(i));
const assessments = Array.from({ length: ASSESSMENTS }, (_, i) => assessmentRow(i));
const mapping = visits.flatMap((v) =>
  assessments
    .filter((a) => !FEES.includes(a.assessmentType!))
    .map((a) => ({
      visitKey: v.visitKey,
      assessmentKey: a.assessmentKey,
      mappingAssessmentVisit: 1 as const,
      multiplier: 1,
      uniqueNonUniqueForm: null,
    })),
);
const built = (await call('POST', `/ctpo/soe/${soeId}/save`, { version: 1, visits, assessments, mapping }))
  .json as {
  version: number;
  visits: { scheduleOfEventsVisitId: number }[];
  assessments: { scheduleOfEventsAssessmentId: number }[];
};

// Country costs (EUR at 0.92) in the first 10 countries, each with 5 contracted sites (visit totals of their own).
// Written directly: the run's site groups (W2's ids) are not site groups of this database's plan.
const groups = (w2 as { siteGroups: { siteGroupId: number }[] }).siteGroups
  .slice(0, 10)
  .map((g) => g.siteGroupId);
let siteId = 2;
for (const g of groups) {
  await db
    .insert(soeLevelSettings)
    .values({ soeId, siteGroupId: g, siteId: 1, currency: 'EUR', exchangeRate: 0.92 });
  await db.insert(soeAssessmentLevels).values(
    built.assessments.map((a, i) => ({
      soeId,
      assessmentId: a.scheduleOfEventsAssessmentId,
      siteGroupId: g,
      siteId: 1,
      assessmentCostCents: 1_000 + i * 10,
    })),
  );
  for (let s = 0; s < 5; s++, siteId++) {
    await db
      .insert(soeSites)
      .values({ soeId, siteId, siteGroupId: g, siteNumber: `S-${siteId}`, piName: null, currency: null });
    await db.insert(soeVisitLevels).values(
      built.visits.map((v, i) => ({
        soeId,
        visitId: v.scheduleOfEventsVisitId,
        siteGroupId: g,
        siteId,
        visitCostTotalCents: 50_000 + i * 100,
      })),
    );
  }
}
console.log(`SOE ${VISITS} x ${ASSESSMENTS} built (${mapping.length} cells), linked to the W2 run`);

const four = ['/summary', '/detail', '/rfp/detail', '/rfp/summary'];
// Wall time, and the process's CPU time (server and client are this process): on a loaded machine (other jobs
// sharing its 2 cores) the CPU time is what the calls cost, the wall time what they took.
const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};
const together = async () => {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const answers = await Promise.all(four.map((p) => call('GET', `/ctpo/soe/${soeId}${p}`)));
  return { ms: performance.now() - start, cpu: cpuMs(cpu), answers };
};
const cold = await together();
t0 = performance.now();
const chart = await call('GET', `/ctpo/soe/${soeId}/forecast/chart`);
const chartCold = performance.now() - t0;
const sizes = cold.answers.map(
  (a, i) => `${four[i]} ${(a.json as unknown[]).length} rows / ${(a.bytes / 1024).toFixed(0)} KB`,
);
console.log(
  `answers: ${sizes.join(', ')}; chart ${(chart.json as { points: unknown[] }).points.length} months`,
);

const afterSave: number[] = [];
const afterSaveCpu: number[] = [];
const chartAfterSave: number[] = [];
const warm: number[] = [];
let version = built.version;
for (let round = 0; round < ROUNDS; round++) {
  // An edit: one visit's cost changes, so the forecast is recomputed (the run's plan line is kept).
  const v = visits[1]!;
  version = (
    (
      await call('POST', `/ctpo/soe/${soeId}/save`, {
        version,
        visits: visits.map((x, i) => ({
          ...x,
          scheduleOfEventsVisitId: built.visits[i]!.scheduleOfEventsVisitId,
          visitKey: String(built.visits[i]!.scheduleOfEventsVisitId),
          visitCost: x === v ? 100 + round + 1 : x.visitCost,
        })),
      })
    ).json as { version: number }
  ).version;
  const again = await together();
  afterSave.push(again.ms);
  afterSaveCpu.push(again.cpu);
  t0 = performance.now();
  await call('GET', `/ctpo/soe/${soeId}/forecast/chart`);
  chartAfterSave.push(performance.now() - t0);
  warm.push((await together()).ms);
}
const os = await import('node:os');
console.log(
  `load average at the end: ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} (2 cores)`,
);
console.log('\n| measure (PGlite) | wall ms | CPU ms | target |');
console.log('|---|---|---|---|');
console.log(
  `| four calls together, cold (plan line + forecast) | ${cold.ms.toFixed(0)} | ${cold.cpu.toFixed(0)} | < 1000 |`,
);
console.log(
  `| four calls together after an SOE save (median of ${ROUNDS}) | ${median(afterSave).toFixed(0)} | ${median(afterSaveCpu).toFixed(0)} | < 1000 |`,
);
console.log(`| four calls together, warm (median of ${ROUNDS}) | ${median(warm).toFixed(0)} | - | - |`);
console.log(
  `| chart alone, cold / after a save (median) | ${chartCold.toFixed(0)} / ${median(chartAfterSave).toFixed(0)} | - | - |`,
);
// Where the time goes, in process: the SOE's rows from the database, and the engine's forecast on them.
{
  const { loadSoeCostBasis } = await import('../src/services/soe-forecast/soe-cost-input');
  const { runPlanLine } = await import('../src/services/soe-forecast/run-plan-line');
  const { findLiveSoe } = await import('../src/repositories/soe-repository');
  const { costForecast } = await import('@predict/engine');
  const line = await runPlanLine(db, run!.simRunId);
  const soe = (await findLiveSoe(db, soeId))!.soe;
  const loads: number[] = [];
  const computes: number[] = [];
  for (let k = 0; k < 3; k++) {
    let c = process.cpuUsage();
    const basis = await loadSoeCostBasis(db, soe, line.groups);
    loads.push(cpuMs(c));
    c = process.cpuUsage();
    costForecast({
      soe: basis.input,
      day0Ms: line.day0Ms,
      treatmentDays: line.treatmentDays,
      followUpDays: line.followUpDays,
      followUpLossRate: line.followUpLossRate,
      groups: line.groups,
    });
    computes.push(cpuMs(c));
  }
  console.log(
    `| of which: the SOE's rows from the database (CPU, median of 3) | - | ${median(loads).toFixed(0)} | - |`,
  );
  console.log(`| of which: costForecast (CPU, median of 3) | - | ${median(computes).toFixed(0)} | - |`);
}
await app.close();
await database.close();
process.exit(0);
