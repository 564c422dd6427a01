import { COUNTRY_COST_MESSAGES as M } from '../messages';
import { SOE_LIMITS } from '../../soe/constants';
import { SOE_MESSAGES } from '../../soe/messages';
import { type CountryCostRow, type CountryCosts, type SheetIssue, type SheetReadResult } from '../types';
import { cellRef, costAt, nameKey, textAt, type UploadSheet, type UploadWorkbook } from './sheet-cells';

/** Rows read per sheet (spec/2 section 5); columns G (name) and H (cost). */
export const COUNTRY_COST_LAST_ROW = 1000;
const NAME_COLUMN = 7;
const COST_COLUMN = 8;

/** A site group of the SOE a sheet may name, by its name or its country's ISO3 code. */
export interface CountryCostSiteGroup {
  siteGroupId: number;
  siteGroupName: string;
  countryCodeISO3: string;
}

export interface CountryCostExpectations {
  /** When given, every sheet with data must name one of them (USA names both US groups). */
  siteGroups?: readonly CountryCostSiteGroup[];
  /** When given, every name must be an assessment of the SOE (matched ignoring case). */
  assessmentNames?: readonly string[];
}

function siteGroupsOf(sheet: UploadSheet, groups: readonly CountryCostSiteGroup[]): number[] {
  const key = nameKey(sheet.name);
  return groups
    .filter((g) => nameKey(g.siteGroupName) === key || nameKey(g.countryCodeISO3) === key)
    .map((g) => g.siteGroupId);
}

interface SheetRows {
  rows: CountryCostRow[];
  errors: SheetIssue[];
}

/**
 * One sheet's rows 1 to 1000. Rows before the first priced row whose H is not a cost are headings or titles and
 * are skipped; after it, a name without a cost (or a cost without a name) is an error at its cell.
 */
function readSheet(
  sheet: UploadSheet,
  siteGroupIds: number[],
  canonical: Map<string, string> | null,
  seen: Set<string>,
): SheetRows {
  const rows: CountryCostRow[] = [];
  const errors: SheetIssue[] = [];
  const countryName = sheet.name.trim();
  const last = Math.min(sheet.rowCount, COUNTRY_COST_LAST_ROW);
  for (let r = 1; r <= last; r++) {
    const name = textAt(sheet, r, NAME_COLUMN);
    const costText = textAt(sheet, r, COST_COLUMN);
    if (name === '' && costText === '') continue;
    const assessmentCost = costAt(sheet, r, COST_COLUMN);
    const started = rows.length > 0 || errors.length > 0;
    if (assessmentCost === null && !started) continue;
    const at = (column: number) => cellRef(sheet, r, column);
    const rowErrors: SheetIssue[] = [];
    if (name === '') rowErrors.push({ cell: at(NAME_COLUMN), message: M.nameRequired });
    else if (name.length > SOE_LIMITS.assessmentNameMax)
      rowErrors.push({ cell: at(NAME_COLUMN), message: SOE_MESSAGES.assessmentNameTooLong });
    else if (canonical && !canonical.has(nameKey(name)))
      rowErrors.push({ cell: at(NAME_COLUMN), message: SOE_MESSAGES.unknownAssessment });
    if (assessmentCost === null) rowErrors.push({ cell: at(COST_COLUMN), message: SOE_MESSAGES.cost });
    if (assessmentCost === null || rowErrors.length > 0) {
      errors.push(...rowErrors);
      continue;
    }
    const assessmentName = canonical?.get(nameKey(name)) ?? name;
    // Two sheets naming the same country (e.g. 'DEU' and 'Germany') must not price an assessment twice.
    const key = `${siteGroupIds.length ? siteGroupIds.join(',') : nameKey(countryName)}|${nameKey(assessmentName)}`;
    if (seen.has(key)) {
      errors.push({ cell: at(NAME_COLUMN), message: SOE_MESSAGES.rowListedTwice });
      continue;
    }
    seen.add(key);
    rows.push({
      sheet: sheet.name,
      countryName,
      siteGroupIds,
      assessmentName,
      assessmentCost,
      cell: at(COST_COLUMN),
    });
  }
  return { rows, errors };
}

/**
 * Reads an Upload Country Costs workbook (spec/2 sections 5 and 8): every sheet is one country, named by the
 * sheet (the site group's name or its ISO3 code); assessment names in column G, costs in column H, rows 1 to 1000.
 * Sheets without priced rows (a README, an empty sheet) are skipped; none at all is 'No valid data found in any
 * sheet'. Every bad row is an error at its cell, and then nothing is uploaded.
 */
export function readCountryCostSheets(
  workbook: UploadWorkbook,
  expected: CountryCostExpectations = {},
): SheetReadResult<CountryCosts> {
  const canonical = expected.assessmentNames
    ? new Map(expected.assessmentNames.map((n) => [nameKey(n), n]))
    : null;
  const errors: SheetIssue[] = [];
  const rows: CountryCostRow[] = [];
  const seen = new Set<string>();
  for (const sheet of workbook.worksheets) {
    const siteGroupIds = expected.siteGroups ? siteGroupsOf(sheet, expected.siteGroups) : [];
    const read = readSheet(sheet, siteGroupIds, canonical, seen);
    if (read.rows.length === 0 && read.errors.length === 0) continue;
    if (expected.siteGroups && siteGroupIds.length === 0)
      errors.push({ cell: sheet.name, message: M.unknownCountry });
    errors.push(...read.errors);
    rows.push(...read.rows);
  }
  if (errors.length > 0) return { errors, warnings: [] };
  if (rows.length === 0) return { errors: [{ message: M.noValidData }], warnings: [] };
  return { value: { rows }, errors, warnings: [] };
}
