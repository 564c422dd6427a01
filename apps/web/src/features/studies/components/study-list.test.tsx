import { OPPORTUNITY_STAGES, type StudyListRow } from '@predict/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import { studyRow } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { StudyList } from './study-list';

const TOTAL = 42;

/** A server that pages through TOTAL rows as asked and echoes paging. */
function studiesServer(server: FetchMock, rows: (request: URL) => StudyListRow[] = defaultRows) {
  server.on('GET', '/ctpo/studies', (request) => {
    const page = Number(request.url.searchParams.get('page'));
    const pageSize = Number(request.url.searchParams.get('pageSize'));
    return { rows: rows(request.url), total: TOTAL, page, pageSize };
  });
}

function defaultRows(url: URL): StudyListRow[] {
  const page = Number(url.searchParams.get('page'));
  const pageSize = Number(url.searchParams.get('pageSize'));
  return Array.from({ length: Math.min(pageSize, TOTAL - page * pageSize) }, (_, i) =>
    studyRow(page * pageSize + i + 1),
  );
}

const listRequests = (server: FetchMock) => server.to('/ctpo/studies', 'GET');
const lastParams = (server: FetchMock) => listRequests(server).at(-1)?.url.searchParams;

async function renderList(server: FetchMock) {
  const view = renderScreen(<StudyList />);
  await screen.findByRole('link', { name: 'P-001' });
  expect(listRequests(server)).toHaveLength(1);
  return view;
}

/** Runs the debounce window on fake timers, then hands the clock back. */
function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('StudyList', () => {
  let server: FetchMock;

  beforeEach(() => {
    server = installFetchMock();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads the first page with the wildcard search, default sort and page size 10', async () => {
    studiesServer(server);
    await renderList(server);
    const params = lastParams(server);
    expect(Object.fromEntries(params ?? [])).toEqual({
      search: '*',
      page: '0',
      pageSize: '10',
      sort: 'projectId',
      order: 'asc',
    });
    expect(screen.getByLabelText('Search studies')).toHaveValue('*');
    expect(screen.getByText('Search by PCN, sponsor name or indication')).toBeInTheDocument();
  });

  it('shows the columns, Y/N flags, UTC dates and a link per study', async () => {
    studiesServer(server);
    await renderList(server);
    const headers = [
      'Project ID',
      'Study Name',
      'Sponsor',
      'Opportunity Stage',
      'Enroll Plan',
      'SOE',
      'SOE Costs',
      'SOE Clin Strat',
      'SOE DM',
      'Enroll Plan Last Update',
      'SOE Last Update',
    ];
    for (const name of headers) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'P-001' })).toHaveAttribute('href', '/ctpo/study-plans/1');
    const row = screen.getByRole('link', { name: 'P-001' }).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      'P-001',
      'Study 1',
      'Sponsor 1',
      'Proposal Sent',
      'Y',
      'N',
      'Y',
      'N',
      'Y',
      '05/Mar/2026',
      '',
    ]);
    expect(screen.getAllByRole('row')).toHaveLength(2 + 10);
  });

  it('sends one request with the sanitized search 1000 ms after the last keystroke, on page 0', async () => {
    studiesServer(server);
    await renderList(server);
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastParams(server)?.get('page')).toBe('1'));
    const before = listRequests(server).length;

    vi.useFakeTimers();
    const box = screen.getByLabelText('Search studies');
    fireEvent.change(box, { target: { value: 'onc' } });
    advance(600);
    fireEvent.change(box, { target: { value: ' onc/o#lo\\gy& ' } });
    advance(999);
    expect(listRequests(server)).toHaveLength(before);
    advance(1);
    expect(listRequests(server)).toHaveLength(before + 1);
    advance(5000);
    expect(listRequests(server)).toHaveLength(before + 1);
    vi.useRealTimers();

    expect(lastParams(server)?.get('search')).toBe('oncology');
    expect(lastParams(server)?.get('page')).toBe('0');
  });

  it('searches at once on Enter', async () => {
    studiesServer(server);
    await renderList(server);
    const box = screen.getByLabelText('Search studies');
    fireEvent.change(box, { target: { value: 'acme' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(lastParams(server)?.get('search')).toBe('acme'));
  });

  it('maps the text and date filters to query parameters after 500 ms and resets the page', async () => {
    studiesServer(server);
    await renderList(server);
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastParams(server)?.get('page')).toBe('1'));
    const before = listRequests(server).length;

    vi.useFakeTimers();
    const change = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    change('Filter Project ID', ' P-01 ');
    change('Filter Study Name', 'Heart');
    change('Filter Sponsor', 'Acme');
    change('Enroll Plan Last Update from', '01-Jan-2026');
    change('Enroll Plan Last Update to', '31-Jan-2026');
    advance(400);
    change('SOE Last Update from', '01-Jun-2025');
    change('SOE Last Update to', '31-Dec-2025');
    advance(499);
    expect(listRequests(server)).toHaveLength(before);
    advance(1);
    expect(listRequests(server)).toHaveLength(before + 1);
    vi.useRealTimers();

    expect(Object.fromEntries(lastParams(server) ?? [])).toEqual({
      search: '*',
      page: '0',
      pageSize: '10',
      sort: 'projectId',
      order: 'asc',
      projectId: 'P-01',
      studyName: 'Heart',
      sponsorName: 'Acme',
      enrollmentPlanLastUpdateFrom: '2026-01-01',
      enrollmentPlanLastUpdateTo: '2026-01-31',
      soeLastUpdateFrom: '2025-06-01',
      soeLastUpdateTo: '2025-12-31',
    });
  });

  it('maps the stage and Y/N selects to query parameters and resets the page', async () => {
    studiesServer(server);
    const { user } = await renderList(server);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastParams(server)?.get('page')).toBe('1'));

    const choose = async (label: string, option: string) => {
      await user.click(screen.getByRole('combobox', { name: label }));
      await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
      await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    };
    await choose('Filter Opportunity Stage', 'Verbal Award');
    await choose('Filter Enroll Plan', 'Y');
    await choose('Filter SOE', 'N');
    await choose('Filter SOE Costs', 'Y');
    await choose('Filter SOE Clin Strat', 'N');
    await choose('Filter SOE DM', 'Y');

    await waitFor(() => expect(lastParams(server)?.get('soeDataManagement')).toBe('Y'));
    expect(Object.fromEntries(lastParams(server) ?? [])).toEqual({
      search: '*',
      page: '0',
      pageSize: '10',
      sort: 'projectId',
      order: 'asc',
      opportunityStage: 'Verbal Award',
      enrollmentPlanExists: 'Y',
      soeExists: 'N',
      soeCosts: 'Y',
      soeClinicalInformatics: 'N',
      soeDataManagement: 'Y',
    });
    expect(screen.getByRole('combobox', { name: 'Filter Opportunity Stage' })).toHaveTextContent(
      'Verbal Award',
    );

    // All removes the filter again.
    await choose('Filter Opportunity Stage', 'All');
    await waitFor(() => expect(lastParams(server)?.has('opportunityStage')).toBe(false));
  });

  it('offers All and the 19 opportunity stages, and All, Y, N for the flags', async () => {
    studiesServer(server);
    const { user } = await renderList(server);
    const optionsOf = async (label: string) => {
      const select = screen.getByRole('combobox', { name: label });
      expect(select).toHaveTextContent('All');
      await user.click(select);
      const names = within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
      return names;
    };
    expect(await optionsOf('Filter Opportunity Stage')).toEqual(['All', ...OPPORTUNITY_STAGES]);
    for (const label of [
      'Filter Enroll Plan',
      'Filter SOE',
      'Filter SOE Costs',
      'Filter SOE Clin Strat',
      'Filter SOE DM',
    ]) {
      expect(await optionsOf(label)).toEqual(['All', 'Y', 'N']);
    }
  });

  it('changes the page size and goes back to page 0', async () => {
    studiesServer(server);
    const { user } = await renderList(server);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastParams(server)?.get('page')).toBe('1'));
    expect(screen.getByText('11–20 of 42')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    const sizes = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(sizes.map((o) => o.textContent)).toEqual(['5', '10', '25']);
    await user.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(lastParams(server)?.get('pageSize')).toBe('25'));
    expect(lastParams(server)?.get('page')).toBe('0');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2 + 25));
    expect(screen.getByText('1–25 of 42')).toBeInTheDocument();
  });

  it('sorts by a clicked column ascending, then descending', async () => {
    studiesServer(server);
    await renderList(server);
    const sponsor = screen.getByRole('button', { name: 'Sponsor' });
    fireEvent.click(sponsor);
    await waitFor(() => expect(lastParams(server)?.get('sort')).toBe('sponsorName'));
    expect(lastParams(server)?.get('order')).toBe('asc');
    expect(sponsor.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(sponsor);
    await waitFor(() => expect(lastParams(server)?.get('order')).toBe('desc'));
    expect(lastParams(server)?.get('sort')).toBe('sponsorName');
    fireEvent.click(sponsor);
    await waitFor(() => expect(lastParams(server)?.get('order')).toBe('asc'));

    // A date column (null in the first row) also starts ascending.
    fireEvent.click(screen.getByRole('button', { name: 'SOE Last Update' }));
    await waitFor(() => expect(lastParams(server)?.get('sort')).toBe('soeLastUpdate'));
    expect(lastParams(server)?.get('order')).toBe('asc');
  });

  it('shows the empty state', async () => {
    server.on('GET', '/ctpo/studies', { rows: [], total: 0, page: 0, pageSize: 10 });
    renderScreen(<StudyList />);
    expect(await screen.findByText('No studies match your search.')).toBeInTheDocument();
  });

  it('shows an error with a retry button that loads again', async () => {
    server.on('GET', '/ctpo/studies', errorReply(500, 'Boom'));
    renderScreen(<StudyList />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('The studies could not be loaded.')).toBeInTheDocument();
    studiesServer(server);
    fireEvent.click(retry);
    expect(await screen.findByRole('link', { name: 'P-001' })).toBeInTheDocument();
    expect(screen.queryByText('The studies could not be loaded.')).not.toBeInTheDocument();
  });

  it('keeps the previous rows on screen while the next page loads', async () => {
    studiesServer(server);
    await renderList(server);
    let release: () => void = () => {};
    server.on('GET', '/ctpo/studies', async (request) => {
      await new Promise<void>((resolve) => (release = resolve));
      return json({ rows: defaultRows(request.url), total: TOTAL, page: 1, pageSize: 10 });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByLabelText('Loading studies')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'P-001' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('link', { name: 'P-011' })).toBeInTheDocument();
  });
});
