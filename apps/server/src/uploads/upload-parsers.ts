import type ExcelJS from 'exceljs';
import { readPlanSheets, workbookSource } from '@predict/shared';
import { readCtmsSheets } from '../services/actuals/read-ctms-sheets';

/**
 * What each kind of upload reads from its workbook, inside the upload worker (the answer crosses back by
 * structured clone: plain data only). A later upload (SOE ePrice, CTMS extract, site contracts) adds its kind here
 * and calls parseXlsxUpload(kind, ...) from its service.
 */
export const UPLOAD_PARSERS = {
  plan: (workbook: ExcelJS.Workbook) => readPlanSheets(workbookSource(workbook)),
  ctms: (workbook: ExcelJS.Workbook) => readCtmsSheets(workbook),
} satisfies Record<string, (workbook: ExcelJS.Workbook) => unknown>;

export type UploadKind = keyof typeof UPLOAD_PARSERS;
export type UploadResult<K extends UploadKind> = ReturnType<(typeof UPLOAD_PARSERS)[K]>;
