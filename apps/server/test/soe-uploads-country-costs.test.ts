import { describe, expect, it } from 'vitest';
import { COUNTRY_COST_MESSAGES as M, SOE_MESSAGES } from '@predict/shared';
import { readCountryCostSheets } from '../src/services/soe-uploads';
import {
  asUploaded,
  COUNTRY_COST_FIXTURES as F,
  countryRows,
  smallCountryCosts,
  workbookOf,
} from './helpers/soe-upload-workbooks';

const siteGroups = [
  { siteGroupId: 11, siteGroupName: 'Germany', countryCodeISO3: 'DEU' },
  { siteGroupId: 12, siteGroupName: 'Poland', countryCodeISO3: 'POL' },
  { siteGroupId: 13, siteGroupName: 'USA Central', countryCodeISO3: 'USA' },
  { siteGroupId: 14, siteGroupName: 'USA Local', countryCodeISO3: 'USA' },
];
const expected = { siteGroups, assessmentNames: ['Informed Consent', 'Vital Signs', 'ECG'] };
const read = async (
  wb: ReturnType<typeof workbookOf>,
  names: Parameters<typeof readCountryCostSheets>[1] = expected,
) => readCountryCostSheets(await asUploaded(wb, 'countryCosts'), names);

describe('readCountryCostSheets', () => {
  it('reads every sheet: the country from the sheet name or ISO3, names from G, costs from H', async () => {
    const r = await read(smallCountryCosts());
    expect(r.errors).toEqual([]);
    expect(r.value!.rows).toEqual([
      {
        sheet: 'Germany',
        countryName: 'Germany',
        siteGroupIds: [11],
        assessmentName: 'Informed Consent',
        assessmentCost: 130,
        cell: 'Germany!H2',
      },
      {
        sheet: 'Germany',
        countryName: 'Germany',
        siteGroupIds: [11],
        assessmentName: 'Vital Signs',
        assessmentCost: 30.5,
        cell: 'Germany!H3',
      },
      {
        sheet: 'POL',
        countryName: 'POL',
        siteGroupIds: [12],
        assessmentName: 'ECG',
        assessmentCost: 310,
        cell: 'POL!H1',
      },
    ]);
  });

  it('gives an ISO3 sheet to every site group of that country, and takes names as the SOE spells them', async () => {
    const r = await read(workbookOf({ usa: countryRows([['vital signs ', 40]]) }));
    expect(r.value!.rows[0]).toMatchObject({ siteGroupIds: [13, 14], assessmentName: 'Vital Signs' });
  });

  it('reads rows 1 to 1000 only', async () => {
    const rows = countryRows(Array.from({ length: 1001 }, (_, i) => [`Assessment ${i + 1}`, i + 1]));
    const r = await read(workbookOf({ DEU: rows }), { siteGroups });
    expect(r.value!.rows).toHaveLength(1000);
    expect(r.value!.rows.at(-1)).toMatchObject({ assessmentName: 'Assessment 1000', cell: 'DEU!H1000' });
  });

  it('checks nothing against the SOE when given no site groups or names', async () => {
    const r = await read(F.unknownCountry(), {});
    expect(r.value!.rows).toEqual([
      {
        sheet: 'Atlantis',
        countryName: 'Atlantis',
        siteGroupIds: [],
        assessmentName: 'Informed Consent',
        assessmentCost: 100,
        cell: 'Atlantis!H1',
      },
    ]);
  });
});

describe('readCountryCostSheets: one fixture per message', () => {
  it.each([
    ['noValidData', [{ message: M.noValidData }]],
    ['unknownCountry', [{ cell: 'Atlantis', message: M.unknownCountry }]],
    ['nameRequired', [{ cell: 'Germany!G2', message: M.nameRequired }]],
    ['badCost', [{ cell: 'Germany!H2', message: SOE_MESSAGES.cost }]],
    ['unknownAssessment', [{ cell: 'Germany!G2', message: SOE_MESSAGES.unknownAssessment }]],
    ['listedTwice', [{ cell: 'DEU!G1', message: SOE_MESSAGES.rowListedTwice }]],
  ] as const)('%s: errors at their cells and no value', async (key, errors) => {
    const r = await read(F[key]());
    expect(r.errors).toEqual(errors);
    expect(r.value).toBeUndefined();
  });

  it('keeps the spec texts word for word', () => {
    expect([
      M.uploaded,
      M.uploadFailed,
      M.processFailed,
      M.noValidData,
      M.noValidDataStatus,
      M.unknownError,
    ]).toEqual([
      'Country costs uploaded successfully',
      'Failed to upload country costs',
      'Failed to process file',
      'No valid data found in any sheet',
      'Upload failed - no valid data found.',
      'Unknown error occurred',
    ]);
    expect([M.errorsFound, M.noDefaultCosts, M.imported, M.importFailed]).toEqual([
      'Errors Found:',
      'No Default Assessment Costs Available',
      'Uploaded successfully',
      'Failed to upload',
    ]);
  });
});
