import { REMODEL_MESSAGES } from '@predict/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { planRow } from '@/features/plans/test/plan-fixtures';
import { installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import { readOnlyUser, testUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { remodelFormData } from '../test/remodel-fixtures';
import { RemodelScreen } from './remodel-screen';

function renderRemodel(user = testUser) {
  return renderScreen(<RemodelScreen studyId={7} />, {
    route: '/ctpo/study-actuals/7/remodel',
    path: '/ctpo/study-actuals/:studyId/remodel',
    user,
  });
}

const rateRow = (label: string) =>
  within(screen.getByRole('rowheader', { name: label }).closest('tr')!)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Remodel screen', { timeout: 20_000 }, () => {
  let server: FetchMock;

  beforeEach(() => {
    server = installFetchMock()
      .on('GET', '/ctpo/remodel/study/7', remodelFormData())
      .on('GET', '/ctpo/plans/study/7', [planRow(1, { studyPlanName: 'Baseline Plan A' })])
      .on('PATCH', '/ctpo/remodel/study/7', () => json([{ studyId: 7, studyPlanId: 555 }], 201));
  });

  it('shows the GET values: figures, rates, choices and remove disabled for a country with sites', async () => {
    renderRemodel();
    expect(await screen.findByLabelText('Screened Re-model')).toHaveValue('300');
    expect(screen.getByLabelText('Enrolled Re-model')).toHaveValue('200');
    expect(screen.getByLabelText(/^Study Plan Name/)).toHaveValue('');
    expect(screen.getByText('0/50')).toBeInTheDocument();
    expect(rateRow('Screen Fail Rate')).toEqual(['0.30', '0.35', '0.05', '']);
    expect(rateRow('Enroll Rate')).toEqual(['0.33', '0.42', '0.09', '0.33']);
    expect(screen.getByRole('radio', { name: 'Actual (0.65)' })).not.toBeChecked();
    const germany = screen.getByRole('region', { name: 'Germany' });
    expect(within(germany).getByRole('radio', { name: 'Remove Country' })).toBeDisabled();
    expect(
      within(germany).getByRole('radio', { name: 'Actual/Projected (3, 1 closed)' }),
    ).toBeInTheDocument();
    const poland = screen.getByRole('region', { name: 'Poland' });
    expect(within(poland).getByRole('radio', { name: 'Remove Country' })).toBeEnabled();
    // Germany's actual 0.50 against its planned 0.90: (0.5 - 0.9) / 0.9 = -44%, red (beyond 25%).
    expect(within(germany).getByText('-44%').closest('[data-status]')).toHaveAttribute('data-status', 'red');
    // Poland has no actual rate yet: no impact.
    expect(within(poland).queryByText(/Actual vs planned/)).toBeNull();
  });

  it('recomputes the enroll and complete rates only when the first figure is at least the second', async () => {
    const { user } = renderRemodel();
    const screened = await screen.findByLabelText('Screened Re-model');
    await user.clear(screened);
    await user.type(screened, '400');
    // (400 - 200) / 400
    expect(rateRow('Enroll Rate')[3]).toBe('0.50');
    const enrolled = screen.getByLabelText('Enrolled Re-model');
    await user.clear(enrolled);
    // Pasted at once: typed key by key, '5' and '50' would recompute on the way.
    await user.paste('500');
    // 500 enrolled of 400 screened: the enroll rate keeps its value; (500 - 150) / 500 for complete.
    expect(rateRow('Enroll Rate')[3]).toBe('0.50');
    expect(rateRow('Complete Rate')[3]).toBe('0.70');
  });

  it('shows the rule messages and sends nothing while the form is invalid', async () => {
    const { user } = renderRemodel();
    await screen.findByLabelText(/^Study Plan Name/);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getAllByText(REMODEL_MESSAGES.required).length).toBeGreaterThanOrEqual(2);
    await user.type(screen.getByLabelText(/^Study Plan Name/), ' baseline plan a ');
    expect(screen.getByText(REMODEL_MESSAGES.nameUnique)).toBeInTheDocument();
    // The overall rate's 'Other' comes first; its value is then required.
    await user.click(screen.getAllByRole('radio', { name: 'Other' })[0]!);
    const other = screen.getByLabelText(/^Other Enrollment Rate/);
    expect(other).toHaveAccessibleDescription(REMODEL_MESSAGES.required);
    // Digits and one dot only; rounded to 2 decimals on blur.
    // A rate of 0 would enroll nobody (the engine refuses it): the shared rule says so under the field.
    await user.type(other, '0.00');
    await user.tab();
    expect(other).toHaveAccessibleDescription(REMODEL_MESSAGES.rateNotPositive);
    await user.clear(other);
    await user.type(other, '0.7a56');
    await user.tab();
    expect(other).toHaveValue('0.76');
    expect(other).not.toHaveAccessibleDescription(REMODEL_MESSAGES.rateNotPositive);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(server.to('/ctpo/remodel/study/7', 'PATCH')).toHaveLength(0);
  });

  it("submits 'actual' rates without the removed country and opens the new plan's review", async () => {
    const { user, router } = renderRemodel();
    await user.type(await screen.findByLabelText(/^Study Plan Name/), 'Remodel June');
    await user.type(screen.getByLabelText(/^Study Plan Description/), 'From the June actuals');
    await user.click(screen.getByRole('radio', { name: 'Actual (0.65)' }));
    const poland = screen.getByRole('region', { name: 'Poland' });
    await user.click(within(poland).getByRole('radio', { name: 'Remove Country' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ctpo/study-plans/7/555/review'));
    expect(await screen.findByText(REMODEL_MESSAGES.submitted)).toBeInTheDocument();
    const [patch] = server.to('/ctpo/remodel/study/7', 'PATCH');
    expect(patch!.body).toMatchObject({
      studyPlanName: 'Remodel June',
      studyPlanDescr: 'From the June actuals',
      studyPlanType: 1,
      enrollmentRateSelection: 2,
      screenPatientsReModel: '300',
      siteGroups: [{ siteGroupName: 'Germany', sitesSelection: 1, enrollmentRateSelection: 1 }],
    });
    expect((patch!.body as { siteGroups: unknown[] }).siteGroups).toHaveLength(1);
  });

  it("shows the server's field message and the error snackbar when the submit is refused", async () => {
    server.on('PATCH', '/ctpo/remodel/study/7', () =>
      json(
        {
          error: 'Bad Request',
          message: 'The request is not valid.',
          fields: [{ path: 'body.studyPlanName', message: REMODEL_MESSAGES.nameUnique }],
        },
        400,
      ),
    );
    const { user, router } = renderRemodel();
    await user.type(await screen.findByLabelText(/^Study Plan Name/), 'Taken elsewhere');
    await user.type(screen.getByLabelText(/^Study Plan Description/), 'x');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(REMODEL_MESSAGES.submitError)).toBeInTheDocument();
    expect(screen.getByText(REMODEL_MESSAGES.nameUnique)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ctpo/study-actuals/7/remodel');
  });

  it('sends read-only users to the actuals page', async () => {
    const { router } = renderRemodel(readOnlyUser);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ctpo/study-actuals/7'));
    expect(server.to('/ctpo/remodel/study/7')).toHaveLength(0);
  });
});
