import { COUNTRY_COST_MESSAGES as M } from '@predict/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { ROUTE, SOE_ID, STUDY_ID } from '../test/upload-fixtures';
import { DefaultCostsDialog } from './default-costs-dialog';

const PATH = `/ctpo/soe/${SOE_ID}/defaultcost/sitegroup/5`;
const ROWS = [
  {
    assessmentId: 1,
    assessmentTypeDetail: 'Procedure',
    assessmentName: '12-Lead ECG',
    assessmentCostMAX: 120,
    assessmentCostMIN: 60.5,
    assessmentCostAVG: 85.25,
    countOfDataPoints: 14,
  },
  {
    assessmentId: 2,
    assessmentTypeDetail: 'Non Procedure',
    assessmentName: 'Informed Consent',
    assessmentCostMAX: 1500,
    assessmentCostMIN: 90,
    assessmentCostAVG: 150,
    countOfDataPoints: 9,
  },
];

function renderDialog() {
  const onImported = vi.fn();
  const view = renderScreen(
    <DefaultCostsDialog
      studyId={STUDY_ID}
      soeId={SOE_ID}
      siteGroupId={5}
      countryLabel="FRA"
      onClose={vi.fn()}
      onImported={onImported}
    />,
    { route: ROUTE },
  );
  return {
    ...view,
    onImported,
    dialog: screen.getByRole('dialog', { name: 'Country Default Assessment Costs - FRA' }),
  };
}

describe('DefaultCostsDialog', () => {
  let server: FetchMock;
  beforeEach(() => {
    server = installFetchMock();
  });

  it('lists the defaults, applies the chosen Min and reloads the editor', async () => {
    server.on('GET', PATH, ROWS);
    let body: unknown;
    server.on('POST', `/ctpo/study/${STUDY_ID}/AssessmentDefaultCost`, (r) => {
      body = r.body;
      return { message: M.imported, rows: 2 };
    });
    const { user, dialog, onImported } = renderDialog();
    const table = await within(dialog).findByRole('table', { name: 'Default assessment costs' });
    const ecg = within(table).getByText('12-Lead ECG').closest('tr')!;
    expect([...ecg.querySelectorAll('td')].map((c) => c.textContent)).toEqual([
      '12-Lead ECG',
      'Procedure',
      '120.00',
      '60.50',
      '85.25',
      '14',
    ]);
    expect(within(dialog).getByRole('radio', { name: 'Avg' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Min' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import Min' }));
    expect(await within(dialog).findByText(M.imported)).toBeInTheDocument();
    expect(body).toEqual({
      studyId: STUDY_ID,
      scheduleOfEventsId: SOE_ID,
      siteGroupId: 5,
      assessmentDefaultCostType: 'Min',
    });
    expect(onImported).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('says when the country has no defaults and offers no import', async () => {
    server.on('GET', PATH, []);
    const { dialog } = renderDialog();
    expect(await within(dialog).findByText(M.noDefaultCosts)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^Import/ })).toBeDisabled();
  });

  it('says Failed to upload and reloads nothing when the import is refused', async () => {
    server.on('GET', PATH, ROWS);
    server.on('POST', `/ctpo/study/${STUDY_ID}/AssessmentDefaultCost`, errorReply(400, 'Refused.'));
    const { user, dialog, onImported } = renderDialog();
    await within(dialog).findByRole('table', { name: 'Default assessment costs' });
    await user.click(within(dialog).getByRole('button', { name: 'Import Avg' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(M.importFailed);
    expect(onImported).not.toHaveBeenCalled();
  });
});
