/**
 * `npx tsx --tsconfig apps/web/tsconfig.json apps/server/bench/soe-export.ts`: issue 15's export figure. The SOE
 * export (nine sheets) is built in the browser by the web's workbook builder; here the same builder runs in node on
 * the large SOE (soe-bench-setup.ts): the editor's reads over HTTP, parsed with the shared schemas as the web does,
 * then buildSoeWorkbook (exceljs). The web's tsconfig gives the builder its '@/' imports. Target: under 5 s.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  SoeAssessment,
  SoeAssessmentLevel,
  SoeDetailAnswer,
  SoeMappingEntry,
  SoeRiskAssessment,
  SoeSamplingRow,
  SoeSiteGroupEntry,
  SoeVisit,
  SoeVisitLevel,
} from '@predict/shared';
import { openDatabase } from '../src/db/client';
import { median, printFigures, type Figure } from './soe-bench-figures';
import { buildLargeSoe, startBenchServer, type BenchServer, type LargeSoe } from './soe-bench-setup';

const ROUNDS = 3;
// The web's builder, loaded at run time: the server's typecheck does not follow the web's '@/' paths.
const BUILDER = path.resolve(import.meta.dirname, '../../web/src/features/soe/export/soe-workbook.ts');
type BuildSoeWorkbook = (data: unknown) => Promise<ArrayBuffer>;

/** Reads and parses what the export writes (fetchSoeExportData of the web), then builds the workbook. */
export async function benchSoeExport(s: BenchServer, soe: LargeSoe): Promise<Figure[]> {
  const { buildSoeWorkbook } = (await import(pathToFileURL(BUILDER).href)) as {
    buildSoeWorkbook: BuildSoeWorkbook;
  };
  const base = `/ctpo/soe/${soe.soeId}`;
  const get = async <T>(p: string, schema: { parse(x: unknown): T }) =>
    schema.parse((await s.call('GET', `${base}${p}`)).json);
  const reads: number[] = [];
  const builds: number[] = [];
  let bytes = 0;
  for (let round = 0; round <= ROUNDS; round++) {
    const start = performance.now();
    const [detail, visits, assessments, mapping, siteGroups, risks, sampling] = await Promise.all([
      get('', SoeDetailAnswer),
      get('/visits', SoeVisit.array()),
      get('/assessments', SoeAssessment.array()),
      get('/mapping', SoeMappingEntry.array()),
      get('/sitegroups', SoeSiteGroupEntry.array()),
      get('/riskassessments', SoeRiskAssessment.array()),
      get('/visitsamplingstrategy', SoeSamplingRow.array()),
    ]);
    const levels = await Promise.all(
      siteGroups
        .filter((e) => e.siteGroupId !== 0)
        .map(async (entry) => {
          const at = `sitegroup/${entry.siteGroupId}/site/${entry.siteId}`;
          const [levelVisits, levelAssessments] = await Promise.all([
            get(`/visits/${at}`, SoeVisitLevel.array()),
            get(`/assessments/${at}`, SoeAssessmentLevel.array()),
          ]);
          return { entry, visits: levelVisits, assessments: levelAssessments };
        }),
    );
    const read = performance.now();
    const workbook = await buildSoeWorkbook({
      soe: detail.data[0]!,
      visits,
      assessments,
      mapping,
      levels,
      risks,
      sampling,
    });
    bytes = workbook.byteLength;
    if (round === 0) continue; // warm-up
    reads.push(read - start);
    builds.push(performance.now() - read);
  }
  const total = reads.map((r, i) => r + builds[i]!);
  console.log(`export workbook: ${(bytes / 1024 / 1024).toFixed(1)} MB`);
  return [
    { measure: `export: the reads (median of ${ROUNDS})`, ms: median(reads) },
    { measure: `export: the workbook, nine sheets (median of ${ROUNDS})`, ms: median(builds) },
    { measure: `export: reads + workbook (median of ${ROUNDS})`, ms: median(total), targetMs: 5000 },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const s = await startBenchServer(await openDatabase({ dataDir: 'memory' }));
  printFigures(
    'SOE export, PGlite (embedded)',
    await benchSoeExport(s, await buildLargeSoe(s, { w2: true })),
  );
  await s.close();
  process.exit(0);
}
