import { EPRICE_LABELS, EPRICE_MESSAGES as M, EPRICE_SHEET } from '../messages';
import {
  type EpriceAssessmentCost,
  type EpriceSheets,
  type EpriceVisitCost,
  type SheetIssue,
  type SheetReadResult,
} from '../types';
import { readSiteFeesSheet } from './read-site-fees-sheet';
import {
  cellRef,
  costAt,
  currencyOf,
  findLabelRow,
  findSheet,
  nameKey,
  textAt,
  type UploadSheet,
  type UploadWorkbook,
} from './sheet-cells';

/** What the upload is compared with: the SOE's visit names, and its assessment names when known. */
export interface EpriceExpectations {
  visitNames: readonly string[];
  /** When given, only column A names among them are taken (matched ignoring case); the others are listed. */
  assessmentNames?: readonly string[];
}

/** The visit-name spelling the 'don't match' message uses is accepted as a label too. */
const VISIT_NAME_LABELS = [EPRICE_LABELS.visitName, `${EPRICE_LABELS.visitName}s`];
const FIRST_VISIT_COLUMN = 5;

interface VisitRows {
  visits: EpriceVisitCost[];
  mismatches: number;
}

/** Visit names from column 5 on and their costs; a name without a numeric cost, or a cost without a name, mismatches. */
function readVisits(sheet: UploadSheet, nameRow: number, costRow: number): VisitRows {
  const visits: EpriceVisitCost[] = [];
  let mismatches = 0;
  for (let c = FIRST_VISIT_COLUMN; c <= sheet.columnCount; c++) {
    const visitName = textAt(sheet, nameRow, c);
    if (nameKey(visitName) === nameKey(EPRICE_LABELS.total)) continue;
    const visitCost = costAt(sheet, costRow, c);
    if (visitName === '') {
      if (textAt(sheet, costRow, c) !== '') mismatches += 1;
      continue;
    }
    if (visitCost === null) mismatches += 1;
    visits.push({ visitName, visitCost, cell: cellRef(sheet, costRow, c) });
  }
  return { visits, mismatches };
}

const sortedKeys = (names: readonly string[]) => names.map((n) => n.trim()).sort();

/** The multiset of names equal, as the spec's sorted comparison (names trimmed, case kept). */
function sameNames(a: readonly string[], b: readonly string[]): boolean {
  const x = sortedKeys(a);
  const y = sortedKeys(b);
  return x.length === y.length && x.every((n, i) => n === y[i]);
}

/** The 'Currency' row's first non-empty cell after its label. */
function readCurrency(
  sheet: UploadSheet,
  warnings: SheetIssue[],
): Pick<EpriceSheets, 'currency' | 'currencyText'> {
  const label = findLabelRow(sheet, EPRICE_LABELS.currency);
  if (label) {
    for (let c = label.column + 1; c <= Math.max(sheet.columnCount, label.column + 1); c++) {
      const text = textAt(sheet, label.row, c);
      if (text === '') continue;
      const currency = currencyOf(text);
      if (!currency) warnings.push({ cell: cellRef(sheet, label.row, c), message: M.unknownCurrency });
      return { currency, currencyText: text };
    }
  }
  warnings.push({
    cell: label ? cellRef(sheet, label.row, label.column) : undefined,
    message: M.unknownCurrency,
  });
  return { currency: null, currencyText: null };
}

/** Column A names with a numeric column D cost, outside the label rows; the first of a repeated name counts. */
function readAssessments(
  sheet: UploadSheet,
  labelRows: Set<number>,
  known: readonly string[] | undefined,
): Pick<EpriceSheets, 'assessments' | 'unmatchedAssessments'> {
  const canonical = known ? new Map(known.map((n) => [nameKey(n), n])) : null;
  const assessments: EpriceAssessmentCost[] = [];
  const unmatchedAssessments: string[] = [];
  const seen = new Set<string>();
  for (let r = 1; r <= sheet.rowCount; r++) {
    if (labelRows.has(r)) continue;
    const name = textAt(sheet, r, 1);
    const assessmentCost = name === '' ? null : costAt(sheet, r, 4);
    if (assessmentCost === null || seen.has(nameKey(name))) continue;
    seen.add(nameKey(name));
    const assessmentName = canonical ? canonical.get(nameKey(name)) : name;
    if (assessmentName === undefined) unmatchedAssessments.push(name);
    else assessments.push({ assessmentName, assessmentCost, cell: cellRef(sheet, r, 4) });
  }
  return { assessments, unmatchedAssessments };
}

/**
 * Reads an ePrice workbook (spec/2 sections 5 and 8): the 'Per Procedure' sheet's visit costs, currency and
 * assessment costs, and the optional 'Invoiceables and Site Fees' sheet's site costs. Errors (no value, nothing is
 * uploaded): the sheet or a label row missing, more than one visit name / cost mismatch, visit names other than the
 * SOE's. Warnings keep the value: an unknown currency, no assessment costs, each site-fee problem.
 */
export function readEpriceSheets(
  workbook: UploadWorkbook,
  expected: EpriceExpectations,
): SheetReadResult<EpriceSheets> {
  const errors: SheetIssue[] = [];
  const warnings: SheetIssue[] = [];
  const sheet = findSheet(workbook, EPRICE_SHEET);
  if (!sheet) return { errors: [{ message: M.missingSheet }], warnings };

  const nameLabel = findLabelRow(sheet, VISIT_NAME_LABELS);
  const costLabel = findLabelRow(sheet, EPRICE_LABELS.visitCost);
  if (!nameLabel) errors.push({ message: M.missingVisitNameRow });
  if (!costLabel) errors.push({ message: M.missingVisitCostRow });
  if (!nameLabel || !costLabel) return { errors, warnings };

  const { visits, mismatches } = readVisits(sheet, nameLabel.row, costLabel.row);
  if (mismatches > 1)
    return {
      errors: [{ cell: cellRef(sheet, costLabel.row, costLabel.column), message: M.countMismatch }],
      warnings,
    };
  if (
    !sameNames(
      visits.map((v) => v.visitName),
      expected.visitNames,
    )
  )
    return {
      errors: [{ cell: cellRef(sheet, nameLabel.row, nameLabel.column), message: M.visitNamesMismatch }],
      warnings,
    };

  const currency = readCurrency(sheet, warnings);
  const labelRows = new Set([nameLabel.row, costLabel.row]);
  const currencyRow = findLabelRow(sheet, EPRICE_LABELS.currency);
  if (currencyRow) labelRows.add(currencyRow.row);
  const assessments = readAssessments(sheet, labelRows, expected.assessmentNames);
  if (assessments.assessments.length === 0) warnings.push({ message: M.noAssessments });
  const siteFees = readSiteFeesSheet(workbook, warnings);
  return { value: { ...currency, visits, ...assessments, ...siteFees }, errors, warnings };
}
