/**
 * `npx tsx apps/server/scripts/make-ctms-template.ts`: builds the CTMS extract template the web app serves as a
 * static asset (apps/web/public/templates/ctms-extract-template.xlsx; the generated file is committed). Sheet
 * names and columns come from @predict/shared (CTMS_SITES_COLUMNS, CTMS_SITE_MONTHS_COLUMNS), which the upload
 * route reads too. Run it again after changing them.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import {
  CENTRAL_LOCAL_VALUES,
  CTMS_SITE_MONTHS_COLUMNS,
  CTMS_SITE_MONTHS_SHEET,
  CTMS_SITE_STATUSES,
  CTMS_SITES_COLUMNS,
  CTMS_SITES_SHEET,
} from '@predict/shared';

const target = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/public/templates/ctms-extract-template.xlsx',
);
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDCE6F1' } };

/** What each column holds (the README sheet; the README of the repository repeats it). */
const NOTES: Record<string, string> = {
  siteNumber: 'The CTMS site number; unique in Sites. Site Months rows name it.',
  piName: 'Principal investigator (optional).',
  countryIso3: 'ISO 3166 alpha-3 country code (DEU, USA, ...); the country needs a site group in Predict.',
  centralLocal: `${CENTRAL_LOCAL_VALUES.join(' or ')}: needed where the country has both site groups (USA).`,
  siteSelectedDate: 'Date (an Excel date, or YYYY-MM-DD).',
  siteActivatedDate: 'Actual activation date; empty while not activated; not before the selected date.',
  siteActivationForecastDate: 'Forecast activation date of a site not activated yet (optional).',
  siteStatus: `The CTMS status, e.g. ${CTMS_SITE_STATUSES.join(', ')}. Closed sites keep their past patients.`,
  contractStatus: 'Optional.',
  currency: 'Optional 3-letter currency code.',
  month:
    'Calendar month (an Excel date in the month, or YYYY-MM); not after the as-of date, not before the first selection.',
  screened: 'Patients screened at the site in that month: a whole number, 0 or more.',
  enrolled: 'Patients enrolled in that month.',
  completedTreatment: 'Patients who completed treatment in that month.',
  droppedOut: 'Patients who dropped out in that month.',
  completedFollowUp: 'Patients who completed follow-up in that month.',
};

async function main() {
  const wb = new ExcelJS.Workbook();
  const readme = wb.addWorksheet('README');
  readme.columns = [{ width: 28 }, { width: 30 }, { width: 100 }];
  readme.addRow(['CTMS extract', '', '']).font = { bold: true, size: 14 };
  readme.addRow([
    'What it is',
    '',
    "The study's sites and their monthly patient counts from the CTMS. IMPORT ACTUALS on Study Actuals uploads " +
      'it; it replaces the current extract as a new version (the previous one is kept). Everything or nothing ' +
      'is loaded; each error is listed as Sheet!Cell with its message. Headers stay in row 1; data from row 2.',
  ]);
  readme.addRow([]);
  for (const [sheet, columns] of [
    [CTMS_SITES_SHEET, CTMS_SITES_COLUMNS],
    [CTMS_SITE_MONTHS_SHEET, CTMS_SITE_MONTHS_COLUMNS],
  ] as const) {
    for (const c of columns) readme.addRow([sheet, c.header, NOTES[c.key] ?? '']);
    const ws = wb.addWorksheet(sheet);
    ws.columns = columns.map((c) => ({
      header: c.header,
      key: c.key,
      width: Math.max(14, c.header.length + 4),
      style: c.key.endsWith('Date')
        ? { numFmt: 'yyyy-mm-dd' }
        : c.key === 'month'
          ? { numFmt: 'yyyy-mm' }
          : {},
    }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).eachCell((cell) => (cell.fill = HEADER_FILL));
    ws.views = [{ state: 'frozen', ySplit: 1 }];
  }
  readme.getColumn(3).alignment = { wrapText: true, vertical: 'top' };
  mkdirSync(path.dirname(target), { recursive: true });
  await wb.xlsx.writeFile(target);
  console.log(`Wrote ${target}`);
}

await main();
