import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EPRICE_MESSAGES as M, SOE_MESSAGES } from '@predict/shared';
import {
  readCountryCostSheets,
  readEpriceSheets,
  readSiteContractSheets,
  snapshotSource,
} from '../src/services/soe-uploads';
import { parseXlsxUpload, receiveXlsxUpload } from '../src/uploads';
import {
  SAMPLE_EPRICE_FILE,
  SAMPLE_EPRICE_VISITS,
  SAMPLE_SITE_FEES,
  sampleEpriceAssessments,
} from './helpers/sample-eprice-workbook';
import { contractRows, smallCountryCosts, xlsxBytes } from './helpers/soe-upload-workbooks';

/** The upload as a route receives it: checked on the request's side, then copied in the upload worker. */
const upload = (bytes: Buffer, kind: 'eprice' | 'countryCosts' | 'siteContract') =>
  parseXlsxUpload(kind, receiveXlsxUpload('upload.xlsx', bytes.toString('base64')));

describe('the shipped sample ePrice through the upload pipeline', () => {
  it('reads 40 visits, 120 assessments, the currency and 9 site costs, with no errors or warnings', async () => {
    const snapshot = await upload(readFileSync(SAMPLE_EPRICE_FILE), 'eprice');
    const assessments = sampleEpriceAssessments();
    const r = readEpriceSheets(snapshotSource(snapshot), {
      visitNames: SAMPLE_EPRICE_VISITS,
      assessmentNames: assessments,
    });
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    const value = r.value!;
    expect(value.visits.map((v) => v.visitName)).toEqual(SAMPLE_EPRICE_VISITS);
    expect(value.visits.every((v) => typeof v.visitCost === 'number' && v.visitCost > 0)).toBe(true);
    expect(value.assessments.map((a) => a.assessmentName)).toEqual(assessments);
    expect(value.currency).toBe('USD');
    // Every site fee but the screen-failure payment and the travel stipend; 300 a month over 30 months.
    expect(value.siteCosts.map((s) => s.name)).toEqual(SAMPLE_SITE_FEES.slice(0, 9).map(([n]) => n));
    expect(value.siteCosts.find((s) => s.name === 'Monthly Administrative Fee')).toMatchObject({
      type: 'Recurring Monthly',
      totalAmount: 9000,
      costPerOccurrence: 300,
    });
    expect(value.ignoredSiteCosts).toEqual(['Screen Failure Payment', 'Subject Travel Stipend']);
  }, 60_000);

  it('has visit costs equal to the sum of their assessments (the sheet is consistent)', async () => {
    const snapshot = await upload(readFileSync(SAMPLE_EPRICE_FILE), 'eprice');
    const sheet = snapshotSource(snapshot).worksheets.find((s) => s.name === 'Per Procedure')!;
    const r = readEpriceSheets(snapshotSource(snapshot), { visitNames: SAMPLE_EPRICE_VISITS });
    const first = r.value!.visits[0]!;
    let sum = 0;
    for (let row = 7; row < 7 + 120; row++) sum += Number(sheet.findCell(row, 5)?.value ?? 0);
    expect(first.visitCost).toBeCloseTo(sum, 2);
  }, 60_000);

  it('refuses the sample for an SOE with other visits, naming the mismatch', async () => {
    const snapshot = await upload(readFileSync(SAMPLE_EPRICE_FILE), 'eprice');
    const r = readEpriceSheets(snapshotSource(snapshot), { visitNames: SAMPLE_EPRICE_VISITS.slice(1) });
    expect(r.errors.map((e) => e.message)).toEqual([M.visitNamesMismatch]);
    expect(r.value).toBeUndefined();
  }, 60_000);

  it('reads country costs and a site contract through the worker too', async () => {
    const countries = readCountryCostSheets(
      snapshotSource(await upload(await xlsxBytes(smallCountryCosts()), 'countryCosts')),
    );
    expect(
      countries.value!.rows.map((r) => `${r.countryName}:${r.assessmentName}:${r.assessmentCost}`),
    ).toEqual(['Germany:Informed Consent:130', 'Germany:Vital Signs:30.5', 'POL:ECG:310']);
    const contract = contractRows('DE-101', [
      ['Visit', 'Screening', 400, 'EUR'],
      ['Visit', 'Day 99', 400, 'EUR'],
    ]);
    const r = readSiteContractSheets(
      snapshotSource(await upload(await xlsxBytes(contract), 'siteContract')),
      {
        visitNames: ['Screening'],
      },
    );
    expect(r.errors).toEqual([{ cell: 'Site Contract!B5', message: SOE_MESSAGES.unknownVisit }]);
  }, 60_000);
});
