import { SOE_MESSAGES } from '@predict/shared';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorReply, installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import { testUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { soeRow } from '../test/soe-fixtures';
import { StudySoeTable } from './study-soe-table';

// This machine is shared: give answers time to arrive before a wait gives up.
configure({ asyncUtilTimeout: 10_000 });

const CLONE = '/ctpo/study/7/SOEClone';
const DELETE = '/ctpo/study/7/SOEDelete';

async function openAction(action: 'Clone' | 'Delete', name = 'SOE 1') {
  const view = renderScreen(<StudySoeTable studyId={7} />, {
    route: '/ctpo/study-plans/7',
    path: '/ctpo/study-plans/:studyId',
    user: testUser,
  });
  await view.user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await view.user.click(screen.getByRole('menuitem', { name: action }));
  const title = action === 'Clone' ? 'Clone Schedule of Events' : 'Delete Schedule of Events';
  return { ...view, dialog: await screen.findByRole('dialog', { name: title }) };
}

const bodyNames = () =>
  within(screen.getByRole('region', { name: 'Schedules of Events' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('Clone and Delete from the SOE table', () => {
  let server: FetchMock;
  let rows = [soeRow(1), soeRow(2)];

  beforeEach(() => {
    rows = [soeRow(1), soeRow(2)];
    server = installFetchMock();
    server.on('GET', '/ctpo/soe/study/7', () => rows);
  });

  it('clone asks for name and description, shows the unique-name 400, then opens the clone', async () => {
    let answer = json(
      {
        error: 'Bad Request',
        message: 'Invalid input.',
        fields: [{ path: 'body.name', message: SOE_MESSAGES.nameUnique }],
      },
      400,
    );
    server.on('POST', CLONE, () => answer.clone());
    const { dialog, user, router } = await openAction('Clone');
    const name = within(dialog).getByRole('textbox', { name: /^SOE Name/ });
    const descr = within(dialog).getByRole('textbox', { name: /^SOE Description/ });
    expect(name).toHaveValue('Copy of SOE 1');
    expect(descr).toHaveValue('Description 1');

    fireEvent.change(descr, { target: { value: '  ' } });
    expect(within(dialog).getByText(SOE_MESSAGES.descriptionBlank)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Clone' })).toBeDisabled();
    fireEvent.change(descr, { target: { value: 'Copied' } });
    fireEvent.change(name, { target: { value: 'SOE 2' } });
    await user.click(within(dialog).getByRole('button', { name: 'Clone' }));
    expect(await within(dialog).findByText(SOE_MESSAGES.nameUnique)).toBeInTheDocument();
    expect(server.to(CLONE)[0]?.body).toEqual({
      scheduleOfEventsId: 201,
      studyId: 7,
      name: 'SOE 2',
      description: 'Copied',
    });

    answer = json([{ Id: 333 }], 201);
    fireEvent.change(name, { target: { value: 'SOE 3' } });
    expect(within(dialog).queryByText(SOE_MESSAGES.nameUnique)).not.toBeInTheDocument();
    // Enter in the name submits the form.
    await user.type(name, '{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ctpo/study-plans/7/soe/333'));
  }, 60_000);

  it('delete warns what goes and that it cannot be undone, deletes, says so and refreshes the list', async () => {
    server.on('POST', DELETE, () => {
      rows = [soeRow(2)];
      return [{ Id: 201 }];
    });
    const { dialog, user } = await openAction('Delete');
    expect(dialog).toHaveTextContent(
      "Are you sure you want to delete 'SOE 1'? This cannot be undone. It removes the visits, assessments and " +
        'mappings at study and country level, including the cost, clinical strategy and data management details.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(SOE_MESSAGES.deleted)).toBeInTheDocument();
    expect(server.to(DELETE)[0]?.body).toEqual({ scheduleOfEventsId: 201, studyId: 7 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(bodyNames()).toEqual(['SOE 2']));
  }, 60_000);

  it("shows the spec's refusal text with a single Close when the server refuses (not the creator)", async () => {
    server.on('POST', DELETE, errorReply(403, SOE_MESSAGES.deleteNotCreator));
    const { dialog, user } = await openAction('Delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(SOE_MESSAGES.deleteNotCreator)).toBeInTheDocument();
    expect(SOE_MESSAGES.deleteNotCreator).toBe(
      'SOE cannot be deleted. Please contact the Creator of the SOE to delete.',
    );
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Close']);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyNames()).toEqual(['SOE 1', 'SOE 2']);
  }, 60_000);

  it('a failed delete says so', async () => {
    server.on('POST', DELETE, errorReply(500));
    const { dialog, user } = await openAction('Delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(SOE_MESSAGES.deleteFailed)).toBeInTheDocument();
  }, 60_000);
});
