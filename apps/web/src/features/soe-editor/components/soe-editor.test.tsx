import { SOE_MESSAGES } from '@predict/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import { readOnlyUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import {
  assessment,
  EDITOR_PATH,
  EDITOR_ROUTE,
  mapping,
  serveSoe,
  SOE_ID,
  STUDY_ID,
  visit,
} from '../test/soe-editor-fixtures';
import { SoeEditorScreen } from './soe-editor-screen';

const renderEditor = (options: { route?: string; readOnly?: boolean } = {}) =>
  renderScreen(<SoeEditorScreen studyId={STUDY_ID} soeId={SOE_ID} />, {
    route: options.route ?? EDITOR_ROUTE,
    path: EDITOR_PATH,
    ...(options.readOnly ? { user: readOnlyUser } : {}),
  });

/** Screening (id 11, 10 % overhead) and Procedure 'Blood draw' (id 21, 100.00, overhead) ticked x2 there. */
const baseData = () => ({
  visits: [visit(11, 'Screening Visit', 1, { visitOverheadPct: 10 })],
  assessments: [
    assessment(21, 'Blood draw', 1, { assessmentCost: 100, overhead: 1 }),
    assessment(22, 'Questionnaire', 2, { assessmentType: 'Non Procedure', assessmentCost: 50.5 }),
  ],
  mapping: [mapping(21, 11, 2)],
});

/** Section headers are buttons with the section's id (SoeSection). */
const openSection = async (user: ReturnType<typeof renderEditor>['user'], title: string) =>
  user.click(screen.getByText(title, { selector: 'h6, span' }).closest('[role="button"], button')!);

/** The Add Row button of a section (getByRole over the whole editor is slow in jsdom). */
const addRowOf = (sectionId: string) =>
  within(document.getElementById(`${sectionId}-content`)!.parentElement!).getByText('Add Row', {
    selector: 'button',
  });

describe('SoeEditorScreen', () => {
  let server: FetchMock;
  /** GET requests to exactly this path. */
  const gets = (path: string) => server.requests.filter((r) => r.method === 'GET' && r.url.pathname === path);
  beforeEach(() => {
    server = installFetchMock();
  });

  it('loads the SOE and shows its header, the Study tab first with the country tabs, and the Visits table open', async () => {
    serveSoe(server, baseData());
    renderEditor();
    expect(await screen.findByRole('heading', { name: 'Oncology SOE' })).toBeInTheDocument();
    expect(screen.getByText('Phase II schedule')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Baseline plan' })).toHaveAttribute(
      'href',
      '/ctpo/study-plans/7/42',
    );
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Study', 'FRA', 'USA - C']);
    expect(screen.getByRole('tab', { name: 'Study' })).toHaveAttribute('aria-selected', 'true');
    const visits = screen.getByRole('table', { name: 'Visits' });
    expect(within(visits).getByRole('textbox', { name: 'Visit name 1' })).toHaveValue('Screening Visit');
    expect(screen.queryByRole('table', { name: 'Assessments' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  }, 60_000);

  it('adds a visit and an assessment, ticks cells and shows the totals rows computed from them', async () => {
    serveSoe(server, baseData());
    const { user } = renderEditor();
    const visits = await screen.findByRole('table', { name: 'Visits' });
    await user.click(addRowOf('visits'));
    await user.selectOptions(within(visits).getByLabelText('Category of visit 2'), 'Treatment');
    await user.type(within(visits).getByLabelText('Visit name 2'), 'Week 2');
    await user.type(within(visits).getByLabelText('Study Day of Week 2'), '14');

    await openSection(user, 'Assessments');
    await screen.findByRole('table', { name: 'Assessments' });
    expect(screen.queryByRole('table', { name: 'Visits' })).not.toBeInTheDocument();
    await user.click(addRowOf('assessments'));
    await user.selectOptions(screen.getByLabelText('Type of assessment 3'), 'Procedure');
    await user.type(screen.getByLabelText('Assessment name 3'), 'ECG');
    await user.type(screen.getByLabelText('Cost of ECG'), '80');
    await user.click(screen.getByLabelText('Overhead ECG'));

    await openSection(user, 'Schedule of Events');
    const grid = await screen.findByRole('table', { name: 'Schedule of Events' });
    await user.click(within(grid).getByLabelText('Tick ECG at Screening Visit'));
    const multiplier = within(grid).getByLabelText('Multiplier of ECG at Screening Visit');
    expect(multiplier).toHaveValue('1');
    await user.clear(multiplier);
    await user.type(multiplier, '1.5');
    await user.click(within(grid).getByLabelText('Tick Questionnaire at Screening Visit'));
    await user.click(within(grid).getByLabelText('Tick ECG at Week 2'));

    const total = (row: string, visitName: string) =>
      within(grid).getByLabelText(`${row} of ${visitName}`).textContent;
    // Screening: 2 x 100 + 1.5 x 80 + 1 x 50.50 = 370.50; overhead 10 % of (200 + 120) = 32.00.
    expect(total('Assessment Count', 'Screening Visit')).toBe('4.5');
    expect(total('Assessment Cost', 'Screening Visit')).toBe('$370.50');
    expect(total('Visit Overhead', 'Screening Visit')).toBe('$32.00');
    expect(total('Total Visit Cost', 'Screening Visit')).toBe('$402.50');
    expect(total('Unique CRFs', 'Screening Visit')).toBe('0');
    // Week 2: ECG once, no overhead %.
    expect(total('Assessment Count', 'Week 2')).toBe('1');
    expect(total('Total Visit Cost', 'Week 2')).toBe('$80.00');
    // An emptied multiplier is 0, not 1 (spec/2: "0 if invalid"), as the server reads it too.
    const week2 = within(grid).getByLabelText('Multiplier of ECG at Week 2');
    await user.clear(week2);
    await user.tab();
    expect(week2).toHaveValue('0');
    expect(total('Assessment Count', 'Week 2')).toBe('0');
    expect(total('Total Visit Cost', 'Week 2')).toBe('$0.00');
    expect(screen.getByText('Save', { selector: 'button' })).toBeEnabled();
  }, 60_000);

  it('saves one body: the ordered lists with keys, the changed cells by key and the loaded version, then reloads', async () => {
    serveSoe(server, baseData());
    let body: unknown;
    server.on('POST', `/ctpo/soe/${SOE_ID}/save`, (request) => {
      body = request.body;
      return { version: 5, visits: [], assessments: [] };
    });
    const { user } = renderEditor();
    const visits = await screen.findByRole('table', { name: 'Visits' });
    await user.click(addRowOf('visits'));
    await user.selectOptions(within(visits).getByLabelText('Category of visit 2'), 'Treatment');
    await user.type(within(visits).getByLabelText('Visit name 2'), 'Week 2');
    await user.type(within(visits).getByLabelText('Study Day of Week 2'), '14');
    await user.click(within(visits).getByLabelText('Move Week 2 up'));
    expect(within(visits).getByLabelText('Visit name 1')).toHaveValue('Week 2');

    await openSection(user, 'Schedule of Events');
    const grid = await screen.findByRole('table', { name: 'Schedule of Events' });
    await user.click(within(grid).getByLabelText('Tick Questionnaire at Week 2'));
    await user.click(within(grid).getByLabelText('Tick Blood draw at Screening Visit'));
    expect(gets(`/ctpo/soe/${SOE_ID}/visits`)).toHaveLength(1);
    await user.click(screen.getByText('Save', { selector: 'button' }));

    expect(await screen.findByText(SOE_MESSAGES.saved)).toBeInTheDocument();
    expect(body).toMatchObject({
      version: 4,
      visits: [
        {
          visitKey: 'new-visit-1',
          scheduleOfEventsVisitId: null,
          visitName: 'Week 2',
          visitCategory: 'Treatment',
          visitStudyDay: 14,
        },
        { visitKey: '11', scheduleOfEventsVisitId: 11, visitName: 'Screening Visit', visitOverheadPct: 10 },
      ],
      assessments: [
        { assessmentKey: '21', scheduleOfEventsAssessmentId: 21 },
        { assessmentKey: '22', scheduleOfEventsAssessmentId: 22 },
      ],
      mapping: [
        {
          assessmentKey: '22',
          visitKey: 'new-visit-1',
          mappingAssessmentVisit: 1,
          multiplier: 1,
          uniqueNonUniqueForm: null,
        },
        {
          assessmentKey: '21',
          visitKey: '11',
          mappingAssessmentVisit: 0,
          multiplier: null,
          uniqueNonUniqueForm: null,
        },
      ],
      visitLevelValues: [],
      currencies: [],
      risks: [],
    });
    const sent = body as { visits: unknown[]; assessments: unknown[]; mapping: unknown[] };
    expect([sent.visits.length, sent.assessments.length, sent.mapping.length]).toEqual([2, 2, 2]);
    // Everything is read again after the save.
    await waitFor(() => expect(gets(`/ctpo/soe/${SOE_ID}/visits`)).toHaveLength(2));
    await waitFor(() => expect(gets(`/ctpo/soe/${SOE_ID}/mapping`)).toHaveLength(2));
  }, 60_000);

  it('shows the stale-version message with Reload when another save came first (409)', async () => {
    serveSoe(server, baseData());
    server.on('POST', `/ctpo/soe/${SOE_ID}/save`, () =>
      json({ error: 'Conflict', message: SOE_MESSAGES.staleVersion }, 409),
    );
    const { user } = renderEditor();
    const visits = await screen.findByRole('table', { name: 'Visits' });
    await user.type(within(visits).getByLabelText('Visit name 1'), ' A');
    await user.click(screen.getByText('Save', { selector: 'button' }));
    const alert = await screen.findByText(SOE_MESSAGES.staleVersion);
    const reload = within(alert.closest('.MuiAlert-root') as HTMLElement).getByText('Reload', {
      selector: 'button',
    });
    await user.click(reload);
    await waitFor(() => expect(gets(`/ctpo/soe/${SOE_ID}/visits`)).toHaveLength(2));
    // The fresh working copy is the server's.
    await waitFor(() => expect(screen.getByLabelText('Visit name 1')).toHaveValue('Screening Visit'));
  }, 60_000);

  it('lists the row rules that stop a save, with a count badge, and sends nothing', async () => {
    serveSoe(server, baseData());
    const { user } = renderEditor();
    await screen.findByRole('table', { name: 'Visits' });
    await user.click(addRowOf('visits'));
    await user.click(addRowOf('visits'));
    await user.click(screen.getByText('Save', { selector: 'button' }));
    const list = await screen.findByRole('alert');
    expect(within(list).getByText(SOE_MESSAGES.visitCategoryRequired)).toBeInTheDocument();
    expect(within(list).getByText(SOE_MESSAGES.visitNameRequired)).toBeInTheDocument();
    expect(within(list).getByText(SOE_MESSAGES.visitStudyDayRequired('Day'))).toBeInTheDocument();
    expect(within(list).getAllByTitle('2 entries')).toHaveLength(3);
    expect(server.to(`/ctpo/soe/${SOE_ID}/save`)).toHaveLength(0);
  }, 60_000);

  it('gives read-only users disabled inputs, no Add Row, Save, Edit, Cancel or Upload, and a View button', async () => {
    serveSoe(server, baseData());
    renderEditor({ readOnly: true });
    const visits = await screen.findByRole('table', { name: 'Visits' });
    expect(within(visits).getByLabelText('Visit name 1')).toBeDisabled();
    expect(within(visits).getByLabelText('Overhead % of Screening Visit')).toBeDisabled();
    expect(within(visits).getByLabelText('Move Screening Visit up')).toBeDisabled();
    expect(within(visits).queryByLabelText('Delete Screening Visit')).not.toBeInTheDocument();
    expect(screen.queryByText('Add Row', { selector: 'button' })).not.toBeInTheDocument();
    for (const label of ['Save', 'Edit', 'Cancel', 'Upload'])
      expect(screen.queryByText(label, { selector: 'button' })).not.toBeInTheDocument();
    expect(screen.getByText('View', { selector: 'button' })).toBeInTheDocument();
    expect(screen.getByText('Back to SOE List')).toBeInTheDocument();
  }, 60_000);

  it('changing the tab puts sg in the address with siteId 1 and shows the country level', async () => {
    serveSoe(server, baseData());
    server
      .on('GET', `/ctpo/soe/${SOE_ID}/visits/sitegroup/5/site/1`, [])
      .on('GET', `/ctpo/soe/${SOE_ID}/assessments/sitegroup/5/site/1`, []);
    const { user, router } = renderEditor({ route: `${EDITOR_ROUTE}?sg=0&siteId=1` });
    await screen.findByRole('table', { name: 'Visits' });
    await user.click(screen.getByText('FRA', { selector: 'button' }));
    await waitFor(() => expect(router.state.location.search).toBe('?bf=&siteId=1&sg=1'));
    expect(screen.getByText('FRA', { selector: 'button' })).toHaveAttribute('aria-selected', 'true');
    const visits = await screen.findByRole('table', { name: 'Visits' });
    // The study value shows greyed as inherited.
    expect(within(visits).getByLabelText('Overhead % of Screening Visit')).toHaveAttribute(
      'placeholder',
      '10 from study',
    );
    expect(gets(`/ctpo/soe/${SOE_ID}/visits/sitegroup/5/site/1`)).toHaveLength(1);

    // The country's own values go into the same single save, named by key and level.
    let body: { visitLevelValues?: unknown[]; assessmentLevelValues?: unknown[] } = {};
    server.on('POST', `/ctpo/soe/${SOE_ID}/save`, (request) => {
      body = request.body as typeof body;
      return { version: 5, visits: [], assessments: [] };
    });
    await user.type(within(visits).getByLabelText('Overhead % of Screening Visit'), '12');
    const assessments = screen.getByRole('table', { name: 'Assessments' });
    await user.type(within(assessments).getByLabelText('Cost of Blood draw'), '95.5');
    await user.click(screen.getByText('Save', { selector: 'button' }));
    await screen.findByText(SOE_MESSAGES.saved);
    expect(body.visitLevelValues).toEqual([
      {
        visitKey: '11',
        siteGroupId: 5,
        siteId: 1,
        visitOverheadPct: 12,
        visitCost: null,
        visitCostTotal: null,
      },
    ]);
    expect(body.assessmentLevelValues).toEqual([
      { assessmentKey: '21', siteGroupId: 5, siteId: 1, assessmentCost: 95.5 },
    ]);
  }, 60_000);

  it('Apply To All says to enter an overhead % first, then copies the first one to every visit', async () => {
    serveSoe(server, { ...baseData(), visits: [visit(11, 'Screening Visit', 1), visit(12, 'Day 8', 2)] });
    const { user } = renderEditor();
    const visits = await screen.findByRole('table', { name: 'Visits' });
    await user.click(within(visits).getByText('Apply To All', { selector: 'button' }));
    expect(await within(visits).findByText(SOE_MESSAGES.applyToAllEmpty)).toBeInTheDocument();
    await user.type(within(visits).getByLabelText('Overhead % of Day 8'), '12.5');
    await user.click(within(visits).getByText('Apply To All', { selector: 'button' }));
    expect(within(visits).getByLabelText('Overhead % of Screening Visit')).toHaveValue('12.5');
  }, 60_000);

  it('Cancel with unsaved changes asks, and Exit Without Saving goes back to the study page', async () => {
    serveSoe(server, baseData());
    const { user, router } = renderEditor();
    const visits = await screen.findByRole('table', { name: 'Visits' });
    await user.type(within(visits).getByLabelText('Visit name 1'), ' A');
    await user.click(screen.getByText('Cancel', { selector: 'button' }));
    const dialog = await screen.findByRole('dialog', { name: 'You Have Unsaved Changes' });
    expect(within(dialog).getByText('Save & Exit', { selector: 'button' })).toBeInTheDocument();
    await user.click(within(dialog).getByText('Exit Without Saving', { selector: 'button' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/ctpo/study-plans/${STUDY_ID}`));
    expect(server.to(`/ctpo/soe/${SOE_ID}/save`)).toHaveLength(0);
  }, 60_000);

  it('Save & Exit saves the changes, then goes back to the study page', async () => {
    serveSoe(server, baseData());
    server.on('POST', `/ctpo/soe/${SOE_ID}/save`, { version: 5, visits: [], assessments: [] });
    const { user, router } = renderEditor();
    const visits = await screen.findByRole('table', { name: 'Visits' });
    await user.type(within(visits).getByLabelText('Visit name 1'), ' A');
    await user.click(screen.getByText('Cancel', { selector: 'button' }));
    const dialog = await screen.findByRole('dialog', { name: 'You Have Unsaved Changes' });
    await user.click(within(dialog).getByText('Save & Exit', { selector: 'button' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/ctpo/study-plans/${STUDY_ID}`));
    const saves = server.to(`/ctpo/soe/${SOE_ID}/save`);
    expect(saves).toHaveLength(1);
    expect(saves[0]!.body).toMatchObject({ visits: [{ visitKey: '11', visitName: 'Screening Visit A' }] });
  }, 60_000);

  it('a name mapping typed rather than chosen from the list says so, and choosing from the list clears it', async () => {
    serveSoe(server, baseData());
    server.on('GET', /^\/ctpo\/assessments\/name\//, [
      { assessmentName: 'Hematology', assessmentType: 'Procedure' },
    ]);
    const { user } = renderEditor();
    await screen.findByRole('table', { name: 'Visits' });
    await openSection(user, 'Assessments');
    const table = await screen.findByRole('table', { name: 'Assessments' });
    const field = within(table).getByLabelText('Name mapping of Blood draw');
    await user.type(field, 'Hem');
    expect(within(table).getByText(SOE_MESSAGES.selectAssessmentName)).toBeInTheDocument();
    await user.click(
      await screen.findByText('Hematology', { selector: '[role="option"]' }, { timeout: 5000 }),
    );
    expect(field).toHaveValue('Hematology');
    expect(within(table).queryByText(SOE_MESSAGES.selectAssessmentName)).not.toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/ctpo/assessments/name/Hem*')).toBe(true);
  }, 60_000);
});
