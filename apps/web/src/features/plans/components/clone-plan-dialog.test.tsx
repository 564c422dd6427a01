import { NAME_UNIQUE_MESSAGE } from '@predict/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import { testUser } from '@/test/fixtures';
import { planRow } from '../test/plan-fixtures';
import { renderPlans, servePlans } from '../test/render-plans';

const LONG_NAME = 'A study plan name that is exactly fifty characters';

async function openClone(name = 'Plan 1') {
  const view = renderPlans();
  await view.user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await view.user.click(screen.getByRole('menuitem', { name: 'Clone' }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Clone Study Plan' }) };
}

const nameBox = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Study Plan Name' });
const descrBox = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: 'Study Plan Description' });
// change events rather than typing: these tests are about the rules, and typing is slow on a busy machine.
const setValue = (box: HTMLElement, value: string) => fireEvent.change(box, { target: { value } });

describe('ClonePlanDialog', () => {
  let server: FetchMock;

  beforeEach(() => {
    server = installFetchMock();
    servePlans(server, [planRow(1), planRow(2, { studyPlanName: LONG_NAME })]);
    server.on('POST', '/ctpo/clone', json([{ returnCode: '200', studyPlanId: 555, studyId: 7 }], 201));
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('proposes the name plus - Clone, cut to 50, with a counter, in the current study', async () => {
    const { dialog } = await openClone(LONG_NAME);
    const expected = `${LONG_NAME.slice(0, 42)} - Clone`;
    expect(expected).toHaveLength(50);
    expect(nameBox(dialog)).toHaveValue(expected);
    expect(within(dialog).getByText('50/50')).toBeInTheDocument();
    expect(descrBox(dialog)).toHaveValue('Description 2');
    expect(within(dialog).getByRole('combobox', { name: 'Copy To Project' })).toHaveValue(
      'P-007 - Examplumab study',
    );
  });

  it('clones into the current study and opens the clone', async () => {
    const { user, dialog, router } = await openClone();
    expect(nameBox(dialog)).toHaveValue('Plan 1 - Clone');
    await user.click(within(dialog).getByRole('button', { name: 'Clone' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ctpo/study-plans/7/555/'));
    expect(server.to('/ctpo/clone')[0]?.body).toEqual({
      studyPlanId: 101,
      studyPlanName: 'Plan 1 - Clone',
      studyPlanDescr: 'Description 1',
      scenarioStatus: 'Draft',
      ownedBy: testUser.name,
      studyId: 7,
    });
  });

  it('checks the form with the plan rules before sending', async () => {
    const { user, dialog } = await openClone();
    setValue(nameBox(dialog), '');
    setValue(descrBox(dialog), ' ');
    await user.click(within(dialog).getByRole('button', { name: 'Clone' }));
    expect(server.to('/ctpo/clone')).toHaveLength(0);

    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(2);
    setValue(descrBox(dialog), 'Copy');
    setValue(nameBox(dialog), 'plan 3');
    expect(within(dialog).queryByText('This field is required.')).not.toBeInTheDocument();
    setValue(nameBox(dialog), ` ${LONG_NAME.toUpperCase()} `);
    expect(within(dialog).getByText(NAME_UNIQUE_MESSAGE)).toBeInTheDocument();
    expect(server.to('/ctpo/clone')).toHaveLength(0);
  });

  it("shows the server's 400 field messages under the fields and stays open", async () => {
    server.on(
      'POST',
      '/ctpo/clone',
      json(
        {
          error: 'Bad Request',
          message: 'Invalid request.',
          fields: [{ path: 'body.studyPlanName', message: NAME_UNIQUE_MESSAGE }],
        },
        400,
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, dialog, router } = await openClone();
    await user.click(within(dialog).getByRole('button', { name: 'Clone' }));
    expect(await within(dialog).findByText(NAME_UNIQUE_MESSAGE)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ctpo/study-plans/7');
    expect(within(dialog).getByRole('button', { name: 'Clone' })).toBeEnabled();
    // Editing the name clears the server's verdict on it.
    setValue(nameBox(dialog), 'Plan 1 - Clone!');
    expect(within(dialog).queryByText(NAME_UNIQUE_MESSAGE)).not.toBeInTheDocument();
  });

  it('only logs other failures and clears the busy state', async () => {
    server.on('POST', '/ctpo/clone', json({ error: 'Error', message: 'Boom.' }, 500));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, dialog } = await openClone();
    await user.click(within(dialog).getByRole('button', { name: 'Clone' }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Clone' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('copies to another project found by a search debounced 300 ms', async () => {
    server.on('GET', /^\/ctpo\/studies\/project\//, [
      { studyId: 9, projectId: 'P-009', studyName: 'Other study', sponsorName: 'Beta' },
    ]);
    server.on('POST', '/ctpo/clone', json([{ returnCode: '200', studyPlanId: 556, studyId: 9 }], 201));
    const { user, dialog, router } = await openClone();
    const box = within(dialog).getByRole('combobox', { name: 'Copy To Project' });
    await user.clear(box);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.type(box, 'P-00');
    const searches = () => server.to('/ctpo/studies/project/').map((r) => r.path);
    const before = searches().filter((p) => p.includes('P-00')).length;
    expect(before).toBe(0);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    vi.useRealTimers();
    await waitFor(() => expect(searches()).toContain('/ctpo/studies/project/P-00*'));
    await user.click(await screen.findByRole('option', { name: 'P-009 - Other study' }));
    await user.click(within(dialog).getByRole('button', { name: 'Clone' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ctpo/study-plans/9/556/'));
    expect(server.to('/ctpo/clone')[0]?.body).toMatchObject({ studyId: 9 });
  });
});
