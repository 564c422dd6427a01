import ExcelJS from 'exceljs';
import { isSafeCellText } from '@predict/shared';
import { describe, expect, it } from 'vitest';
import { exportData } from '../test/soe-fixtures';
import { SOE_EXPORT_SHEETS, buildSoeWorkbook, soeExportFileName } from './soe-workbook';

async function readBack(data: ArrayBuffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data);
  return wb;
}

const rowValues = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

const totals = [
  {
    visitName: 'Screening',
    assessmentCount: 2,
    assessmentCost: 160,
    visitOverhead: 31.05,
    totalVisitCost: 341.55,
    uniqueCrfs: 0,
    nonUniqueCrfs: 0,
  },
  {
    visitName: 'Week 4',
    assessmentCount: 1,
    assessmentCost: 5,
    visitOverhead: 15.55,
    totalVisitCost: 171.05,
    uniqueCrfs: 0,
    nonUniqueCrfs: 1,
  },
];

describe('buildSoeWorkbook', () => {
  it('writes the nine sheets of spec/2 section 9, in order', async () => {
    const wb = await readBack(await buildSoeWorkbook(exportData()));
    expect(wb.worksheets.map((s) => s.name)).toEqual([
      'Visits Table',
      'Country Visits Table',
      'Site Visits Table',
      'Assessments Table',
      'Country Assessments Table',
      'Site Assessments Table',
      'SOE Table',
      'Initial Risk Assessment',
      'Visit Sampling Strategy',
    ]);
    expect(SOE_EXPORT_SHEETS).toHaveLength(9);
  });

  it('writes visits and assessments in sort order, the levels with where each value comes from', async () => {
    const wb = await readBack(await buildSoeWorkbook(exportData()));
    const visits = wb.getWorksheet('Visits Table')!;
    expect(rowValues(visits, 1).slice(0, 7)).toEqual([
      'Visit Category',
      'Visit Name',
      'Visit Study Week',
      'Visit Variance Type',
      'Visit Variance',
      'Visit Overhead %',
      'Visit Cost',
    ]);
    expect(rowValues(visits, 2).slice(0, 7)).toEqual(['Screening', 'Screening', 0, "'+/-", 2, 10, 150.5]);
    expect(visits.getCell('B3').value).toBe('Week 4');
    // A comment starting with + is kept as text.
    expect(visits.getRow(2).getCell(19).value).toBe("'+1 call");

    const country = wb.getWorksheet('Country Visits Table')!;
    expect(rowValues(country, 2)).toEqual([
      'DEU',
      'Germany',
      'EUR',
      0.9,
      'Screening',
      'Screening',
      0,
      10,
      'study',
      120,
      'country',
    ]);
    const site = wb.getWorksheet('Site Visits Table')!;
    expect(rowValues(site, 2).slice(0, 4)).toEqual(['DEU', 'Germany', 'DE-001 Berlin', '2026-04-01']);
    expect(site.rowCount).toBe(2);

    const assessments = wb.getWorksheet('Assessments Table')!;
    expect(assessments.getColumn(2).values.slice(2)).toEqual(['ECG', "'@Diary", 'Site start-up fee']);
    expect(wb.getWorksheet('Site Assessments Table')!.getCell('I2').value).toBe(80);
  });

  it('writes the grid with multipliers, U/NU and the totals rows below', async () => {
    const wb = await readBack(await buildSoeWorkbook(exportData({ totals })));
    const grid = wb.getWorksheet('SOE Table')!;
    expect(rowValues(grid, 1)).toEqual(['Assessment Type', 'Assessment Name', 'Screening', 'Week 4']);
    // Site-cost types are not in the grid; ECG ticked x2 at Screening, Diary ticked (multiplier 1) NU at Week 4.
    expect(rowValues(grid, 2)).toEqual(['Procedure', 'ECG', 2]);
    expect(rowValues(grid, 3)).toEqual(['Non Procedure', "'@Diary", undefined, '1 NU']);
    expect(grid.getColumn(2).values.slice(5)).toEqual([
      'Assessment Count',
      'Assessment Cost',
      'Visit Overhead',
      'Total Visit Cost',
      'Unique CRFs',
      'Non Unique CRFs',
    ]);
    expect(grid.getCell('D8').value).toBe(171.05);
    expect(grid.getCell('C5').value).toBe(2);

    const without = await readBack(await buildSoeWorkbook(exportData()));
    expect(without.getWorksheet('SOE Table')!.rowCount).toBe(3);
  });

  it('totals the risk scores and orders the sampling rows by table', async () => {
    const wb = await readBack(await buildSoeWorkbook(exportData()));
    const risk = wb.getWorksheet('Initial Risk Assessment')!;
    expect(risk.getCell('B2').value).toBe("'-adaptive");
    expect(rowValues(risk, 4)).toEqual(['Initial Risk Score', undefined, 3.2]);
    const sampling = wb.getWorksheet('Visit Sampling Strategy')!;
    expect(rowValues(sampling, 2)).toEqual([
      'Variables',
      'Assessor Name',
      'Ann Assessor',
      undefined,
      undefined,
      undefined,
      "'=cmd",
    ]);
    expect(rowValues(sampling, 3).slice(0, 3)).toEqual(['ePrice Info', 'SOE Currency', 'EUR']);
  });

  it('leaves no text cell that could run as a formula, and no formulas', async () => {
    const wb = await readBack(await buildSoeWorkbook(exportData({ totals })));
    for (const sheet of wb.worksheets)
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          expect(cell.formula).toBeUndefined();
          if (typeof cell.value === 'string') expect(isSafeCellText(cell.value), cell.value).toBe(true);
        }),
      );
  });

  it('names the file from the SOE name, the local day and the study id', () => {
    expect(
      soeExportFileName({ scheduleOfEventsName: 'Main: SOE/1', studyId: 7 }, new Date(2026, 4, 17, 9)),
    ).toBe('Main_ SOE_1_2026-05-17_7.xlsx');
  });
});
