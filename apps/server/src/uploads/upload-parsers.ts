import type ExcelJS from 'exceljs';
import { readPlanSheets, workbookSource, type ZipEntry } from '@predict/shared';
import { readCtmsSheets } from './parsers/read-ctms-sheets';
import {
  SNAPSHOT_SCOPES,
  snapshotCountryCosts,
  snapshotFromZip,
  snapshotSiteContract,
} from './parsers/upload-snapshots';

/**
 * What each kind of upload reads from its workbook, inside the upload worker (the answer crosses back by
 * structured clone: plain data only). A later upload (SOE ePrice, CTMS extract, site contracts) adds its kind here
 * and calls parseXlsxUpload(kind, ...) from its service.
 */
export const UPLOAD_PARSERS = {
  plan: (workbook: ExcelJS.Workbook) => readPlanSheets(workbookSource(workbook)),
  ctms: (workbook: ExcelJS.Workbook) => readCtmsSheets(workbook),
  // SOE uploads: the sheets' values; the readers (services/soe-uploads) then check them against the SOE.
  countryCosts: snapshotCountryCosts,
  siteContract: snapshotSiteContract,
} satisfies Record<string, (workbook: ExcelJS.Workbook) => unknown>;

/**
 * Kinds read straight from the checked XML parts, without exceljs: a formula-dense 2 MB ePrice is about 450,000
 * cells, and exceljs' model of it (about 1.7 kB of heap a cell) does not fit the worker's limits
 * (docs/soe-uploads.md, 'Large ePrice files'). snapshotFromZip reads the same values.
 */
export const PART_PARSERS = {
  eprice: (bytes: Uint8Array, entries: readonly ZipEntry[]) =>
    snapshotFromZip(bytes, entries, SNAPSHOT_SCOPES.eprice),
} satisfies Record<string, (bytes: Uint8Array, entries: readonly ZipEntry[]) => unknown>;

type WorkbookKind = keyof typeof UPLOAD_PARSERS;
type PartKind = keyof typeof PART_PARSERS;
export type UploadKind = WorkbookKind | PartKind;
export const isPartKind = (kind: UploadKind): kind is PartKind => kind in PART_PARSERS;
export type UploadResult<K extends UploadKind> = K extends WorkbookKind
  ? ReturnType<(typeof UPLOAD_PARSERS)[K]>
  : K extends PartKind
    ? ReturnType<(typeof PART_PARSERS)[K]>
    : never;
