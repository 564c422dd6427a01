import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPARE_MESSAGES } from '@predict/shared';
import { CompareRoute } from '@/app/routes/compare';
import { downloadFile } from '@/lib/download-file';
import { installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import { readOnlyUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { API_PATH, comparison, PAGE_PATH } from '../test/compare-fixtures';
import { renderedOptions } from '@/test/fake-echarts';
import { ENROLLMENT_CHART_TITLE, LPI_CHART_TITLE } from '../utils/compare-chart-options';
import { DIFFERS_TEXT } from './compare-table';

vi.mock('echarts-for-react/esm/core', () => import('@/test/fake-echarts'));
vi.mock('@/lib/download-file', () => ({ downloadFile: vi.fn(), downloadDataUrl: vi.fn() }));

const render = (route = PAGE_PATH) =>
  renderScreen(<CompareRoute />, { route, path: '/ctpo/study-plans/:studyId/compare', user: readOnlyUser });

const section = (name: string) => screen.getByRole('table', { name });
/** The cells of the row whose header is `label`. */
const cellsOf = (table: HTMLElement, label: string) =>
  within(within(table).getByRole('rowheader', { name: label }).closest('tr')!).getAllByRole('cell');

const seriesNames = () =>
  ((renderedOptions.get(ENROLLMENT_CHART_TITLE)?.series ?? []) as { name: string }[]).map((s) => s.name);

describe('Compare scenarios', () => {
  let server: FetchMock;

  beforeEach(() => {
    renderedOptions.clear();
    vi.mocked(downloadFile).mockClear();
    server = installFetchMock().on('GET', API_PATH, () => comparison());
  });

  it("asks for the address's plans and shows each section, the values that differ from the first highlighted", async () => {
    render();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Compare scenarios: 2025-ONC-0303',
    );
    expect(server.requests.at(-1)!.path).toBe('/ctpo/compare/study/7?plans=11,12,13');
    for (const name of ['Inputs', 'Milestones', 'Enrollment and sites', 'Cost'])
      expect(section(name)).toBeInTheDocument();

    const sites = cellsOf(section('Inputs'), 'Sites to activate');
    expect(sites.map((c) => c.textContent)).toEqual(['10', `14${DIFFERS_TEXT}`, '10']);
    expect(sites.map((c) => c.dataset.differs)).toEqual([undefined, 'true', undefined]);
    const germany = cellsOf(section('Inputs'), 'Germany');
    expect(germany.map((c) => c.dataset.differs)).toEqual([undefined, 'true', undefined]);
    expect(germany[0]!.textContent).toBe(
      '10 sites; 0.80 per site per month; screen fail 30.0%; drop-out 10.0%; Short, 120 days to first screened',
    );

    const lpi = cellsOf(section('Milestones'), 'Last patient in (LPI) P50');
    expect(lpi.map((c) => c.textContent)).toEqual([
      '20/Jul/2027',
      `19/Aug/2027${DIFFERS_TEXT}`,
      '20/Jul/2027',
    ]);
    expect(cellsOf(section('Cost'), 'Total cost').map((c) => c.textContent)).toEqual([
      '—',
      '—',
      `1,234,567.50${DIFFERS_TEXT}`,
    ]);
    expect(cellsOf(section('Cost'), 'Total cost P50').map((c) => c.textContent)).toEqual([
      '—',
      '—',
      `1,230,000.25${DIFFERS_TEXT}`,
    ]);
    expect(cellsOf(section('Cost'), 'Germany: cost P10-P90').at(-1)!.textContent).toBe(
      `1,100,000.00 to 1,400,000.00${DIFFERS_TEXT}`,
    );
    await waitFor(() => expect(renderedOptions.get(LPI_CHART_TITLE)).toBeDefined());
  });

  it('answers the probability of LPI by the typed day per plan, to one percentage point', async () => {
    const { user } = render();
    const field = await screen.findByLabelText('Probability of LPI by');
    await user.type(field, '30-Jun-2027');
    // Base case and Baseline: P1..P30 fall on 1..30 Jun; Sponsor target's start on 1 Jul.
    const row = await screen.findByRole('rowheader', { name: 'Probability of LPI by 30/Jun/2027' });
    const cells = within(row.closest('tr')!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['30.0%', `0.0%${DIFFERS_TEXT}`, '30.0%']);
  });

  it('toggles a plan band off and on', async () => {
    const { user } = render();
    const toggle = await screen.findByRole('checkbox', { name: 'Sponsor target P10-P90 band' });
    await waitFor(() => expect(seriesNames()).toContain('Sponsor target P10-P90'));
    await user.click(toggle);
    await waitFor(() => expect(seriesNames()).not.toContain('Sponsor target P10-P90'));
    expect(seriesNames()).toContain('Sponsor target P50');
    expect(seriesNames()).toContain('Base case P10-P90');
    await user.click(toggle);
    await waitFor(() => expect(seriesNames()).toContain('Sponsor target P10-P90'));
  });

  it('exports the comparison as one workbook', async () => {
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Export comparison' }));
    await waitFor(() => expect(downloadFile).toHaveBeenCalledTimes(1));
    const [bytes, fileName] = vi.mocked(downloadFile).mock.calls[0]!;
    expect(fileName).toBe('2025-ONC-0303_scenario comparison.xlsx');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes);
    expect(wb.worksheets.map((s) => s.name)).toEqual([
      'Inputs',
      'Milestones',
      'Enrollment and sites',
      'Cost',
      'Enrollment band',
    ]);
    expect(wb.getWorksheet('Inputs')!.getRow(1).getCell(3).value).toBe('Sponsor target');
  });

  it('names the plan the server refuses, with the way back to the study', async () => {
    server.on('GET', API_PATH, () =>
      json(
        {
          error: 'Bad Request',
          message: 'The request is not valid.',
          fields: [{ path: 'querystring.plans', message: COMPARE_MESSAGES.noRun(12) }],
        },
        400,
      ),
    );
    render();
    expect(await screen.findByText(COMPARE_MESSAGES.noRun(12))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Study Plan List' })).toHaveAttribute(
      'href',
      '/ctpo/study-plans/7',
    );
  });

  it('refuses an address listing a plan twice without asking the server', async () => {
    render('/ctpo/study-plans/7/compare?plans=11,11');
    expect(await screen.findByText(COMPARE_MESSAGES.duplicate(11))).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });
});
