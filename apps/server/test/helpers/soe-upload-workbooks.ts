import ExcelJS from 'exceljs';
import { EPRICE_LABELS, EPRICE_SHEET, SITE_FEE_LABELS, SITE_FEES_SHEET } from '@predict/shared';
import {
  snapshotCountryCosts,
  snapshotEprice,
  snapshotSiteContract,
  snapshotSource,
  type UploadWorkbook,
} from '../../src/services/soe-uploads';

/*
 * Workbooks for the SOE upload readers, built with exceljs: a small valid one per upload, and one fixture per
 * spec/2 message, each a one-line change of the valid one.
 */

type Row = (ExcelJS.CellValue | undefined)[];

/** A workbook of sheets given as rows (row 1 first; undefined leaves a cell empty). */
export function workbookOf(sheets: Record<string, Row[]>): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    rows.forEach((row, r) =>
      row.forEach((v, c) => {
        if (v !== undefined) ws.getCell(r + 1, c + 1).value = v;
      }),
    );
  }
  return wb;
}

export const xlsxBytes = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());

/** The workbook as the server reads an upload: written to .xlsx, loaded, copied by the kind's worker parser. */
export async function asUploaded(
  wb: ExcelJS.Workbook,
  kind: 'eprice' | 'countryCosts' | 'siteContract',
): Promise<UploadWorkbook> {
  const loaded = new ExcelJS.Workbook();
  await loaded.xlsx.load((await xlsxBytes(wb)) as unknown as ArrayBuffer);
  const snapshot = {
    eprice: snapshotEprice,
    countryCosts: snapshotCountryCosts,
    siteContract: snapshotSiteContract,
  }[kind](loaded);
  return snapshotSource(snapshot);
}

// ---------------------------------------------------------------------------------------------------------------
// ePrice

export const SMALL_VISITS = ['Screening', 'Day 1', 'Day 8', 'End of Study'] as const;
export const SMALL_ASSESSMENTS = ['Informed Consent', 'Vital Signs', 'ECG'] as const;

export interface EpriceSpec {
  sheetName: string;
  visitNameLabel: string;
  visitCostLabel: string;
  /** Name row from column E (a 'Total' column is added unless `total` is false). */
  visitNames: string[];
  visitCosts: ExcelJS.CellValue[];
  total: boolean;
  currency: string | null;
  assessments: [string, ExcelJS.CellValue][];
  /** null: no site-fee sheet. */
  siteFees: Row[] | null;
}

export const SITE_FEE_HEADING: Row = [
  SITE_FEE_LABELS.siteCosts,
  'Unit Cost',
  SITE_FEE_LABELS.frequency,
  SITE_FEE_LABELS.totalAmount,
];

/** A valid small 'Invoiceables and Site Fees' sheet: three known site costs and one other invoiceable. */
export const smallSiteFees = (): Row[] => [
  ['Invoiceables and Site Fees'],
  [],
  SITE_FEE_HEADING,
  ['Site Start-Up Fee', 3000, 1, 3000],
  ['Monthly Administrative Fee', 250, 24, 6000],
  ['IRB/EC Continuing Review Fee', 1200, 2, 2400],
  ['Screen Failure Payment', 150, 4, 600],
];

export const smallEpriceSpec = (): EpriceSpec => ({
  sheetName: EPRICE_SHEET,
  visitNameLabel: EPRICE_LABELS.visitName,
  visitCostLabel: EPRICE_LABELS.visitCost,
  visitNames: [...SMALL_VISITS],
  visitCosts: [250, 480.5, 120, 300],
  total: true,
  currency: 'Euro',
  assessments: [
    ['Informed Consent', 150],
    ['Vital Signs', 35.25],
    ['ECG', '1,085.00'],
  ],
  siteFees: smallSiteFees(),
});

/**
 * 'Per Procedure': titles, a heading row (Procedure, CPT, Category, Unit Cost), the visit-name row, one row per
 * assessment (name in A, unit cost in D), the cost-per-visit row and the currency row (label A, value B).
 */
export function epriceWorkbook(spec: EpriceSpec): ExcelJS.Workbook {
  const names: Row = spec.total ? [...spec.visitNames, EPRICE_LABELS.total] : [...spec.visitNames];
  const costs: Row = [...spec.visitCosts];
  if (spec.total) {
    const sum = spec.visitCosts.reduce<number>((s, c) => s + (typeof c === 'number' ? c : 0), 0);
    costs[names.length - 1] = sum;
  }
  const rows: Row[] = [
    ['Per Procedure Budget'],
    ['Protocol', 'DEMO-001'],
    [],
    ['Procedure', 'CPT Code', 'Category', 'Unit Cost', ...spec.visitNames.map((_, i) => `Visit ${i + 1}`)],
    [spec.visitNameLabel, undefined, undefined, undefined, ...names],
    ...spec.assessments.map(([name, cost]): Row => [name, undefined, 'Procedure', cost]),
    [spec.visitCostLabel, undefined, undefined, undefined, ...costs],
    [],
    spec.currency === null ? [] : [EPRICE_LABELS.currency, spec.currency],
  ];
  const sheets: Record<string, Row[]> = { [spec.sheetName]: rows };
  if (spec.siteFees) sheets[SITE_FEES_SHEET] = spec.siteFees;
  return workbookOf(sheets);
}

const eprice = (edit: (s: EpriceSpec) => void) => {
  const spec = smallEpriceSpec();
  edit(spec);
  return epriceWorkbook(spec);
};

/** One ePrice workbook per sheet message of spec/2 section 8 (key: the EPRICE_MESSAGES key it answers). */
export const EPRICE_FIXTURES = {
  missingSheet: () => eprice((s) => (s.sheetName = 'Per Visit')),
  missingVisitNameRow: () => eprice((s) => (s.visitNameLabel = 'Visit Name')),
  missingVisitCostRow: () => eprice((s) => (s.visitCostLabel = 'Cost Per Visit')),
  /** Two visits whose cost is not a number. */
  countMismatch: () => eprice((s) => (s.visitCosts = [250, 'TBD', 120, undefined as unknown as null])),
  unknownCurrency: () => eprice((s) => (s.currency = 'Doubloon')),
  visitNamesMismatch: () => eprice((s) => (s.visitNames = ['Screening', 'Day 1', 'Day 15', 'End of Study'])),
  noAssessments: () => eprice((s) => (s.assessments = [['Informed Consent', 'included']])),
  missingSiteFeesSheet: () => eprice((s) => (s.siteFees = null)),
  missingSiteFeeRows: () =>
    eprice((s) => (s.siteFees = smallSiteFees().map((r) => (r === SITE_FEE_HEADING ? r.slice(0, 3) : r)))),
  missingSiteFeeColumns: () =>
    eprice(
      (s) =>
        (s.siteFees = smallSiteFees().map((r) =>
          r === SITE_FEE_HEADING ? [r[0], r[1], 'Frequency', r[3]] : r,
        )),
    ),
  noSiteFeeTotal: () =>
    eprice(
      (s) =>
        (s.siteFees = [SITE_FEE_HEADING, ['Site Start-Up Fee', 0, 1, 0], ['Close-Out Fee', 0, 1, 'n/a']]),
    ),
  noValidSiteCosts: () =>
    eprice(
      (s) =>
        (s.siteFees = [SITE_FEE_HEADING, ['Screen Failure Payment', 150, 4, 600], ['Parking', 10, 8, 80]]),
    ),
} satisfies Record<string, () => ExcelJS.Workbook>;

// ---------------------------------------------------------------------------------------------------------------
// Country costs: one sheet per country (its name or ISO3), names in G, costs in H.

export const countryRows = (rows: [string | undefined, ExcelJS.CellValue | undefined][]): Row[] =>
  rows.map(([name, cost]) => [undefined, undefined, undefined, undefined, undefined, undefined, name, cost]);

export const smallCountryCosts = () =>
  workbookOf({
    README: [['Country costs: one sheet per country; assessment names in column G, costs in column H.']],
    Germany: countryRows([
      ['Assessment', 'Cost (EUR)'],
      ['Informed Consent', 130],
      ['Vital Signs', 30.5],
    ]),
    POL: countryRows([['ECG', '310.00']]),
  });

export const COUNTRY_COST_FIXTURES = {
  noValidData: () =>
    workbookOf({
      Germany: countryRows([
        ['Assessment', 'Cost'],
        ['Informed Consent', 'n/a'],
      ]),
    }),
  unknownCountry: () => workbookOf({ Atlantis: countryRows([['Informed Consent', 100]]) }),
  nameRequired: () =>
    workbookOf({
      Germany: countryRows([
        ['Informed Consent', 100],
        [undefined, 40],
      ]),
    }),
  badCost: () =>
    workbookOf({
      Germany: countryRows([
        ['Informed Consent', 100],
        ['ECG', -5],
      ]),
    }),
  unknownAssessment: () =>
    workbookOf({
      Germany: countryRows([
        ['Informed Consent', 100],
        ['Biopsy', 900],
      ]),
    }),
  listedTwice: () => workbookOf({ Germany: countryRows([['ECG', 100]]), DEU: countryRows([['ecg', 90]]) }),
};

// ---------------------------------------------------------------------------------------------------------------
// Site contract: 'Site Contract' sheet, site number in B1, headings in row 3, rows from 4.

export const contractRows = (
  siteNumber: string,
  rows: Row[],
  headings: Row = ['Type', 'Name', 'Cost', 'Currency'],
) => workbookOf({ 'Site Contract': [['Site Number', siteNumber], [], headings, ...rows] });

export const smallSiteContract = () =>
  contractRows('DE-101', [
    ['Visit', 'Screening', 400, 'EUR'],
    ['Visit', 'Day 1', 650.5, 'EUR'],
    ['Assessment', 'Informed Consent', 140, 'Euro'],
    ['assessment', 'ECG', '95', undefined],
  ]);

export const SITE_CONTRACT_FIXTURES = {
  missingSheet: () => workbookOf({ Visits: [], Assessments: [] }),
  header: () =>
    contractRows('DE-101', [['Visit', 'Screening', 400, 'EUR']], ['Type', 'Visit', 'Cost', 'Currency']),
  siteNumberRequired: () => contractRows('', [['Visit', 'Screening', 400, 'EUR']]),
  siteNumberMismatch: () => contractRows('DE-102', [['Visit', 'Screening', 400, 'EUR']]),
  type: () => contractRows('DE-101', [['Procedure', 'ECG', 95, 'EUR']]),
  nameRequired: () => contractRows('DE-101', [['Visit', undefined, 95, 'EUR']]),
  unknownVisit: () => contractRows('DE-101', [['Visit', 'Day 99', 95, 'EUR']]),
  unknownAssessment: () => contractRows('DE-101', [['Assessment', 'Biopsy', 95, 'EUR']]),
  listedTwice: () =>
    contractRows('DE-101', [
      ['Visit', 'Screening', 400, 'EUR'],
      ['Visit', 'screening ', 410, 'EUR'],
    ]),
  cost: () => contractRows('DE-101', [['Visit', 'Screening', '400 EUR', 'EUR']]),
  currencyCode: () => contractRows('DE-101', [['Visit', 'Screening', 400, 'Doubloon']]),
  oneCurrency: () =>
    contractRows('DE-101', [
      ['Visit', 'Screening', 400, 'EUR'],
      ['Visit', 'Day 1', 400, 'USD'],
    ]),
  noRows: () => contractRows('DE-101', []),
};
