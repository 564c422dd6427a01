import { SOE_FORECAST_MESSAGES as M } from '@predict/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import {
  FORECAST_PATH,
  FORECAST_ROUTE,
  mockForecast,
  mockSupply,
  SOE_ID,
  STUDY_ID,
} from '../test/forecast-fixtures';
import { SoeForecastPage } from './soe-forecast-page';

// jsdom has no canvas: the chart library's component is replaced by a marker that keeps the option.
vi.mock('echarts-for-react/esm/core', () => ({
  default: ({ option }: { option: { series: { name: string }[] } }) => (
    <div data-testid="echart" data-series={option.series.map((s) => s.name).join(',')} />
  ),
}));

const renderSupply = () =>
  renderScreen(<SoeForecastPage studyId={STUDY_ID} soeId={SOE_ID} />, {
    route: `${FORECAST_ROUTE}?tab=supply`,
    path: FORECAST_PATH,
  });
const supplyCalls = (server: FetchMock) =>
  server.to(`/ctpo/soe/${SOE_ID}/forecast/supply`).map((r) => Object.fromEntries(r.url.searchParams));

describe('the IP Supply tab', () => {
  let server: FetchMock;
  beforeEach(() => {
    server = installFetchMock();
    mockForecast(server);
  });

  it('shows the shipment plan per country, the chart and the months, and follows the confidence', async () => {
    mockSupply(server);
    const { user } = renderSupply();
    expect(screen.getByRole('tab', { name: 'IP Supply' })).toHaveAttribute('aria-selected', 'true');
    const plan = await screen.findByRole('table', { name: 'Shipment Plan' });
    expect(within(plan).getAllByRole('row')).toHaveLength(3);
    expect(within(plan).getByText('All countries')).toBeInTheDocument();
    expect(within(plan).getAllByText('42.50')).toHaveLength(2);
    expect(supplyCalls(server)[0]).toEqual({ confidence: '0.9', leadWeeks: '8', siteStock: '2' });
    const months = screen.getByRole('table', { name: 'Supply by Month: All countries' });
    const jan = within(months).getByText('Jan 2027').closest('tr')!;
    // Dispensed 5 / 5 / 5, cumulative P50 10, cover 30 (kits to two decimals), initial stock 4, shipment 26,
    // supplied 30.
    expect(
      within(jan)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Jan 2027', '5.00', '5.00', '5.00', '10.00', '30.00', '4', '26', '30']);
    expect(
      within(screen.getByRole('img', { name: /Cumulative kits of All countries/ })).getByTestId('echart'),
    ).toHaveAttribute('data-series', 'P10,P10-P90,P50,Supplied (stock + shipments),Shipment,Initial stock');

    await user.click(screen.getByRole('combobox', { name: 'Confidence' }));
    await user.click(screen.getByRole('option', { name: 'P50' }));
    await waitFor(() => expect(supplyCalls(server).at(-1)?.confidence).toBe('0.5'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: /Supply by Month/ }))
          .getByText('Jan 2027')
          .closest('tr')!.lastChild?.textContent,
      ).toBe('4'),
    );
  });

  it('checks the lead time and stock with the server rule, and asks again only with valid values', async () => {
    mockSupply(server);
    const { user } = renderSupply();
    await screen.findByRole('table', { name: 'Shipment Plan' });
    const lead = screen.getByRole('spinbutton', { name: 'Lead time (weeks)' });
    await user.clear(lead);
    await user.type(lead, '200');
    expect(await screen.findByText(M.supplyLeadWeeks)).toBeInTheDocument();
    await user.clear(lead);
    await user.type(lead, '12');
    expect(screen.queryByText(M.supplyLeadWeeks)).toBeNull();
    await waitFor(() => expect(supplyCalls(server).at(-1)?.leadWeeks).toBe('12'));
    expect(supplyCalls(server).some((q) => q.leadWeeks === '200')).toBe(false);
    const stock = screen.getByRole('spinbutton', { name: 'Initial stock per site (kits)' });
    await user.clear(stock);
    await user.type(stock, '1.5');
    expect(await screen.findByText(M.supplySiteStock)).toBeInTheDocument();
  });

  it('shows one country when chosen', async () => {
    mockSupply(server);
    const { user } = renderSupply();
    await screen.findByRole('table', { name: 'Shipment Plan' });
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    await user.click(screen.getByRole('option', { name: 'Germany' }));
    expect(await screen.findByRole('table', { name: 'Supply by Month: Germany' })).toBeInTheDocument();
  });

  it('says how to flag an IP assessment when none is flagged', async () => {
    mockSupply(server, { noIp: true });
    renderSupply();
    expect(await screen.findByText(M.supplyNoIp)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Edit SOE' })).toHaveAttribute(
      'href',
      `/ctpo/study-plans/${STUDY_ID}/soe/${SOE_ID}`,
    );
    expect(screen.queryByRole('table', { name: 'Shipment Plan' })).toBeNull();
    expect(screen.getByRole('button', { name: M.supplyExport })).toBeDisabled();
  });

  it("shows the server's message without a plan or run (409)", async () => {
    mockSupply(server, { conflict: M.noRun });
    renderSupply();
    expect(await screen.findByText(M.noRun)).toBeInTheDocument();
  });

  it('opens on the Costs tab and switches to IP Supply', async () => {
    mockSupply(server);
    const { user, router } = renderScreen(<SoeForecastPage studyId={STUDY_ID} soeId={SOE_ID} />, {
      route: FORECAST_ROUTE,
      path: FORECAST_PATH,
    });
    expect(await screen.findByRole('table', { name: 'Cost Summary' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'IP Supply' }));
    expect(await screen.findByRole('table', { name: 'Shipment Plan' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=supply');
  });
});
