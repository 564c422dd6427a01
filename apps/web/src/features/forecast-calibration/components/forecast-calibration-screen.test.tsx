import { screen, waitFor, within } from '@testing-library/react';
import {
  CALIBRATION_VERSIONS_PATH,
  FORECAST_CALIBRATION_EXPORT_PATH,
  FORECAST_CALIBRATION_PATH,
} from '@predict/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ForecastCalibrationRoute } from '@/app/routes/forecast-calibration';
import { errorReply, installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { readOnlyUser, testUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { calibrationResponse, emptyResponse } from '../test/calibration-fixtures';
import { renderedOptions } from '@/test/fake-echarts';
import { PIT_CHART_TITLE, RELIABILITY_CHART_TITLE } from '../utils/calibration-chart-options';
import {
  LOAD_FAILED_MESSAGE,
  NO_COMPLETED_STUDIES_MESSAGE,
  READ_ONLY_LABEL,
} from './forecast-calibration-screen';

vi.mock('echarts-for-react/esm/core', () => import('@/test/fake-echarts'));

const ROUTE = '/ctpo/admin-data/forecast-calibration';
const adminUser = { ...testUser, roles: { readOnly: false, admin: true } };
const render = (user = readOnlyUser) =>
  renderScreen(<ForecastCalibrationRoute />, { route: ROUTE, path: ROUTE, user });

const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell'));

describe('Forecast Calibration', () => {
  let server: FetchMock;
  let answer: unknown;

  beforeEach(() => {
    answer = calibrationResponse();
    renderedOptions.clear();
    // The fitted-uncertainty panel below the track record reads the calibration versions: none yet.
    const defaults = {
      studyRateCv: 0.2,
      countryRateCv: 0.6,
      siteRateCv: 0.8,
      startupCv: 0.25,
      siteInactivationPerYear: 0.2,
      siteDecayPerYear: 0,
    };
    server = installFetchMock()
      .on('GET', FORECAST_CALIBRATION_PATH, () => answer)
      .on('GET', CALIBRATION_VERSIONS_PATH, () => ({ versions: [], approvedVersion: null, defaults }));
  });

  it('shows each milestone card with its coverage, below-P50 share, their 90% intervals and n', async () => {
    render();
    const lpi = await screen.findByRole('region', { name: 'Last patient in' });
    expect(within(lpi).getByText('n = 3 studies')).toBeInTheDocument();
    expect(within(lpi).getByText('33%')).toBeInTheDocument();
    expect(within(lpi).getByText('90% CI 8%–75%')).toBeInTheDocument();
    expect(within(lpi).getByText('target 80%')).toBeInTheDocument();
    expect(within(lpi).getByText('67%')).toBeInTheDocument();
    expect(within(lpi).getByText('90% CI 25%–92%')).toBeInTheDocument();
    expect(within(lpi).getByText('target 50%')).toBeInTheDocument();
    const sites = screen.getByRole('region', { name: 'Sites activated at month 12' });
    expect(within(sites).getByText('n = 1 study')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'First patient in' })).getByText('100%'),
    ).toBeInTheDocument();
    // Viewers read the same page, marked read-only; the page asks nothing of them but reads.
    expect(screen.getByText(READ_ONLY_LABEL)).toBeInTheDocument();
    expect(server.requests.every((r) => r.method === 'GET')).toBe(true);
  });

  it('charts the PIT histogram and the reliability of FPI and LPI, loaded with the charts chunk', async () => {
    render();
    await waitFor(() => expect(screen.getAllByTestId('echart')).toHaveLength(2));
    const pit = renderedOptions.get(PIT_CHART_TITLE)!;
    const bars = pit.series as { name: string; data: number[] }[];
    expect(bars.map((s) => s.name)).toEqual(['First patient in', 'Last patient in']);
    // Shares of n per bin: 1 of 3 in bins 0, 3 and 9.
    expect(bars[1]!.data.map((v) => v.toFixed(2))).toEqual([
      '0.33',
      '0.00',
      '0.00',
      '0.33',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '0.33',
    ]);
    const reliability = renderedOptions.get(RELIABILITY_CHART_TITLE)!;
    const lines = reliability.series as { name: string; data: number[] }[];
    expect(lines.find((s) => s.name === 'Calibrated')!.data).toEqual([
      0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9,
    ]);
    expect(lines.map((s) => s.name)).toContain('Last patient in 90% CI');
  });

  it('lists the completed studies with their misses highlighted, and the re-forecasts by bucket', async () => {
    render();
    const studies = await screen.findByRole('table', { name: 'Completed studies' });
    const rows = bodyRows(studies);
    expect(rows.map((cells) => cells[0]!.textContent)).toEqual([
      'CAL-001Calibration study 1',
      'CAL-002Calibration study 2',
      'CAL-003Calibration study 3',
    ]);
    expect(rows[1]![5]).toHaveTextContent('30/Sep/2024Miss latePIT 0.945');
    expect(rows[2]![5]).toHaveTextContent('Miss earlyPIT 0.05');
    expect(rows[0]![4]).toHaveTextContent('P10 10/Sep/2024P50 30/Sep/2024P90 09/Nov/2024');
    expect(rows[0]![6]).toHaveTextContent('3 (P10–P90 2–6)Inside');
    // Misses are filled red; an actual inside P10-P90 only outlined.
    const late = within(rows[1]![5]!).getByText('Miss late').closest('.MuiChip-root')!;
    expect(late).toHaveClass('MuiChip-filled', 'MuiChip-colorError');
    const inside = within(rows[0]![5]!).getByText('Inside').closest('.MuiChip-root')!;
    expect(inside).toHaveClass('MuiChip-outlined');

    const [buckets, records] = screen.getAllByRole('table', { name: 'Re-forecasts by share enrolled' });
    expect(bodyRows(buckets!).map((cells) => cells.map((c) => c.textContent))).toEqual([
      ['25% enrolled', '0', '—', '—'],
      ['50% enrolled', '1', '0% (0 of 1)90% CI 0%–73%', '0% (0 of 1)90% CI 0%–73%'],
      ['75% enrolled', '0', '—', '—'],
    ]);
    expect(bodyRows(records!)[0]![3]).toHaveTextContent('31/Aug/202450 of 100 enrolled (50%)');
  });

  it('says how a study comes to count when none has yet, and offers no export', async () => {
    answer = emptyResponse();
    render(adminUser);
    expect(await screen.findByText(NO_COMPLETED_STUDIES_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByTestId('echart')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    // Administrators see no read-only label.
    expect(screen.queryByText(READ_ONLY_LABEL)).not.toBeInTheDocument();
  });

  it('shows a failed load with Retry, and reads again when asked', async () => {
    server.on('GET', FORECAST_CALIBRATION_PATH, () => errorReply(500));
    const { user } = render();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText(LOAD_FAILED_MESSAGE)).toBeInTheDocument();
    server.on('GET', FORECAST_CALIBRATION_PATH, () => calibrationResponse());
    await user.click(retry);
    expect(await screen.findByRole('table', { name: 'Completed studies' })).toBeInTheDocument();
  });

  it('downloads the server-made xlsx on Export', async () => {
    server.on(
      'GET',
      FORECAST_CALIBRATION_EXPORT_PATH,
      () =>
        new Response(new Uint8Array([80, 75, 3, 4]), {
          headers: { 'content-disposition': 'attachment; filename="forecast-calibration-2026-01-31.xlsx"' },
        }),
    );
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:calibration');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(names).toEqual(['forecast-calibration-2026-01-31.xlsx']));
    expect(server.requests.filter((r) => r.url.pathname === FORECAST_CALIBRATION_EXPORT_PATH)).toHaveLength(
      1,
    );
  });
});
