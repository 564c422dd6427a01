import { PassThrough, type Readable } from 'node:stream';
import {
  AUDIT_ENTITY_LABELS,
  AUDIT_EXPORT_MAX_ROWS,
  neutraliseText,
  type AuditTrailFilters,
} from '@predict/shared';
import type { Db } from '../../db/client';
import type { AuditActor } from '../../repositories/audit-repository';
import {
  countAuditRows,
  listAuditRows,
  type AuditTrailRecord,
} from '../../repositories/audit-trail-repository';
import { presentAuditRow } from './presenters/audit-row-presenter';

/** Rows read per query while the file is written, so memory stays flat however many rows match. */
const BATCH = 2_000;
/** Excel's limit for one cell is 32,767 characters. */
const CELL_MAX = 32_000;

export const auditExportTruncatedMessage = (total: number) =>
  `Only the newest ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ` +
  'matching rows are in this file. Narrow the filters (a date range, say) to export the rest.';

export interface AuditExport {
  stream: Readable;
  fileName: string;
  /** Rows matching the filters, and rows in the file (at most AUDIT_EXPORT_MAX_ROWS). */
  total: number;
  rows: number;
}

const text = (s: string | null | undefined) => (s ? neutraliseText(s) : null);

function json(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const s = JSON.stringify(value);
  return text(s.length > CELL_MAX ? `${s.slice(0, CELL_MAX)} … (cut: ${s.length} characters in all)` : s);
}

const COLUMNS = [
  { header: 'Audit id', key: 'auditId', width: 10 },
  { header: 'When (UTC)', key: 'occurredAt', width: 20, style: { numFmt: 'dd-mmm-yyyy hh:mm:ss' } },
  { header: 'Who', key: 'actorName', width: 22 },
  { header: 'User id', key: 'actorSubject', width: 18 },
  { header: 'Issuer', key: 'actorIssuer', width: 28 },
  { header: 'Study (PCN)', key: 'projectId', width: 14 },
  { header: 'Study id', key: 'studyId', width: 9 },
  { header: 'Record', key: 'entity', width: 16 },
  { header: 'Record id', key: 'entityId', width: 12 },
  { header: 'Version', key: 'entityVersion', width: 9 },
  { header: 'Action', key: 'action', width: 9 },
  { header: 'Changed fields', key: 'changed', width: 30 },
  { header: 'Old values', key: 'oldValues', width: 50 },
  { header: 'New values', key: 'newValues', width: 50 },
];

function cells(r: AuditTrailRecord) {
  const row = presentAuditRow(r);
  return {
    auditId: row.auditId,
    occurredAt: r.occurredAt,
    actorName: text(row.actorName),
    actorSubject: text(row.actorSubject),
    actorIssuer: text(row.actorIssuer),
    projectId: text(row.projectId),
    studyId: row.studyId,
    entity: text(AUDIT_ENTITY_LABELS[row.entity] ?? row.entity),
    entityId: text(row.entityId),
    entityVersion: row.entityVersion,
    action: text(row.action),
    changed: text(row.changedKeys.join(', ')),
    oldValues: json(row.oldValues),
    newValues: json(row.newValues),
  };
}

const FILTER_LABELS: Record<keyof AuditTrailFilters, string> = {
  studyId: 'Study id',
  project: 'Study (PCN) contains',
  entity: 'Record',
  entityId: 'Record id',
  action: 'Action',
  actor: 'Who contains',
  from: 'From (UTC day)',
  to: 'To (UTC day)',
  text: 'Values contain',
};

async function writeWorkbook(
  stream: PassThrough,
  db: Db,
  filters: AuditTrailFilters,
  meta: { actor: AuditActor; now: Date; total: number; rows: number; maxId: number },
) {
  // Loaded on first export: exceljs is a third of a second of every start otherwise.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Audit trail', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS;
  sheet.getRow(1).font = { bold: true };
  let written = 0;
  let beforeId: number | undefined;
  while (written < meta.rows) {
    const batch = await listAuditRows(db, filters, {
      limit: Math.min(BATCH, meta.rows - written),
      beforeId,
      upToId: meta.maxId,
    });
    if (batch.length === 0) break;
    for (const r of batch) sheet.addRow(cells(r)).commit();
    written += batch.length;
    beforeId = batch[batch.length - 1]!.auditId;
  }
  sheet.commit();

  const about = workbook.addWorksheet('About');
  about.columns = [{ width: 24 }, { width: 90 }];
  const used = Object.entries(filters).filter(([, v]) => v !== undefined && v !== '');
  for (const line of [
    ['Audit trail export', null],
    ['Exported at (UTC)', meta.now.toISOString().replace('T', ' ').slice(0, 19)],
    ['Exported by', text(`${meta.actor.name} (${meta.actor.subject})`)],
    ...used.map(([k, v]) => [FILTER_LABELS[k as keyof AuditTrailFilters], text(String(v))]),
    ['Matching rows', meta.total],
    ['Rows in this file', written],
    ...(meta.total > meta.rows ? [['Note', auditExportTruncatedMessage(meta.total)]] : []),
  ])
    about.addRow(line).commit();
  about.commit();
  await workbook.commit();
}

/**
 * GET /ctpo/admin/audit/export: the filtered audit rows, newest first, as an xlsx streamed while it is written,
 * with an About sheet naming the filters, who exported and when. Text cells are neutralised against formulas.
 */
export async function exportAuditTrail(
  db: Db,
  actor: AuditActor,
  filters: AuditTrailFilters,
  now = new Date(),
): Promise<AuditExport> {
  const { total, maxId } = await countAuditRows(db, filters);
  const rows = Math.min(total, AUDIT_EXPORT_MAX_ROWS);
  const stream = new PassThrough();
  writeWorkbook(stream, db, filters, { actor, now, total, rows, maxId }).catch((error: unknown) =>
    stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  const fileName = `audit-trail-${now.toISOString().slice(0, 10)}.xlsx`;
  return { stream, fileName, total, rows };
}
