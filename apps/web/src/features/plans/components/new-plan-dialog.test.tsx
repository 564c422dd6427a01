import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorReply, installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import { planRow } from '../test/plan-fixtures';
import { renderPlans, servePlans } from '../test/render-plans';

const COMBINE_PATH = '/ctpo/cohort/study/7';

async function openNewPlan() {
  const view = renderPlans();
  const add = await screen.findByRole('button', { name: 'Add Study Plan' });
  await waitFor(() => expect(add).toBeEnabled());
  await view.user.click(add);
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Create New Study Plan' }) };
}

describe('NewPlanDialog', () => {
  let server: FetchMock;

  beforeEach(() => {
    server = installFetchMock();
    servePlans(server, [
      planRow(1, { studyPlanName: 'Rates plan', studyPlanType: 1, studyPlanTypeDetail: 'Rates' }),
      planRow(2, { studyPlanName: 'Duration plan' }),
      planRow(3, { studyPlanName: 'Cohort plan', studyPlanTypeDetail: 'Cohort (D)', cohortType: 2 }),
      planRow(4, { studyPlanName: 'Remodel plan', studyPlanTypeDetail: 'Remodel (D)' }),
      planRow(5, { studyPlanName: 'Combo plan', studyPlanTypeDetail: 'Combination (D)' }),
    ]);
  });

  it('opens the editor of a new Enrollment Rates plan', async () => {
    const { user, dialog, router } = await openNewPlan();
    expect(within(dialog).getByRole('radio', { name: 'Enrollment Rates' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Sequential Cohorts' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const { pathname, search } = router.state.location;
    expect(pathname).toMatch(/^\/ctpo\/study-plans\/7\/new-plan_[\w-]+\/$/);
    expect(search).toBe('?s=scenario-a&seq=false');
  });

  it.each([
    [false, '?s=scenario-b&seq=false'],
    [true, '?s=scenario-b&seq=true'],
  ])('opens a new Duration plan with Sequential Cohorts %s', async (sequential, expected) => {
    const { user, dialog, router } = await openNewPlan();
    await user.click(within(dialog).getByRole('radio', { name: 'Overall Enrollment Duration' }));
    if (sequential) await user.click(within(dialog).getByRole('checkbox', { name: 'Sequential Cohorts' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(router.state.location.pathname).toMatch(/^\/ctpo\/study-plans\/7\/new-plan_/);
    expect(router.state.location.search).toBe(expected);
  });

  it('offers only Duration, Rates and Cohort (D) plans, tagged [R] or [D]', async () => {
    const { user, dialog } = await openNewPlan();
    await user.click(within(dialog).getByRole('radio', { name: 'Combination' }));
    const available = within(dialog).getByRole('list', { name: /Available plans/ });
    expect(
      within(available)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Rates plan [R]', 'Duration plan [D]', 'Cohort plan [D]']);
  });

  it('requires a name, a description and at least 2 plans, then creates the combination', async () => {
    let plansAfter = 0;
    server.on('POST', COMBINE_PATH, () => {
      plansAfter = server.to('/ctpo/plans/study/7').length;
      return json([{ returnCode: '200', studyPlanId: 200 }], 201);
    });
    const { user, dialog } = await openNewPlan();
    await user.click(within(dialog).getByRole('radio', { name: 'Combination' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(2);
    expect(within(dialog).getByText('Select at least 2 plans.')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Study Plan Name' }), {
      target: { value: 'Together' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Study Plan Description' }), {
      target: { value: 'Both' },
    });
    // Chosen one at a time: the order chosen is the order sent.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Cohort plan [D]' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move selected plans right' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Select at least 2 plans.')).toBeInTheDocument();
    expect(server.to(COMBINE_PATH)).toHaveLength(0);

    // Keyboard: Tab to a plan, Space ticks it.
    const rates = within(dialog).getByText('Rates plan [R]').closest<HTMLElement>('[role="listitem"]')!;
    rates.focus();
    await user.keyboard(' ');
    expect(within(dialog).getByRole('checkbox', { name: 'Rates plan [R]' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Move selected plans right' }));
    expect(within(dialog).queryByText('Select at least 2 plans.')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Study plan created successfully.')).toBeInTheDocument();
    expect(server.to(COMBINE_PATH)[0]?.body).toEqual([
      { studyId: 7, studyPlanId: 103, studyPlanName: 'Together', studyPlanDescr: 'Both' },
      { studyId: 7, studyPlanId: 101, studyPlanName: 'Together', studyPlanDescr: 'Both' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(server.to('/ctpo/plans/study/7').length).toBeGreaterThan(plansAfter));
  });

  it('moves plans back and rejects a name already used in the study', async () => {
    const { user, dialog } = await openNewPlan();
    await user.click(within(dialog).getByRole('radio', { name: 'Combination' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Study Plan Name' }), {
      target: { value: ' duration PLAN ' },
    });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Rates plan [R]' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move selected plans right' }));
    const selected = within(dialog).getByRole('list', { name: /Selected plans/ });
    expect(within(selected).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Rates plan [R]' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move selected plans left' }));
    expect(within(selected).queryAllByRole('listitem')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Study Plan Name must be unique')).toBeInTheDocument();
  });

  it('says when the combination cannot be created and keeps the dialog open', async () => {
    server.on('POST', COMBINE_PATH, errorReply(500));
    const { user, dialog } = await openNewPlan();
    await user.click(within(dialog).getByRole('radio', { name: 'Combination' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Study Plan Name' }), {
      target: { value: 'Together' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Study Plan Description' }), {
      target: { value: 'Both' },
    });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Rates plan [R]' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Duration plan [D]' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move selected plans right' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Unable to create study plan. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create New Study Plan' })).toBeInTheDocument();
  });
});
