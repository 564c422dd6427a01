import { describe, expect, it } from 'vitest';
import { EPRICE_MESSAGES as M, epriceUploadOutcome } from '@predict/shared';
import { readEpriceSheets, type EpriceExpectations } from '../src/services/soe-uploads';
import {
  asUploaded,
  EPRICE_FIXTURES,
  epriceWorkbook,
  SMALL_ASSESSMENTS,
  SMALL_VISITS,
  smallEpriceSpec,
} from './helpers/soe-upload-workbooks';

const expected: EpriceExpectations = {
  visitNames: [...SMALL_VISITS].reverse(),
  assessmentNames: [...SMALL_ASSESSMENTS],
};
const read = async (fixture: () => ReturnType<typeof epriceWorkbook>, names: EpriceExpectations = expected) =>
  readEpriceSheets(await asUploaded(fixture(), 'eprice'), names);
const messages = (issues: { message: string }[]) => issues.map((i) => i.message);

describe('readEpriceSheets: a valid workbook', () => {
  it('reads visit costs, currency, assessment costs and site costs, with no errors or warnings', async () => {
    const r = await read(() => epriceWorkbook(smallEpriceSpec()));
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.value!.visits).toEqual([
      { visitName: 'Screening', visitCost: 250, cell: 'Per Procedure!E9' },
      { visitName: 'Day 1', visitCost: 480.5, cell: 'Per Procedure!F9' },
      { visitName: 'Day 8', visitCost: 120, cell: 'Per Procedure!G9' },
      { visitName: 'End of Study', visitCost: 300, cell: 'Per Procedure!H9' },
    ]);
    expect(r.value!.currency).toBe('EUR');
    expect(r.value!.assessments.map((a) => [a.assessmentName, a.assessmentCost])).toEqual([
      ['Informed Consent', 150],
      ['Vital Signs', 35.25],
      ['ECG', 1085],
    ]);
    // 6000 over 24 monthly payments is 250 a month; the screen-failure payment is not a site cost.
    expect(
      r.value!.siteCosts.map((s) => [s.name, s.type, s.frequency, s.totalAmount, s.costPerOccurrence]),
    ).toEqual([
      ['Site Start-Up Fee', '1x at Activation', 1, 3000, 3000],
      ['Monthly Administrative Fee', 'Recurring Monthly', 24, 6000, 250],
      ['IRB/EC Continuing Review Fee', 'Recurring Yearly', 2, 2400, 1200],
    ]);
    expect(r.value!.ignoredSiteCosts).toEqual(['Screen Failure Payment']);
  });

  it('tolerates one visit whose cost is not a number (its cost stays unset)', async () => {
    const spec = smallEpriceSpec();
    spec.visitCosts = [250, 'TBD', 120, 300];
    const r = await read(() => epriceWorkbook(spec));
    expect(r.errors).toEqual([]);
    expect(r.value!.visits[1]).toMatchObject({ visitName: 'Day 1', visitCost: null });
  });

  it('finds the labels in any of the first four columns and the currency by code', async () => {
    const spec = smallEpriceSpec();
    spec.currency = ' gbp ';
    const wb = epriceWorkbook(spec);
    const ws = wb.getWorksheet('Per Procedure')!;
    ws.getCell('A5').value = null;
    ws.getCell('C5').value = 'predict visit name';
    const r = readEpriceSheets(await asUploaded(wb, 'eprice'), expected);
    expect(r.errors).toEqual([]);
    expect(r.value!.currency).toBe('GBP');
  });

  it('keeps every column A name with a numeric cost when no assessment names are given', async () => {
    const r = await read(() => epriceWorkbook(smallEpriceSpec()), { visitNames: [...SMALL_VISITS] });
    expect(r.value!.assessments).toHaveLength(3);
    const only = await read(() => epriceWorkbook(smallEpriceSpec()), {
      visitNames: [...SMALL_VISITS],
      assessmentNames: ['vital signs'],
    });
    expect(only.value!.assessments.map((a) => a.assessmentName)).toEqual(['vital signs']);
    expect(only.value!.unmatchedAssessments).toEqual(['Informed Consent', 'ECG']);
  });
});

describe('readEpriceSheets: one fixture per spec message', () => {
  it.each([
    ['missingSheet', undefined],
    ['missingVisitNameRow', undefined],
    ['missingVisitCostRow', undefined],
    ['countMismatch', 'Per Procedure!A9'],
    ['visitNamesMismatch', 'Per Procedure!A5'],
  ] as const)('%s is an error and nothing is read', async (key, cell) => {
    const r = await read(EPRICE_FIXTURES[key]);
    expect(r.errors).toEqual([{ cell, message: M[key] }]);
    expect(r.value).toBeUndefined();
  });

  it('reports both label rows when both are missing', async () => {
    const spec = smallEpriceSpec();
    spec.visitNameLabel = 'Visits';
    spec.visitCostLabel = 'Costs';
    const r = await read(() => epriceWorkbook(spec));
    expect(messages(r.errors)).toEqual([M.missingVisitNameRow, M.missingVisitCostRow]);
  });

  it.each([
    'unknownCurrency',
    'noAssessments',
    'missingSiteFeesSheet',
    'missingSiteFeeRows',
    'missingSiteFeeColumns',
    'noSiteFeeTotal',
    'noValidSiteCosts',
  ] as const)('%s is a warning; the visit costs are still read', async (key) => {
    const r = await read(EPRICE_FIXTURES[key]);
    expect(r.errors).toEqual([]);
    expect(messages(r.warnings)).toEqual([M[key]]);
    expect(r.value!.visits.map((v) => v.visitCost)).toEqual([250, 480.5, 120, 300]);
  });

  it('gives the spec texts word for word', () => {
    expect(M.missingSheet).toBe("Could not find 'Per Procedure' sheet in the workbook");
    expect(M.missingSiteFeesSheet).toBe(
      "The 'Invoiceables and Site Fees' sheet was not found. Site costs have not been imported.",
    );
    expect(M.visitNamesMismatch).toBe(
      "The visit names entered in the 'Predict Visit Names' row don't match with the expected visit names in Predict on the 'Per Procedure' sheet. Costs will not be uploaded.",
    );
    for (const key of [
      'missingSiteFeeRows',
      'missingSiteFeeColumns',
      'noSiteFeeTotal',
      'noValidSiteCosts',
    ] as const)
      expect(M[key].endsWith(' Site costs have not been imported.')).toBe(true);
  });

  it('imports no site costs with a site-fee warning', async () => {
    for (const key of ['missingSiteFeeRows', 'noSiteFeeTotal', 'noValidSiteCosts'] as const)
      expect((await read(EPRICE_FIXTURES[key])).value!.siteCosts).toEqual([]);
  });
});

describe('epriceUploadOutcome (spec/2 section 4)', () => {
  it('is pending up to 40 characters, then failed when the text says so', () => {
    expect(epriceUploadOutcome(null)).toBe('pending');
    expect(epriceUploadOutcome('Processing: upload failed')).toBe('pending');
    expect(epriceUploadOutcome('x'.repeat(40))).toBe('pending');
    expect(epriceUploadOutcome('The ePrice upload FAILED: the visits differ.')).toBe('failed');
    expect(epriceUploadOutcome('The ePrice upload finished at 10:42 for SOE 7.')).toBe('succeeded');
  });
});
