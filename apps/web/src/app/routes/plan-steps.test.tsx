import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import { readOnlyUser } from '@/test/fixtures';
import {
  location,
  planFixture,
  planRow,
  renderPlanEditor,
} from '@/features/plan-shell/test/plan-shell-test-utils';

const stepButton = (name: string) => screen.getByRole('button', { name });

describe('plan step routes and header', { timeout: 20_000 }, () => {
  let server: FetchMock;

  beforeEach(() => {
    server = installFetchMock()
      .on('GET', '/ctpo/plans/study/7', [planRow(42, 'Base plan')])
      .on('GET', '/ctpo/plan/42', planFixture())
      .on(
        'GET',
        '/ctpo/plan/43',
        planFixture({ studyPlanId: 43, scenarioStatus: 'Proposal', isEditable: false }),
      );
  });

  it('names the three steps and marks the current one', async () => {
    renderPlanEditor('/ctpo/study-plans/7/42/');
    await screen.findByDisplayValue('Base plan');
    expect(stepButton('1 Overall Parameters')).toHaveAttribute('aria-current', 'step');
    expect(stepButton('2 Countries & Site Groups')).toBeEnabled();
    expect(stepButton('3 Review Study Plan')).toBeEnabled();
  });

  it('sends read-only users from steps 1 and 2 to review, with steps disabled', async () => {
    const { router } = renderPlanEditor('/ctpo/study-plans/7/42/countries-and-site-groups', readOnlyUser);
    expect(await screen.findByRole('heading', { name: 'Overall Inputs' })).toBeInTheDocument();
    expect(location(router)).toBe('/ctpo/study-plans/7/42/review');
    expect(stepButton('1 Overall Parameters')).toBeDisabled();
    expect(screen.getByText('Base plan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('sends plans that are not Draft to review', async () => {
    const { router } = renderPlanEditor('/ctpo/study-plans/7/43/');
    await screen.findByRole('heading', { name: 'Overall Inputs' });
    expect(location(router)).toBe('/ctpo/study-plans/7/43/review');
    expect(screen.getByText('Proposal')).toBeInTheDocument();
  });

  it('does not change steps while a required detail or the plan id is missing', async () => {
    const { router } = renderPlanEditor('/ctpo/study-plans/7/new-plan_1/?s=scenario-b&seq=true');
    await screen.findByLabelText('Study Plan Name');
    // A sequential plan has neither an overall duration nor the pause fields.
    expect(screen.queryByLabelText('Overall Enrollment Duration')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Pause Enrollment After Patient #')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Sites to Activate (Upper Bound)')).toBeInTheDocument();
    expect(stepButton('2 Countries & Site Groups')).toBeDisabled();
    expect(stepButton('3 Review Study Plan')).toBeDisabled();
    expect(location(router)).toBe('/ctpo/study-plans/7/new-plan_1/?s=scenario-b&seq=true');
  });

  it('blocks step changes of a saved plan whose name is cleared', async () => {
    renderPlanEditor('/ctpo/study-plans/7/42/');
    const name = await screen.findByDisplayValue('Base plan');
    fireEvent.change(name, { target: { value: '' } });
    expect(stepButton('3 Review Study Plan')).toBeDisabled();
  });

  it('asks before leaving a step with unsaved changes', async () => {
    const { router, user } = renderPlanEditor('/ctpo/study-plans/7/42/');
    const name = await screen.findByDisplayValue('Base plan');
    await user.type(name, ' v2');
    await user.click(stepButton('3 Review Study Plan'));
    const dialog = await screen.findByRole('dialog', { name: 'Warning!' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(location(router)).toBe('/ctpo/study-plans/7/42/');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(stepButton('3 Review Study Plan'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Warning!' })).getByRole('button', { name: 'OK' }),
    );
    await waitFor(() => expect(location(router)).toBe('/ctpo/study-plans/7/42/review'));
  });

  it('step 2 without countries asks for one and only moves between steps', async () => {
    // Next Step checks the saved plan first (step 2 validation); here nothing blocks.
    server.on('GET', '/ctpo/plan/42/validation', { items: [], buttonType: 'ALL' });
    const { router, user } = renderPlanEditor('/ctpo/study-plans/7/42/countries-and-site-groups');
    expect(await screen.findByText('Add a country to start.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Draft' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await waitFor(() => expect(location(router)).toBe('/ctpo/study-plans/7/42/review'));
    await screen.findByRole('heading', { name: 'Overall Inputs' });
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location(router)).toBe('/ctpo/study-plans/7/42/countries-and-site-groups'));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location(router)).toBe('/ctpo/study-plans/7/42/'));
  });

  it('shows the overall parameters on review with plan dates as DD-Mon-YYYY', async () => {
    renderPlanEditor('/ctpo/study-plans/7/42/review');
    await screen.findByRole('heading', { name: 'Overall Inputs' });
    expect(screen.getByText('15-Jan-2026')).toBeInTheDocument();
    expect(screen.getByText('Enrollment Rate').nextSibling).toHaveTextContent('0.5');
    expect(screen.getByText('Treatment Duration').nextSibling).toHaveTextContent('180 days');
  });

  it('shows not found for an unknown plan', async () => {
    server.on('GET', '/ctpo/plan/99', json({ error: 'Not Found', message: 'No such plan.' }, 404));
    renderPlanEditor('/ctpo/study-plans/7/99/review');
    expect(await screen.findByText('Study plan not found.')).toBeInTheDocument();
  });

  it('sends a new plan without its kind back to choose one', async () => {
    renderPlanEditor('/ctpo/study-plans/7/new-plan_1/');
    expect(await screen.findByText('Choose the kind of the new plan on the study page.')).toBeInTheDocument();
  });
});
