import { CLOSED_SITES_NOTE, type SiteRow } from '@predict/shared';
import { screen, waitFor, within } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { emptySite, site } from '../test/actuals-fixtures';
import { SiteListDialog } from './site-list-dialog';

/** jsdom's Blob cannot give its bytes directly; FileReader can. */
const blobBytes = (blob: Blob) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob);
  });

// 12 enrolling sites and 2 closed ones included; 1 site not active yet; plus rows with nothing to show.
const INCLUDED: SiteRow[] = [
  ...Array.from({ length: 12 }, (_, i) => site(i + 1)),
  site(20, { siteStatus: 'Closed', siteNumberPi: '=HYPERLINK("x") - Dr Closed' }),
  site(21, { siteStatus: 'Closed' }),
  emptySite(),
];
const NOT_INCLUDED: SiteRow[] = [
  site(30, {
    country: 'Spain',
    siteActivatedDate: null,
    siteActivationForecastDate: '2026-06-15',
    siteStatus: 'Start-up',
  }),
  emptySite(),
];

/** The body's rows (the header and filter rows left out). */
const bodyRows = (table: HTMLElement) => [...table.querySelectorAll<HTMLElement>('tbody tr')];

describe('View Site List dialog', () => {
  let server: FetchMock;
  let blobs: Blob[];

  beforeEach(() => {
    server = installFetchMock()
      .on('GET', '/ctpo/remodel/study/7/sites/included', INCLUDED)
      .on('GET', '/ctpo/remodel/study/7/sites/notincluded', NOT_INCLUDED);
    blobs = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          blobs.push(blob);
          return 'blob:sites';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });

  const renderDialog = () =>
    renderScreen(<SiteListDialog studyId={7} projectId="P-007" open onClose={() => undefined} />);

  it('splits the sites into the three tabs, drops empty rows and starts with the Total row', async () => {
    const { user } = renderDialog();
    const table = await screen.findByRole('table', { name: 'Sites Included' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Sites Included (12)',
      'CLOSED SITES (2)',
      'Sites Not Included (1)',
    ]);
    const rows = bodyRows(table);
    expect(rows[0]).toHaveTextContent('TotalP-007: 12 sites');
    // Default page of 10 sites after the Total row.
    expect(rows).toHaveLength(11);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['France', '', '1001 - Dr 1', '05/Jan/2026', '01/Feb/2026', '', 'Enrolling']);
    expect(screen.queryByText(CLOSED_SITES_NOTE)).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /CLOSED SITES/ }));
    expect(screen.getByText(CLOSED_SITES_NOTE)).toBeInTheDocument();
    expect(bodyRows(screen.getByRole('table', { name: 'CLOSED SITES' }))).toHaveLength(3);

    await user.click(screen.getByRole('tab', { name: /Sites Not Included/ }));
    const notIncluded = bodyRows(screen.getByRole('table', { name: 'Sites Not Included' }));
    expect(notIncluded).toHaveLength(2);
    expect(notIncluded[1]).toHaveTextContent('15/Jun/2026');
  });

  it('pages 5, 10 or 25 rows and sorts by a column, reversing on a second click', async () => {
    const { user } = renderDialog();
    const table = await screen.findByRole('table', { name: 'Sites Included' });
    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['5', '10', '25']);
    await user.click(screen.getByRole('option', { name: '25' }));
    expect(bodyRows(table)).toHaveLength(13);

    const firstSite = () => within(bodyRows(table)[1]!).getAllByRole('cell')[2]!.textContent;
    await user.click(within(table).getByRole('button', { name: 'Site Activated - Actual' }));
    expect(firstSite()).toBe('1001 - Dr 1');
    await user.click(within(table).getByRole('button', { name: 'Site Activated - Actual' }));
    expect(firstSite()).toBe('1012 - Dr 12');
    // Another column starts ascending.
    await user.click(within(table).getByRole('button', { name: 'Country' }));
    expect(within(bodyRows(table)[1]!).getAllByRole('cell')[0]!.textContent).toBe('France');
  });

  it('filters after the debounce, goes back to the first page and exports the filtered tables', async () => {
    const { user } = renderDialog();
    const table = await screen.findByRole('table', { name: 'Sites Included' });
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(bodyRows(table)).toHaveLength(3);
    expect(screen.queryByRole('textbox', { name: 'Filter Country' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.type(screen.getByRole('textbox', { name: 'Filter Country' }), 'germ');
    // Nothing is filtered before the 500 ms debounce ends.
    expect(bodyRows(table)[0]).toHaveTextContent('P-007: 12 sites');
    await waitFor(() => expect(bodyRows(table)[0]).toHaveTextContent('P-007: 6 sites'));
    expect(bodyRows(table)).toHaveLength(7);
    expect(screen.getByText('1–6 of 6')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export Filtered Tables' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await blobBytes(blobs[0]!));
    expect(wb.worksheets.map((s) => s.name)).toEqual([
      'Sites Included in Remodel',
      'Closed Sites in Remodel',
      'Sites Not Included in Remodel',
    ]);
    const included = wb.getWorksheet('Sites Included in Remodel')!;
    expect(included.getRow(1).values).toEqual([
      undefined,
      'Project ID',
      'Country',
      'Central / Local',
      'Site Number - PI',
      'Site Selected Date',
      'Site Activated - Actual',
      'Site Activated - Forecast',
      'Site Status',
    ]);
    expect(included.rowCount).toBe(7);
    expect(included.getCell('B2').value).toBe('Germany');
    expect(included.getCell('F2').value).toEqual(new Date('2026-02-02T00:00:00Z'));
    expect(included.getCell('F2').numFmt).toBe('dd mmm yyyy');
    const closed = wb.getWorksheet('Closed Sites in Remodel')!;
    expect(closed.rowCount).toBe(3);
    // Text that a spreadsheet would run as a formula is written as text.
    expect(closed.getCell('D2').value).toBe('\'=HYPERLINK("x") - Dr Closed');
    const notIncluded = wb.getWorksheet('Sites Not Included in Remodel')!;
    expect(notIncluded.getCell('G2').value).toEqual(new Date('2026-06-15T00:00:00Z'));
  });

  it('reads Export Tables while no filter reduces the rows', async () => {
    const { user } = renderDialog();
    await screen.findByRole('table', { name: 'Sites Included' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.type(screen.getByRole('textbox', { name: 'Filter Site Status' }), 'enrol');
    await new Promise((r) => setTimeout(r, 600));
    expect(screen.getByRole('button', { name: 'Export Tables' })).toBeInTheDocument();
    expect(server.to('/ctpo/remodel/study/7/sites')).toHaveLength(2);
  });

  it('stops loading and offers Retry when the site list cannot be fetched', async () => {
    server.on('GET', '/ctpo/remodel/study/7/sites/included', () => new Response('boom', { status: 500 }));
    renderDialog();
    expect(await screen.findByText('The site list could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading sites' })).not.toBeInTheDocument();
  });
});
