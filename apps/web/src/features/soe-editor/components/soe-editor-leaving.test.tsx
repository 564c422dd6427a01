import { SOE_MESSAGES } from '@predict/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import {
  assessment,
  EDITOR_PATH,
  EDITOR_ROUTE,
  serveSoe,
  SOE_ID,
  STUDY_ID,
  visit,
} from '../test/soe-editor-fixtures';
import { UNSAVED_CHANGES_TITLE } from './unsaved-changes-dialog';
import { SoeEditorScreen } from './soe-editor-screen';

/** The address as the editor writes it, so that a second render is the same entry (a reload keeps its key). */
const SETTLED = `${EDITOR_ROUTE}?bf=&siteId=1&sg=0`;
const STUDY_PAGE = `/ctpo/study-plans/${STUDY_ID}`;

const renderEditor = () =>
  renderScreen(<SoeEditorScreen studyId={STUDY_ID} soeId={SOE_ID} />, { route: SETTLED, path: EDITOR_PATH });

/** Types into the first visit's name: an unsaved change. */
async function editVisit(user: ReturnType<typeof renderEditor>['user']) {
  const visits = await screen.findByRole('table', { name: 'Visits' });
  await user.type(within(visits).getByLabelText('Visit name 1'), ' A');
}

const unsavedDialog = () => screen.findByRole('dialog', { name: UNSAVED_CHANGES_TITLE });

describe('leaving the SOE editor with unsaved changes (spec/2 sections 2 and 4)', () => {
  let server: FetchMock;
  beforeEach(() => {
    server = installFetchMock();
    serveSoe(server, {
      visits: [visit(11, 'Screening Visit', 1)],
      assessments: [assessment(21, 'Blood draw', 1, { assessmentCost: 100 })],
    });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });

  it('Back to SOE List asks in the spec dialog, not an OK / Cancel warning, and Exit Without Saving leaves', async () => {
    const { user, router } = renderEditor();
    await editVisit(user);
    await user.click(screen.getByText('Back to SOE List'));
    const dialog = await unsavedDialog();
    expect(within(dialog).queryByText('OK', { selector: 'button' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Save & Exit', { selector: 'button' })).toBeEnabled();
    await user.click(within(dialog).getByText('Exit Without Saving', { selector: 'button' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(STUDY_PAGE));
    expect(server.to(`/ctpo/soe/${SOE_ID}/save`)).toHaveLength(0);
  }, 60_000);

  it('any other move to another page asks too; closing the dialog stays, Save & Exit saves and goes there', async () => {
    server.on('POST', `/ctpo/soe/${SOE_ID}/save`, { version: 5, visits: [], assessments: [] });
    const { user, router } = renderEditor();
    await editVisit(user);
    // The top bar's Home link, a breadcrumb or the browser's Back all navigate within the app like this.
    await act(() => router.navigate('/ctpo/'));
    await unsavedDialog();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(EDITOR_ROUTE);

    await act(() => router.navigate('/ctpo/'));
    const dialog = await unsavedDialog();
    await user.click(within(dialog).getByText('Save & Exit', { selector: 'button' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ctpo/'));
    expect(server.to(`/ctpo/soe/${SOE_ID}/save`)).toHaveLength(1);
  }, 60_000);

  it('Save & Exit stays in the editor when the save fails', async () => {
    server.on('POST', `/ctpo/soe/${SOE_ID}/save`, () =>
      json({ error: 'Conflict', message: SOE_MESSAGES.staleVersion }, 409),
    );
    const { user, router } = renderEditor();
    await editVisit(user);
    await user.click(screen.getByText('Back to SOE List'));
    await user.click(within(await unsavedDialog()).getByText('Save & Exit', { selector: 'button' }));
    expect(await screen.findByText(SOE_MESSAGES.staleVersion)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(EDITOR_ROUTE);
  }, 60_000);

  it('changing the tab keeps the changes without asking (the tab is part of the same page)', async () => {
    server
      .on('GET', `/ctpo/soe/${SOE_ID}/visits/sitegroup/5/site/1`, [])
      .on('GET', `/ctpo/soe/${SOE_ID}/assessments/sitegroup/5/site/1`, []);
    const { user } = renderEditor();
    await editVisit(user);
    await user.click(screen.getByText('FRA', { selector: 'button' }));
    expect(screen.getByText('FRA', { selector: 'button' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Save', { selector: 'button' })).toBeEnabled();
  }, 60_000);
});

describe('the view memory (spec/2 section 2)', () => {
  beforeEach(() => {
    serveSoe(installFetchMock(), {
      visits: [visit(11, 'Screening Visit', 1)],
      assessments: [assessment(21, 'Blood draw', 1, { assessmentCost: 100 })],
    });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });

  /** Opens Assessments, edits a cost there, scrolls to 640 px and waits for the scroll to be written. */
  async function editAssessmentsAndScroll(user: ReturnType<typeof renderEditor>['user']) {
    await screen.findByRole('table', { name: 'Visits' });
    await user.click(document.getElementById('assessments-header')!);
    const table = await screen.findByRole('table', { name: 'Assessments' });
    await user.type(within(table).getByLabelText('Cost of Blood draw'), '5');
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    fireEvent.scroll(window);
    await waitFor(() =>
      expect(window.sessionStorage.getItem(`predict.soe-editor.view.${SOE_ID}`)).toContain('"scrollY":640'),
    );
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  }

  it('a reload of the page comes back to the last edited table and the scroll position', async () => {
    const first = renderEditor();
    await editAssessmentsAndScroll(first.user);
    first.unmount();

    // The same address entry again, as after F5.
    renderEditor();
    expect(await screen.findByRole('table', { name: 'Assessments' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Visits' })).not.toBeInTheDocument();
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 640));
  }, 60_000);

  it('opening the editor afresh (a new address entry) starts with the Visits table, at the top', async () => {
    const { user, router } = renderEditor();
    await editAssessmentsAndScroll(user);
    // Leave without saving, then come back through a link: a new entry of the history.
    await act(() => router.navigate(STUDY_PAGE));
    await user.click(within(await unsavedDialog()).getByText('Exit Without Saving', { selector: 'button' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(STUDY_PAGE));
    await act(() => router.navigate(SETTLED));
    expect(await screen.findByRole('table', { name: 'Visits' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Assessments' })).not.toBeInTheDocument();
    expect(window.scrollTo).not.toHaveBeenCalled();
  }, 60_000);
});
