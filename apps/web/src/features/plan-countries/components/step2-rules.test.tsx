import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EnrollmentPlanStep2Body } from '@predict/shared';
import { describe, expect, it } from 'vitest';
import { renderPlanEditor } from '@/features/plan-shell/test/plan-shell-test-utils';
import { DEU, step2Plan } from '../test/plan-countries-fixtures';
import { button, field, installStep2Api, set, STEP2, STEP2_SAVE, under } from '../test/step2-test-utils';

const open = async () => {
  const rendered = renderPlanEditor(STEP2);
  await screen.findByRole('heading', { name: 'DEU' });
  return rendered;
};
const milestones = () => within(screen.getByRole('table', { name: 'Country milestones' }));

describe('Step 2: field rules and messages', { timeout: 60_000 }, () => {
  it('country inputs: shared messages, either-or disabling and the pause pair', async () => {
    installStep2Api();
    await open();
    set('Enrollment Rate', '101');
    expect(under('Enrollment Rate').getByText('Has to be a value from 0 to 100.')).toBeInTheDocument();
    set('Number of Activated Sites (Lower Bound)', '2.5');
    expect(
      under('Number of Activated Sites (Lower Bound)').getByText('Has to be an integer.'),
    ).toBeInTheDocument();
    // Leaving a changed site count warns that the activation profile resets; OK keeps the change.
    const warning = await screen.findByRole('dialog', { name: 'Warning!' });
    expect(within(warning).getByText(/resets its activation profile/)).toBeInTheDocument();
    fireEvent.click(within(warning).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(field('Number of Activated Sites (Lower Bound)')).toHaveValue('2.5');
    // The saved screen fail rate disables the enrolled count; clearing it frees the count.
    expect(field('Patients Enrolled (Lower Bound)')).toBeDisabled();
    set('Screen Fail Rate', '');
    set('Patients Enrolled (Lower Bound)', '50');
    expect(field('Screen Fail Rate')).toBeDisabled();
    expect(under('Patients Screened (Lower Bound)').getByText("Can't be empty.")).toBeInTheDocument();
    set('Patients Screened (Lower Bound)', '40');
    expect(
      screen.getByText(
        "Number of patients enrolled shouldn't be greater than the number of patients screened",
      ),
    ).toBeInTheDocument();
    set('Pause Enrollment After Patient #', '10');
    expect(under('Resume Screening After (days)').getByText("Can't be empty.")).toBeInTheDocument();
    expect(button('Save Draft')).toBeDisabled();
  });

  it('milestones: override needs a comment, dates follow the order, unticking restores the computed date', async () => {
    installStep2Api();
    const { user } = await open();
    // FSIV is the 4th milestone: computed 1 May 2026 + 90 days.
    expect(milestones().getByText('30-Jul-2026')).toBeInTheDocument();
    await user.click(field('Override First Site Initiated (FSIV)'));
    const date = field('First Site Initiated (FSIV) date');
    expect(date).toHaveValue('30-Jul-2026');
    const comment = () => field('First Site Initiated (FSIV) comment');
    expect(
      within(comment().closest<HTMLElement>('.MuiFormControl-root')!).getByText("Can't be empty."),
    ).toBeInTheDocument();
    fireEvent.change(comment(), { target: { value: 'Site contracts late' } });
    // Earlier than the regulatory approval (30-Jun-2026) before it.
    fireEvent.change(date, { target: { value: '01-Jun-2026' } });
    expect(
      under('First Site Initiated (FSIV) date').getByText(
        'Date cannot be earlier than the previous milestone dates.',
      ),
    ).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '01-Sep-2026' } });
    expect(date).toHaveValue('01-Sep-2026');
    expect(
      under('First Site Initiated (FSIV) date').queryByText(
        'Date cannot be earlier than the previous milestone dates.',
      ),
    ).not.toBeInTheDocument();
    await user.click(field('Override First Site Initiated (FSIV)'));
    expect(screen.queryByLabelText('First Site Initiated (FSIV) comment')).not.toBeInTheDocument();
    expect(milestones().getByText('30-Jul-2026')).toBeInTheDocument();
    await user.click(field('Override First Site Initiated (FSIV)'));
    expect(comment()).toHaveValue('');
  });

  it('an overridden milestone is saved at noon UTC with its comment, and nothing else', async () => {
    const server = installStep2Api().on('POST', STEP2_SAVE, [
      {
        returnCode: 200,
        studyPlanMilestoneGoalId: 1,
        countryId: 276,
        milestoneDateMillis: null,
        rowVersion: 4,
      },
    ]);
    const { user } = await open();
    await user.click(field('Override First Patient Enrolled (FPE)'));
    fireEvent.change(field('First Patient Enrolled (FPE) date'), { target: { value: '24-Dec-2026' } });
    fireEvent.change(field('First Patient Enrolled (FPE) comment'), { target: { value: 'Holidays' } });
    await waitFor(() => expect(button('Save Draft')).toBeEnabled());
    await user.click(button('Save Draft'));
    await waitFor(() => expect(server.to(STEP2_SAVE)).toHaveLength(1));
    const body = server.to(STEP2_SAVE)[0]!.body as EnrollmentPlanStep2Body;
    expect(body.milestones).toEqual([
      {
        studyPlanSiteGroupId: DEU,
        milestoneId: 145,
        isUserOverride: 1,
        milestoneDateMillis: Date.UTC(2026, 11, 24, 12),
        comments: 'Holidays',
      },
    ]);
    expect(body.countryInputs).toEqual([]);
  });

  it('activation profile: blocked keys, leading zeros, pair completion, Projected label and the order rules', async () => {
    installStep2Api();
    const { user } = await open();
    const sites4 = field('# of Sites 4');
    await user.type(sites4, '0-1.e7');
    expect(sites4).toHaveValue('17');
    fireEvent.blur(sites4);
    expect(field('Days 4')).toHaveValue('0');
    expect(screen.getByText('Projected')).toBeInTheDocument();
    expect(under('Days 4').getByText('Days should be increasing.')).toBeInTheDocument();
    set('Days 4', '60');
    expect(under('Days 4').getByText('Days should not have duplicates.')).toBeInTheDocument();
    set('Days 4', '90');
    set('# of Sites 4', '5');
    expect(
      under('# of Sites 4').getByText('Number of sites should not have duplicates.'),
    ).toBeInTheDocument();
    set('# of Sites 4', '4');
    expect(under('# of Sites 4').getByText('Number of sites should be increasing.')).toBeInTheDocument();
    set('Days 1', '-5');
    expect(under('Days 1').getByText('Days should be non-negative.')).toBeInTheDocument();
    // Date = FSIV (30-Jul-2026) + 100 days.
    set('Days 4', '100');
    set('# of Sites 4', '9');
    expect(screen.getByText('07-Nov-2026')).toBeInTheDocument();
    // Clearing both cells (moving between them does not complete the pair) clears the label.
    fireEvent.change(field('# of Sites 4'), { target: { value: '' } });
    fireEvent.blur(field('# of Sites 4'), { relatedTarget: field('Days 4') });
    fireEvent.change(field('Days 4'), { target: { value: '' } });
    fireEvent.blur(field('Days 4'));
    expect(screen.queryByText('Projected')).not.toBeInTheDocument();
    // Without the override the default profile shows, read-only.
    await user.click(field('Override activation profile'));
    expect(field('# of Sites 1')).toBeDisabled();
  });

  it('seasonal variation: negative becomes 0, range and all-zero messages; saving is refused', async () => {
    const plan = step2Plan();
    // Germany slows to nothing except in January.
    plan.countries[0]!.siteGroups[0]!.enrollmentVariations.forEach((v) => {
      v.enrollmentSeasonalVariation = v.enrollmentSeasonalMonth === 0 ? 1 : 0;
    });
    installStep2Api(plan);
    const { user } = await open();
    set('Feb', '1.5');
    expect(under('Feb').getByText('Has to be a value from 0 to 1.')).toBeInTheDocument();
    set('Feb', '0');
    // Typed key by key, '-0.5' stays as typed with the range message (it once read '00.5', no message) ...
    await user.clear(field('Jan'));
    await user.type(field('Jan'), '-0.5');
    expect(field('Jan')).toHaveValue('-0.5');
    expect(under('Jan').getByText('Has to be a value from 0 to 1.')).toBeInTheDocument();
    // ... and becomes 0 when the month is left (spec/1 section 5); a pasted negative too.
    await user.tab();
    expect(field('Jan')).toHaveValue('0');
    set('Mar', '-1');
    expect(field('Mar')).toHaveValue('0');
    expect(screen.getByText('Cannot all be zero.')).toBeInTheDocument();
    await user.click(button('Save Draft'));
    expect(
      await screen.findByText('Country enrollment seasonal variations are not valid'),
    ).toBeInTheDocument();
  });

  it('site fatigue: rate 0 to 1, days and rate together', async () => {
    installStep2Api();
    await open();
    expect(
      screen.getByText('A share of the former rate: 0.75 means 75% of the rate at activation.'),
    ).toBeInTheDocument();
    set('Eventual Enrollment Rate', '1.5');
    expect(under('Eventual Enrollment Rate').getByText('Has to be a value from 0 to 1.')).toBeInTheDocument();
    set('Eventual Enrollment Rate', '0.75');
    expect(under('Days After Activation').getByText("Can't be empty.")).toBeInTheDocument();
    set('Days After Activation', '90');
    expect(button('Save Draft')).toBeEnabled();
  });
});
