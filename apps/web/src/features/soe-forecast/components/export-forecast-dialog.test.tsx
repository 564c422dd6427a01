import { isSafeCellText, SOE_FORECAST_TABLES } from '@predict/shared';
import { screen, waitFor } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { DETAIL, GRANTS, STRATEGY, SUMMARY } from '../test/forecast-fixtures';
import type * as Workbook from '../utils/forecast-workbook';
import { buildForecastWorkbook, forecastExportFileName } from '../utils/forecast-workbook';
import { ExportForecastDialog } from './export-forecast-dialog';

const data = { summary: SUMMARY, detail: DETAIL, strategy: STRATEGY, grants: [] };

async function readBack(bytes: ArrayBuffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes);
  return wb;
}

describe('forecast workbook', () => {
  it('writes one sheet per ticked table, named as section 9, 15 wide, with formula-safe text', async () => {
    const wb = await readBack(
      await buildForecastWorkbook(
        { ...data, grants: GRANTS },
        new Set(['Investigator Grants', 'Cost Summary', 'Data Management']),
      ),
    );
    expect(wb.worksheets.map((s) => s.name)).toEqual([
      'Cost Summary',
      'Data Management',
      'Investigator Grants',
    ]);
    const summary = wb.getWorksheet('Cost Summary')!;
    expect(summary.getRow(1).values).toContain('Total Cost');
    expect(summary.rowCount).toBe(1 + SUMMARY.length);
    expect(summary.getColumn(1).width).toBe(15);
    // The sheet keeps the whole amount; the page only shows it truncated.
    expect(summary.getRow(2).getCell(12).value).toBe(14345.67);
    const dm = wb.getWorksheet('Data Management')!;
    expect(dm.getRow(3).getCell(2).value).toBe('\'=HYPERLINK("x")');
    dm.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value === 'string') expect(isSafeCellText(cell.value)).toBe(true);
      }),
    );
    expect(wb.getWorksheet('Investigator Grants')!.getRow(2).getCell(1).value).toBe('Germany');
  });

  it('names the file SOE name, timestamp and study id', () => {
    expect(forecastExportFileName('Onc/SOE: v2', 5, new Date(2027, 0, 2, 3, 4, 5))).toBe(
      'Onc_SOE_ v2_2027-01-02_030405_5.xlsx',
    );
  });
});

describe('Export Tables dialog', () => {
  let blobs: Blob[];
  beforeEach(() => {
    blobs = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          blobs.push(blob);
          return 'blob:export';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
  });

  it('offers a checkbox per table, disabled when the table is empty, and Export only once one is ticked', async () => {
    const onClose = vi.fn();
    const { user } = renderScreen(
      <ExportForecastDialog data={data} soeName="Oncology SOE" studyId={5} onClose={onClose} />,
    );
    for (const name of SOE_FORECAST_TABLES)
      expect(screen.getByRole('checkbox', { name })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Investigator Grants' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Cost Summary' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Cost Detail' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(blobs).toHaveLength(1);
  });

  it('cannot be closed while exporting', async () => {
    const onClose = vi.fn();
    let release: (() => void) | undefined;
    vi.doMock('../utils/forecast-workbook', async (original) => ({
      ...(await original<typeof Workbook>()),
      buildForecastWorkbook: () =>
        new Promise<ArrayBuffer>((resolve) => {
          release = () => resolve(new ArrayBuffer(8));
        }),
    }));
    const { user } = renderScreen(
      <ExportForecastDialog data={data} soeName="Oncology SOE" studyId={5} onClose={onClose} />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Cost Summary' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled());
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    // The workbook module loads on demand: wait until the export is really under way before letting it finish.
    await waitFor(() => expect(release).toBeDefined());
    release!();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    vi.doUnmock('../utils/forecast-workbook');
  });
});
