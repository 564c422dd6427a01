import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import {
  CTMS_SITE_MONTHS_COLUMNS,
  CTMS_SITE_MONTHS_SHEET,
  CTMS_SITES_COLUMNS,
  CTMS_SITES_SHEET,
  type CtmsExtractBodyInput,
} from '@predict/shared';

/** The committed CTMS extract template the web app serves (apps/web/public/templates). */
export const CTMS_TEMPLATE_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/public/templates/ctms-extract-template.xlsx',
);

/** The shipped CTMS template filled with an extract: dates as Excel dates, months as text YYYY-MM. */
export async function ctmsWorkbook(extract: CtmsExtractBodyInput): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(CTMS_TEMPLATE_FILE);
  const sites = wb.getWorksheet(CTMS_SITES_SHEET)!;
  extract.sites.forEach((site, i) => {
    CTMS_SITES_COLUMNS.forEach((c, j) => {
      const v = (site as Record<string, unknown>)[c.key] ?? null;
      sites.getCell(i + 2, j + 1).value =
        typeof v === 'string' && c.key.endsWith('Date')
          ? new Date(`${v}T00:00:00Z`)
          : (v as ExcelJS.CellValue);
    });
  });
  const months = wb.getWorksheet(CTMS_SITE_MONTHS_SHEET)!;
  extract.siteMonths.forEach((m, i) => {
    CTMS_SITE_MONTHS_COLUMNS.forEach((c, j) => {
      months.getCell(i + 2, j + 1).value = (m as Record<string, unknown>)[c.key] as ExcelJS.CellValue;
    });
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
