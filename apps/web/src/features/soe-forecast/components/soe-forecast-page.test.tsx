import { SOE_FORECAST_MESSAGES as M } from '@predict/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { readOnlyUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { FORECAST_PATH, FORECAST_ROUTE, mockForecast, SOE_ID, STUDY_ID } from '../test/forecast-fixtures';
import { SoeForecastPage } from './soe-forecast-page';

// jsdom has no canvas: the chart library's component is replaced by a marker that keeps the option.
vi.mock('echarts-for-react/esm/core', () => ({
  default: ({ option }: { option: { series: { name: string; data: number[] }[] } }) => (
    <div data-testid="echart" data-series={option.series.map((s) => s.name).join(',')} />
  ),
}));

const renderPage = (options: Parameters<typeof renderScreen>[1] = {}) =>
  renderScreen(<SoeForecastPage studyId={STUDY_ID} soeId={SOE_ID} />, {
    route: FORECAST_ROUTE,
    path: FORECAST_PATH,
    ...options,
  });

const table = (name: string) => screen.getByRole('table', { name });

describe('SOE forecast page', () => {
  let server: FetchMock;
  beforeEach(() => {
    server = installFetchMock();
  });

  it('shows the five tables with costs truncated to whole numbers, and the chart with its band', async () => {
    mockForecast(server);
    renderPage();
    const summary = await screen.findByRole('table', { name: 'Cost Summary' });
    // 12,345.67 is shown as 12,345 (truncated, not rounded); 9.6 subjects as 9.
    await waitFor(() => expect(within(summary).getAllByText('12,345')).toHaveLength(3));
    expect(within(summary).getAllByText('9')).toHaveLength(3);
    expect(within(summary).getByRole('cell', { name: 'Country' })).toBeInTheDocument();
    expect(within(table('Cost Detail')).getAllByText('Jan 2027')).toHaveLength(3);
    expect(within(table('Investigator Grants')).getByText('14,345')).toBeInTheDocument();
    // Clinical Strategy rows and Data Management rows are split by label (spec/2 section 9).
    const clinical = table('Clinical Strategy');
    expect(within(clinical).getByText('100% SDR/SDV Time (minutes)')).toBeInTheDocument();
    expect(within(clinical).getByText('12.5')).toBeInTheDocument();
    expect(within(clinical).queryByText('Unique CRFs')).toBeNull();
    expect(within(table('Data Management')).getByText('Unique CRFs')).toBeInTheDocument();
    const chart = await screen.findByRole('img', {
      name: /Cumulative cost from Jan 2027 to Feb 2027: 14,345 USD/,
    });
    // The band, its P50 and the plan line (whose last point is the Cost Summary total) as lines of their own.
    expect(within(chart).getByTestId('echart')).toHaveAttribute('data-series', 'P10,P10-P90,P50,Plan line');
  });

  it('links back to the SOE list and to the editor', async () => {
    mockForecast(server);
    const { router, user } = renderPage();
    expect(await screen.findByRole('link', { name: 'Edit SOE' })).toHaveAttribute(
      'href',
      `/ctpo/study-plans/${STUDY_ID}/soe/${SOE_ID}`,
    );
    await user.click(screen.getByRole('link', { name: 'Back to SOE List' }));
    expect(router.state.location.pathname).toBe(`/ctpo/study-plans/${STUDY_ID}`);
  });

  it('offers a read-only user View SOE, never Edit SOE (spec/2: read-only users only get View SOE)', async () => {
    mockForecast(server);
    renderPage({ user: readOnlyUser });
    expect(await screen.findByRole('link', { name: 'View SOE' })).toHaveAttribute(
      'href',
      `/ctpo/study-plans/${STUDY_ID}/soe/${SOE_ID}`,
    );
    expect(screen.queryByRole('link', { name: /Edit SOE/ })).toBeNull();
  });

  it('names the way forward View SOE for a read-only user too (409)', async () => {
    mockForecast(server, { conflict: M.noPlan });
    renderPage({ user: readOnlyUser });
    expect(await screen.findByRole('link', { name: 'Open View SOE' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Edit SOE/ })).toBeNull();
  });

  it('shows the server message and the way forward instead of empty cost tables (409)', async () => {
    mockForecast(server, { conflict: M.noPlan });
    renderPage();
    expect(await screen.findByText(M.noPlan)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Edit SOE' })).toHaveAttribute(
      'href',
      `/ctpo/study-plans/${STUDY_ID}/soe/${SOE_ID}`,
    );
    expect(screen.queryByRole('table', { name: 'Cost Summary' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Investigator Grants' })).toBeNull();
    // The strategy rows need no plan.
    expect(await screen.findByText('100% SDR/SDV Time (minutes)')).toBeInTheDocument();
  });

  it("says 'No Results Found' in an empty table and shows progress while loading", async () => {
    mockForecast(server, { grants: [] });
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'Loading the forecast' })).toBeInTheDocument();
    const grants = await screen.findByRole('table', { name: 'Investigator Grants' });
    expect(await within(grants).findByText(M.noResults)).toBeInTheDocument();
  });
});
