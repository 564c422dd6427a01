import { safeCellValue, type SiteRow } from '@predict/shared';
import type { Worksheet } from 'exceljs';
import { SITE_COLUMNS, SITE_TABS, type SiteTab } from './site-rows';
import { loadExcelJs } from '@/lib/load-exceljs';

/** Site list export dates (spec/3 section 9). */
export const EXPORT_DATE_FORMAT = 'dd mmm yyyy';

/** An ISO day or timestamp as a UTC date cell; null when missing or not a date. */
function dateCell(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function writeSheet(sheet: Worksheet, rows: readonly SiteRow[]) {
  const header = sheet.getRow(1);
  header.values = ['Project ID', ...SITE_COLUMNS.map((c) => c.header)];
  header.font = { bold: true };
  rows.forEach((site, i) => {
    const row = sheet.getRow(i + 2);
    row.getCell(1).value = safeCellValue(site.projectId ?? '');
    SITE_COLUMNS.forEach((c, j) => {
      const cell = row.getCell(j + 2);
      if (c.date) {
        cell.value = dateCell(site[c.field]);
        cell.numFmt = EXPORT_DATE_FORMAT;
      } else {
        cell.value = safeCellValue(site[c.field] ?? '');
      }
    });
  });
  sheet.columns.forEach((column, i) => {
    column.width = i === 0 ? 14 : i === 3 ? 30 : 20;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

/** The site list as xlsx bytes: one sheet per tab, named as spec/3 section 2, with the rows given. */
export async function buildSiteListWorkbook(
  tables: Record<SiteTab, readonly SiteRow[]>,
): Promise<ArrayBuffer> {
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Predict';
  wb.created = new Date();
  for (const tab of SITE_TABS) writeSheet(wb.addWorksheet(tab.sheet), tables[tab.id]);
  return wb.xlsx.writeBuffer();
}
