import { EPRICE_MESSAGES as M, SITE_FEE_LABELS, SITE_FEES_SHEET } from '../messages';
import { round2 } from '../../soe/numbers';
import { siteCostTypeOf } from '../site-cost-names';
import { type EpriceSheets, type EpriceSiteCost, type SheetIssue } from '../types';
import {
  cellRef,
  costAt,
  findLabelRow,
  findSheet,
  isLabel,
  nameKey,
  textAt,
  type UploadWorkbook,
} from './sheet-cells';

type SiteFees = Pick<EpriceSheets, 'siteCosts' | 'ignoredSiteCosts'>;

const NONE: SiteFees = { siteCosts: [], ignoredSiteCosts: [] };

/**
 * The optional 'Invoiceables and Site Fees' sheet (spec/2 section 5). Its table's heading row is the row labelled
 * 'Site Costs' (column A: the site-cost names below it); the same row heads the 'Forecasted Frequency' and
 * 'Total Amount Per Site Cost' columns. Rows below with a known site-cost name are taken (non-numeric amounts and
 * frequencies count 0); other names are listed as ignored. Any warning means no site costs are imported.
 */
export function readSiteFeesSheet(workbook: UploadWorkbook, warnings: SheetIssue[]): SiteFees {
  const sheet = findSheet(workbook, SITE_FEES_SHEET);
  if (!sheet) {
    warnings.push({ message: M.missingSiteFeesSheet });
    return NONE;
  }
  const heading = findLabelRow(sheet, SITE_FEE_LABELS.siteCosts);
  let amountColumn = 0;
  let frequencyColumn = 0;
  if (heading)
    for (let c = 1; c <= sheet.columnCount; c++) {
      if (!amountColumn && isLabel(sheet, heading.row, c, SITE_FEE_LABELS.totalAmount)) amountColumn = c;
      if (!frequencyColumn && isLabel(sheet, heading.row, c, SITE_FEE_LABELS.frequency)) frequencyColumn = c;
    }
  if (!heading || !amountColumn) {
    warnings.push({
      cell: heading ? cellRef(sheet, heading.row, heading.column) : undefined,
      message: M.missingSiteFeeRows,
    });
    return NONE;
  }
  if (heading.column !== 1 || !frequencyColumn) {
    warnings.push({ cell: cellRef(sheet, heading.row, heading.column), message: M.missingSiteFeeColumns });
    return NONE;
  }

  const siteCosts: EpriceSiteCost[] = [];
  const ignoredSiteCosts: string[] = [];
  for (let r = heading.row + 1; r <= sheet.rowCount; r++) {
    const name = textAt(sheet, r, 1);
    if (name === '' || nameKey(name) === 'total') continue;
    const type = siteCostTypeOf(name);
    if (!type) {
      ignoredSiteCosts.push(name);
      continue;
    }
    const totalAmount = costAt(sheet, r, amountColumn) ?? 0;
    const frequency = costAt(sheet, r, frequencyColumn) ?? 0;
    const costPerOccurrence = frequency > 0 ? round2(totalAmount / frequency) : totalAmount;
    siteCosts.push({
      name,
      type,
      frequency,
      totalAmount,
      costPerOccurrence,
      cell: cellRef(sheet, r, amountColumn),
    });
  }
  if (siteCosts.length === 0) {
    warnings.push({ message: M.noValidSiteCosts });
    return { siteCosts: [], ignoredSiteCosts };
  }
  if (siteCosts.every((s) => s.totalAmount === 0)) {
    warnings.push({ cell: cellRef(sheet, heading.row, amountColumn), message: M.noSiteFeeTotal });
    return { siteCosts: [], ignoredSiteCosts };
  }
  return { siteCosts, ignoredSiteCosts };
}
