import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorReply, installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import { readOnlyUser } from '@/test/fixtures';
import { planRow } from '../test/plan-fixtures';
import { bodyNames, menuItems, renderPlans, servePlans } from '../test/render-plans';
import { PLANS_PAGE_SIZE_KEY } from './study-plans-table';

/** 12 plans; plan n was last updated on 2026-02-n, so the default order (newest first) is 12, 11, ... */
const twelve = () => Array.from({ length: 12 }, (_, i) => planRow(i + 1));

describe('StudyPlansTable', () => {
  let server: FetchMock;

  beforeEach(() => {
    server = installFetchMock();
  });

  it('lists the plans with their columns, newest first, 5 per page', async () => {
    servePlans(server, [
      planRow(1, { studyPlanName: 'Combo', studyPlanTypeDetail: 'Combination (D)', scenarioStatus: 'Draft' }),
      planRow(2, { scenarioStatus: 'Baseline Plan', studyPlanVersion: 4, insertBy: 'Ann Other' }),
      ...twelve().slice(2),
    ]);
    renderPlans();
    await screen.findByRole('button', { name: 'Actions for Plan 12' });
    const headers = [
      'Study Plan Name',
      'Description',
      'Status',
      'Type',
      'Version',
      'Created By',
      'Last Updated',
    ];
    for (const name of headers) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(bodyNames()).toEqual(['Plan 12', 'Plan 11', 'Plan 10', 'Plan 9', 'Plan 8']);
    const firstRow = screen.getByRole('button', { name: 'Actions for Plan 12' }).closest('tr')!;
    expect(
      within(firstRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', 'Plan 12', 'Description 12', 'Draft', 'Duration', '1', 'Pat Planner', '12/Feb/2026', '']);
    expect(screen.getByText('1–5 of 12')).toBeInTheDocument();

    // The combination's Draft reads Draft-Combo.
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    const combo = screen.getByRole('button', { name: 'Actions for Combo' }).closest('tr')!;
    expect(within(combo).getByText('Draft-Combo')).toBeInTheDocument();
  });

  it('filters by text and by status, and sorts by a clicked column', async () => {
    servePlans(server, [
      ...twelve().slice(0, 10),
      planRow(11, { studyPlanName: 'Alpha', scenarioStatus: 'Proposal' }),
      planRow(12, { studyPlanName: 'alpha two', scenarioStatus: 'Baseline Plan' }),
    ]);
    const { user } = renderPlans();
    await screen.findByRole('button', { name: 'Actions for alpha two' });

    fireEvent.change(screen.getByLabelText('Filter Study Plan Name'), { target: { value: ' ALPHA ' } });
    expect(bodyNames()).toEqual(['alpha two', 'Alpha']);

    await user.click(screen.getByRole('combobox', { name: 'Filter Status' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Proposal' }));
    await waitFor(() => expect(bodyNames()).toEqual(['Alpha']));

    fireEvent.change(screen.getByLabelText('Filter Study Plan Name'), { target: { value: 'zzz' } });
    expect(screen.getByText('No study plans match the filters.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Filter Study Plan Name'), { target: { value: '' } });

    await user.click(screen.getByRole('combobox', { name: 'Filter Status' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'All' }));
    await waitFor(() => expect(screen.getByText('1–5 of 12')).toBeInTheDocument());

    const name = screen.getByRole('button', { name: 'Study Plan Name' });
    fireEvent.click(name);
    expect(name.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyNames()).toEqual(['Alpha', 'alpha two', 'Plan 1', 'Plan 10', 'Plan 2']);
    fireEvent.click(name);
    expect(name.closest('th')).toHaveAttribute('aria-sort', 'descending');
    expect(bodyNames()[0]).toBe('Plan 9');
  });

  it('pages with 5, 10 or 25 rows and remembers the page size', async () => {
    servePlans(server, twelve());
    const { user, unmount } = renderPlans();
    await screen.findByRole('button', { name: 'Actions for Plan 12' });
    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    const sizes = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(sizes.map((o) => o.textContent)).toEqual(['5', '10', '25']);
    await user.click(screen.getByRole('option', { name: '10' }));
    await waitFor(() => expect(bodyNames()).toHaveLength(10));
    expect(window.localStorage.getItem(PLANS_PAGE_SIZE_KEY)).toBe('10');
    unmount();

    renderPlans();
    await screen.findByRole('button', { name: 'Actions for Plan 12' });
    expect(bodyNames()).toHaveLength(10);
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
  });

  it('ignores a remembered page size that is not offered', async () => {
    window.localStorage.setItem(PLANS_PAGE_SIZE_KEY, '7');
    servePlans(server, twelve());
    renderPlans();
    await screen.findByRole('button', { name: 'Actions for Plan 12' });
    expect(bodyNames()).toHaveLength(5);
  });

  it('says when the study has no plans, and offers a retry when loading fails', async () => {
    servePlans(server, []);
    const { unmount } = renderPlans();
    expect(await screen.findByText('No study plans yet.')).toBeInTheDocument();
    unmount();

    server.on('GET', '/ctpo/plans/study/7', errorReply(500));
    const { user } = renderPlans();
    expect(await screen.findByText('The study plans could not be loaded.')).toBeInTheDocument();
    servePlans(server, [planRow(1)]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Actions for Plan 1' })).toBeInTheDocument();
  });

  it('offers editors every action by status and type', async () => {
    servePlans(server, [
      planRow(1),
      planRow(2, { simOptRunId: 'run-2', scenarioStatus: 'Proposal', isEditable: false, isDeletable: false }),
      planRow(3, { studyPlanTypeDetail: 'Combination (R)', studyPlanType: 1, scenarioStatus: 'Draft-Combo' }),
    ]);
    const { user } = renderPlans();
    const actions = await screen.findByRole('button', { name: 'Actions for Plan 1' });
    expect(screen.getByRole('button', { name: 'Add Study Plan' })).toBeEnabled();
    await user.click(actions);
    expect(menuItems()).toEqual(['View Study Plan', 'Start Simulation', 'Save As', 'Clone', 'Delete']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Actions for Plan 2' }));
    expect(menuItems()).toEqual(['View Study Plan', 'View Simulation', 'Save As', 'Clone', 'Delete']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Actions for Plan 3' }));
    expect(menuItems()).toEqual(['View Study Plan', 'Start Simulation', 'Save As', 'Delete']);
  });

  it('gives read-only users only the View items and no Add button', async () => {
    servePlans(server, [planRow(1), planRow(2, { simOptRunId: 'run-2', isEditable: false })]);
    const { user, router } = renderPlans(readOnlyUser);
    await user.click(await screen.findByRole('button', { name: 'Actions for Plan 2' }));
    expect(screen.queryByRole('button', { name: 'Add Study Plan' })).not.toBeInTheDocument();
    expect(menuItems()).toEqual(['View Study Plan', 'View Simulation']);
    await user.click(screen.getByRole('menuitem', { name: 'View Simulation' }));
    expect(router.state.location.pathname).toBe('/ctpo/study-plans/7/102/simulation');
    expect(router.state.location.search).toBe('?type=view');
  });

  it('starts a run of a Draft plan with Start Simulation, then opens the simulation screen', async () => {
    servePlans(server, [planRow(1)]);
    server.on('POST', '/ctpo/runsimulation', {
      simOptRunId: 5,
      simOptRunStatus: 'REQUESTING',
      simOptRunMsg: null,
      simOptRunDetail: null,
    });
    const { user, router } = renderPlans();
    await user.click(await screen.findByRole('button', { name: 'Actions for Plan 1' }));
    await user.click(screen.getByRole('menuitem', { name: 'Start Simulation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ctpo/study-plans/7/101/simulation'));
    expect(router.state.location.search).toBe('');
    expect(server.to('/ctpo/runsimulation')[0]?.body).toEqual({ studyPlanId: 101 });
  });

  it('stays on the list and says what is missing (not "failed") when the run is refused', async () => {
    servePlans(server, [planRow(1)]);
    server.on('POST', '/ctpo/runsimulation', () =>
      json(
        {
          error: 'Bad Request',
          message: 'The plan cannot be run yet: add at least one country in step 2.',
          fields: [{ path: 'NO_COUNTRY', message: 'At least one country is required.' }],
        },
        400,
      ),
    );
    const { user, router } = renderPlans();
    await user.click(await screen.findByRole('button', { name: 'Actions for Plan 1' }));
    await user.click(screen.getByRole('menuitem', { name: 'Start Simulation' }));
    expect(
      await screen.findByText('The plan cannot be run yet: add at least one country in step 2.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/failed/i)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ctpo/study-plans/7');
  });

  it.each([
    [true, '/ctpo/study-plans/7/101/'],
    [false, '/ctpo/study-plans/7/101/review'],
  ])('View Study Plan of a plan with isEditable %s opens %s', async (isEditable, path) => {
    servePlans(server, [planRow(1, { isEditable })]);
    const { user, router } = renderPlans();
    await user.click(await screen.findByRole('button', { name: 'Actions for Plan 1' }));
    await user.click(screen.getByRole('menuitem', { name: 'View Study Plan' }));
    expect(router.state.location.pathname).toBe(path);
  });
});
