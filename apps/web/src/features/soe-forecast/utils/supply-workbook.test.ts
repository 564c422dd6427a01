import ExcelJS from 'exceljs';
import { isSafeCellText } from '@predict/shared';
import { describe, expect, it } from 'vitest';
import { supplyAnswer } from '../test/forecast-fixtures';
import { buildSupplyWorkbook } from './supply-workbook';

const rowValues = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

describe('the IP supply export', () => {
  it('writes the shipment plan, every country’s months and the settings, 15 wide and formula-safe', async () => {
    const supply = supplyAnswer(0.9);
    supply.countries[1]!.name = '=HYPERLINK("x")';
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await buildSupplyWorkbook(supply));
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Shipment Plan', 'Supply by Month', 'Settings']);
    const plan = wb.getWorksheet('Shipment Plan')!;
    expect(rowValues(plan, 1)).toEqual([
      'Country',
      'Sites',
      'Plan Kits',
      'Kits P50',
      'Kits P90',
      'Initial Stock',
      'Kits Shipped',
      'Expected Overage',
      'Peak Safety Stock',
    ]);
    expect(rowValues(plan, 2)).toEqual(['All countries', 2, 40, 40, 42.5, 4, 36, 0, 20]);
    expect(isSafeCellText(String(plan.getRow(3).getCell(1).value))).toBe(true);
    const months = wb.getWorksheet('Supply by Month')!;
    // Three months for each of the two entries, the country first.
    expect(months.actualRowCount).toBe(1 + 2 * 3);
    expect(rowValues(months, 2)).toEqual(['All countries', 'Jan 2027', 5, 5, 5, 10, 30, 4, 26, 30]);
    expect(rowValues(wb.getWorksheet('Settings')!, 2)).toEqual(['Confidence', 0.9]);
    for (const sheet of wb.worksheets)
      sheet.getRow(1).eachCell((_, col) => expect(sheet.getColumn(col).width).toBe(15));
  });
});
