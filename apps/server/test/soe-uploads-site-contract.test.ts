import { describe, expect, it } from 'vitest';
import { SITE_CONTRACT_MESSAGES as M, SOE_MESSAGES } from '@predict/shared';
import { readSiteContractSheets } from '../src/services/soe-uploads';
import {
  asUploaded,
  contractRows,
  SITE_CONTRACT_FIXTURES as F,
  smallSiteContract,
  workbookOf,
} from './helpers/soe-upload-workbooks';

const expected = {
  siteNumber: 'DE-101',
  visitNames: ['Screening', 'Day 1', 'Day 8'],
  assessmentNames: ['Informed Consent', 'ECG'],
};
const read = async (wb: ReturnType<typeof workbookOf>, names = expected) =>
  readSiteContractSheets(await asUploaded(wb, 'siteContract'), names);

describe('readSiteContractSheets', () => {
  it('reads the site number, visits and assessments with their currency', async () => {
    const r = await read(smallSiteContract());
    expect(r.errors).toEqual([]);
    expect(r.value).toEqual({
      siteNumber: 'DE-101',
      visits: [
        { visitName: 'Screening', visitCost: 400, currency: 'EUR' },
        { visitName: 'Day 1', visitCost: 650.5, currency: 'EUR' },
      ],
      assessments: [
        { assessmentName: 'Informed Consent', assessmentCost: 140, currency: 'EUR' },
        { assessmentName: 'ECG', assessmentCost: 95, currency: null },
      ],
    });
  });

  it("reads a workbook's only sheet whatever its name", async () => {
    const wb = workbookOf({
      'DE-101 contract': [
        ['Site Number', 'DE-101'],
        [],
        ['Type', 'Name', 'Cost', 'Currency'],
        ['Visit', 'Day 8', 80],
      ],
    });
    expect((await read(wb)).value!.visits).toEqual([{ visitName: 'Day 8', visitCost: 80, currency: null }]);
  });

  it('lists every bad row at once, each at its cell', async () => {
    const r = await read(
      contractRows('DE-101', [
        ['Visit', 'Screening', 400, 'EUR'],
        ['Visit', 'Day 99', 'free', 'EUR'],
        [],
        ['Procedure', 'ECG', 95, 'USD'],
      ]),
    );
    expect(r.errors).toEqual([
      { cell: 'Site Contract!B5', message: SOE_MESSAGES.unknownVisit },
      { cell: 'Site Contract!C5', message: SOE_MESSAGES.cost },
      { cell: 'Site Contract!A7', message: M.type },
      { cell: 'Site Contract!D7', message: M.oneCurrency },
    ]);
    expect(r.value).toBeUndefined();
  });
});

describe('readSiteContractSheets: one fixture per message', () => {
  it.each([
    ['missingSheet', [{ message: M.missingSheet }]],
    ['header', [{ cell: 'Site Contract!B3', message: M.header('Name') }]],
    ['siteNumberRequired', [{ cell: 'Site Contract!B1', message: M.siteNumberRequired }]],
    ['siteNumberMismatch', [{ cell: 'Site Contract!B1', message: M.siteNumberMismatch('DE-101') }]],
    ['type', [{ cell: 'Site Contract!A4', message: M.type }]],
    ['nameRequired', [{ cell: 'Site Contract!B4', message: M.nameRequired }]],
    ['unknownVisit', [{ cell: 'Site Contract!B4', message: SOE_MESSAGES.unknownVisit }]],
    ['unknownAssessment', [{ cell: 'Site Contract!B4', message: SOE_MESSAGES.unknownAssessment }]],
    ['listedTwice', [{ cell: 'Site Contract!B5', message: SOE_MESSAGES.rowListedTwice }]],
    ['cost', [{ cell: 'Site Contract!C4', message: SOE_MESSAGES.cost }]],
    ['currencyCode', [{ cell: 'Site Contract!D4', message: SOE_MESSAGES.currencyCode }]],
    ['oneCurrency', [{ cell: 'Site Contract!D5', message: M.oneCurrency }]],
    ['noRows', [{ cell: 'Site Contract!A4', message: M.noRows }]],
  ] as const)('%s', async (key, errors) => {
    const r = await read(F[key]());
    expect(r.errors).toEqual(errors);
    expect(r.value).toBeUndefined();
  });

  it('keeps the spec texts word for word', () => {
    expect([
      M.uploaded,
      M.uploadFailed,
      M.unknownError,
      M.processFailed,
      M.failedStatus,
      M.completedStatus,
    ]).toEqual([
      'Site contract uploaded successfully',
      'Failed to upload site contract',
      'Unknown error occurred',
      'Failed to process file',
      'Upload failed.',
      'Upload completed.',
    ]);
  });
});
