import type { PlanTypeDetail, ResultSets, StudyPlan } from '@predict/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { planFixture } from '@/features/plan-shell/test/plan-shell-test-utils';
import { SimulationCharts } from '../index';
import { cohortSets, combinationSets, planKind, ratesSets } from '../test/chart-fixtures';
import { renderedOptions } from '@/test/fake-echarts';

// ECharts needs a canvas, which jsdom lacks: the component stands in at the module boundary and records options.
vi.mock('echarts-for-react/esm/core', () => import('@/test/fake-echarts'));
// So does the off-screen export chart: its stand-in keeps each export option and answers the title as the image.
const exported = vi.hoisted(() => [] as { option: Record<string, unknown>; height: number }[]);
vi.mock('./render-chart-image', async () => {
  const { titleOf } = await import('@/test/fake-echarts');
  return {
    measureLegendText: () => undefined,
    renderChartImage: (option: Record<string, unknown>, _width: number, height: number) => {
      exported.push({ option, height });
      return `data:image/png;base64,${btoa(titleOf(option))}`;
    },
  };
});

const plan = (detail: PlanTypeDetail): StudyPlan => planFixture(planKind(detail));

async function renderCharts(detail: PlanTypeDetail, sets: Partial<ResultSets>) {
  renderedOptions.clear();
  render(<SimulationCharts plan={plan(detail)} sets={sets} />);
  // The view is lazy-loaded: its first import (ECharts) can take seconds on a busy machine.
  await screen.findByRole('button', { name: 'Export Charts' }, { timeout: 10_000 });
  return userEvent.setup();
}

const seriesNames = (title: string) =>
  ((renderedOptions.get(title)?.series ?? []) as { name: string }[]).map((s) => s.name);

describe('SimulationCharts', () => {
  it('shows the Overall rates line and every chart of a cohort plan, each with an accessible label', async () => {
    await renderCharts('Cohort (D)', cohortSets);

    expect(screen.getByText(/^Enrollment Rate:/)).toHaveTextContent(
      'Enrollment Rate: 0.80 patients/site/month|Screen Fail Rate: 30.00%|Drop Out Rate: 10.00%',
    );
    const labels = screen.getAllByRole('img').map((chart) => chart.getAttribute('aria-label') ?? '');
    expect(labels.map((label) => label.split(':')[0])).toEqual([
      'Monthly Enrollment by region',
      'Weekly Enrollment by region',
      'Patients By Group',
      'Cohorts Timeline',
    ]);
    expect(screen.getByRole('heading', { name: 'Cohorts Timeline' })).toBeInTheDocument();
    expect(renderedOptions.get('Patients By Group')?.yAxis).toMatchObject({ max: 40 });
  });

  it('switches an enrollment chart between regions, site groups and (cohort plans, monthly) cohorts', async () => {
    const user = await renderCharts('Cohort (D)', cohortSets);
    expect(seriesNames('Monthly Enrollment')).toContain('North America Enrolled');

    const monthly = screen.getByRole('group', { name: 'Monthly Enrollment grouping' });
    await user.click(within(monthly).getByRole('button', { name: 'Site Group' }));
    expect(seriesNames('Monthly Enrollment')).toContain('USA - Central Enrolled');
    expect(seriesNames('Monthly Enrollment')).not.toContain('North America Enrolled');
    expect(screen.getAllByRole('img')[0]).toHaveAccessibleName(/^Monthly Enrollment by site group/);

    await user.click(within(monthly).getByRole('button', { name: 'Cohort' }));
    expect(seriesNames('Monthly Enrollment')).toContain('Expansion Enrolled');

    const weekly = screen.getByRole('group', { name: 'Weekly Enrollment grouping' });
    expect(within(weekly).queryByRole('button', { name: 'Cohort' })).not.toBeInTheDocument();
    // The weekly chart keeps its own grouping.
    expect(seriesNames('Weekly Enrollment')).toContain('North America Enrolled');
  });

  it('draws the forecast band and shows no cohort timeline for a Rates plan', async () => {
    await renderCharts('Rates', ratesSets);
    expect(seriesNames('Monthly Enrollment')).toEqual(
      expect.arrayContaining(['Forecast P10-P90', 'Forecast P50', 'Total Cumulative Enrolled']),
    );
    expect(screen.queryByRole('heading', { name: /Timeline/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('img')).toHaveLength(3);
  });

  it("titles the range chart 'Timeline Overview' for a combination and says when it has no rows", async () => {
    await renderCharts('Combination (D)', combinationSets);
    expect(screen.getByRole('heading', { name: 'Timeline Overview' })).toBeVisible();
    expect(screen.getByText('No cohort timeline for this simulation.')).toBeInTheDocument();
    // The combination fixture has no weekly sets.
    expect(screen.getByText('No weekly enrollment data by region.')).toBeInTheDocument();
  });

  it('shows empty states when no set has data', async () => {
    await renderCharts('Duration', {});
    expect(screen.queryByText(/^Enrollment Rate:/)).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('echart')).toHaveLength(0);
    expect(screen.getByText('No monthly enrollment data by region.')).toBeInTheDocument();
    expect(screen.getByText('No patients by site group for this simulation.')).toBeInTheDocument();
  });

  it('exports the ticked charts as PNGs named by chart id, with the whole legend and no zoom slider', async () => {
    exported.length = 0;
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });
    const user = await renderCharts('Cohort (D)', cohortSets);

    await user.click(screen.getByRole('button', { name: 'Export Charts' }));
    const dialog = screen.getByRole('dialog', { name: 'Export Charts' });
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual([
      'Monthly Enrollment (MonthlyEnrollment.png)',
      'Weekly Enrollment (WeeklyEnrollment.png)',
      'Patients By Group (PatientsByGroup.png)',
      'Cohorts Timeline (CohortsTimeline.png)',
    ]);
    const exportButton = within(dialog).getByRole('button', { name: 'Export' });
    expect(exportButton).toBeDisabled();

    await user.click(within(dialog).getByRole('checkbox', { name: /CohortsTimeline/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /MonthlyEnrollment/ }));
    expect(exportButton).toBeEnabled();
    await user.click(exportButton);

    await waitFor(() =>
      expect(downloads).toEqual([
        // The fake chart's image is its title in base64: each file holds its own chart.
        `MonthlyEnrollment.png data:image/png;base64,${btoa('Monthly Enrollment')}`,
        `CohortsTimeline.png data:image/png;base64,${btoa('Cohorts Timeline')}`,
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Export Charts' })).toBeEnabled();

    // On screen the monthly chart pages its legend and has a zoom slider; its image has neither.
    expect(renderedOptions.get('Monthly Enrollment')).toMatchObject({ legend: { type: 'scroll' } });
    const monthly = exported[0]!.option;
    expect(monthly.legend).toEqual([expect.objectContaining({ type: 'plain' })]);
    expect(monthly.dataZoom).toEqual([]);
    expect(monthly.animation).toBe(false);
    expect(exported[0]!.height).toBeGreaterThanOrEqual(440);
  });

  it('offers only the enrollment charts for export on plans without cohorts', async () => {
    const user = await renderCharts('Remodel (R)', ratesSets);
    await user.click(screen.getByRole('button', { name: 'Export Charts' }));
    expect(within(screen.getByRole('dialog')).getAllByRole('checkbox')).toHaveLength(2);
  });
});
