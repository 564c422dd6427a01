import {
  CTMS_EXTRACT_REFUSED_MESSAGE,
  CTMS_SITE_MONTHS_COLUMNS,
  CTMS_SITE_MONTHS_SHEET,
  CTMS_SITES_COLUMNS,
  CTMS_SITES_SHEET,
  columnLetter,
  type CtmsExtractLoadResponse,
  type CtmsExtractUploadBody,
} from '@predict/shared';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http-errors';
import type { AuditActor } from '../../repositories/audit-repository';
import { findStudy } from '../../repositories/studies-repository';
import { parseXlsxUpload, receiveXlsxUpload } from '../../uploads';
import type { ExtractError } from './check-ctms-extract';
import { loadCtmsExtract } from './load-ctms-extract';
import type { CtmsSheets } from '../../uploads/parsers/read-ctms-sheets';

/** Where a check error of an uploaded extract is: its cell ('Sites!C4', 'Site Months!D7'), else its sheet. */
export function ctmsSheetPath(sheets: Pick<CtmsSheets, 'sites' | 'siteMonths'>): (e: ExtractError) => string {
  const layouts = {
    sites: { sheet: CTMS_SITES_SHEET, columns: CTMS_SITES_COLUMNS, rows: sheets.sites },
    siteMonths: { sheet: CTMS_SITE_MONTHS_SHEET, columns: CTMS_SITE_MONTHS_COLUMNS, rows: sheets.siteMonths },
  } as const;
  return (e) => {
    const [list, index, field] = e.path;
    const layout = list === 'sites' || list === 'siteMonths' ? layouts[list] : null;
    if (!layout || typeof index !== 'number') return 'asOf';
    const row = layout.rows[index]?.row;
    const column = (layout.columns as readonly { key: string }[]).findIndex((c) => c.key === field);
    return row !== undefined && column >= 0
      ? `${layout.sheet}!${columnLetter(column + 1)}${row}`
      : layout.sheet;
  };
}

/**
 * IMPORT ACTUALS' upload: the filled CTMS template through the upload pipeline (name, size and zip checks on the
 * request's thread, parsing in the worker), then the same check and all-or-nothing load as the JSON route. Every
 * error comes back at its cell ('Sites!C4', 'Site Months!D7') with its message.
 */
export async function uploadCtmsExtract(
  db: Db,
  actor: AuditActor,
  studyId: number,
  body: CtmsExtractUploadBody,
): Promise<CtmsExtractLoadResponse> {
  if (!(await findStudy(db, studyId))) throw notFound('Study');
  const file = receiveXlsxUpload(body.fileName, body.fileBase64);
  const sheets = await parseXlsxUpload('ctms', file);
  if (sheets.errors.length > 0)
    throw badRequest(
      CTMS_EXTRACT_REFUSED_MESSAGE,
      sheets.errors.map((e) => ({ path: e.cell ? `${e.sheet}!${e.cell}` : e.sheet, message: e.message })),
    );
  const pathOf = ctmsSheetPath(sheets);
  return loadCtmsExtract(
    db,
    actor,
    studyId,
    {
      asOf: body.asOf,
      sites: sheets.sites.map((r) => r.values),
      siteMonths: sheets.siteMonths.map((r) => r.values),
    },
    { source: 'upload', pathOf },
  );
}
