import { EPRICE_MESSAGES } from '@predict/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SoeEditorScreen } from '@/features/soe-editor';
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
} from '@/features/soe-editor/test/soe-editor-fixtures';
import { installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { readOnlyUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { CHOOSE_SITE_FIRST } from './level-upload-buttons';

const LEVEL_BUTTONS = ['Upload Country Costs', 'Default Assessment Costs', 'Upload Site Contract'];
const SITE = siteGroup({
  siteGroupId: 5,
  siteId: 12,
  siteGroupName: 'France',
  countryCodeISO3: 'FRA',
  tabLabel: 'FRA',
  siteNumber: 'FRA-001',
  dropDownListLabel: 'FRA-001 - Hopital Saint-Louis',
});

const renderEditor = (route: string, readOnly = false) =>
  renderScreen(<SoeEditorScreen studyId={STUDY_ID} soeId={SOE_ID} />, {
    route,
    path: EDITOR_PATH,
    ...(readOnly ? { user: readOnlyUser } : {}),
  });

describe('the upload buttons of the SOE editor', () => {
  let server: FetchMock;
  beforeEach(() => {
    server = installFetchMock();
    serveSoe(server, {
      visits: [visit(11, 'Screening', 1)],
      assessments: [assessment(21, 'ECG', 1, { assessmentCost: 80 })],
      siteGroups: [...SITE_GROUPS, SITE],
    });
    for (const site of [1, 12])
      server
        .on('GET', `/ctpo/soe/${SOE_ID}/visits/sitegroup/5/site/${site}`, [])
        .on('GET', `/ctpo/soe/${SOE_ID}/assessments/sitegroup/5/site/${site}`, []);
  });

  it('Upload opens Upload ePrice, which shows the cost-detected text for an SOE with costs', async () => {
    const { user } = renderEditor(EDITOR_ROUTE);
    await screen.findByRole('table', { name: 'Visits' });
    for (const label of LEVEL_BUTTONS) expect(screen.queryByRole('button', { name: label })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload ePrice' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(EPRICE_MESSAGES.costDetected);
  }, 60_000);

  it('a country tab offers the three uploads; the site contract once a site is chosen', async () => {
    renderEditor(`${EDITOR_ROUTE}?sg=1&siteId=1`);
    await screen.findByRole('button', { name: 'Upload Country Costs' });
    expect(screen.getByRole('button', { name: 'Default Assessment Costs' })).toBeEnabled();
    const contract = screen.getByRole('button', { name: 'Upload Site Contract' });
    expect(contract).toBeDisabled();
    expect(contract.parentElement).toHaveAttribute('aria-label', CHOOSE_SITE_FIRST);
  }, 60_000);

  it('on a site, UPLOAD SITE CONTRACT opens its dialog for that site', async () => {
    const { user } = renderEditor(`${EDITOR_ROUTE}?sg=1&siteId=12`);
    const contract = await screen.findByRole('button', { name: 'Upload Site Contract' });
    await user.click(contract);
    const dialog = await screen.findByRole('dialog', { name: 'Upload Site Contract' });
    expect(dialog).toHaveTextContent("'Site Number' in A1 and FRA-001 in B1");
  }, 60_000);

  it('read-only users see no upload button on any tab', async () => {
    renderEditor(`${EDITOR_ROUTE}?sg=1&siteId=1`, true);
    await screen.findByRole('table', { name: 'Visits' });
    for (const label of ['Upload', ...LEVEL_BUTTONS])
      expect(screen.queryByRole('button', { name: label })).toBeNull();
  }, 60_000);
});
