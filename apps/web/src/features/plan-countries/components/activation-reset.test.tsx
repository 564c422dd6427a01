import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { COUNTRY_GOALS, type EnrollmentPlanStep2Body, type StudyPlan } from '@predict/shared';
import { describe, expect, it } from 'vitest';
import { renderPlanEditor } from '@/features/plan-shell/test/plan-shell-test-utils';
import { DEU, step2Plan } from '../test/plan-countries-fixtures';
import { button, field, installStep2Api, set, STEP2, STEP2_SAVE } from '../test/step2-test-utils';

/**
 * Germany's reference profile (1/3/6/9/12/15 sites at 0/21/45/75/110/150 days) scaled to 12 sites, as the server
 * stores it: 15 x 12/15 rounds 1 -> 1, 3 -> 2, 6 -> 5, 9 -> 7, 12 -> 10, 15 -> 12.
 */
const DEFAULT_12 = { sites: ['1', '2', '5', '7', '10', '12'], days: ['0', '21', '45', '75', '110', '150'] };

/** Germany with 4 activated sites and the saved profile of 4 sites (the reference scaled to 4). */
function germanyAtFour(overrides: Partial<StudyPlan> = {}) {
  const plan = step2Plan(overrides);
  const group = plan.countries[0]!.siteGroups[0]!;
  const sites = group.milestones.find((m) => m.milestoneId === COUNTRY_GOALS.NUM_SITES_ACTIVATED)!;
  sites.lowerBound = 4;
  sites.upperBound = 20;
  group.activationProfiles = [
    [1, 0],
    [2, 45],
    [3, 110],
    [4, 150],
  ].map(([sites, days], i) => ({
    siteActivationProfileId: 900 + i,
    siteActivationLabel: 'Projected',
    siteActivationProfilePct: sites!,
    siteActivationProfileDays: days!,
    siteActivationProfileDateMillis: null,
    overrideFl: false,
  }));
  return plan;
}

const cells = (row: 'sites' | 'days', n: number) =>
  Array.from(
    { length: n },
    (_, i) => (field(`${row === 'sites' ? '# of Sites' : 'Days'} ${i + 1}`) as HTMLInputElement).value,
  );

async function changeSitesTo(value: string) {
  set('Number of Activated Sites (Lower Bound)', value);
  const warning = await screen.findByRole('dialog', { name: 'Warning!' });
  const text = warning.textContent ?? '';
  fireEvent.click(within(warning).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  return text;
}

describe('Step 2: the activation profile after a site-count change', { timeout: 30_000 }, () => {
  it('shows the default the server stores (the reference scaled), says the own profile goes, and saves override off', async () => {
    const plan = germanyAtFour();
    // Germany had its own profile (override on) before the change.
    plan.countries[0]!.siteGroups[0]!.activationProfileOverride = true;
    const server = installStep2Api(plan).on('POST', STEP2_SAVE, [
      {
        returnCode: 200,
        studyPlanMilestoneGoalId: 1,
        countryId: 276,
        milestoneDateMillis: null,
        rowVersion: 4,
      },
    ]);
    const { user } = renderPlanEditor(STEP2);
    await screen.findByRole('heading', { name: 'DEU' });
    await waitFor(() => expect(server.to('/ctpo/admin/sitegroup/101')).toHaveLength(1));

    const warning = await changeSitesTo('12');
    expect(warning).toContain('resets its activation profile to the default');
    expect(warning).toContain('The profile entered for this country is discarded.');

    // Not the saved 4-site profile scaled up (3/6/9/12 at 0/45/110/150): the reference scaled to 12.
    await waitFor(() => expect(cells('sites', 6)).toEqual(DEFAULT_12.sites));
    expect(cells('days', 6)).toEqual(DEFAULT_12.days);
    expect(field('# of Sites 7')).toHaveValue('');
    expect(field('# of Sites 1')).toBeDisabled();
    const override = field('Override activation profile');
    expect(override).not.toBeChecked();
    expect(override).toBeDisabled();
    expect(screen.getByText(/Save Draft stores the default profile shown here/)).toBeInTheDocument();

    await waitFor(() => expect(button('Save Draft')).toBeEnabled());
    await user.click(button('Save Draft'));
    await waitFor(() => expect(server.to(STEP2_SAVE)).toHaveLength(1));
    const body = server.to(STEP2_SAVE)[0]!.body as EnrollmentPlanStep2Body;
    expect(body.countryInputs[0]!.NUM_SITES_ACTIVATED.lowerBound).toBe(12);
    expect(body.activationProfiles).toHaveLength(1);
    expect(body.activationProfiles[0]).toMatchObject({ studyPlanSiteGroupId: DEU, overrideFl: false });
  });

  it('a Remodel plan keeps override on and takes the default points; back at the saved count the table is editable', async () => {
    const plan = germanyAtFour({ studyPlanTypeDetail: 'Remodel (R)' });
    const server = installStep2Api(plan);
    renderPlanEditor(STEP2);
    await screen.findByRole('heading', { name: 'DEU' });
    await waitFor(() => expect(server.to('/ctpo/admin/sitegroup/101')).toHaveLength(1));
    expect(field('# of Sites 1')).toBeEnabled();

    await changeSitesTo('12');
    await waitFor(() => expect(cells('sites', 6)).toEqual(DEFAULT_12.sites));
    expect(cells('days', 6)).toEqual(DEFAULT_12.days);
    expect(field('Override activation profile')).toBeChecked();
    expect(field('# of Sites 1')).toBeDisabled();

    await changeSitesTo('4');
    expect(screen.queryByText(/Save Draft stores the default profile shown here/)).not.toBeInTheDocument();
    expect(field('# of Sites 1')).toBeEnabled();
  });
});
