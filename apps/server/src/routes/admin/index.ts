import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminSiteGroup,
  AdminSiteGroupListItem,
  AdminSiteGroupSaveBody,
  ErrorResponse,
  SiteGroupIdParams,
  SiteGroupVersionConflict,
} from '@predict/shared';
import { listAdminSiteGroups, readAdminSiteGroup } from '../../services/admin/read-site-groups';
import { saveAdminSiteGroup } from '../../services/admin/save-admin-site-group';
import { currentUser } from '../current-user';

const tags = ['admin'];

/** Site-group reference data (spec/3 Admin site group): everyone signed in may read, only admins save. */
export async function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/ctpo/admin/sitegroups',
    {
      schema: {
        tags,
        summary: 'Every site group with its country, by name (the left panel of Admin Data)',
        response: { 200: z.array(AdminSiteGroupListItem) },
      },
    },
    async () => listAdminSiteGroups(db),
  );

  r.get(
    '/ctpo/admin/sitegroup/:id',
    {
      schema: {
        tags,
        summary: 'One site group with its activation profile and seasonal variations',
        params: SiteGroupIdParams,
        response: { 200: AdminSiteGroup, 404: ErrorResponse },
      },
    },
    async (request) => readAdminSiteGroup(db, request.params.id),
  );

  r.post(
    '/ctpo/study/0/AdminDataUpload',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Saves a site group (admins only) based on the version it was read at; answers the saved site group ' +
          'with its new version. 400 names each field with the Admin Data message at its path; a stale version ' +
          'gets 409 with the current version. Rolling submission 0 stores 0 days to first site ID.',
        body: AdminSiteGroupSaveBody,
        response: {
          200: AdminSiteGroup,
          400: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: z.union([SiteGroupVersionConflict, ErrorResponse]),
        },
      },
    },
    async (request) => saveAdminSiteGroup(db, currentUser(request), request.body),
  );
}
