import type { Worksheet } from 'exceljs';
import {
  CALIBRATION_MILESTONE_LABELS,
  safeCellValue,
  type CalibrationDateScore,
  type CalibrationShare,
  type CalibrationSummary,
  type ForecastCalibrationResponse,
} from '@predict/shared';
import type { Db } from '../../db/client';
import type { AuditActor } from '../../repositories/audit-repository';
import { readForecastCalibration } from './read-forecast-calibration';

type Cell = string | number | Date | null;
const DATE_FORMAT = 'dd-mmm-yyyy';
const PIT_BINS = Array.from({ length: 10 }, (_, i) => `PIT ${i / 10}-${(i + 1) / 10}`);
const day = (ms: number | null): Cell => (ms === null ? null : new Date(ms));
const ratio = (s: CalibrationShare): Cell[] => [s.share, s.lo, s.hi];

/** Adds a header row (bold) and the rows; text through the shared safe-cell rule, dates as dates. */
function table(sheet: Worksheet, headers: string[], rows: Cell[][], widths: number[] = []): void {
  const header = sheet.addRow(headers);
  header.font = { bold: true };
  for (const r of rows) {
    const row = sheet.addRow(r.map((v) => safeCellValue(v)));
    row.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = DATE_FORMAT;
    });
  }
  headers.forEach((_, i) => (sheet.getColumn(i + 1).width = widths[i] ?? 14));
}

function summaryRows(data: ForecastCalibrationResponse) {
  const scopes: { scope: string; summary: CalibrationSummary }[] = [
    ...data.milestones.map((summary) => ({ scope: 'Baseline', summary })),
    ...data.reforecastBuckets.map((b) => ({ scope: `Re-forecast at ${b.bucket}% enrolled`, summary: b.lpi })),
  ];
  return {
    totals: scopes.map(({ scope, summary: s }): Cell[] => [
      scope,
      CALIBRATION_MILESTONE_LABELS[s.milestone],
      s.n,
      ...ratio(s.coverage),
      ...ratio(s.belowMedian),
      ...(s.pitHistogram ?? PIT_BINS.map(() => null)),
    ]),
    reliability: scopes.flatMap(({ scope, summary: s }) =>
      (s.reliability ?? []).map((r): Cell[] => [
        scope,
        CALIBRATION_MILESTONE_LABELS[s.milestone],
        r.level,
        ...ratio(r.observed),
        r.observed.count,
        r.observed.n,
      ]),
    ),
  };
}

const scoreCells = (s: CalibrationDateScore): Cell[] => [
  day(s.p10),
  day(s.p50),
  day(s.p90),
  day(s.actualMillis),
  s.pit,
  s.outcome,
];
const scoreHeaders = (m: string) => [
  `${m} P10`,
  `${m} P50`,
  `${m} P90`,
  `Actual ${m}`,
  `${m} PIT`,
  `${m} outcome`,
];

function writeSummary(sheet: Worksheet, data: ForecastCalibrationResponse, meta: ExportMeta): void {
  for (const line of [
    ['Forecast Calibration', null],
    ['Exported at (UTC)', meta.now.toISOString().replace('T', ' ').slice(0, 19)],
    ['Exported by', `${meta.actor.name} (${meta.actor.subject})`],
    ['Completed studies', data.studies.length],
    ['Intervals', '90% Wilson intervals; inside P10-P90 when 0.1 <= PIT <= 0.9, below P50 when PIT < 0.5'],
    [],
  ])
    sheet.addRow(line.map((v) => safeCellValue(v)));
  sheet.getRow(1).font = { bold: true };
  const rows = summaryRows(data);
  table(
    sheet,
    [
      'Scope',
      'Milestone',
      'n',
      'Inside P10-P90',
      'CI low',
      'CI high',
      'Below P50',
      'CI low',
      'CI high',
      ...PIT_BINS,
    ],
    rows.totals,
    [30, 28],
  );
  sheet.addRow([]);
  table(
    sheet,
    ['Scope', 'Milestone', 'Nominal level', 'Observed below', 'CI low', 'CI high', 'Count', 'n'],
    rows.reliability,
    [30, 28],
  );
}

/** One row per completed study: its record, extract, FPI and LPI scores and sites at month 12. */
function writeStudies(sheet: Worksheet, data: ForecastCalibrationResponse): void {
  table(
    sheet,
    [
      'Project ID',
      'Study',
      'Baseline Plan',
      'Record id',
      'Extract version',
      'As of',
      ...scoreHeaders('FPI'),
      ...scoreHeaders('LPI'),
      'Sites M12 P10',
      'Sites M12 P50',
      'Sites M12 P90',
      'Actual sites M12',
      'Sites M12 outcome',
    ],
    data.studies.map((s) => [
      s.projectId,
      s.studyName,
      s.studyPlanName,
      s.forecastRecordId,
      s.extractVersion,
      day(s.asOfMillis),
      ...scoreCells(s.fpi),
      ...scoreCells(s.lpi),
      s.sitesMonth12?.p10 ?? null,
      s.sitesMonth12?.p50 ?? null,
      s.sitesMonth12?.p90 ?? null,
      s.sitesMonth12?.actual ?? null,
      s.sitesMonth12?.outcome ?? null,
    ]),
    [14, 28, 28],
  );
}

/** One row per scored re-forecast: its remodel plan, as-of date, share enrolled, bucket and LPI score. */
function writeReforecasts(sheet: Worksheet, data: ForecastCalibrationResponse): void {
  table(
    sheet,
    [
      'Project ID',
      'Study',
      'Remodel plan',
      'Record id',
      'As of',
      'Enrolled at as-of',
      'Target enrolled',
      '% enrolled',
      'Bucket (%)',
      ...scoreHeaders('LPI'),
    ],
    data.reforecasts.map((r) => [
      r.projectId,
      r.studyName,
      r.studyPlanName,
      r.forecastRecordId,
      day(r.asOfMillis),
      r.enrolledAtAsOf,
      r.targetEnrolled,
      Math.round(r.percentEnrolled * 10) / 10,
      r.bucket,
      ...scoreCells(r.lpi),
    ]),
    [14, 28, 28],
  );
}

interface ExportMeta {
  actor: AuditActor;
  now: Date;
}

export interface ForecastCalibrationExport {
  buffer: Buffer;
  fileName: string;
}

/**
 * GET /ctpo/admin/forecast-calibration/export: the track record as an xlsx with the sheets Summary (per milestone
 * and re-forecast bucket: n, coverage and below P50 with their intervals, PIT histogram, then the reliability
 * table), Studies (one row per completed study) and Re-forecasts (one row per scored remodel record). A few hundred
 * rows at most, so the workbook is built in memory rather than streamed like the audit trail's.
 */
export async function exportForecastCalibration(
  db: Db,
  actor: AuditActor,
  now = new Date(),
): Promise<ForecastCalibrationExport> {
  const data = await readForecastCalibration(db);
  // Loaded on first export: exceljs is a third of a second of every start otherwise.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const frozen = { views: [{ state: 'frozen' as const, ySplit: 1 }] };
  writeSummary(workbook.addWorksheet('Summary'), data, { actor, now });
  writeStudies(workbook.addWorksheet('Studies', frozen), data);
  writeReforecasts(workbook.addWorksheet('Re-forecasts', frozen), data);
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return { buffer, fileName: `forecast-calibration-${now.toISOString().slice(0, 10)}.xlsx` };
}
