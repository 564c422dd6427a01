import { PLAN_VERSION_CONFLICT_MESSAGE } from '@predict/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import { okRow, planRow } from '../test/plan-fixtures';
import { renderPlans, servePlans } from '../test/render-plans';

const SAVE_AS_PATH = '/ctpo/study/7/EnrollmentPlanSaveAs';

async function openSaveAs(name: string) {
  const view = renderPlans();
  await view.user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await view.user.click(screen.getByRole('menuitem', { name: 'Save As' }));
  const submenu = await screen.findByRole('menu', { name: 'Save As' });
  return { ...view, submenu };
}

const options = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((i) => i.textContent);

describe('Save As', () => {
  let server: FetchMock;

  beforeEach(() => {
    server = installFetchMock();
    servePlans(server, [
      planRow(1, { studyPlanVersion: 2 }),
      planRow(2, { studyPlanTypeDetail: 'Remodel (D)' }),
      planRow(3, { studyPlanTypeDetail: 'Combination (D)', scenarioStatus: 'Baseline Plan' }),
    ]);
    server.on('POST', SAVE_AS_PATH, okRow());
  });

  it.each([
    ['Plan 1', ['Draft', 'Baseline Plan', 'Ongoing Study', 'Post-Proposal', 'Proposal']],
    ['Plan 2', ['Draft', 'Baseline Plan']],
    ['Plan 3', ['Draft-Combo', 'Baseline Plan', 'Ongoing Study', 'Post-Proposal', 'Proposal']],
  ])('offers %s the statuses of its type', async (name, expected) => {
    const { submenu } = await openSaveAs(name);
    expect(options(submenu)).toEqual(expected);
  });

  it('confirms Draft with the next version in the text, then saves', async () => {
    const { user, submenu } = await openSaveAs('Plan 1');
    await user.click(within(submenu).getByRole('menuitem', { name: 'Draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save As Draft' });
    expect(dialog).toHaveTextContent("The draft will be saved as 'Plan 1 v3'.");
    expect(server.to(SAVE_AS_PATH)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Study plan saved as Draft.')).toBeInTheDocument();
    expect(server.to(SAVE_AS_PATH)[0]?.body).toEqual({
      studyPlanId: 101,
      scenarioStatus: 'Draft',
      rowVersion: 3,
    });
  });

  it('does nothing when the Draft confirmation is cancelled', async () => {
    const { user, submenu } = await openSaveAs('Plan 3');
    await user.click(within(submenu).getByRole('menuitem', { name: 'Draft-Combo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save As Draft' });
    expect(dialog).toHaveTextContent("The draft will be saved as 'Plan 3 v2'.");
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.to(SAVE_AS_PATH)).toHaveLength(0);
  });

  it('applies other statuses at once and refreshes the list', async () => {
    const { user, submenu } = await openSaveAs('Plan 1');
    const before = server.to('/ctpo/plans/study/7').length;
    await user.click(within(submenu).getByRole('menuitem', { name: 'Proposal' }));
    expect(await screen.findByText('Study plan saved as Proposal.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.to(SAVE_AS_PATH)[0]?.body).toMatchObject({ scenarioStatus: 'Proposal' });
    await waitFor(() => expect(server.to('/ctpo/plans/study/7').length).toBe(before + 1));
  });

  it('tells the user when the plan changed meanwhile (409) and reloads the list', async () => {
    server.on('POST', SAVE_AS_PATH, json({ error: 'Conflict', message: 'Stale.', currentVersion: 4 }, 409));
    const { user, submenu } = await openSaveAs('Plan 1');
    const before = server.to('/ctpo/plans/study/7').length;
    await user.click(within(submenu).getByRole('menuitem', { name: 'Baseline Plan' }));
    expect(await screen.findByText(PLAN_VERSION_CONFLICT_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(server.to('/ctpo/plans/study/7').length).toBe(before + 1));
  });
});
