import { SITE_CONTRACT_MESSAGES as M } from '../messages';
import { SOE_LIMITS } from '../../soe/constants';
import { SOE_MESSAGES } from '../../soe/messages';
import { type CurrencyCode } from '../../soe/currencies';
import { type SheetIssue, type SheetReadResult, type SiteContractSheet } from '../types';
import {
  cellRef,
  costAt,
  currencyOf,
  findSheet,
  isLabel,
  nameKey,
  textAt,
  type UploadSheet,
  type UploadWorkbook,
} from './sheet-cells';

/**
 * The site contract template (ours; the spec shows none): a sheet 'Site Contract' (or a workbook's only sheet);
 * A1 'Site Number' with the site number in B1; headings in row 3: Type, Name, Cost, Currency; from row 4 one row
 * per visit or assessment: Type 'Visit' or 'Assessment', the SOE's visit or assessment name, the contract cost,
 * and the currency code or name (empty: the site's currency).
 */
export const SITE_CONTRACT_SHEET = 'Site Contract';
export const SITE_CONTRACT_LAYOUT = {
  siteNumberLabel: 'Site Number',
  headingRow: 3,
  headings: ['Type', 'Name', 'Cost', 'Currency'],
  firstRow: 4,
  /** Rows read at most (an SOE has at most a few hundred visits and assessments). */
  lastRow: 5_003,
} as const;
const TYPES = { visit: 'Visit', assessment: 'Assessment' } as const;

export interface SiteContractExpectations {
  /** The site the dialog uploads for: B1 must name it. */
  siteNumber?: string;
  /** When given, names must be the SOE's (matched ignoring case). */
  visitNames?: readonly string[];
  assessmentNames?: readonly string[];
}

type Kind = keyof typeof TYPES;

const canonicalOf = (names?: readonly string[]) =>
  names ? new Map(names.map((n) => [nameKey(n), n])) : null;

function pickSheet(workbook: UploadWorkbook): UploadSheet | undefined {
  return (
    findSheet(workbook, SITE_CONTRACT_SHEET) ??
    (workbook.worksheets.length === 1 ? workbook.worksheets[0] : undefined)
  );
}

function readSiteNumber(sheet: UploadSheet, expected: string | undefined, errors: SheetIssue[]): string {
  if (!isLabel(sheet, 1, 1, SITE_CONTRACT_LAYOUT.siteNumberLabel))
    errors.push({ cell: cellRef(sheet, 1, 1), message: M.header(SITE_CONTRACT_LAYOUT.siteNumberLabel) });
  const siteNumber = textAt(sheet, 1, 2);
  if (siteNumber === '') errors.push({ cell: cellRef(sheet, 1, 2), message: M.siteNumberRequired });
  else if (expected !== undefined && nameKey(siteNumber) !== nameKey(expected))
    errors.push({ cell: cellRef(sheet, 1, 2), message: M.siteNumberMismatch(expected) });
  return siteNumber;
}

/**
 * Reads an Upload Site Contract workbook (the template above) into the SOEUploadSite payload (spec/2 section 3).
 * Every bad row answers 'Sheet!Cell' with its message ('Errors Found:'), and then nothing is uploaded: an unknown
 * type, a missing, too long or unknown name, a row listed twice, a cost that is not an amount of up to 8 digits,
 * an unknown currency, or rows in more than one currency (a level has one currency, design section 2).
 */
export function readSiteContractSheets(
  workbook: UploadWorkbook,
  expected: SiteContractExpectations = {},
): SheetReadResult<SiteContractSheet> {
  const sheet = pickSheet(workbook);
  if (!sheet) return { errors: [{ message: M.missingSheet }], warnings: [] };
  const errors: SheetIssue[] = [];
  const siteNumber = readSiteNumber(sheet, expected.siteNumber, errors);
  const { headingRow, headings, firstRow, lastRow } = SITE_CONTRACT_LAYOUT;
  headings.forEach((h, i) => {
    if (!isLabel(sheet, headingRow, i + 1, h))
      errors.push({ cell: cellRef(sheet, headingRow, i + 1), message: M.header(h) });
  });
  if (errors.length > 0) return { errors, warnings: [] };

  const known = {
    visit: canonicalOf(expected.visitNames),
    assessment: canonicalOf(expected.assessmentNames),
  };
  const value: SiteContractSheet = { siteNumber, assessments: [], visits: [] };
  const seen = new Set<string>();
  let currencyCell: { code: CurrencyCode; cell: string } | null = null;
  for (let r = firstRow; r <= Math.min(sheet.rowCount, lastRow); r++) {
    const [typeText, name, costText, currencyText] = [1, 2, 3, 4].map((c) => textAt(sheet, r, c)) as [
      string,
      string,
      string,
      string,
    ];
    if (!typeText && !name && !costText && !currencyText) continue;
    const at = (column: number) => cellRef(sheet, r, column);
    const rowErrors: SheetIssue[] = [];
    const kind = (Object.keys(TYPES) as Kind[]).find((k) => nameKey(TYPES[k]) === nameKey(typeText));
    if (!kind) rowErrors.push({ cell: at(1), message: M.type });
    const max = kind === 'visit' ? SOE_LIMITS.visitNameMax : SOE_LIMITS.assessmentNameMax;
    const canonicalName = kind ? (known[kind]?.get(nameKey(name)) ?? (known[kind] ? undefined : name)) : name;
    if (!name) rowErrors.push({ cell: at(2), message: M.nameRequired });
    else if (name.length > max)
      rowErrors.push({
        cell: at(2),
        message: kind === 'visit' ? SOE_MESSAGES.visitNameTooLong : SOE_MESSAGES.assessmentNameTooLong,
      });
    else if (kind && canonicalName === undefined)
      rowErrors.push({
        cell: at(2),
        message: kind === 'visit' ? SOE_MESSAGES.unknownVisit : SOE_MESSAGES.unknownAssessment,
      });
    else if (kind && seen.has(`${kind}|${nameKey(name)}`))
      rowErrors.push({ cell: at(2), message: SOE_MESSAGES.rowListedTwice });
    const cost = costAt(sheet, r, 3);
    if (cost === null) rowErrors.push({ cell: at(3), message: SOE_MESSAGES.cost });
    const currency = currencyText ? currencyOf(currencyText) : null;
    if (currencyText && !currency) rowErrors.push({ cell: at(4), message: SOE_MESSAGES.currencyCode });
    else if (currency && currencyCell && currency !== currencyCell.code)
      rowErrors.push({ cell: at(4), message: M.oneCurrency });
    if (currency && !currencyCell) currencyCell = { code: currency, cell: at(4) };
    if (kind && name) seen.add(`${kind}|${nameKey(name)}`);
    if (rowErrors.length > 0 || !kind || cost === null || canonicalName === undefined) {
      errors.push(...rowErrors);
      continue;
    }
    if (kind === 'visit') value.visits.push({ visitName: canonicalName, visitCost: cost, currency });
    else value.assessments.push({ assessmentName: canonicalName, assessmentCost: cost, currency });
  }
  if (errors.length > 0) return { errors, warnings: [] };
  if (value.visits.length + value.assessments.length === 0)
    return { errors: [{ cell: cellRef(sheet, firstRow, 1), message: M.noRows }], warnings: [] };
  return { value, errors, warnings: [] };
}
