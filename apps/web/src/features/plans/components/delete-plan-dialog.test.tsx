import { PLAN_DELETE_REFUSED_MESSAGE } from '@predict/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorReply, installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { okRow, planRow } from '../test/plan-fixtures';
import { bodyNames, renderPlans, servePlans } from '../test/render-plans';

const DELETE_PATH = '/ctpo/study/7/EnrollmentPlanDelete';

async function openDelete(name: string) {
  const view = renderPlans();
  await view.user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await view.user.click(screen.getByRole('menuitem', { name: 'Delete' }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Delete Study Plan' }) };
}

describe('DeletePlanDialog', () => {
  let server: FetchMock;
  let plans = [planRow(1), planRow(2)];

  beforeEach(() => {
    plans = [planRow(1), planRow(2)];
    server = installFetchMock();
    servePlans(server, () => plans);
  });

  it('warns, deletes with the row version, says so and refreshes the table', async () => {
    server.on('POST', DELETE_PATH, () => {
      plans = [planRow(2)];
      return okRow({ returnDesc: 'Deleted successfully', studyPlanId: 101 });
    });
    const { user, dialog } = await openDelete('Plan 1');
    expect(dialog).toHaveTextContent(
      "Are you sure you want to delete 'Plan 1'? Deletion cannot be undone and removes all related information.",
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    expect(server.to(DELETE_PATH)[0]?.body).toEqual({ studyId: 7, studyPlanId: 101, rowVersion: 3 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(bodyNames()).toEqual(['Plan 2']));
  });

  it('Cancel closes without deleting', async () => {
    const { user, dialog } = await openDelete('Plan 1');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.to(DELETE_PATH)).toHaveLength(0);
  });

  it('explains, with a single Close button, that a non-deletable plan cannot be deleted', async () => {
    plans = [planRow(1, { isDeletable: false, scenarioStatus: 'Proposal' })];
    const { user, dialog } = await openDelete('Plan 1');
    expect(dialog).toHaveTextContent(PLAN_DELETE_REFUSED_MESSAGE);
    expect(PLAN_DELETE_REFUSED_MESSAGE).toBe(
      "Enrollment Plan cannot be deleted. Please contact the Creator of the Enrollment Plan to delete and confirm the status is 'Draft'.",
    );
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Close']);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.to(DELETE_PATH)).toHaveLength(0);
  });

  it('turns a 403 into the same text, without a snackbar', async () => {
    server.on('POST', DELETE_PATH, errorReply(403, PLAN_DELETE_REFUSED_MESSAGE));
    const { user, dialog } = await openDelete('Plan 1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(PLAN_DELETE_REFUSED_MESSAGE);
    expect(screen.queryByText('Failed to Delete Enrollment Plan')).not.toBeInTheDocument();
  });

  it('shows Failed to Delete Enrollment Plan for other failures, and for a non-200 return code', async () => {
    server.on('POST', DELETE_PATH, errorReply(500));
    const { user, dialog } = await openDelete('Plan 1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to Delete Enrollment Plan')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    server.on('POST', DELETE_PATH, [{ returnCode: '500', studyPlanId: 101 }]);
    await user.click(screen.getByRole('button', { name: 'Actions for Plan 1' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete Study Plan' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByText('Failed to Delete Enrollment Plan')).toHaveLength(2));
  });
});
