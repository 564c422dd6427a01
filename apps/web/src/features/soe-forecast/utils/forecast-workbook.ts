import {
  safeCellValue,
  SOE_FORECAST_EXPORT_COLUMN_WIDTH,
  SOE_FORECAST_TABLES,
  type SoeForecastTable,
} from '@predict/shared';
import { forecastTables, type ForecastData, type ForecastTableData } from './forecast-columns';
import { loadExcelJs } from '@/lib/load-exceljs';

/**
 * The forecast export (spec/2 section 9): one sheet per ticked table, named as the table, in page order, a header
 * row and the rows, every column 15 wide. Numbers are written whole (the page truncates only what it shows); text
 * is formula-safe.
 */
export async function buildForecastWorkbook(
  data: ForecastData,
  selected: ReadonlySet<SoeForecastTable>,
): Promise<ArrayBuffer> {
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Predict';
  wb.created = new Date();
  const tables = forecastTables(data);
  for (const name of SOE_FORECAST_TABLES) {
    if (!selected.has(name)) continue;
    const { columns, rows }: ForecastTableData = tables[name];
    const sheet = wb.addWorksheet(name);
    sheet.columns = columns.map((c) => ({
      header: safeCellValue(c.header),
      key: c.id,
      width: SOE_FORECAST_EXPORT_COLUMN_WIDTH,
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of rows) sheet.addRow(columns.map((c) => safeCellValue(c.value(row))));
  }
  return wb.xlsx.writeBuffer();
}

// The file name lives apart so that the dialog can name the file without loading this module.
export { forecastExportFileName } from './forecast-file-name';
