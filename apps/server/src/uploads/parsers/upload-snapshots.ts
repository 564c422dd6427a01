import type ExcelJS from 'exceljs';
import {
  COUNTRY_COST_LAST_ROW,
  EPRICE_SHEET,
  SITE_CONTRACT_LAYOUT,
  SITE_CONTRACT_SHEET,
  SITE_FEES_SHEET,
  uploadNameKey as nameKey,
  type SnapshotScope,
  type ZipEntry,
} from '@predict/shared';
import { inflateEntry } from '../bounded-inflate';
import { snapshotWorkbook } from './sheet-snapshot';
import { snapshotFromParts } from './xlsx-part-values';

/*
 * The worker-side parsers of the SOE uploads (upload-parsers.ts): each copies only what its reader looks at. The
 * reader then runs on the request's side with the SOE's names: readEpriceSheets(snapshotSource(snapshot), ...).
 */

const EPRICE_SHEETS = new Set([nameKey(EPRICE_SHEET), nameKey(SITE_FEES_SHEET)]);

export const SNAPSHOT_SCOPES = {
  eprice: { sheet: (name) => EPRICE_SHEETS.has(nameKey(name)) },
  countryCosts: { maxRow: COUNTRY_COST_LAST_ROW, columns: [7, 8] },
  siteContract: {
    sheet: (name, _i, all) => nameKey(name) === nameKey(SITE_CONTRACT_SHEET) || all.length === 1,
    maxRow: SITE_CONTRACT_LAYOUT.lastRow,
    columns: [1, 2, 3, 4],
  },
} satisfies Record<string, SnapshotScope>;

export const snapshotEprice = (workbook: ExcelJS.Workbook) =>
  snapshotWorkbook(workbook, SNAPSHOT_SCOPES.eprice);
export const snapshotCountryCosts = (workbook: ExcelJS.Workbook) =>
  snapshotWorkbook(workbook, SNAPSHOT_SCOPES.countryCosts);
export const snapshotSiteContract = (workbook: ExcelJS.Workbook) =>
  snapshotWorkbook(workbook, SNAPSHOT_SCOPES.siteContract);

/** The XML parts snapshotFromParts reads: the workbook, its relationships, shared strings and worksheets. */
export const isValuePart = (name: string) =>
  /^xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|sharedStrings\.xml|worksheets\/[^/]+\.xml)$/.test(name);

/**
 * The same snapshot without exceljs, from a checked zip's entries (inflateEntry: each part at most its stated
 * size). For big ePrice files (see bench/soe-eprice.ts); the upload worker would call it with the parts it has
 * already inflated and checked for macros.
 */
export function snapshotFromZip(bytes: Uint8Array, entries: readonly ZipEntry[], scope: SnapshotScope) {
  const parts = new Map<string, string>();
  for (const entry of entries)
    if (isValuePart(entry.name)) parts.set(entry.name, inflateEntry(bytes, entry).toString('utf8'));
  return snapshotFromParts(parts, scope);
}
