import { SOE_MESSAGES } from '@predict/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import {
  EDITOR_PATH,
  EDITOR_ROUTE,
  serveSoe,
  soeDetail,
  SOE_ID,
  STUDY_ID,
  visit,
} from '../test/soe-editor-fixtures';
import { SoeEditorScreen } from './soe-editor-screen';

/**
 * The bottom bar's Edit (spec/2 sections 2 and 4): the Edit Schedule of Events dialog saves the SOE's own fields
 * apart from the tables, so it stays available with unsaved table edits, and those edits survive it.
 */
describe('Edit with unsaved table changes', () => {
  let server: FetchMock;
  beforeEach(() => {
    server = installFetchMock();
    serveSoe(server, { visits: [visit(11, 'Screening Visit', 1)] });
    server.on('GET', `/ctpo/plans/study/${STUDY_ID}`, []);
  });

  it('opens the dialog, saves the details, keeps the edits, and the next save goes with the new version', async () => {
    server.on('POST', `/ctpo/study/${STUDY_ID}/SOEEdit`, () => {
      // The server raised the version by one; the editor's reads now answer it.
      serveSoe(server, {
        soe: soeDetail({ version: 5, scheduleOfEventsDescr: 'Phase II schedule, amended' }),
        visits: [visit(11, 'Screening Visit', 1)],
      });
      return [{ Id: SOE_ID }];
    });
    server.on('POST', `/ctpo/soe/${SOE_ID}/save`, { version: 6, visits: [], assessments: [] });
    const { user } = renderScreen(<SoeEditorScreen studyId={STUDY_ID} soeId={SOE_ID} />, {
      route: EDITOR_ROUTE,
      path: EDITOR_PATH,
    });
    const visits = await screen.findByRole('table', { name: 'Visits' });
    await user.type(within(visits).getByLabelText('Visit name 1'), ' A');

    const edit = screen.getByText('Edit', { selector: 'button' });
    expect(edit).toBeEnabled();
    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Schedule of Events' });
    const description = within(dialog).getByRole('textbox', { name: /^SOE Description/ });
    await user.type(description, ', amended');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(server.to(`/ctpo/study/${STUDY_ID}/SOEEdit`)[0]?.body).toMatchObject({ version: 4 });

    // The header shows the new details; the table edit is still there and still unsaved.
    expect(await screen.findByText('Phase II schedule, amended')).toBeInTheDocument();
    expect(screen.getByLabelText('Visit name 1')).toHaveValue('Screening Visit A');
    await user.click(screen.getByText('Save', { selector: 'button' }));
    await screen.findAllByText(SOE_MESSAGES.saved);
    expect(server.to(`/ctpo/soe/${SOE_ID}/save`)[0]?.body).toMatchObject({
      version: 5,
      visits: [{ visitKey: '11', visitName: 'Screening Visit A' }],
    });
  }, 60_000);
});
