import type { PlanValidationItem } from '@predict/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { countryFixture } from '@/features/country-dialogs/test/country-fixtures';
import { location, planFixture, renderPlanEditor } from '@/features/plan-shell/test/plan-shell-test-utils';
import { COHORTS } from '@/features/sequential-cohorts/test/cohort-fixtures';
import { errorReply, installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { readOnlyUser } from '@/test/fixtures';

const REVIEW = '/ctpo/study-plans/7/42/review';
const france = countryFixture(
  { countryId: 250, countryName: 'France', countryCodeISO3: 'FRA' },
  { studyPlanSiteGroupId: 502, siteGroupId: 22, siteGroupName: 'France' },
);
const usa = countryFixture(
  { countryId: 840, countryName: 'United States', countryCodeISO3: 'USA' },
  { studyPlanSiteGroupId: 503, siteGroupId: 31, siteGroupName: 'USA Central' },
);
const withCountries = planFixture({ countries: [countryFixture(), france, usa] });

const item = (code: string, severity: 'error' | 'warning', message: string): PlanValidationItem => ({
  code,
  severity,
  message,
  step: 2,
  studyPlanSiteGroupId: null,
});

const mainButton = (name: string) => screen.findByRole('button', { name });

describe('PlanReviewPage', { timeout: 40_000 }, () => {
  let server: FetchMock;

  beforeEach(() => {
    server = installFetchMock()
      .on('GET', '/ctpo/plan/42', withCountries)
      .on('GET', '/ctpo/plan/42/validation', { items: [], buttonType: 'ALL' })
      .on('POST', '/ctpo/runsimulation', {
        simOptRunId: 5,
        simOptRunStatus: 'REQUESTING',
        simOptRunMsg: null,
        simOptRunDetail: null,
      });
  });

  it('reads Finish & Run Simulation for a Draft plan of an editor, with Cancel, Back and Edit links', async () => {
    renderPlanEditor(REVIEW);
    expect(await mainButton('Finish & Run Simulation')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Different Country' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Study Details' })).toHaveAttribute(
      'href',
      '/ctpo/study-plans/7/42/#details',
    );
    expect(screen.getByRole('link', { name: 'Edit Overall Inputs' })).toHaveAttribute(
      'href',
      '/ctpo/study-plans/7/42/#overall-inputs',
    );
  });

  it('reads Finish & View Simulation for a plan that is not Draft, opening the simulation screen', async () => {
    server.on('GET', '/ctpo/plan/42', { ...withCountries, scenarioStatus: 'Proposal', isEditable: false });
    const { user, router } = renderPlanEditor(REVIEW);
    const main = await mainButton('Finish & View Simulation');
    expect(screen.queryByRole('link', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await user.click(main);
    expect(location(router)).toBe('/ctpo/study-plans/7/42/simulation');
    expect(server.to('/ctpo/runsimulation')).toHaveLength(0);
  });

  it('runs a Draft-Combo combination plan from review (it has no editable steps)', async () => {
    server.on('GET', '/ctpo/plan/42', {
      ...withCountries,
      studyPlanTypeDetail: 'Combination (D)',
      scenarioStatus: 'Draft-Combo',
      isEditable: false,
    });
    const { user, router } = renderPlanEditor(REVIEW);
    await user.click(await mainButton('Finish & Run Simulation'));
    await waitFor(() => expect(location(router)).toBe('/ctpo/study-plans/7/42/simulation'));
    expect(server.to('/ctpo/runsimulation')).toHaveLength(1);
  });

  it('reads View Simulation for read-only users, without Edit links, Cancel or Back, and opens view mode', async () => {
    const { user, router } = renderPlanEditor(REVIEW, readOnlyUser);
    const main = await mainButton('View Simulation');
    expect(screen.queryByRole('link', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await user.click(main);
    expect(location(router)).toBe('/ctpo/study-plans/7/42/simulation?type=view');
  });

  it('offers View Simulation once the plan has a run id', async () => {
    server.on('GET', '/ctpo/plan/42', {
      ...withCountries,
      simOptRunId: '12',
      simOptRunStatus: 'COMPLETED_OK',
    });
    const { user, router } = renderPlanEditor(REVIEW);
    await mainButton('Finish & Run Simulation');
    await user.click(screen.getByRole('button', { name: 'View Simulation' }));
    expect(location(router)).toBe('/ctpo/study-plans/7/42/simulation');
  });

  it("shows each country read-only and links each section to step 2 with the country's tab and anchor", async () => {
    const { user, router } = renderPlanEditor(REVIEW);
    const tabs = await screen.findByRole('tablist', { name: 'Countries' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['DEU', 'FRA', 'USA Central']);
    const panel = screen.getByRole('tabpanel');
    // The country's one site group bears its name: the heading says it once.
    expect(within(panel).getByText('Germany', { selector: 'p' })).toBeInTheDocument();
    expect(within(panel).queryByText('Germany - Germany')).not.toBeInTheDocument();
    expect(within(panel).getByText('Site ID Effort: Medium (60 days (1.97 months))')).toBeInTheDocument();
    expect(
      within(panel).getByText('Country Start-Up Time Frame: Short (120 days (3.94 months))'),
    ).toBeInTheDocument();
    const milestones = within(panel).getByRole('table', { name: 'Start-up milestones' });
    const fps = within(milestones).getByRole('row', { name: /First Patient Screened/ });
    expect(fps).toHaveTextContent('Yes');
    expect(fps).toHaveTextContent('30-Jul-2026');
    expect(fps).toHaveTextContent('Site ready early');
    expect(within(panel).getByRole('table', { name: 'Last-stage milestones' })).not.toHaveTextContent(
      'Override',
    );
    expect(within(panel).getByRole('table', { name: 'Activation profile' })).toHaveTextContent('01-Jul-2026');
    expect(within(panel).getByRole('table', { name: 'Monthly seasonal variation' })).toHaveTextContent('0.5');
    expect(within(panel).getByText('365 days')).toBeInTheDocument();
    expect(within(panel).getByText('Activated Sites').nextSibling).toHaveTextContent('10');

    await user.click(within(tabs).getByRole('tab', { name: 'FRA' }));
    const edit = (section: string) =>
      within(screen.getByRole('tabpanel')).getByRole('link', { name: `Edit ${section}` });
    const step2 = '/ctpo/study-plans/7/42/countries-and-site-groups?country=1';
    expect(edit('Country Inputs')).toHaveAttribute('href', `${step2}#country-inputs`);
    expect(edit('Milestones')).toHaveAttribute('href', `${step2}#country-milestones`);
    expect(edit('Activation Profiles')).toHaveAttribute('href', `${step2}#activation-profiles`);
    expect(edit('Seasonal Variation')).toHaveAttribute('href', `${step2}#seasonal-variation`);
    expect(edit('Site Fatigue')).toHaveAttribute('href', `${step2}#site-fatigue`);
    await user.click(edit('Activation Profiles'));
    await waitFor(() => expect(location(router)).toBe(step2.replace(/\?.*/, '') + '?country=1'));
    expect(router.state.location.hash).toBe('#activation-profiles');
  });

  it('opens on the tab of the country query and reports a country without its data', async () => {
    const broken = countryFixture(
      { countryId: 100, countryName: 'Brokenland', countryCodeISO3: 'BRK' },
      { milestones: [] },
    );
    server.on('GET', '/ctpo/plan/42', { ...withCountries, countries: [countryFixture(), broken] });
    renderPlanEditor(`${REVIEW}?country=1`);
    expect(
      await screen.findByText(
        'Study Plan with id 42 is experiencing an issue with country Brokenland (ID: 100). Please contact service desk.',
      ),
    ).toBeInTheDocument();
  });

  it('lists validation errors and warnings in their snackbars and does not run while errors remain', async () => {
    server.on('GET', '/ctpo/plan/42/validation', {
      items: [
        item('BUTTON_TYPE', 'error', 'ALL'),
        item('ENROLLMENT_DURATION', 'error', "Overall Enrollment Duration can't be empty."),
        item('SEQUENTIAL_COHORTS', 'error', 'Sequential cohorts setup is not valid'),
        item(
          'COUNTRY_SITES',
          'warning',
          'The sum of each country activated sites should be equal to overall activated sites.',
        ),
      ],
      buttonType: 'ALL',
    });
    const { user } = renderPlanEditor(REVIEW);
    await user.click(await mainButton('Finish & Run Simulation'));
    const error = await screen.findByText("Overall Enrollment Duration can't be empty.");
    expect(error.closest('.notistack-MuiContent-error')).toHaveTextContent(
      'Sequential cohorts setup is not valid',
    );
    const warning = screen.getByText(
      'The sum of each country activated sites should be equal to overall activated sites.',
    );
    expect(warning.closest('.notistack-MuiContent-warning')).not.toBeNull();
    expect(screen.queryByText('ALL')).not.toBeInTheDocument();
    expect(server.to('/ctpo/plan/42/validation')[0]?.url.searchParams.get('step')).toBe('3');
    expect(server.to('/ctpo/runsimulation')).toHaveLength(0);
  });

  it('runs after warnings only and then opens the simulation screen', async () => {
    server.on('GET', '/ctpo/plan/42/validation', {
      items: [
        item(
          'COUNTRY_SITES',
          'warning',
          'The sum of each country activated sites should be equal to overall activated sites.',
        ),
      ],
      buttonType: 'ALL',
    });
    const { user, router } = renderPlanEditor(REVIEW);
    await user.click(await mainButton('Finish & Run Simulation'));
    await waitFor(() => expect(location(router)).toBe('/ctpo/study-plans/7/42/simulation'));
    expect(screen.getByText(/should be equal to overall activated sites/)).toBeInTheDocument();
    expect(server.to('/ctpo/runsimulation')[0]?.body).toEqual({ studyPlanId: 42 });
  });

  it('says why, without "failed", when the run request is refused', async () => {
    server.on('POST', '/ctpo/runsimulation', errorReply(409, 'The plan was changed by someone else.'));
    const { user, router } = renderPlanEditor(REVIEW);
    await user.click(await mainButton('Finish & Run Simulation'));
    expect(await screen.findByText('The plan was changed by someone else.')).toBeInTheDocument();
    expect(screen.queryByText(/Simulation failed/)).not.toBeInTheDocument();
    expect(location(router)).toBe(REVIEW);
  });

  it('shows the sequential cohort table read-only with its Edit link', async () => {
    server
      .on('GET', '/ctpo/plan/42', {
        ...withCountries,
        studyPlanType: 2,
        studyPlanTypeDetail: 'Cohort (D)',
        cohortType: 2,
      })
      .on('GET', '/ctpo/cohort/plan/42', COHORTS);
    renderPlanEditor(REVIEW);
    const table = await screen.findByRole('table', { name: 'Sequential cohorts' });
    expect(await within(table).findByText('17-Aug-2026')).toBeInTheDocument();
    expect(within(table).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Sequential Cohort Setup' })).toHaveAttribute(
      'href',
      '/ctpo/study-plans/7/42/countries-and-site-groups?country=0#sequential-cohort-setup',
    );
  });
});
