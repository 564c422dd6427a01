import type { SoeListRow } from '@predict/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorReply, installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { readOnlyUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { soeRow } from '../test/soe-fixtures';
import { ADD_SOE_LABEL, SOE_PAGE_SIZE_KEY, StudySoeTable } from './study-soe-table';

/** 12 SOEs, newest first as the server sends them: 12, 11, ... 1. */
const twelve = () => Array.from({ length: 12 }, (_, i) => soeRow(12 - i));

const serveSoes = (server: FetchMock, rows: SoeListRow[]) => server.on('GET', '/ctpo/soe/study/7', rows);

const renderSoes = (user = readOnlyUser) =>
  renderScreen(<StudySoeTable studyId={7} />, {
    route: '/ctpo/study-plans/7',
    path: '/ctpo/study-plans/:studyId',
    user,
  });

const region = () => screen.getByRole('region', { name: 'Schedules of Events' });

/** The SOE name of each body row. */
const bodyNames = () =>
  within(region())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

const menuItems = () => screen.getAllByRole('menuitem').map((m) => m.textContent);

describe('StudySoeTable', () => {
  let server: FetchMock;

  beforeEach(() => {
    server = installFetchMock();
  });

  it('lists the SOEs with their columns in the order sent, 5 per page', async () => {
    serveSoes(server, [
      soeRow(12, {
        scheduleOfEventsStatus: 'Final',
        version: 3,
        studyPlanId: 101,
        studyPlanName: 'Baseline plan',
      }),
      ...twelve().slice(1),
    ]);
    renderSoes();
    await screen.findByText('SOE 12');
    const headers = within(region())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'SOE Name',
      'Description',
      'Status',
      'Version',
      'Linked Enrollment Plan',
      'Last Updated',
      'Actions',
    ]);
    expect(bodyNames()).toEqual(['SOE 12', 'SOE 11', 'SOE 10', 'SOE 9', 'SOE 8']);
    const first = screen.getByText('SOE 12').closest('tr')!;
    expect(
      within(first)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((c) => c.textContent),
    ).toEqual(['SOE 12', 'Description 12', 'Final', '3', 'Baseline plan', '12/Mar/2026']);
    const second = screen.getByText('SOE 11').closest('tr')!;
    expect(within(second).getAllByRole('cell')[4]).toHaveTextContent('');
    expect(screen.getByText('1–5 of 12')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(bodyNames()).toEqual(['SOE 7', 'SOE 6', 'SOE 5', 'SOE 4', 'SOE 3']);
    expect(screen.getByText('6–10 of 12')).toBeInTheDocument();
  });

  it('pages with 5, 10 or 25 rows and remembers the page size', async () => {
    serveSoes(server, twelve());
    const { user, unmount } = renderSoes();
    await screen.findByText('SOE 12');
    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    const sizes = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(sizes.map((o) => o.textContent)).toEqual(['5', '10', '25']);
    await user.click(screen.getByRole('option', { name: '10' }));
    await waitFor(() => expect(bodyNames()).toHaveLength(10));
    expect(window.localStorage.getItem(SOE_PAGE_SIZE_KEY)).toBe('10');
    expect(SOE_PAGE_SIZE_KEY).toBe('predict.soe.pageSize');
    unmount();

    renderSoes();
    await screen.findByText('SOE 12');
    expect(bodyNames()).toHaveLength(10);
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
  });

  it('ignores a remembered page size that is not offered', async () => {
    window.localStorage.setItem(SOE_PAGE_SIZE_KEY, '7');
    serveSoes(server, twelve());
    renderSoes();
    await screen.findByText('SOE 12');
    expect(bodyNames()).toHaveLength(5);
  });

  it('says when the study has no SOEs, and offers a retry when loading fails', async () => {
    serveSoes(server, []);
    const { unmount } = renderSoes();
    expect(await screen.findByText('No Schedules of Events yet.')).toBeInTheDocument();
    unmount();

    server.on('GET', '/ctpo/soe/study/7', errorReply(500));
    const { user } = renderSoes();
    expect(await screen.findByText('The Schedules of Events could not be loaded.')).toBeInTheDocument();
    serveSoes(server, [soeRow(1)]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('SOE 1')).toBeInTheDocument();
    expect(screen.queryByText('The Schedules of Events could not be loaded.')).not.toBeInTheDocument();
  });

  it('gives read-only users no add button and only View SOE, which opens the editor, and Forecast', async () => {
    serveSoes(server, [soeRow(1)]);
    const { user, router } = renderSoes(readOnlyUser);
    await screen.findByText('SOE 1');
    expect(within(region()).queryByRole('button', { name: ADD_SOE_LABEL })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for SOE 1' }));
    expect(menuItems()).toEqual(['View SOE', 'Forecast']);
    await user.click(screen.getByRole('menuitem', { name: 'View SOE' }));
    expect(router.state.location.pathname).toBe('/ctpo/study-plans/7/soe/201');
    await router.navigate('/ctpo/study-plans/7');
    await user.click(await screen.findByRole('button', { name: 'Actions for SOE 1' }));
    await user.click(screen.getByRole('menuitem', { name: 'Forecast' }));
    expect(router.state.location.pathname).toBe('/ctpo/study-plans/7/soe/201/forecast');
  });

  it('gives editors the add button and Edit, Forecast, Clone and Delete; Edit and the name open the editor', async () => {
    const { testUser } = await import('@/test/fixtures');
    serveSoes(server, [soeRow(1), soeRow(2)]);
    const { user, router } = renderSoes(testUser);
    await screen.findByText('SOE 1');
    expect(within(region()).getByRole('button', { name: ADD_SOE_LABEL })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Actions for SOE 1' }));
    expect(menuItems()).toEqual(['Edit', 'Forecast', 'Clone', 'Delete']);
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/ctpo/study-plans/7/soe/201');
    await router.navigate('/ctpo/study-plans/7');
    await user.click(await screen.findByRole('link', { name: 'SOE 2' }));
    expect(router.state.location.pathname).toBe('/ctpo/study-plans/7/soe/202');
  });
});
