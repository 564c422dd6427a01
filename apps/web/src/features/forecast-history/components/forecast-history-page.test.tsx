import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ForecastHistoryRoute } from '@/app/routes/forecast-history';
import { planFixture } from '@/features/plan-shell/test/plan-shell-test-utils';
import { errorReply, installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { readOnlyUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { renderedOptions } from '@/test/fake-echarts';
import { HISTORY_API, HISTORY_PATH, historyResponse, PLAN_ID, STUDY_ID } from '../test/history-fixtures';
import { BAND_NAME, LPI_CHART_TITLE, P50_NAME } from '../utils/lpi-history-option';
import { BASELINE_BADGE, NO_RECORDS_MESSAGE } from './forecast-history-table';

vi.mock('echarts-for-react/esm/core', () => import('@/test/fake-echarts'));

const render = () =>
  renderScreen(<ForecastHistoryRoute />, {
    route: HISTORY_PATH,
    path: '/ctpo/study-plans/:studyId/:planId/forecast-history',
    user: readOnlyUser,
  });

const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('Forecast History', () => {
  let server: FetchMock;
  let answer: unknown;

  beforeEach(() => {
    answer = historyResponse();
    renderedOptions.clear();
    server = installFetchMock()
      .on('GET', `/ctpo/plan/${PLAN_ID}`, () =>
        planFixture({ studyPlanId: PLAN_ID, studyId: STUDY_ID, studyPlanName: 'Baseline - contracted' }),
      )
      .on('GET', HISTORY_API, () => answer);
  });

  it('lists the records newest first with the baseline badge, and charts LPI over them', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Forecasts of record' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Forecast History: Baseline - contracted',
    );
    expect(bodyRows(table)).toEqual([
      [
        '20/Nov/2026 09:30:00',
        'Remodel',
        'Remodel Q4',
        '1',
        '18/Nov/2026',
        '01/Jun/2027',
        '15/Jul/2027',
        '01/Sep/2027',
        'site CV 0.8 · est. site CV 0.61',
      ],
      [
        '04/Mar/2026 09:30:00',
        BASELINE_BADGE,
        'Baseline - contracted',
        '1',
        '—',
        '01/Feb/2027',
        '10/Mar/2027',
        '20/Apr/2027',
        'study CV 0.2 · country CV 0.5 · site CV 0.8 · start-up CV 0.25',
      ],
    ]);
    expect(within(table).getAllByText(BASELINE_BADGE)).toHaveLength(1);
    expect(
      screen.getByText(/first patient in 01\/Jun\/2026, last patient in not reached yet/),
    ).toBeInTheDocument();

    // The chart reads oldest to newest: the band (P10 base + P90 - P10) and the P50 line; no actual LPI yet.
    await screen.findByTestId('echart');
    const option = renderedOptions.get(LPI_CHART_TITLE)!;
    const series = option.series as { name: string; data: [number, number][]; markLine?: unknown }[];
    const p50 = series.find((s) => s.name === P50_NAME)!;
    expect(p50.data.map(([, y]) => new Date(y).toISOString().slice(0, 10))).toEqual([
      '2027-03-10',
      '2027-07-15',
    ]);
    const band = series.find((s) => s.name === BAND_NAME)!;
    expect(band.data[0]![1]).toBe(Date.parse('2027-04-20T12:00:00Z') - Date.parse('2027-02-01T12:00:00Z'));
    expect(p50.markLine).toBeUndefined();
    // Read-only users may look: the history asks nothing of them.
    expect(server.requests.every((r) => r.method === 'GET')).toBe(true);
  });

  it('draws the actual LPI once the extract shows it', async () => {
    const lpi = Date.parse('2027-08-02T12:00:00Z');
    const base = historyResponse();
    answer = { ...base, actual: { ...base.actual!, lastEnrolledMillis: lpi } };
    render();
    await screen.findByTestId('echart');
    expect(screen.getByText(/last patient in 02\/Aug\/2027/)).toBeInTheDocument();
    const series = renderedOptions.get(LPI_CHART_TITLE)!.series as {
      name: string;
      markLine?: { data: { yAxis: number }[] };
    }[];
    expect(series.find((s) => s.name === P50_NAME)!.markLine!.data).toEqual([{ yAxis: lpi }]);
  });

  it('says how to get a first record when there is none, without a chart', async () => {
    answer = historyResponse({ records: [], actual: null });
    render();
    expect(await screen.findByText(NO_RECORDS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText(/No CTMS extract loaded yet/)).toBeInTheDocument();
    expect(screen.queryByTestId('echart')).not.toBeInTheDocument();
  });

  it('shows a failed load with Retry, and reads the history again when asked', async () => {
    server.on('GET', HISTORY_API, () => errorReply(500));
    const { user } = render();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('The forecast history could not be loaded.')).toBeInTheDocument();
    server.on('GET', HISTORY_API, () => historyResponse());
    await user.click(retry);
    expect(await screen.findByRole('table', { name: 'Forecasts of record' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('The forecast history could not be loaded.')).toBeNull());
  });
});
