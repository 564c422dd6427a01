import { safeCellValue, SOE_FORECAST_EXPORT_COLUMN_WIDTH, type SoeSupply } from '@predict/shared';
import { loadExcelJs } from '@/lib/load-exceljs';
import type { ForecastColumn } from './forecast-columns';
import { shipmentPlanColumns, supplyMonthColumns } from './supply-columns';

type Row = Record<string, unknown>;

/**
 * The IP supply export: 'Shipment Plan' (a row per country, all countries first), 'Supply by Month' (every
 * country's months, the country first), and 'Settings' (confidence, lead time, initial stock, replications).
 * Columns 15 wide as the forecast export; text is formula-safe.
 */
export async function buildSupplyWorkbook(supply: SoeSupply): Promise<ArrayBuffer> {
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Predict';
  wb.created = new Date();
  const sheet = <T>(name: string, columns: ForecastColumn<T>[], rows: readonly T[]) => {
    const ws = wb.addWorksheet(name);
    ws.columns = columns.map((c) => ({
      header: safeCellValue(c.header),
      key: c.id,
      width: SOE_FORECAST_EXPORT_COLUMN_WIDTH,
    }));
    ws.getRow(1).font = { bold: true };
    for (const row of rows) ws.addRow(columns.map((c) => safeCellValue(c.value(row))));
  };
  sheet('Shipment Plan', shipmentPlanColumns, supply.countries);
  const country: ForecastColumn<Row> = {
    id: 'country',
    header: 'Country',
    value: (r) => r.country as string,
    kind: 'text',
  };
  const monthColumns = supplyMonthColumns.map((c): ForecastColumn<Row> => ({
    ...c,
    value: (r) => c.value(r.month as never),
  }));
  sheet(
    'Supply by Month',
    [country, ...monthColumns],
    supply.countries.flatMap((c) => c.months.map((month): Row => ({ country: c.name, month }))),
  );
  const settings: ForecastColumn<[string, number]>[] = [
    { id: 'setting', header: 'Setting', value: (r) => r[0], kind: 'text' },
    { id: 'value', header: 'Value', value: (r) => r[1], kind: 'decimal' },
  ];
  sheet('Settings', settings, [
    ['Confidence', supply.confidence],
    ['Lead time (weeks)', supply.leadWeeks],
    ['Initial stock per site (kits)', supply.siteStock],
    ['Replications', supply.replications],
  ]);
  return wb.xlsx.writeBuffer();
}
