/**
 * `npx tsx apps/server/bench/soe-supply.ts`: the IP supply call (GET /ctpo/soe/{id}/forecast/supply) on the demo
 * melanoma SOE, over HTTP on a listening server on PGlite with the demo data: the first call (the run's plan line
 * and its 200 replications re-run, then the supply), the call after an SOE save (the supply recomputed, the run's
 * replications kept), a change of confidence (a new setting on the same basis) and a repeat (cached). Target:
 * under 1 s after a save.
 */
import { openDatabase } from '../src/db/client';
import { seedDemoData } from '../src/seed/seed-demo-data';
import { MELANOMA_SOE } from '../src/seed/demo-soes';
import { cpuMs, median, printFigures, type Figure } from './soe-bench-figures';
import { startBenchServer } from './soe-bench-setup';

const ROUNDS = 3;

const s = await startBenchServer(await openDatabase({ dataDir: 'memory' }));
await seedDemoData(s.database.db);
const [study] = (await s.call('GET', `/ctpo/studies/project/${MELANOMA_SOE.projectId}`)).json as {
  studyId: number;
}[];
const [soe] = (await s.call('GET', `/ctpo/soe/study/${study!.studyId}`)).json as {
  scheduleOfEventsId: number;
}[];
const base = `/ctpo/soe/${soe!.scheduleOfEventsId}`;
const timed = async (query: string) => {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const answer = await s.call('GET', `${base}/forecast/supply${query}`);
  return { ms: performance.now() - start, cpu: cpuMs(cpu), answer };
};
const first = await timed('');
const json = first.answer.json as { countries: { months: unknown[]; totals: { shipped: number } }[] };
console.log(
  `supply: ${json.countries.length - 1} countries, ${json.countries[0]!.months.length} months, ` +
    `${json.countries[0]!.totals.shipped} kits shipped at P90, ${(first.answer.bytes / 1024).toFixed(0)} KB`,
);
const afterSave: { ms: number; cpu: number }[] = [];
const other: number[] = [];
const warm: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  // A save raises the SOE's version: the supply is recomputed on the kept plan line and replications.
  const visits = (await s.call('GET', `${base}/visits`)).json as Record<string, unknown>[];
  const { data } = (await s.call('GET', base)).json as { data: { version: number }[] };
  // The save's visits are the whole list (a visit left out is deleted): every visit, one cost changed.
  await s.call('POST', `${base}/save`, {
    version: data[0]!.version,
    visits: visits.map((v, i) => ({
      ...v,
      visitKey: String(v.scheduleOfEventsVisitId),
      visitCost: i === 1 ? 150 + round + 1 : v.visitCost,
    })),
  });
  afterSave.push(await timed(''));
  other.push((await timed('?confidence=0.5')).ms);
  warm.push((await timed('')).ms);
}
const figures: Figure[] = [
  { measure: 'first call (plan line, 200 replications re-run, supply)', ms: first.ms, cpuMs: first.cpu },
  {
    measure: `after an SOE save (median of ${ROUNDS})`,
    ms: median(afterSave.map((x) => x.ms)),
    cpuMs: median(afterSave.map((x) => x.cpu)),
    targetMs: 1000,
  },
  { measure: `another confidence on the same basis (median of ${ROUNDS})`, ms: median(other) },
  { measure: `repeat, cached (median of ${ROUNDS})`, ms: median(warm) },
];
printFigures('IP supply, demo melanoma SOE, PGlite (embedded)', figures);
await s.close();
process.exit(0);
