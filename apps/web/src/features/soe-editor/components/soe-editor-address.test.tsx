import { SOE_MESSAGES } from '@predict/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import {
  EDITOR_PATH,
  EDITOR_ROUTE,
  serveSoe,
  SITE_GROUPS,
  siteGroup,
  SOE_ID,
  STUDY_ID,
  visit,
} from '../test/soe-editor-fixtures';
import { CONTRACT_DATE_UNREADABLE } from './sections/contract-effective-date-picker';
import { SoeEditorScreen } from './soe-editor-screen';

/** Site 501 of the France group, its contract effective from 4 January 2027. */
const LYON = siteGroup({
  siteGroupId: 5,
  siteId: 501,
  siteGroupName: 'France',
  countryCodeISO3: 'FRA',
  tabLabel: 'FRA',
  siteNumber: '2001',
  dropDownListLabel: '2001 - Hopital Lyon',
  currency: null,
  effectiveCurrency: 'EUR',
  siteContractEffectiveDate: '2027-01-04',
});

const renderEditor = (route = EDITOR_ROUTE) =>
  renderScreen(<SoeEditorScreen studyId={STUDY_ID} soeId={SOE_ID} />, { route, path: EDITOR_PATH });
const params = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('the SOE editor address and site controls (spec/2 section 2)', () => {
  let server: FetchMock;
  beforeEach(() => {
    server = installFetchMock();
    serveSoe(server, { visits: [visit(11, 'Screening Visit', 1)], siteGroups: [...SITE_GROUPS, LYON] });
    for (const site of [1, 501])
      server
        .on('GET', `/ctpo/soe/${SOE_ID}/visits/sitegroup/5/site/${site}`, [])
        .on('GET', `/ctpo/soe/${SOE_ID}/assessments/sitegroup/5/site/${site}`, []);
  });

  it('names bf, siteId and sg from the first load on, in place of the bare address', async () => {
    const { router } = renderEditor();
    await screen.findByRole('table', { name: 'Visits' });
    await waitFor(() => expect(router.state.location.search).toBe('?bf=&siteId=1&sg=0'));
    // Replaced, not pushed: Back leaves the editor instead of returning to the bare address.
    expect(router.state.historyAction).toBe('REPLACE');
  }, 60_000);

  it('shows the Business Function select for a chosen site only, and keeps the choice in bf', async () => {
    const { user, router } = renderEditor(`${EDITOR_ROUTE}?sg=1&siteId=1`);
    await screen.findByRole('combobox', { name: 'Site List' });
    // The country-level entry: neither the Business Function nor the contract date.
    expect(screen.queryByRole('combobox', { name: 'Business Function' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Contract Effective Date' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Site List' }));
    await user.click(await screen.findByRole('option', { name: '2001 - Hopital Lyon' }));
    await waitFor(() => expect(params(router.state.location.search)).toMatchObject({ siteId: '501' }));
    await user.click(await screen.findByRole('combobox', { name: 'Business Function' }));
    await user.click(screen.getByRole('option', { name: 'Clinical Data Management' }));
    await waitFor(() =>
      expect(params(router.state.location.search)).toEqual({
        bf: 'Clinical Data Management',
        siteId: '501',
        sg: '1',
      }),
    );
  }, 60_000);

  it('shows the contract date as DD/MMM/YYYY; an unreadable entry says so, keeps the date and holds Save', async () => {
    let body: { contractDates?: unknown[] } = {};
    server.on('POST', `/ctpo/soe/${SOE_ID}/save`, (request) => {
      body = request.body as typeof body;
      return { version: 5, visits: [], assessments: [] };
    });
    const { user } = renderEditor(`${EDITOR_ROUTE}?bf=&siteId=501&sg=1`);
    const date = await screen.findByRole('textbox', { name: 'Contract Effective Date' }, { timeout: 10_000 });
    expect(date).toHaveValue('04/Jan/2027');
    const save = screen.getByText('Save', { selector: 'button' });

    await user.clear(date);
    await user.type(date, '31/Foo/2027');
    await user.tab();
    expect(screen.getByText(CONTRACT_DATE_UNREADABLE)).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();

    await user.clear(date);
    await user.type(date, '15/Mar/2027');
    expect(screen.queryByText(CONTRACT_DATE_UNREADABLE)).not.toBeInTheDocument();
    expect(save).toBeEnabled();
    await user.click(save);
    await screen.findByText(SOE_MESSAGES.saved);
    expect(body.contractDates).toEqual([
      { siteGroupId: 5, siteId: 501, siteContractEffectiveDate: '2027-03-15' },
    ]);
  }, 60_000);

  it('an unreadable entry typed over the date is not saved as "no date" once Save is allowed again', async () => {
    const { user } = renderEditor(`${EDITOR_ROUTE}?bf=&siteId=501&sg=1`);
    const date = await screen.findByRole('textbox', { name: 'Contract Effective Date' }, { timeout: 10_000 });
    await user.type(date, 'x');
    // Only the typing changed: the working copy still has 4 January, so nothing is unsaved once it is undone.
    await user.type(date, '{Backspace}');
    expect(date).toHaveValue('04/Jan/2027');
    expect(screen.getByText('Save', { selector: 'button' })).toBeDisabled();
  }, 60_000);
});
