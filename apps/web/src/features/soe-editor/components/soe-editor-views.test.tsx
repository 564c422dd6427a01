import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import {
  assessment,
  EDITOR_PATH,
  EDITOR_ROUTE,
  mapping,
  serveSoe,
  SOE_ID,
  soeDetail,
  STUDY_ID,
  visit,
} from '../test/soe-editor-fixtures';
import { SoeEditorScreen } from './soe-editor-screen';

const renderEditor = () =>
  renderScreen(<SoeEditorScreen studyId={STUDY_ID} soeId={SOE_ID} />, {
    route: EDITOR_ROUTE,
    path: EDITOR_PATH,
  });

/** The cells of a table's row, by the text of its first cell. */
const rowOf = (table: HTMLElement, first: string) =>
  within(table)
    .getAllByRole('row')
    .find((r) => r.firstElementChild?.textContent === first)!
    .querySelectorAll('td');
const texts = (cells: NodeListOf<HTMLTableCellElement>) => [...cells].slice(1).map((c) => c.textContent);

describe('SOE editor field-type views', () => {
  let server: FetchMock;
  beforeEach(() => {
    server = installFetchMock();
  });

  it('the Clinical Strategy view adds its two tables, computed live from the visits and the SOE settings', async () => {
    // CDA review 20 % of the 100 % time, 10 % more time on site.
    serveSoe(server, {
      soe: soeDetail({ CDAReviewPctTime: 20, AddlTimeOnSitePct: 10 }),
      visits: [
        visit(11, 'Screening', 1, { miEstSDRSDV: 60, miSampleVisit: 1 }),
        visit(12, 'Day 8', 2, { miEstSDRSDV: 30, miSampleVisit: 0 }),
      ],
    });
    const { user } = renderEditor();
    await screen.findByRole('table', { name: 'Visits' });
    expect(screen.queryByRole('table', { name: 'Clinical Strategy by Visit' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clinical Strategy' }));
    const byVisit = screen.getByRole('table', { name: 'Clinical Strategy by Visit' });
    // Onsite = (1 - 0.20) x 60 x 1.10 = 52.80 for the sampled visit, 0 otherwise; CDA = 0.20 x 100 % time.
    expect(texts(rowOf(byVisit, 'Screening'))).toEqual(['60.00', 'Yes', '52.80', '12.00']);
    expect(texts(rowOf(byVisit, 'Day 8'))).toEqual(['30.00', 'No', '0.00', '6.00']);
    expect(texts(rowOf(byVisit, 'Total'))).toEqual(['90.00', '1 of 2', '52.80', '18.00']);
    const perPatient = screen.getByRole('table', { name: 'CRA Time per Patient' });
    // 52.80 + 18.00 = 70.80 minutes = 1.18 hours.
    expect(texts(rowOf(perPatient, 'Onsite SDR/SDV and CDA review'))).toEqual(['70.80', '1.18']);
    expect(texts(rowOf(perPatient, 'Sampled visits'))).toEqual(['1 of 2']);

    // An edit in the Visits table shows at once: Day 8 at 45 minutes.
    const field = within(screen.getByRole('table', { name: 'Visits' })).getByLabelText(
      'Est. 100% SDR/SDV (min) of Day 8',
    );
    await user.clear(field);
    await user.type(field, '45');
    await user.tab();
    expect(texts(rowOf(screen.getByRole('table', { name: 'Clinical Strategy by Visit' }), 'Total'))).toEqual([
      '105.00',
      '1 of 2',
      '52.80',
      '21.00',
    ]);

    await user.click(screen.getByRole('button', { name: 'Visit' }));
    expect(screen.queryByRole('table', { name: 'Clinical Strategy by Visit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'CRA Time per Patient' })).not.toBeInTheDocument();
  }, 60_000);

  it('the Data Management view adds its table: CRF counts from the grid unless the visit has its own', async () => {
    serveSoe(server, {
      visits: [
        visit(11, 'Screening', 1, { dmCentralLab: 2 }),
        visit(12, 'Day 8', 2, { dmUniqueCRFs: 5, dmPaperEpro: 1 }),
      ],
      assessments: [assessment(21, 'Blood draw', 1), assessment(22, 'ECG', 2)],
      mapping: [
        { ...mapping(21, 11, 1), uniqueNonUniqueForm: 'U' },
        { ...mapping(22, 11, 1), uniqueNonUniqueForm: 'N' },
        { ...mapping(21, 12, 1), uniqueNonUniqueForm: 'U' },
      ],
    });
    const { user } = renderEditor();
    await screen.findByRole('table', { name: 'Visits' });
    await user.click(screen.getByRole('button', { name: 'Data Management' }));
    const table = screen.getByRole('table', { name: 'Data Management by Visit' });
    // Unique, Non Unique, Integrated ePRO, Paper ePRO, Central Lab, Local Lab.
    expect(texts(rowOf(table, 'Screening'))).toEqual(['1.00', '1.00', '0.00', '0.00', '2.00', '0.00']);
    // Day 8's own 5 unique CRFs stand in for the grid's 1.
    expect(texts(rowOf(table, 'Day 8'))).toEqual(['5.00', '0.00', '0.00', '1.00', '0.00', '0.00']);
    expect(texts(rowOf(table, 'Total'))).toEqual(['6.00', '1.00', '0.00', '1.00', '2.00', '0.00']);
    expect(screen.queryByRole('table', { name: 'Clinical Strategy by Visit' })).not.toBeInTheDocument();
  }, 60_000);

  it("the Assessments table's comment type selector shows another comment, until the field type changes", async () => {
    serveSoe(server, {
      visits: [visit(11, 'Screening', 1)],
      assessments: [
        assessment(21, 'Blood draw', 1, {
          commentsAssessment: 'fasting',
          commentsCost: 'lab fee',
          commentsDataManagement: 'two forms',
        }),
      ],
    });
    const { user } = renderEditor();
    await screen.findByRole('table', { name: 'Visits' });
    await user.click(
      screen.getByText('Assessments', { selector: 'h6, span' }).closest('[role="button"], button')!,
    );
    const table = await screen.findByRole('table', { name: 'Assessments' });
    const selector = within(table).getByLabelText('Comment type');
    expect([...selector.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Assessment',
      'Cost',
      'Clinical Strategy',
      'Data Management',
    ]);
    const comment = () => within(table).getByLabelText('Comments of Blood draw');
    expect(comment()).toHaveValue('fasting');
    await user.selectOptions(selector, 'COST');
    expect(comment()).toHaveValue('lab fee');
    // The field-type switch applies again to both tables.
    await user.click(screen.getByRole('button', { name: 'Data Management' }));
    expect(comment()).toHaveValue('two forms');
    expect(within(table).getByLabelText('Comment type')).toHaveValue('DATA_MANAGEMENT');
  }, 60_000);
});

describe('SOE editor while the grid is on its way', () => {
  it('shows the Visits table before the grid read answers, and the grid (and Save) once it did', async () => {
    const server = installFetchMock();
    serveSoe(server, {
      visits: [visit(11, 'Screening', 1), visit(12, 'Day 8', 2)],
      assessments: [assessment(21, 'Blood draw', 1, { assessmentCost: 10 })],
    });
    let answer: (rows: unknown) => void = () => undefined;
    server.on('GET', `/ctpo/soe/${SOE_ID}/mapping`, () => new Promise((resolve) => (answer = resolve)));
    const { user } = renderEditor();
    const visits = await screen.findByRole('table', { name: 'Visits' });
    // An edit before the grid arrives is kept; Save waits for the grid.
    await user.clear(within(visits).getByLabelText('Visit name 2'));
    await user.type(within(visits).getByLabelText('Visit name 2'), 'Week 1');
    expect(screen.getByText('Save', { selector: 'button' })).toBeDisabled();
    await user.click(
      screen.getByText('Schedule of Events', { selector: 'h6, span' }).closest('[role="button"], button')!,
    );
    expect(await screen.findByText('Loading the Schedule of Events grid…')).toBeInTheDocument();

    answer([mapping(21, 11, 2), mapping(21, 12, 1)]);
    const grid = await screen.findByRole('table', { name: 'Schedule of Events' });
    expect(within(grid).getByLabelText('Tick Blood draw at Screening')).toBeChecked();
    expect(within(grid).getByLabelText('Multiplier of Blood draw at Screening')).toHaveValue('2');
    expect(within(grid).getByLabelText('Tick Blood draw at Week 1')).toBeChecked();
    expect(within(grid).getByLabelText('Assessment Cost of Screening').textContent).toBe('$20.00');
    expect(screen.getByText('Save', { selector: 'button' })).toBeEnabled();
  }, 60_000);
});
