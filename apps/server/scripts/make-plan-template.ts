/**
 * `npx tsx apps/server/scripts/make-plan-template.ts`: builds the plan spreadsheet template the web app serves as a
 * static asset (apps/web/public/templates/study-plan-template.xlsx; the generated file is committed). Its layout -
 * sheet names, the Overall Parameters rows, the Countries columns - comes from @predict/shared's template-layout,
 * which EXPORT PLAN and the upload route read too. Run it again after changing the layout.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import {
  COUNTRY_COLUMNS,
  COUNTRY_FIRST_ROW,
  COUNTRY_HEADER_ROW,
  COUNTRY_LAST_ROW,
  FALLBACK_CARD_SPACING_DAYS,
  MAX_COUNTRY_ROWS,
  OVERALL_FIELDS,
  PLAN_SHEETS,
  PLAN_UPLOAD_MAX_BYTES,
  columnLetter,
} from '@predict/shared';

const target = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/public/templates/study-plan-template.xlsx',
);
const DATE_FORMAT = 'dd-mmm-yyyy';
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDCE6F1' } };

const README_LINES: [string, string][] = [
  ['Study plan spreadsheet', ''],
  ['', ''],
  [
    'What it is',
    'EXPORT PLAN (step 2 and review) fills this template with a plan; UPLOAD PLAN (step 2, Draft plans) reads it ' +
      'back into a plan of the same type. The upload applies everything or nothing.',
  ],
  [
    PLAN_SHEETS.overall,
    'Step 1 values: one per row in column B. Project ID, Study Name and Plan Name are for reference only; the ' +
      'plan you upload into keeps its name. Plan Type has to be the type of that plan.',
  ],
  [
    PLAN_SHEETS.countries,
    `One row per country site group (rows ${COUNTRY_FIRST_ROW} to ${COUNTRY_LAST_ROW}, at most ` +
      `${MAX_COUNTRY_ROWS}). Countries missing from the sheet are removed from the plan, new ones are added.`,
  ],
  [
    'Site Group ID / Name',
    'The site group (Admin Data); the ID wins when both are given. ISO3 is checked against it.',
  ],
  [
    'Activated Sites Lower / Upper',
    'Rates plans use the lower bound; Duration plans the upper one (else the lower).',
  ],
  ['Site ID Effort', 'Small, Medium or Large.'],
  ['Start-Up Time Frame', 'Super Short, Short, Medium or Long.'],
  ['Rates', 'Enrollment rate in patients/site/month; screen fail and drop-out rates 0 to 0.99.'],
  [
    'Patients ... Lower / Upper',
    'Optional country goals: screened >= enrolled >= completing treatment >= follow-up.',
  ],
  [
    'Pause',
    'Pause enrollment after patient # and resume screening after days: both 1 to 9999, or both empty.',
  ],
  [
    'Site Fatigue',
    'Days after activation and the rate reached then (0.75 = 75% of the former rate), or empty.',
  ],
  ['Seasonal Jan..Dec', 'Monthly factors 0 to 1 with at most 2 decimals, not all zero; all empty = none.'],
  [
    'Activation profile',
    'Override Activation Profile Yes: the cards (cumulative # of sites at days since the first activation, up to ' +
      `11) are used; a card without days is placed ${FALLBACK_CARD_SPACING_DAYS} days after the previous one. No: ` +
      "the default profile (the site group's, scaled to the sites) is used and the cards are ignored.",
  ],
  [
    'Last card',
    "When the last card differs from the country's activated sites, the upload asks before turning the override " +
      'off for that country.',
  ],
  [
    'Milestones',
    'For each of the six start-up milestones: Override Yes with a date and a comment, or No (the date is then ' +
      'computed and the exported date is for reference).',
  ],
  [
    'Limits',
    `.xlsx only (no macros), at most ${PLAN_UPLOAD_MAX_BYTES / 1024 / 1024} MB. Errors are listed by sheet, row ` +
      'and column.',
  ],
];

async function main() {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Predict';
  workbook.created = new Date(Date.UTC(2026, 0, 1));
  workbook.modified = workbook.created;

  const readme = workbook.addWorksheet(PLAN_SHEETS.readme);
  readme.columns = [{ width: 30 }, { width: 110 }];
  for (const line of README_LINES) readme.addRow(line).alignment = { wrapText: true, vertical: 'top' };
  readme.getRow(1).font = { bold: true, size: 14 };
  readme.getColumn(1).font = { bold: true };

  const overall = workbook.addWorksheet(PLAN_SHEETS.overall, { views: [{ state: 'frozen', ySplit: 1 }] });
  overall.columns = [{ width: 34 }, { width: 40 }, { width: 80 }];
  const head = overall.addRow(['Field', 'Value', 'Notes']);
  head.font = { bold: true };
  head.eachCell((c) => (c.fill = HEADER_FILL));
  for (const field of OVERALL_FIELDS) {
    const row = overall.addRow([field.label, null, field.note]);
    row.getCell(1).font = { bold: true };
    if (field.kind === 'date') row.getCell(2).numFmt = DATE_FORMAT;
    if (!field.applied) row.getCell(1).font = { bold: true, color: { argb: 'FF7F7F7F' } };
  }

  const countries = workbook.addWorksheet(PLAN_SHEETS.countries, {
    views: [{ state: 'frozen', xSplit: 3, ySplit: COUNTRY_HEADER_ROW }],
  });
  countries.columns = COUNTRY_COLUMNS.map((c) => ({ width: c.width }));
  const header = countries.getRow(COUNTRY_HEADER_ROW);
  COUNTRY_COLUMNS.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.value = c.header;
    cell.font = { bold: true };
    cell.fill = HEADER_FILL;
    cell.alignment = { wrapText: true, vertical: 'top' };
  });
  header.height = 45;
  COUNTRY_COLUMNS.forEach((c, i) => {
    const letter = columnLetter(i + 1);
    for (let row = COUNTRY_FIRST_ROW; row <= COUNTRY_LAST_ROW; row += 1) {
      const cell = countries.getCell(`${letter}${row}`);
      if (c.kind === 'date') cell.numFmt = DATE_FORMAT;
      if (c.choices)
        cell.dataValidation = {
          type: 'list',
          allowBlank: true,
          formulae: [`"${c.choices.join(',')}"`],
          showErrorMessage: true,
          errorTitle: c.header,
          error: `One of: ${c.choices.join(', ')}`,
        };
    }
  });

  mkdirSync(path.dirname(target), { recursive: true });
  await workbook.xlsx.writeFile(target);
  console.log(`Wrote ${path.relative(process.cwd(), target)}`);
}

await main();
