import type { ResultSets, SimulationRunSettings, StudyPlan } from '@predict/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render';
import { COHORT_SETS, RUN_SETTINGS, simPlan, W1_SETS } from '../../test/simulation-test-utils';
import { TablesTab } from './tables-tab';

function renderTables(
  plan: StudyPlan = simPlan(),
  sets: Partial<ResultSets> = W1_SETS,
  cohorts = false,
  settings?: SimulationRunSettings | null,
) {
  return renderScreen(<TablesTab plan={plan} sets={sets} cohorts={cohorts} settings={settings} />);
}

/** The Parameter Summary as label -> value. */
function parameterSummary(): Map<string, string> {
  const region = screen.getByRole('region', { name: 'Parameter Summary' });
  const terms = within(region).getAllByRole('term');
  return new Map(terms.map((t) => [t.textContent ?? '', t.nextElementSibling?.textContent ?? '']));
}

const table = (name: string) => screen.getByRole('table', { name });
const rowOf = (t: HTMLElement, header: string) =>
  within(t).getByRole('row', { name: new RegExp(`^${header}\\b`) });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const headers = (t: HTMLElement) =>
  within(t)
    .getAllByRole('columnheader')
    .map((c) => c.textContent);

describe('Tables tab with the engine result of examples/w1.json', () => {
  it('shows the summary figures in the formats of spec/1 section 9', () => {
    renderTables();
    const summary = table('Summary');
    expect(headers(summary)).not.toContain('Screen Rate Go Forward');
    // Overall: FPI 28/Sep/2026, 10 sites, rates 1.25 and 1.00, 125 / 100 / 90 patients, 13.0 months, 106.4
    // site months, screen fail 0.20, drop out 0.10.
    expect(cells(rowOf(summary, 'Overall'))).toEqual([
      '28/Sep/2026',
      '10',
      '1.25',
      '1.00',
      '125',
      '100',
      '90',
      '13.0',
      '106.4',
      '0.20',
      '0.10',
    ]);
  });

  it('shows the enrollment milestones with their P10 / P50 / P90 dates', () => {
    renderTables();
    const milestones = table('Enrollment Milestones');
    expect(headers(milestones).slice(-3)).toEqual(['P10', 'P50', 'P90']);
    const row = cells(rowOf(milestones, 'First Site Initiated'));
    expect(row[0]).toBe('10/Aug/2026');
    expect(row.slice(-3)).toEqual(['03/Jul/2026', '10/Aug/2026', '26/Sep/2026']);
    expect(cells(rowOf(milestones, 'Last Patient In'))[3]).toBe('100');
  });

  it('reads a quantile beyond the horizon as "not reached by" the horizon with the probability of reaching it', () => {
    const horizonMillis = Date.UTC(2031, 0, 4, 12);
    const enrollmentTable = W1_SETS.enrollmentTable!.map((r) =>
      r.SortName === 'Last Patient Last Visit'
        ? { ...r, P90: null, probabilityReached: 0.87, horizonMillis }
        : r,
    );
    renderTables(simPlan(), { ...W1_SETS, enrollmentTable });
    const row = cells(rowOf(table('Enrollment Milestones'), 'Last Patient Last Visit'));
    expect(row.at(-1)).toBe('not reached by 04/Jan/2031 (87% reach it)');
    expect(row.at(-2)).toMatch(/^\d\d\/[A-Z][a-z]{2}\/\d{4}$/);
  });

  it("states a Duration plan's achieved confidence with its Monte Carlo error under the milestones", () => {
    const durationConfidence = {
      durationMonths: 12,
      targetPercent: 80,
      achieved: 0.8031,
      standardError: 0.004,
      replications: 10_000,
    };
    const enrollmentTable = W1_SETS.enrollmentTable!.map((r) =>
      r.SortName === 'Last Patient In' ? { ...r, durationConfidence } : r,
    );
    renderTables(simPlan(), { ...W1_SETS, enrollmentTable });
    expect(
      screen.getByText(
        'FPI to LPI within 12 months: 80.3% ± 0.4% confidence at the solved rates (target 80%, 10,000 independent replications).',
      ),
    ).toBeInTheDocument();
  });

  it('shows the start-up milestones, the timeline and the start-up durations', () => {
    renderTables();
    const startup = cells(rowOf(table('Country Start-up Milestones'), 'Germany'));
    expect(startup.slice(0, 2)).toEqual(['05/Jan/2026', '02/Mar/2026']);
    // FPI to LPI on the plan line: 28/Sep/2026 to 29/Oct/2027.
    expect(startup.at(-1)).toBe('396');
    expect(cells(rowOf(table('Timeline Durations'), 'Total'))[0]).toBe('36.46');
    expect(cells(rowOf(table('Country Start-up Durations'), 'Germany'))).toEqual([
      'DEU',
      '55',
      '20',
      '120',
      '21',
      '21',
      '238',
    ]);
  });

  it('shows the study details and the parameter summary of the plan', () => {
    renderTables();
    const details = screen.getByRole('region', { name: 'Study Details' });
    expect(within(details).getByText('A Phase III Study of Examplumab')).toBeInTheDocument();
    const params = screen.getByRole('region', { name: 'Parameter Summary' });
    expect(within(params).getByText('Subjects to Screen')).toBeInTheDocument();
  });

  it("shows the uncertainty settings the run used in the parameter summary, not the plan's current ones", () => {
    // The plan has since changed its site rate CV (0.3) and non-enrolling share (10%): the run used 0.8 and 0%.
    renderTables(simPlan(), W1_SETS, false, RUN_SETTINGS);
    const rows = parameterSummary();
    expect(rows.get('Subjects to Screen')).toBeDefined();
    expect([...rows].slice(-9)).toEqual([
      ['Study rate CV', '0.20'],
      ['Country rate CV', '0.30'],
      ['Site rate CV', '0.80'],
      ['Start-up CV', '0.25'],
      ['Non-enrolling sites', '0%'],
      ['Site inactivation (per site-year)', '0.15'],
      ['Site ramp-up (days)', '60'],
      ['Ramp-up start (share of rate)', '0.40'],
      ['Site decay (per year)', '0.05'],
    ]);
    expect(rows.has('Estimated site rate CV')).toBe(false);
  });

  it("adds a remodel run's estimated spread, and shows the settings an older run's request named", () => {
    const remodel: SimulationRunSettings = {
      ...RUN_SETTINGS,
      uncertainty: {
        ...RUN_SETTINGS.uncertainty,
        siteRampUpDays: 30.5,
        estimatedSiteRateCv: 0.612,
        estimatedCountryRateCv: 0.2449,
      },
    };
    const view = renderTables(simPlan(), W1_SETS, false, remodel);
    let rows = parameterSummary();
    expect(rows.get('Estimated site rate CV')).toBe('0.61');
    expect(rows.get('Estimated country rate CV')).toBe('0.24');
    // The engine takes decimal days: a part day is shown, not rounded away.
    expect(rows.get('Site ramp-up (days)')).toBe('30.5');
    // The estimated spread comes after the settings the run was given.
    expect([...rows.keys()].slice(-3)).toEqual([
      'Site decay (per year)',
      'Estimated site rate CV',
      'Estimated country rate CV',
    ]);
    view.unmount();

    // Stored before the settings were kept: the four its input named, nothing made up for the others.
    renderTables(simPlan(), W1_SETS, false, {
      simOptRunId: 5,
      source: 'request',
      uncertainty: { studyRateCv: 0.3, startupCv: 0.2, siteRateCv: 0.7, nonEnrollingProbability: 0.1 },
    });
    rows = parameterSummary();
    expect(rows.get('Site rate CV')).toBe('0.70');
    expect(rows.get('Non-enrolling sites')).toBe('10%');
    expect(rows.has('Country rate CV')).toBe(false);
    expect(rows.has('Site inactivation (per site-year)')).toBe(false);
    expect(rows.has('Site ramp-up (days)')).toBe(false);
    expect(rows.has('Ramp-up start (share of rate)')).toBe(false);
    expect(rows.has('Site decay (per year)')).toBe(false);
  });

  it('shows the plan inputs alone while the run settings are unknown', () => {
    renderTables(simPlan(), W1_SETS, false, { simOptRunId: 5, source: null, uncertainty: null });
    const rows = parameterSummary();
    expect(rows.get('Subjects to Screen')).toBeDefined();
    expect([...rows.keys()].some((k) => /CV|inactivation|Non-enrolling|ramp-up|Ramp-up|decay/.test(k))).toBe(
      false,
    );
  });

  it('switches the details table between monthly and weekly, cumulative and not, a page of periods at a time', async () => {
    const { user } = renderTables();
    let details = table('Details Monthly (Cumulative)');
    expect(headers(details).slice(0, 3)).toEqual(['Month', '01/Jan/2026', '01/Feb/2026']);
    // Enrolled totals, then the country: cumulative 100 at the end of the study.
    expect(within(details).getAllByRole('row', { name: /^Enrolled/ })).toHaveLength(1);
    expect(screen.getByText('Periods 1–24 of 31')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Later periods' }));
    expect(screen.getByText('Periods 25–31 of 31')).toBeInTheDocument();
    expect(cells(within(details).getByRole('row', { name: /^Enrolled/ })).at(-1)).toBe('100');

    await user.click(screen.getByRole('button', { name: 'Weekly' }));
    await user.click(screen.getByRole('button', { name: 'Non-Cumulative' }));
    details = table('Details Weekly (Non-Cumulative)');
    expect(headers(details)[0]).toBe('Week of');
    expect(screen.getByText('Periods 1–26 of 131')).toBeInTheDocument();
    expect(within(details).getAllByRole('row', { name: /^Germany/ })).toHaveLength(4);
  });

  it('adds the go-forward rates for Remodel plans only', () => {
    const sets = {
      ...W1_SETS,
      summaryTable: W1_SETS.summaryTable.map((r) => ({
        ...r,
        'Screen Rate Go Forward': 1.53,
        'Enrollment Rate Go Forward': 1.234,
      })),
    };
    renderTables(simPlan({ studyPlanTypeDetail: 'Remodel (R)' }), sets);
    const summary = table('Summary');
    expect(headers(summary)).toContain('Screen Rate Go Forward');
    expect(headers(summary)).toContain('Enrollment Rate Go Forward');
    expect(cells(rowOf(summary, 'Overall')).slice(4, 6)).toEqual(['1.53', '1.23']);
  });

  it("shows '##' as it is", () => {
    const sets = {
      ...W1_SETS,
      summaryTable: W1_SETS.summaryTable.map((r) => ({ ...r, 'Enrollment Duration': '##' as const })),
    };
    renderTables(simPlan(), sets);
    expect(cells(rowOf(table('Summary'), 'Overall'))[7]).toBe('##');
  });

  it('shows the cohort versions of a sequential cohort plan', async () => {
    const plan = simPlan({ studyPlanType: 2, studyPlanTypeDetail: 'Cohort (D)', cohortType: 2 });
    const { user } = renderTables(plan, COHORT_SETS, true);
    const cohorts = table('Summary - Cohort');
    expect(headers(cohorts)).toEqual(expect.arrayContaining(['Cohort Start', 'DTL End', 'SRC End']));
    expect(cells(rowOf(cohorts, 'Cohort 1')).slice(0, 2)).toEqual(['19/Jul/2026', '16/Aug/2026']);
    await user.click(screen.getByRole('button', { name: 'By Cohort' }));
    const details = table('Details by cohort Monthly (Cumulative)');
    expect(within(details).getAllByRole('row', { name: /^Expansion/ })).toHaveLength(4);
  });
});

/** The declarations of every style rule that applies to the element (emotion's rules included), as CSS text. */
function cssOf(element: Element): string {
  const applies = (selector: string) => {
    try {
      return element.matches(selector);
    } catch {
      // Vendor pseudo-elements (::-moz-focus-inner) that jsdom's selector engine does not know.
      return false;
    }
  };
  return [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules])
    .filter((r): r is CSSStyleRule => r instanceof CSSStyleRule && applies(r.selectorText))
    .map((r) => r.style.cssText)
    .join(' ');
}

describe('Tables tab layout at 1280 px (jsdom lays nothing out: the rules that keep values readable)', () => {
  it('gives Study Details and Parameter Summary half the row each and the values a column of their own', () => {
    renderTables(
      simPlan({ studyPlanDescr: 'A long description. '.repeat(40) }),
      W1_SETS,
      false,
      RUN_SETTINGS,
    );
    const details = screen.getByRole('region', { name: 'Study Details' });
    const summary = screen.getByRole('region', { name: 'Parameter Summary' });
    // Sized by content, a long description took the row and left the summary a sliver.
    for (const section of [details, summary])
      expect(cssOf(section)).toMatch(/flex-grow: 1; flex-basis: 0(px)?;/);
    const list = within(summary).getAllByRole('term')[0]!.parentElement!;
    // A value column that may shrink to nothing printed '2 / 0 / m / o / n / t / h / s', one character per line.
    expect(cssOf(list)).toMatch(
      /grid-template-columns: minmax\(min\(260px, 40%\), max-content\) minmax\(40%, 1fr\)/,
    );
    const value = within(summary).getAllByRole('definition')[0]!;
    expect(cssOf(value)).toMatch(/overflow-wrap: break-word/);
    expect(cssOf(value)).not.toMatch(/anywhere/);
  });
});
