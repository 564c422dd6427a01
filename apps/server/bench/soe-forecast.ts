/**
 * `npx tsx apps/server/bench/soe-forecast.ts`: issue 16's forecast figures. The large SOE (soe-bench-setup.ts) is
 * linked to a plan whose finished run is the engine's W2 example (40 countries, 400 sites, 2,000 patients), with
 * country costs in 10 countries and 5 contracted sites in each. Over HTTP on a listening server, the page's four
 * forecast calls (summary, detail, rfp/detail, rfp/summary) are timed together: cold (the run's plan line and the
 * forecast computed), after an SOE save (the forecast recomputed, the plan line kept), and warm; the chart call
 * alone. PGlite (embedded). Target: the four calls together under 1 s.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { costBandByMonth, costForecast } from '@predict/engine';
import { openDatabase } from '../src/db/client';
import { findLiveSoe } from '../src/repositories/soe-repository';
import { runPlanLine } from '../src/services/soe-forecast/run-plan-line';
import { loadSoeCostBasis } from '../src/services/soe-forecast/soe-cost-input';
import { cpuMs, median, printFigures, type Figure } from './soe-bench-figures';
import { buildLargeSoe, startBenchServer, type BenchServer, type LargeSoe } from './soe-bench-setup';

const ROUNDS = 3;
const FOUR = ['/summary', '/detail', '/rfp/detail', '/rfp/summary'];

/** The forecast calls on the large SOE linked to the W2 run; each round saves a visit cost first. */
export async function benchSoeForecast(s: BenchServer, soe: LargeSoe): Promise<Figure[]> {
  const base = `/ctpo/soe/${soe.soeId}`;
  // Wall time, and the process's CPU time: on a loaded machine the CPU time is what the calls cost.
  const together = async () => {
    const start = performance.now();
    const cpu = process.cpuUsage();
    const answers = await Promise.all(FOUR.map((p) => s.call('GET', `${base}${p}`)));
    return { ms: performance.now() - start, cpu: cpuMs(cpu), answers };
  };
  const timed = async (p: string) => {
    const start = performance.now();
    const answer = await s.call('GET', `${base}${p}`);
    return { ms: performance.now() - start, answer };
  };
  const cold = await together();
  const chartCold = await timed('/forecast/chart');
  const sizes = cold.answers.map(
    (a, i) => `${FOUR[i]} ${(a.json as unknown[]).length} rows / ${(a.bytes / 1024).toFixed(0)} KB`,
  );
  console.log(
    `forecast answers: ${sizes.join(', ')}; chart ${(chartCold.answer.json as { points: unknown[] }).points.length} months`,
  );
  const afterSave: number[] = [];
  const afterSaveCpu: number[] = [];
  const pageAfterSave: number[] = [];
  const warm: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // An edit: one visit's cost changes, so the forecast is recomputed (the run's plan line is kept).
    const visits = soe.visits.map((x, i) => ({
      ...x,
      scheduleOfEventsVisitId: soe.visitIds[i]!,
      visitKey: String(soe.visitIds[i]!),
      visitCost: i === 1 ? 100 + round + 1 : x.visitCost,
    }));
    soe.version = (
      (await s.call('POST', `${base}/save`, { version: soe.version, visits })).json as { version: number }
    ).version;
    const again = await together();
    afterSave.push(again.ms);
    afterSaveCpu.push(again.cpu);
    // The page after a save: the four calls and the chart at once (the chart shares the SOE's rows).
    soe.version = (
      (
        await s.call('POST', `${base}/save`, {
          version: soe.version,
          visits: visits.map((v) => ({ ...v, visitCost: v.visitCost! + 1 })),
        })
      ).json as { version: number }
    ).version;
    const start = performance.now();
    await Promise.all([...FOUR, '/forecast/chart'].map((p) => s.call('GET', `${base}${p}`)));
    pageAfterSave.push(performance.now() - start);
    warm.push((await together()).ms);
  }
  // Where the time goes, in process: the SOE's rows from the database, and the engine's forecast on them.
  const line = await runPlanLine(s.database.db, soe.simRunId!);
  const row = (await findLiveSoe(s.database.db, soe.soeId))!.soe;
  const loads: number[] = [];
  const computes: number[] = [];
  const bands: number[] = [];
  for (let k = 0; k < 3; k++) {
    let c = process.cpuUsage();
    const basis = await loadSoeCostBasis(s.database.db, row, line.groups);
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
    // The chart's band: 200 replications costed on their own (the replications re-run once per run, kept).
    const band = line.band();
    c = process.cpuUsage();
    costBandByMonth(
      {
        soe: basis.input,
        day0Ms: line.day0Ms,
        treatmentDays: line.treatmentDays,
        followUpDays: line.followUpDays,
        followUpLossRate: line.followUpLossRate,
        screeningDays: line.screeningDays,
        idleCloseDay: line.idleCloseDay,
        groups: band.groups,
        totalEnrolled: band.totalEnrolled,
      },
      band.paths,
    );
    bands.push(cpuMs(c));
  }
  return [
    {
      measure: 'four calls together, cold (plan line + forecast)',
      ms: cold.ms,
      cpuMs: cold.cpu,
      targetMs: 1000,
    },
    {
      measure: `four calls together after an SOE save (median of ${ROUNDS})`,
      ms: median(afterSave),
      cpuMs: median(afterSaveCpu),
      targetMs: 1000,
    },
    { measure: `four calls + chart together after a save (median of ${ROUNDS})`, ms: median(pageAfterSave) },
    { measure: `four calls together, warm (median of ${ROUNDS})`, ms: median(warm) },
    { measure: 'chart alone, cold', ms: chartCold.ms },
    {
      measure: "of which: the SOE's rows from the database (CPU, median of 3)",
      ms: NaN,
      cpuMs: median(loads),
    },
    { measure: 'of which: costForecast (CPU, median of 3)', ms: NaN, cpuMs: median(computes) },
    {
      measure: "the chart's costBandByMonth, 200 replications (CPU, median of 3)",
      ms: NaN,
      cpuMs: median(bands),
    },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const s = await startBenchServer(await openDatabase({ dataDir: 'memory' }));
  const soe = await buildLargeSoe(s, { w2: true });
  printFigures('SOE forecast, PGlite (embedded)', await benchSoeForecast(s, soe));
  await s.close();
  process.exit(0);
}
