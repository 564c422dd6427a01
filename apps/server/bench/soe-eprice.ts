/**
 * `npx tsx apps/server/bench/soe-eprice.ts`: issue 16's ePrice figure. Builds an ePrice workbook of about 2 MB
 * (the sample's layout: 40 visits, many more assessment rows) and times it through the upload pipeline as a route
 * can run it: the request-side zip check (receiveXlsxUpload), then (1) the XML-parts reader snapshotFromZip and
 * readEpriceSheets, 3 rounds; (2) the upload worker as it is (parseXlsxUpload 'eprice': exceljs with the upload
 * limits), once. Target: under 10 s.
 */
import { performance } from 'node:perf_hooks';
import {
  readEpriceSheets,
  SNAPSHOT_SCOPES,
  snapshotFromZip,
  snapshotSource,
} from '../src/services/soe-uploads';
import { parseXlsxUpload, receiveXlsxUpload } from '../src/uploads';
import {
  SAMPLE_EPRICE_VISITS,
  sampleEpriceAssessments,
  sampleEpriceWorkbook,
} from '../test/helpers/sample-eprice-workbook';

const TARGET_BYTES = 2 * 1024 * 1024;
const ROUNDS = 3;

async function workbookBytes(rows: number): Promise<{ bytes: Buffer; names: string[] }> {
  const base = sampleEpriceAssessments(150);
  const names = Array.from(
    { length: rows },
    (_, i) => `${base[i % base.length]} #${Math.floor(i / base.length) + 1}`,
  );
  const bytes = Buffer.from(await sampleEpriceWorkbook(names).xlsx.writeBuffer());
  return { bytes, names };
}

/** Rows for about 2 MB: measured on a small workbook, then scaled once and checked. */
async function twoMegabytes() {
  const probe = await workbookBytes(1000);
  let rows = Math.round((1000 * TARGET_BYTES) / probe.bytes.length);
  let built = await workbookBytes(rows);
  rows = Math.round((rows * TARGET_BYTES) / built.bytes.length);
  built = await workbookBytes(rows);
  return { ...built, rows };
}

const ms = (from: number) => Math.round(performance.now() - from);

const { bytes, names, rows } = await twoMegabytes();
const expected = { visitNames: SAMPLE_EPRICE_VISITS, assessmentNames: names };
const summary = (r: ReturnType<typeof readEpriceSheets>) =>
  `${r.value?.visits.length ?? 0} visits, ${r.value?.assessments.length ?? 0} assessments, ` +
  `${r.errors.length} errors, ${r.warnings.length} warnings`;
console.log(
  `ePrice workbook: ${(bytes.length / 1024 / 1024).toFixed(2)} MB, ${SAMPLE_EPRICE_VISITS.length} visits, ${rows} assessment rows`,
);

// 1. The XML-parts reader (snapshotFromZip): zip check, inflate the value parts, snapshot, read.
for (let round = 1; round <= ROUNDS; round++) {
  const start = performance.now();
  const file = receiveXlsxUpload('eprice.xlsx', bytes.toString('base64'));
  const snapshot = snapshotFromZip(file.bytes, file.entries, SNAPSHOT_SCOPES.eprice);
  const parsed = ms(start);
  const result = readEpriceSheets(snapshotSource(snapshot), expected);
  const total = ms(start);
  const heap = Math.round(process.memoryUsage().heapUsed / 1024 / 1024);
  console.log(
    `parts reader, round ${round}: check + parts ${parsed} ms, total ${total} ms, heap ${heap} MB (${summary(result)}) ` +
      (total < 10_000 ? 'OK' : 'OVER 10 s'),
  );
}

// 2. The upload worker as it is (exceljs loads the whole workbook, UPLOAD_LIMITS: 5 s, 128 MB heap).
const start = performance.now();
try {
  const snapshot = await parseXlsxUpload(
    'eprice',
    receiveXlsxUpload('eprice.xlsx', bytes.toString('base64')),
  );
  console.log(
    `upload worker (exceljs): ${ms(start)} ms (${summary(readEpriceSheets(snapshotSource(snapshot), expected))})`,
  );
} catch (error) {
  console.log(`upload worker (exceljs): refused after ${ms(start)} ms: ${(error as Error).message}`);
}
process.exit(0);
