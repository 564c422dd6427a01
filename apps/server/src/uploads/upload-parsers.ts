import type ExcelJS from 'exceljs';
import { readPlanSheets, workbookSource } from '@predict/shared';
import { readCtmsSheets } from '../services/actuals/read-ctms-sheets';
import {
  snapshotCountryCosts,
  snapshotEprice,
  snapshotSiteContract,
} from '../services/soe-uploads/upload-snapshots';

/**
 * What each kind of upload reads from its workbook, inside the upload worker (the answer crosses back by
 * structured clone: plain data only). A later upload (SOE ePrice, CTMS extract, site contracts) adds its kind here
 * and calls parseXlsxUpload(kind, ...) from its service.
 */
export const UPLOAD_PARSERS = {
  plan: (workbook: ExcelJS.Workbook) => readPlanSheets(workbookSource(workbook)),
  ctms: (workbook: ExcelJS.Workbook) => readCtmsSheets(workbook),
  // SOE uploads: the sheets' values; the readers (services/soe-uploads) then check them against the SOE.
  eprice: snapshotEprice,
  countryCosts: snapshotCountryCosts,
  siteContract: snapshotSiteContract,
} satisfies Record<string, (workbook: ExcelJS.Workbook) => unknown>;

export type UploadKind = keyof typeof UPLOAD_PARSERS;
export type UploadResult<K extends UploadKind> = ReturnType<(typeof UPLOAD_PARSERS)[K]>;
