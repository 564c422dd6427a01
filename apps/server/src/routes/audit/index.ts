import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditTrailFilters, AuditTrailPage, AuditTrailQuery, ErrorResponse } from '@predict/shared';
import { exportAuditTrail } from '../../services/audit/export-audit-trail';
import { readAuditTrailPage } from '../../services/audit/read-audit-trail';
import { currentUser } from '../current-user';

const tags = ['audit'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FILTERS =
  'Filters (all optional, combined): studyId; project (PCN contains); entity (study_plan, ' +
  'study_plan_site_group, simulation_run, site_group, favorite, user_login, demo_data); entityId; action ' +
  '(create, update, delete, status); actor (name or user id contains); from and to (UTC days, both included); ' +
  'text (old or new values contain).';

/** The audit trail for administrators (issue 12 item 5): who changed what and when, with old and new values. */
export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/ctpo/admin/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'One page of the audit trail, newest first (admins only)',
        description: `${FILTERS} Each row has the old and new values as recorded and the fields that changed.`,
        querystring: AuditTrailQuery,
        response: { 200: AuditTrailPage, 400: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => readAuditTrailPage(db, request.query),
  );

  r.get(
    '/ctpo/admin/audit/export',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The filtered audit trail as an xlsx file (admins only)',
        description:
          `${FILTERS} Newest first, at most 50,000 rows; the About sheet names the filters and says when ` +
          'rows were left out. X-Audit-Total and X-Audit-Rows give the matching and exported row counts.',
        querystring: AuditTrailFilters,
        // The file is streamed: fastify pipes a stream without serializing it.
        response: { 200: z.unknown().describe(XLSX), 400: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request, reply) => {
      const file = await exportAuditTrail(db, currentUser(request), request.query);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-audit-total', String(file.total))
        .header('x-audit-rows', String(file.rows))
        .send(file.stream);
    },
  );
}
