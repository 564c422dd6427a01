import type { AuditTrailPage, AuditTrailQuery } from '@predict/shared';
import type { Db } from '../../db/client';
import { countAuditRows, listAuditRows } from '../../repositories/audit-trail-repository';
import { presentAuditRow } from './presenters/audit-row-presenter';

/** GET /ctpo/admin/audit: one page of the audit trail, newest first, with the number of matching rows. */
export async function readAuditTrailPage(db: Db, query: AuditTrailQuery): Promise<AuditTrailPage> {
  const { page, pageSize, ...filters } = query;
  const { total } = await countAuditRows(db, filters);
  const offset = page * pageSize;
  const rows = offset >= total ? [] : await listAuditRows(db, filters, { limit: pageSize, offset });
  return { rows: rows.map(presentAuditRow), total, page, pageSize };
}
