import { SOE_MESSAGES, type SoeAssessmentLevel, type SoeVisitLevel } from '@predict/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import {
  assessment,
  EDITOR_PATH,
  EDITOR_ROUTE,
  serveSoe,
  SITE_GROUPS,
  siteGroup,
  SOE_ID,
  STUDY_ID,
  visit,
} from '../../test/soe-editor-fixtures';
import { SoeEditorScreen } from '../soe-editor-screen';

/** Site 501 of the France group (EUR, inherited from the country). */
const LYON = siteGroup({
  siteGroupId: 5,
  siteId: 501,
  siteGroupName: 'France',
  countryCodeISO3: 'FRA',
  countryName: 'France',
  tabLabel: 'FRA',
  siteNumber: '2001',
  dropDownListLabel: '2001 - Hopital Lyon',
  currency: null,
  effectiveCurrency: 'EUR',
  effectiveExchangeRate: 0.92,
});
const SITE_PATH = `/ctpo/soe/${SOE_ID}/visits/sitegroup/5/site/501`;
const SITE_ASSESSMENTS_PATH = `/ctpo/soe/${SOE_ID}/assessments/sitegroup/5/site/501`;

const level = { siteGroupId: 5, siteId: 501 };
/** Screening: the site's own visit cost 250; its overhead 12 % comes from the country. */
const siteVisits: SoeVisitLevel[] = [
  {
    scheduleOfEventsVisitId: 11,
    visitName: 'Screening Visit',
    visitCategory: 'Screening',
    visitStudyDay: 1,
    visitSortOrder: 1,
    ...level,
    visitOverheadPct: null,
    visitCost: 250,
    visitCostTotal: null,
    effective: {
      visitOverheadPct: { value: 12, from: 'country' },
      visitCost: { value: 250, from: 'site' },
      visitCostTotal: { value: null, from: 'study' },
    },
  },
];
/** Blood draw: the country's 95 (inherited); Questionnaire: the site's own 60. */
const siteAssessments: SoeAssessmentLevel[] = [
  {
    scheduleOfEventsAssessmentId: 21,
    assessmentName: 'Blood draw',
    assessmentType: 'Procedure',
    assessmentSortOrder: 1,
    ...level,
    assessmentCost: null,
    effective: { assessmentCost: { value: 95, from: 'country' } },
  },
  {
    scheduleOfEventsAssessmentId: 22,
    assessmentName: 'Questionnaire',
    assessmentType: 'Non Procedure',
    assessmentSortOrder: 2,
    ...level,
    assessmentCost: 60,
    effective: { assessmentCost: { value: 60, from: 'site' } },
  },
  /** ECG: neither France nor the site prices it: the study's USD 40.00. */
  {
    scheduleOfEventsAssessmentId: 23,
    assessmentName: 'ECG',
    assessmentType: 'Procedure',
    assessmentSortOrder: 3,
    ...level,
    assessmentCost: null,
    effective: { assessmentCost: { value: 40, from: 'study' } },
  },
];

describe('a site tab', () => {
  let server: FetchMock;
  beforeEach(() => {
    server = installFetchMock();
    serveSoe(server, {
      visits: [visit(11, 'Screening Visit', 1, { visitOverheadPct: 10 })],
      assessments: [
        assessment(21, 'Blood draw', 1, { assessmentCost: 100, overhead: 1 }),
        assessment(22, 'Questionnaire', 2, { assessmentType: 'Non Procedure', assessmentCost: 50.5 }),
        assessment(23, 'ECG', 3, { assessmentCost: 40 }),
      ],
      siteGroups: [...SITE_GROUPS, LYON],
    });
    server.on('GET', SITE_PATH, siteVisits).on('GET', SITE_ASSESSMENTS_PATH, siteAssessments);
  });

  it('shows the site own values, the inherited ones greyed with their source, and saves a site cost', async () => {
    let body: { visitLevelValues?: unknown[]; assessmentLevelValues?: unknown[] } = {};
    server.on('POST', `/ctpo/soe/${SOE_ID}/save`, (request) => {
      body = request.body as typeof body;
      return { version: 5, visits: [], assessments: [] };
    });
    const { user } = renderScreen(<SoeEditorScreen studyId={STUDY_ID} soeId={SOE_ID} />, {
      route: `${EDITOR_ROUTE}?sg=1&siteId=501`,
      path: EDITOR_PATH,
    });
    // The site's values load after the study's (a second round of reads).
    const visits = await screen.findByRole('table', { name: 'Visits' }, { timeout: 10_000 });
    expect(screen.getByRole('combobox', { name: 'Site List' })).toHaveValue('2001 - Hopital Lyon');
    // Own: the site's visit cost in the level's currency (EUR, inherited from France).
    expect(within(visits).getByLabelText('Visit cost of Screening Visit')).toHaveValue('€250.00');
    // Inherited: empty, with the country's value and its source as the greyed placeholder.
    const overhead = within(visits).getByLabelText('Overhead % of Screening Visit');
    expect(overhead).toHaveValue('');
    expect(overhead).toHaveAttribute('placeholder', '12 from country');
    // Sites have the contract's visit total.
    expect(within(visits).getByLabelText('Total visit cost of Screening Visit')).toHaveValue('');

    const assessments = screen.getByRole('table', { name: 'Assessments' });
    const blood = within(assessments).getByLabelText('Cost of Blood draw');
    expect(blood).toHaveValue('');
    expect(blood).toHaveAttribute('placeholder', '€95.00 from country');
    expect(within(assessments).getByLabelText('Cost of Questionnaire')).toHaveValue('€60.00');

    await user.type(blood, '88.25');
    await user.click(screen.getByText('Save', { selector: 'button' }));
    await screen.findByText(SOE_MESSAGES.saved);
    expect(body.assessmentLevelValues).toEqual([
      { assessmentKey: '21', siteGroupId: 5, siteId: 501, assessmentCost: 88.25 },
    ]);
    expect(body.visitLevelValues).toEqual([]);
  }, 60_000);

  it("shows an amount inherited from another currency in its source's currency, not the tab's symbol", async () => {
    renderScreen(<SoeEditorScreen studyId={STUDY_ID} soeId={SOE_ID} />, {
      route: `${EDITOR_ROUTE}?sg=1&siteId=501`,
      path: EDITOR_PATH,
    });
    const assessments = await screen.findByRole('table', { name: 'Assessments' }, { timeout: 10_000 });
    // The site counts in EUR; the study's 40 are US dollars (the SOE's currency), so they read $40.00, not €40.00.
    const ecg = within(assessments).getByLabelText('Cost of ECG');
    expect(ecg).toHaveValue('');
    expect(ecg).toHaveAttribute('placeholder', '$40.00 from study');
    // France's own 95 are euros, like the site's.
    expect(within(assessments).getByLabelText('Cost of Blood draw')).toHaveAttribute(
      'placeholder',
      '€95.00 from country',
    );
  }, 60_000);
});
