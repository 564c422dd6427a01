import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { EPRICE_LABELS, EPRICE_SHEET, SITE_FEE_LABELS, SITE_FEES_SHEET } from '@predict/shared';

/*
 * The realistic ePrice workbook shipped as docs/samples/sample-eprice.xlsx (scripts/make-sample-eprice.ts writes
 * it): 40 visits of an oncology study, 120 assessments from the assessment-name reference list with CPT-like
 * codes and unit costs, per-visit costs as formulas with their results, and the site fees.
 */

export const SAMPLE_EPRICE_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../docs/samples/sample-eprice.xlsx',
);

const REFERENCE_NAMES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../src/seed/soe-assessment-names.json',
);

/** The SOE visits the sample prices (an SOE takes it when its visit names are exactly these). */
export const SAMPLE_EPRICE_VISITS: string[] = [
  'Screening',
  'C1D1',
  'C1D8',
  'C1D15',
  'C2D1',
  'C2D15',
  ...Array.from({ length: 26 }, (_, i) => `C${i + 3}D1`),
  'End of Treatment',
  'Safety Follow-up 30 days',
  'Follow Up Month 3',
  'Follow Up Month 6',
  'Follow Up Month 9',
  'Follow Up Month 12',
  'Close Out',
  'Unscheduled',
];

/** The first 120 names of the assessment-name reference list. */
export const sampleEpriceAssessments = (count = 120): string[] =>
  (JSON.parse(readFileSync(REFERENCE_NAMES, 'utf8')) as { assessmentName: string }[])
    .slice(0, count)
    .map((a) => a.assessmentName);

/** Site fees of the sample: name, unit cost, forecasted frequency per site (the last two are not site costs). */
export const SAMPLE_SITE_FEES: [string, number, number][] = [
  ['Site Start-Up Fee', 3500, 1],
  ['IRB/EC Initial Review Fee', 2500, 1],
  ['Pharmacy Set-Up Fee', 1500, 1],
  ['Monthly Administrative Fee', 300, 30],
  ['Quarterly Monitoring Visit Fee', 450, 10],
  ['IRB/EC Continuing Review Fee', 1800, 3],
  ['SAE Reporting Fee', 250, 4],
  ['Close-Out Fee', 2000, 1],
  ['Record Storage Fee', 1200, 1],
  ['Screen Failure Payment', 200, 6],
  ['Subject Travel Stipend', 75, 40],
];

/** A deterministic pseudo-random sequence (the sample must not change between runs). */
function sequence(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const letter = (column: number) => {
  let s = '';
  for (let c = column; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
};

/** The sample ePrice workbook; the benchmark passes more (unique) assessment names for a bigger one. */
export function sampleEpriceWorkbook(assessments = sampleEpriceAssessments()): ExcelJS.Workbook {
  const random = sequence(42);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Predict sample';
  // Fixed dates: writing the sample again gives the same parts (only the zip timestamps differ).
  wb.created = new Date(Date.UTC(2025, 10, 3));
  wb.modified = wb.created;
  const ws = wb.addWorksheet(EPRICE_SHEET);
  const visits = SAMPLE_EPRICE_VISITS;
  const firstVisit = 5;
  const totalColumn = firstVisit + visits.length;
  ws.getCell('A1').value = 'Per Procedure Budget - DEMO-ONC-0303';
  ws.getCell('A1').font = { bold: true, size: 14 };
  ws.getCell('A2').value = 'Sponsor';
  ws.getCell('B2').value = 'Demo Oncology Inc.';
  ws.getCell('A3').value = 'Prepared';
  ws.getCell('B3').value = new Date(Date.UTC(2025, 10, 3));
  const heading = ws.getRow(5);
  heading.values = [
    'Procedure',
    'CPT Code',
    'Category',
    'Unit Cost',
    ...visits.map((_, i) => `Visit ${i + 1}`),
  ];
  heading.font = { bold: true };
  const names = ws.getRow(6);
  names.values = [EPRICE_LABELS.visitName, '', '', '', ...visits, EPRICE_LABELS.total];
  names.font = { bold: true };
  const first = 7;
  assessments.forEach((name, i) => {
    const r = first + i;
    const unit = Math.round((10 + random() * 990) * 100) / 100;
    const row = ws.getRow(r);
    row.getCell(1).value = name;
    row.getCell(2).value = String(99_000 + Math.floor(random() * 999));
    row.getCell(3).value = i % 3 === 0 ? 'Non Procedure' : 'Procedure';
    row.getCell(4).value = unit;
    let total = 0;
    visits.forEach((_, v) => {
      // Screening and every treatment visit take about a third of the procedures.
      if (random() < 0.35) {
        row.getCell(firstVisit + v).value = { formula: `$D${r}`, result: unit };
        total += unit;
      }
    });
    row.getCell(totalColumn).value = {
      formula: `SUM(${letter(firstVisit)}${r}:${letter(totalColumn - 1)}${r})`,
      result: Math.round(total * 100) / 100,
    };
  });
  const last = first + assessments.length - 1;
  const totals = ws.getRow(last + 1);
  totals.getCell(1).value = EPRICE_LABELS.visitCost;
  totals.font = { bold: true };
  for (let c = firstVisit; c <= totalColumn; c++) {
    let sum = 0;
    for (let r = first; r <= last; r++) {
      const v = ws.getCell(r, c).value as { result?: number } | null;
      sum += v?.result ?? 0;
    }
    totals.getCell(c).value = {
      formula: `SUM(${letter(c)}${first}:${letter(c)}${last})`,
      result: Math.round(sum * 100) / 100,
    };
  }
  ws.getCell(last + 3, 1).value = EPRICE_LABELS.currency;
  ws.getCell(last + 3, 2).value = 'US Dollar';
  ws.getColumn(1).width = 42;
  ws.getColumn(4).numFmt = '#,##0.00';
  ws.views = [{ state: 'frozen', xSplit: 4, ySplit: 6 }];

  const fees = wb.addWorksheet(SITE_FEES_SHEET);
  fees.getCell('A1').value = 'Invoiceables and Site Fees';
  fees.getCell('A1').font = { bold: true, size: 14 };
  fees.getRow(3).values = [
    SITE_FEE_LABELS.siteCosts,
    'Unit Cost',
    SITE_FEE_LABELS.frequency,
    SITE_FEE_LABELS.totalAmount,
  ];
  fees.getRow(3).font = { bold: true };
  SAMPLE_SITE_FEES.forEach(([name, unit, frequency], i) => {
    const r = 4 + i;
    fees.getRow(r).values = [name, unit, frequency, { formula: `B${r}*C${r}`, result: unit * frequency }];
  });
  const end = 3 + SAMPLE_SITE_FEES.length;
  fees.getCell(end + 1, 1).value = 'Total';
  fees.getCell(end + 1, 4).value = {
    formula: `SUM(D4:D${end})`,
    result: SAMPLE_SITE_FEES.reduce((s, [, u, f]) => s + u * f, 0),
  };
  fees.getColumn(1).width = 36;
  fees.getColumn(4).width = 28;
  return wb;
}
