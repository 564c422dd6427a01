import { screen, waitFor, within } from '@testing-library/react';
import type { EnrollmentPlanStep2Body } from '@predict/shared';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fetch-mock';
import { location, renderPlanEditor } from '@/features/plan-shell/test/plan-shell-test-utils';
import { COUNTRY_OPTIONS, SITE_GROUP_OPTIONS } from '@/features/country-dialogs/test/country-fixtures';
import { countryFixture, DEU, siteGroupFixture, step2Plan, USA } from '../test/plan-countries-fixtures';
import { button, field, installStep2Api, set, STEP2, STEP2_SAVE, under } from '../test/step2-test-utils';

const saved = [
  {
    returnCode: 200,
    studyPlanMilestoneGoalId: null,
    countryId: 276,
    milestoneDateMillis: null,
    rowVersion: 4,
  },
];

describe('Step 2: Countries & Site Groups page', { timeout: 20_000 }, () => {
  it('labels tabs with ISO3 (the USA by its site group), selects ?country= and keeps the tab in the address', async () => {
    installStep2Api();
    const { router, user } = renderPlanEditor(`${STEP2}?country=1`);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['DEU', 'USA - Central']);
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'USA - Central' })).toBeInTheDocument();
    await user.click(tabs[0]!);
    await waitFor(() => expect(location(router)).toBe(`${STEP2}?country=0`));
    expect(screen.getByRole('heading', { name: 'DEU' })).toBeInTheDocument();
    // Header: Site ID effort and the start-up time frame in days and months (120 / 30.42).
    expect(screen.getByText('Medium - 120 days (3.94 months)')).toBeInTheDocument();
    expect(button('Edit Country')).toBeInTheDocument();
    expect(button('Delete Country')).toBeInTheDocument();
    expect(button('Add Country')).toBeInTheDocument();
    expect(button('CTIS Submission')).toBeInTheDocument();
    const anchors = within(screen.getByRole('navigation', { name: 'Sections' })).getAllByRole('link');
    expect(anchors.map((a) => a.getAttribute('href'))).toEqual([
      '#country-inputs',
      '#country-milestones',
      '#activation-profiles',
      '#seasonal-variation',
      '#site-fatigue',
    ]);
  });

  it('offers CTIS only when a group is eligible', async () => {
    const plan = step2Plan();
    for (const c of plan.countries) for (const g of c.siteGroups) g.isCtisEligible = false;
    installStep2Api(plan);
    renderPlanEditor(STEP2);
    await screen.findAllByRole('tab');
    expect(screen.queryByRole('button', { name: 'CTIS Submission' })).not.toBeInTheDocument();
  });

  it('shows the empty state with Add Country when the plan has no country', async () => {
    installStep2Api(step2Plan({ countries: [] }));
    renderPlanEditor(STEP2);
    expect(await screen.findByText('Add a country to start.')).toBeInTheDocument();
    expect(button('Add Country')).toBeEnabled();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(button('Save Draft')).toBeDisabled();
  });

  it('reports a country without milestones instead of breaking', async () => {
    const plan = step2Plan();
    plan.countries[0]!.siteGroups = [siteGroupFixture(DEU, 'Germany', { milestones: [] })];
    installStep2Api(plan);
    renderPlanEditor(STEP2);
    expect(
      await screen.findByText(
        'Study Plan with id 42 is experiencing an issue with country Germany (ID: 276). Please contact service desk.',
      ),
    ).toBeInTheDocument();
  });

  it('Save Draft sends only the changed country and table with the rowVersion', async () => {
    const server = installStep2Api().on('POST', STEP2_SAVE, saved);
    renderPlanEditor(STEP2);
    await screen.findByRole('heading', { name: 'DEU' });
    expect(button('Save Draft')).toBeDisabled();
    set('Enrollment Rate', '0.7');
    await waitFor(() => expect(button('Save Draft')).toBeEnabled());
    button('Save Draft').click();
    expect(await screen.findByText('Successfully saved plan.')).toBeInTheDocument();
    const body = server.to(STEP2_SAVE)[0]!.body as EnrollmentPlanStep2Body;
    expect(body).toMatchObject({ studyId: 7, studyPlanId: 42, studyPlanType: 1, rowVersion: 3 });
    expect(body.countryInputs).toHaveLength(1);
    expect(body.countryInputs[0]).toMatchObject({ studyPlanSiteGroupId: DEU, siteEnrollmentRateAtSIV: 0.7 });
    expect(body.milestones).toEqual([]);
    expect(body.activationProfiles).toEqual([]);
    expect(body.enrollmentSeasonalVariations).toEqual([]);
    expect(body.siteFatigue).toEqual([]);
  });

  it('puts a 400 field message under its field', async () => {
    installStep2Api().on(
      'POST',
      STEP2_SAVE,
      json(
        {
          error: 'Bad Request',
          message: 'Invalid.',
          fields: [
            { path: 'countryInputs.0.siteEnrollmentRateAtSIV', message: 'Rate refused by the server.' },
          ],
        },
        400,
      ),
    );
    renderPlanEditor(STEP2);
    await screen.findByRole('heading', { name: 'DEU' });
    set('Enrollment Rate', '0.7');
    await waitFor(() => expect(button('Save Draft')).toBeEnabled());
    button('Save Draft').click();
    expect(await screen.findByText('Failed to save plan.')).toBeInTheDocument();
    expect(under('Enrollment Rate').getByText('Rate refused by the server.')).toBeInTheDocument();
    // Typing again lets the next save judge the new value.
    set('Enrollment Rate', '0.8');
    expect(under('Enrollment Rate').queryByText('Rate refused by the server.')).not.toBeInTheDocument();
  });

  it('shows the version conflict with Reload on 409', async () => {
    installStep2Api().on(
      'POST',
      STEP2_SAVE,
      json({ error: 'Conflict', message: 'The plan was changed by someone else.', currentVersion: 5 }, 409),
    );
    renderPlanEditor(STEP2);
    await screen.findByRole('heading', { name: 'DEU' });
    set('Enrollment Rate', '0.7');
    await waitFor(() => expect(button('Save Draft')).toBeEnabled());
    button('Save Draft').click();
    expect(await screen.findByRole('button', { name: 'Reload' }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getAllByText('The plan was changed by someone else.').length).toBeGreaterThan(0);
  });

  it('asks before leaving with unsaved changes: Back to Study Plan List and the step header', async () => {
    installStep2Api();
    const { router, user } = renderPlanEditor(STEP2);
    await screen.findByRole('heading', { name: 'DEU' });
    set('Enrollment Rate', '0.7');
    await user.click(button('1 Overall Parameters'));
    const dialog = await screen.findByRole('dialog', { name: 'You Have Unsaved Changes' });
    expect(within(dialog).getByRole('button', { name: 'Save & Exit' })).toBeEnabled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location(router)).toBe(STEP2);
    await user.click(button('Back to Study Plan List'));
    const again = await screen.findByRole('dialog', { name: 'You Have Unsaved Changes' });
    await user.click(within(again).getByRole('button', { name: 'Exit Without Saving' }));
    await waitFor(() => expect(location(router)).toBe('/ctpo/study-plans/7'));
  });

  it('Save & Exit saves first, then leaves', async () => {
    const server = installStep2Api().on('POST', STEP2_SAVE, saved);
    const { router, user } = renderPlanEditor(STEP2);
    await screen.findByRole('heading', { name: 'DEU' });
    set('Screen Fail Rate', '0.3');
    await user.click(button('Back'));
    const dialog = await screen.findByRole('dialog', { name: 'You Have Unsaved Changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Save & Exit' }));
    await waitFor(() => expect(location(router)).toBe('/ctpo/study-plans/7/42/'));
    expect(server.to(STEP2_SAVE)).toHaveLength(1);
  });

  it('Cancel discards the changes after confirming', async () => {
    installStep2Api();
    const { user } = renderPlanEditor(STEP2);
    await screen.findByRole('heading', { name: 'DEU' });
    expect(button('Cancel')).toBeDisabled();
    set('Enrollment Rate', '0.9');
    await user.click(button('Cancel'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Warning!' })).getByRole('button', { name: 'OK' }),
    );
    await waitFor(() => expect(field('Enrollment Rate')).toHaveValue('0.5'));
    // The page is hidden from role queries until the Warning dialog has finished closing.
    await waitFor(() => expect(button('Save Draft')).toBeDisabled());
  });

  it('Next Step checks the plan: errors block it in an error snackbar, warnings alone let the user go on', async () => {
    const item = (severity: 'error' | 'warning', message: string) => ({
      code: 'X',
      severity,
      message,
      step: 2,
      studyPlanSiteGroupId: null,
    });
    const server = installStep2Api().on('GET', '/ctpo/plan/42/validation', {
      items: [
        item('error', 'At least one country is required.'),
        { ...item('error', 'ALL'), code: 'BUTTON_TYPE' },
      ],
      buttonType: 'ALL',
    });
    const { router, user } = renderPlanEditor(STEP2);
    await screen.findByRole('heading', { name: 'DEU' });
    await user.click(button('Next Step'));
    expect(await screen.findByText('At least one country is required.')).toBeInTheDocument();
    expect(screen.queryByText('ALL')).not.toBeInTheDocument();
    expect(location(router)).toBe(STEP2);
    expect(server.to('/ctpo/plan/42/validation')[0]?.url.searchParams.get('step')).toBe('2');

    server.on('GET', '/ctpo/plan/42/validation', {
      items: [
        item(
          'warning',
          'The sum of each country activated sites should be equal to overall activated sites.',
        ),
      ],
      buttonType: 'ALL',
    });
    await user.click(button('Next Step'));
    await waitFor(() => expect(location(router)).toBe('/ctpo/study-plans/7/42/review'));
    expect(
      screen.getByText('The sum of each country activated sites should be equal to overall activated sites.'),
    ).toBeInTheDocument();
  });

  it("scrolls to the section the address names (the review's Edit links)", async () => {
    installStep2Api();
    const scrolled: string[] = [];
    const scrollIntoView = vi.fn(function (this: HTMLElement) {
      scrolled.push(this.id);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    renderPlanEditor(`${STEP2}?country=1#seasonal-variation`);
    await screen.findByRole('heading', { name: 'USA - Central' });
    await waitFor(() => expect(scrolled).toContain('seasonal-variation'));
    // jsdom has no scrollIntoView of its own.
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it(
    "opens the added site group's tab, also when its country already had a tab (the USA's second group)",
    {
      timeout: 45_000,
    },
    async () => {
      const withLocal = step2Plan({
        countries: [
          countryFixture(276, 'DEU', 'Germany', [siteGroupFixture(DEU, 'Germany')]),
          countryFixture(840, 'USA', 'United States', [
            siteGroupFixture(USA, 'USA - Central'),
            siteGroupFixture(503, 'USA - Local', { siteGroupId: 32 }),
          ]),
        ],
      });
      let current = step2Plan();
      installStep2Api()
        .on('GET', '/ctpo/plan/42', () => current)
        .on('GET', '/ctpo/sitegroups', SITE_GROUP_OPTIONS)
        .on('GET', '/ctpo/countries', COUNTRY_OPTIONS)
        .on('POST', '/ctpo/study/7/EnrollmentPlanCountryAdd', () => {
          current = withLocal;
          // The server counts countries: the USA is the second.
          return [
            { returnCode: '200', tabIndex: 1, studyPlanSiteGroupId: 503, countryId: 840, rowVersion: 4 },
          ];
        });
      const { router, user } = renderPlanEditor(STEP2);
      await screen.findByRole('heading', { name: 'DEU' });
      await user.click(button('Add Country'));
      const dialog = await screen.findByRole('dialog', { name: 'Add Country' });
      await user.click(within(dialog).getByRole('combobox', { name: 'Country' }));
      await user.click(await screen.findByRole('option', { name: 'United States (USA)' }));
      await user.click(within(dialog).getByRole('combobox', { name: 'Site Group' }));
      await user.click(await screen.findByRole('option', { name: 'USA Local' }));
      await user.type(within(dialog).getByRole('textbox', { name: 'Activated Sites' }), '3');
      await user.click(within(dialog).getByRole('combobox', { name: 'Country Start-Up Time Frame' }));
      await user.click(await screen.findByRole('option', { name: /^Medium/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(location(router)).toBe(`${STEP2}?country=2`));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('tab', { name: 'USA - Local', selected: true })).toBeInTheDocument();
    },
  );
});
