import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import {
  CRO_START,
  location,
  planFixture,
  planRow,
  PROTOCOL,
  renderPlanEditor,
} from '@/features/plan-shell/test/plan-shell-test-utils';
import { button, field, fillValidPlan, NEW_A, set, STEP1_PATH, under } from '../test/step1-test-utils';

// Every keystroke re-renders the whole MUI form, which jsdom makes slow on a busy machine.
describe('Step 1: Overall Parameters', { timeout: 20_000 }, () => {
  let server: FetchMock;

  beforeEach(() => {
    server = installFetchMock()
      .on('GET', '/ctpo/plans/study/7', [planRow(1, 'Other plan')])
      .on('GET', '/ctpo/plan/42', planFixture());
  });

  it('shows the exact shared messages for name, integer and range rules', async () => {
    const { user } = renderPlanEditor(NEW_A);
    await user.type(field('Study Plan Name'), ' other PLAN ');
    expect(await screen.findByText('Study Plan Name must be unique')).toBeInTheDocument();
    await user.clear(field('Study Plan Name'));
    await user.tab();
    expect(under('Study Plan Name').getByText('This field is required.')).toBeInTheDocument();
    await user.type(field('Sites to Activate'), '2.5');
    expect(under('Sites to Activate').getByText('Has to be an integer.')).toBeInTheDocument();
    set('Enrollment Rate', '101');
    expect(under('Enrollment Rate').getByText('Has to be a value from 0 to 100.')).toBeInTheDocument();
    set('Screen Fail Rate', '1');
    expect(under('Screen Fail Rate').getByText('Has to be a value from 0 to 0.99.')).toBeInTheDocument();
    set('Pause Enrollment After Patient #', '10');
    expect(under('Resume Screening After (days)').getByText("Can't be empty.")).toBeInTheDocument();
    set('Resume Screening After (days)', '10000');
    expect(
      under('Resume Screening After (days)').getByText('Has to be a value from 1 to 9999.'),
    ).toBeInTheDocument();
  });

  it('shows the patient-count messages of the shared rules', () => {
    renderPlanEditor(NEW_A);
    set('Subjects to Screen', '0');
    expect(screen.getByText('Number of patients screened must be greater than 0')).toBeInTheDocument();
    set('Subjects to Screen', '100');
    set('Patients Enrolled', '150');
    expect(
      screen.getByText(
        "Number of patients enrolled shouldn't be greater than the number of patients screened",
      ),
    ).toBeInTheDocument();
    set('Patients Enrolled', '0');
    expect(screen.getByText('Number of patients enrolled must be greater than 0')).toBeInTheDocument();
    set('Patients Enrolled', '80');
    set('Patients Completing Treatment', '90');
    expect(
      screen.getByText(
        "Number of patients completing treatment shouldn't be greater than the number of patients screened or enrolled",
      ),
    ).toBeInTheDocument();
    set('Patients Completing Treatment', '70');
    set('Patients Completing Follow-up', '0');
    expect(
      screen.getByText('Number of patients completing follow up must be greater than 0'),
    ).toBeInTheDocument();
    set('Patients Completing Follow-up', '75');
    expect(
      screen.getByText(
        "Number of patients completing follow up shouldn't be greater than the number of patients completing treatment, screened or enrolled",
      ),
    ).toBeInTheDocument();
  });

  it('asks for one of each rate/count pair with "Can\'t be empty." and disables the other once one is filled', async () => {
    const editor = renderPlanEditor(NEW_A);
    const { user } = editor;
    await user.click(field('Screen Fail Rate'));
    await user.tab();
    expect(under('Screen Fail Rate').getByText("Can't be empty.")).toBeInTheDocument();
    await user.type(field('Patients Enrolled'), '250');
    expect(field('Screen Fail Rate')).toBeDisabled();
    await user.type(field('Drop-out Rate'), '.1');
    expect(field('Drop-out Rate')).toHaveValue('0.1');
    expect(field('Patients Completing Treatment')).toBeDisabled();
    await user.clear(field('Patients Enrolled'));
    expect(field('Screen Fail Rate')).toBeEnabled();
  });

  it('shows required messages of a new plan only once a field is handled', async () => {
    const { user } = renderPlanEditor(NEW_A);
    await screen.findByLabelText('Treatment Duration');
    expect(screen.queryByText("Can't be empty.")).not.toBeInTheDocument();
    await user.click(field('Treatment Duration'));
    await user.tab();
    expect(under('Treatment Duration').getByText("Can't be empty.")).toBeInTheDocument();
  });

  it('keeps letters out of numeric inputs', async () => {
    const { user } = renderPlanEditor(NEW_A);
    await user.type(field('Screen Fail Rate'), 'a0.b2-');
    expect(field('Screen Fail Rate')).toHaveValue('0.2');
  });

  it('enables Save Draft only for a complete, valid, changed plan', async () => {
    const editor = renderPlanEditor(NEW_A);
    expect(button('Save Draft')).toBeDisabled();
    expect(button('Next Step')).toBeDisabled();
    fillValidPlan();
    await waitFor(() => expect(button('Save Draft')).toBeEnabled());
    expect(button('Next Step')).toBeEnabled();
    await editor.user.clear(field('Treatment Duration'));
    expect(button('Save Draft')).toBeDisabled();
  });

  it('creates a new plan, then opens it under its id', async () => {
    server.on('POST', STEP1_PATH, () =>
      json({ ...planFixture({ studyPlanId: 55 }), Id: 55, returnCode: '200', warnings: [] }, 201),
    );
    server.on('GET', '/ctpo/plan/55', planFixture({ studyPlanId: 55 }));
    const editor = renderPlanEditor(NEW_A);
    fillValidPlan();
    await editor.user.click(button('Save Draft'));
    expect(await screen.findByText('Successfully saved plan.')).toBeInTheDocument();
    const [post] = server.to(STEP1_PATH, 'POST');
    expect(post!.body).toMatchObject({
      studyId: 7,
      studyPlanType: 1,
      cohortType: 0,
      studyPlanName: 'Fast plan',
      studyPlanDescr: 'Faster start-up',
      croProjectStartDateMillis: CRO_START,
      finalProtocolStartDateMillis: PROTOCOL,
      enrollmentRate: 0.5,
      screenFailRate: 0.2,
      parameters: [
        { parameterName: 'SITES_TO_ACTIVATE', lowerBound: 20 },
        { parameterName: 'SUBJECTS_TO_SCREEN', lowerBound: 300 },
      ],
    });
    expect(post!.body).not.toHaveProperty('studyPlanId');
    await waitFor(() => expect(location(editor.router)).toBe('/ctpo/study-plans/7/55/'));
    // The new-plan address is replaced, not kept in history.
    expect(editor.router.state.historyAction).toBe('REPLACE');
  });

  it('reports a failed creation and puts server messages under their fields', async () => {
    server.on('POST', STEP1_PATH, () =>
      json(
        {
          error: 'Bad Request',
          message: 'Invalid body.',
          fields: [{ path: 'body.parameters.SITES_TO_ACTIVATE.lowerBound', message: 'Too many sites.' }],
        },
        400,
      ),
    );
    const editor = renderPlanEditor(NEW_A);
    fillValidPlan();
    await editor.user.click(button('Save Draft'));
    expect(await screen.findByText('Failed to create new plan.')).toBeInTheDocument();
    expect(screen.getByText('Too many sites.')).toBeInTheDocument();
  });

  it('Next Step saves a new plan and goes to step 2 of its id', async () => {
    server.on('POST', STEP1_PATH, () =>
      json({ ...planFixture({ studyPlanId: 55 }), Id: 55, returnCode: '200', warnings: [] }, 201),
    );
    server.on('GET', '/ctpo/plan/55', planFixture({ studyPlanId: 55, actualStep: 2 }));
    const editor = renderPlanEditor(NEW_A);
    fillValidPlan();
    await editor.user.click(button('Next Step'));
    await waitFor(() =>
      expect(location(editor.router)).toBe('/ctpo/study-plans/7/55/countries-and-site-groups'),
    );
    expect(server.to(STEP1_PATH, 'POST')[0]!.body).toMatchObject({ actualStep: 2 });
  });

  it('Next Step on an unchanged saved plan just moves on', async () => {
    const editor = renderPlanEditor('/ctpo/study-plans/7/42/');
    expect(await screen.findByDisplayValue('Base plan')).toBeInTheDocument();
    await editor.user.click(button('Next Step'));
    await waitFor(() =>
      expect(location(editor.router)).toBe('/ctpo/study-plans/7/42/countries-and-site-groups'),
    );
    expect(server.to(STEP1_PATH, 'POST')).toHaveLength(0);
  });

  it('saves changed fields of a saved plan, and shows a 409 with a reload', async () => {
    server.on('POST', STEP1_PATH, () =>
      json(
        {
          error: 'Conflict',
          message: 'The plan was changed by someone else. Reload it to see the changes.',
          currentVersion: 4,
        },
        409,
      ),
    );
    const editor = renderPlanEditor('/ctpo/study-plans/7/42/');
    await screen.findByDisplayValue('Base plan');
    expect(button('Save Draft')).toBeDisabled();
    await editor.user.type(field('Follow-up Duration'), '0');
    await editor.user.click(button('Save Draft'));
    expect(server.to(STEP1_PATH, 'POST')[0]!.body).toEqual({
      studyPlanId: 42,
      studyId: 7,
      rowVersion: 3,
      followUpDuration: 300,
    });
    expect(
      await screen.findAllByText('The plan was changed by someone else. Reload it to see the changes.'),
    ).toHaveLength(2);
    server.on('GET', '/ctpo/plan/42', planFixture({ rowVersion: 4, followUpDuration: 45 }));
    await editor.user.click(button('Reload'));
    await waitFor(() => expect(field('Follow-up Duration')).toHaveValue('45'));
  });

  it('asks before leaving unsaved changes', async () => {
    const editor = renderPlanEditor('/ctpo/study-plans/7/42/');
    await screen.findByDisplayValue('Base plan');
    await editor.user.type(field('Study Plan Name'), ' 2');
    await editor.user.click(button('Back to Study Plan List'));
    const dialog = await screen.findByRole('dialog', { name: 'You Have Unsaved Changes' });
    expect(within(dialog).getByRole('button', { name: 'Save & Exit' })).toBeEnabled();
    await editor.user.click(within(dialog).getByRole('button', { name: 'Exit Without Saving' }));
    await waitFor(() => expect(location(editor.router)).toBe('/ctpo/study-plans/7'));
  });

  it('Save & Exit saves, then leaves', async () => {
    server.on('POST', STEP1_PATH, () =>
      json({
        ...planFixture({ studyPlanName: 'Base plan 2', rowVersion: 4 }),
        Id: 42,
        returnCode: '200',
        warnings: [],
      }),
    );
    const editor = renderPlanEditor('/ctpo/study-plans/7/42/');
    await screen.findByDisplayValue('Base plan');
    await editor.user.type(field('Study Plan Name'), ' 2');
    await editor.user.click(button('Cancel'));
    const dialog = await screen.findByRole('dialog', { name: 'You Have Unsaved Changes' });
    await editor.user.click(within(dialog).getByRole('button', { name: 'Save & Exit' }));
    await waitFor(() => expect(location(editor.router)).toBe('/ctpo/study-plans/7'));
    expect(server.to(STEP1_PATH, 'POST')[0]!.body).toMatchObject({
      studyPlanName: 'Base plan 2',
      rowVersion: 3,
    });
  });
});
