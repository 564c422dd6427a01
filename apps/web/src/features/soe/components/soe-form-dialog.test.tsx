import { NEW_SOE_FORM, SOE_MESSAGES } from '@predict/shared';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { planRow } from '@/features/plans/test/plan-fixtures';
import { installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { soeDetail } from '../test/soe-fixtures';
import { CreateSoeDialog, EditSoeDialog, ViewSoeDialog } from './soe-form-dialog';

// The form is large and this machine is shared: give answers time to arrive before a wait gives up.
configure({ asyncUtilTimeout: 10_000 });

const renderDialog = (ui: React.ReactElement) =>
  renderScreen(ui, { route: '/ctpo/study-plans/7', path: '/ctpo/study-plans/:studyId' });

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const select = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) });
const saveButton = () => screen.getByRole('button', { name: 'Save' });

/** Sets a text field's whole value and leaves it (typing key by key re-renders the large form too slowly here). */
function enter(input: HTMLElement, value: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe('Create Schedule of Events', () => {
  let server: FetchMock;

  beforeEach(() => {
    server = installFetchMock();
    server.on('GET', '/ctpo/plans/study/7', [planRow(1), planRow(2)]);
    server.on('GET', '/ctpo/soe/study/7', []);
  }, 60_000);

  it('starts from the defaults, judges required fields, and the Not Available switches clear and free them', async () => {
    const { user } = renderDialog(<CreateSoeDialog studyId={7} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Create Schedule of Events' });
    expect(select('Status')).toHaveTextContent('Draft');
    expect(select('Visit Interval Type')).toHaveTextContent('Day');
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD - US Dollar');
    expect(saveButton()).toBeDisabled();

    enter(field('SOE Name'), '   ');
    expect(within(dialog).getByText(SOE_MESSAGES.nameBlank)).toBeInTheDocument();
    enter(field('Protocol Version'), '');
    expect(within(dialog).getByText(SOE_MESSAGES.required)).toBeInTheDocument();

    enter(field('Protocol Version'), 'v2');
    await user.click(screen.getByRole('switch', { name: 'Protocol Version Not Available' }));
    expect(field('Protocol Version')).toHaveValue('');
    expect(field('Protocol Version')).toBeDisabled();
    expect(field('Protocol Version')).not.toBeRequired();
    await user.click(screen.getByRole('switch', { name: 'Protocol Version Not Available' }));
    // Back on: required again, and empty.
    expect(within(dialog).getByText(SOE_MESSAGES.required)).toBeInTheDocument();
  }, 60_000);

  it('creates with every field sent, the date typed as DD/MMM/YYYY, and shows the unique-name 400 on the name', async () => {
    let answer: Response = json({ error: 'Bad Request', message: 'Invalid input.', fields: [] }, 400);
    server.on('POST', '/ctpo/study/7/soe', () => answer.clone());
    answer = json(
      {
        error: 'Bad Request',
        message: 'Invalid input.',
        fields: [{ path: 'body.scheduleOfEventsName', message: SOE_MESSAGES.nameUnique }],
      },
      400,
    );
    const onClose = vi.fn();
    const { user } = renderDialog(<CreateSoeDialog studyId={7} onClose={onClose} />);
    enter(field('SOE Name'), 'Main SOE');
    enter(field('SOE Description'), 'Everything');
    enter(field('Protocol Date'), '3/feb/2026');
    expect(field('Protocol Date')).toHaveValue('03/Feb/2026');
    expect(field('Protocol Date')).toHaveAttribute('placeholder', 'DD/MMM/YYYY');
    expect(saveButton()).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Protocol Version Not Available' }));
    await user.click(select('Linked Study Plan'));
    await user.click(await screen.findByRole('option', { name: 'Plan 2' }));
    await user.click(select('CDA Review % Time'));
    await user.click(await screen.findByRole('option', { name: '30%' }));
    enter(field('Study Ad Hoc Review'), '1000');
    expect(screen.getByText(SOE_MESSAGES.adhocReview)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    enter(field('Study Ad Hoc Review'), '12.25');
    await user.click(saveButton());

    expect(await screen.findByText(SOE_MESSAGES.nameUnique)).toBeInTheDocument();
    expect(field('SOE Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
    expect(server.to('/ctpo/study/7/soe', 'POST')[0]?.body).toEqual({
      ...NEW_SOE_FORM,
      scheduleOfEventsName: 'Main SOE',
      scheduleOfEventsDescr: 'Everything',
      studyPlanId: 102,
      CDAReviewPctTime: 30,
      StudyAdhocReview: 12.25,
      protocolVersionNotAvailable: true,
      protocolVersion: null,
      protocolDate: '2026-02-03',
    });

    // Editing the name drops the server's message; the next try succeeds and closes.
    enter(field('SOE Name'), 'Main SOE 2');
    expect(screen.queryByText(SOE_MESSAGES.nameUnique)).not.toBeInTheDocument();
    answer = json([{ Id: 305 }], 201);
    await user.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText(SOE_MESSAGES.saved)).toBeInTheDocument();
    expect(server.to('/ctpo/study/7/soe', 'POST')[1]?.body).toMatchObject({
      scheduleOfEventsName: 'Main SOE 2',
    });
  }, 60_000);
});

describe('Edit and View Schedule of Events', () => {
  let server: FetchMock;

  beforeEach(() => {
    server = installFetchMock();
    server.on('GET', '/ctpo/plans/study/7', [planRow(1), planRow(2)]);
  }, 60_000);

  it('shows the SOE, saves only a change, with the version read', async () => {
    server.on('POST', '/ctpo/study/7/SOEEdit', [{ Id: 201 }]);
    const onSaved = vi.fn();
    const onClose = vi.fn();
    const { user } = renderDialog(<EditSoeDialog soe={soeDetail()} onClose={onClose} onSaved={onSaved} />);
    expect(screen.getByRole('dialog', { name: 'Edit Schedule of Events' })).toBeInTheDocument();
    expect(field('SOE Name')).toHaveValue('Oncology SOE');
    expect(field('Protocol Date')).toHaveValue('03/Feb/2026');
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR - Euro');
    expect(await screen.findByText('Plan 1')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    await user.click(select('Status'));
    await user.click(await screen.findByRole('option', { name: 'Final' }));
    expect(saveButton()).toBeEnabled();
    await user.click(select('Status'));
    await user.click(await screen.findByRole('option', { name: 'Draft' }));
    expect(saveButton()).toBeDisabled();
    await user.click(select('Status'));
    await user.click(await screen.findByRole('option', { name: 'Final' }));
    await user.click(saveButton());

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(4));
    expect(onClose).toHaveBeenCalled();
    expect(server.to('/ctpo/study/7/SOEEdit')[0]?.body).toMatchObject({
      scheduleOfEventsId: 201,
      version: 4,
      scheduleOfEventsStatus: 'Final',
      currency: 'EUR',
      protocolDate: '2026-02-03',
      StudyAdhocReview: 12.5,
    });
  }, 60_000);

  it('says so when another save came first (409)', async () => {
    server.on('POST', '/ctpo/study/7/SOEEdit', json({ error: 'Conflict', message: 'stale' }, 409));
    const { user } = renderDialog(<EditSoeDialog soe={soeDetail()} onClose={vi.fn()} />);
    enter(field('Assessor Name'), 'x');
    await user.click(saveButton());
    expect(await screen.findByText(SOE_MESSAGES.staleVersion)).toBeInTheDocument();
  }, 60_000);

  it('View shows every field disabled, with Close only', async () => {
    const onClose = vi.fn();
    const { user } = renderDialog(
      <ViewSoeDialog soe={soeDetail({ protocolVersion: null })} onClose={onClose} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'View Schedule of Events' });
    for (const input of within(dialog).getAllByRole('textbox')) expect(input).toBeDisabled();
    for (const s of within(dialog).getAllByRole('switch')) expect(s).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Protocol Version Not Available' })).toBeChecked();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).not.toContain('Save');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
