import { configure, screen, waitFor, within } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { exportData } from '../test/soe-fixtures';
import { EXPORT_SOE_MESSAGES, ExportSoeDialog } from './export-soe-dialog';

configure({ asyncUtilTimeout: 10_000 });

/** jsdom's Blob cannot give its bytes directly; FileReader can. */
const blobBytes = (blob: Blob) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob);
  });

/** Serves the saved SOE's reads; the visits answer waits for `release` so the exporting state can be seen. */
function serveSoe(server: FetchMock) {
  const data = exportData();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const base = '/ctpo/soe/201';
  server.on('GET', `${base}/visits`, async () => {
    await held;
    return [...data.visits];
  });
  server.on('GET', `${base}/assessments`, [...data.assessments]);
  server.on('GET', `${base}/mapping`, [...data.mapping]);
  server.on('GET', `${base}/sitegroups`, [
    { ...data.levels[0]!.entry, siteGroupId: 0, tabLabel: 'Study' },
    ...data.levels.map((l) => l.entry),
  ]);
  server.on('GET', `${base}/riskassessments`, [...data.risks]);
  server.on('GET', `${base}/visitsamplingstrategy`, [...data.sampling]);
  for (const l of data.levels) {
    const at = `sitegroup/${l.entry.siteGroupId}/site/${l.entry.siteId}`;
    server.on('GET', `${base}/visits/${at}`, [...l.visits]);
    server.on('GET', `${base}/assessments/${at}`, [...l.assessments]);
  }
  return { data, release: () => release() };
}

describe('ExportSoeDialog', () => {
  let server: FetchMock;
  let blobs: Blob[];
  let downloads: string[];

  beforeEach(() => {
    server = installFetchMock();
    blobs = [];
    downloads = [];
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
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
  });

  it('goes idle, exporting (cannot be closed), exported, and downloads the nine sheets with the totals', async () => {
    const { data, release } = serveSoe(server);
    const onClose = vi.fn();
    const totals = [
      {
        visitName: 'Screening',
        assessmentCount: 1,
        assessmentCost: 160,
        visitOverhead: 31.05,
        totalVisitCost: 341.55,
        uniqueCrfs: 0,
        nonUniqueCrfs: 0,
      },
    ];
    const { user } = renderScreen(<ExportSoeDialog soe={data.soe} onClose={onClose} totals={totals} />);
    const dialog = screen.getByRole('dialog', { name: 'Export Tables' });
    expect(dialog).toHaveTextContent(EXPORT_SOE_MESSAGES.idle('=SUM(A1)'));

    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await within(dialog).findByText(EXPORT_SOE_MESSAGES.exporting)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();

    release();
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toMatch(/^=SUM\(A1\)_\d{4}-\d{2}-\d{2}_7\.xlsx$/);
    expect(await within(dialog).findByText(EXPORT_SOE_MESSAGES.exported(downloads[0]!))).toBeInTheDocument();

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await blobBytes(blobs[0]!));
    expect(wb.worksheets).toHaveLength(9);
    expect(wb.getWorksheet('Site Visits Table')!.getCell('C2').value).toBe('DE-001 Berlin');
    expect(wb.getWorksheet('SOE Table')!.getCell('B5').value).toBe('Assessment Count');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  }, 60_000);

  it('says so when the SOE cannot be read, and can try again', async () => {
    const { data } = serveSoe(server);
    server.on('GET', '/ctpo/soe/201/mapping', errorReply(500));
    const { user } = renderScreen(<ExportSoeDialog soe={data.soe} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Export Tables' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await within(dialog).findByText(EXPORT_SOE_MESSAGES.failed)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Export' })).toBeEnabled();
    expect(downloads).toEqual([]);
  }, 60_000);
});
