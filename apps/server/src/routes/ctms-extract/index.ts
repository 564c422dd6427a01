import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CTMS_MAX_SITE_MONTHS,
  CTMS_MAX_SITES,
  CtmsExtractBody,
  CtmsExtractLoadResponse,
  CtmsExtractUploadBody,
  ErrorResponse,
  PLAN_UPLOAD_BODY_LIMIT,
  StudyIdParams,
} from '@predict/shared';
import type { RawExtract } from '../../services/actuals/check-ctms-extract';
import { loadCtmsExtract } from '../../services/actuals/load-ctms-extract';
import { uploadCtmsExtract } from '../../services/actuals/upload-ctms-extract';
import { currentUser } from '../current-user';

const tags = ['actuals'];

/** An object with the extract's two lists within their limits (the rows themselves may still be wrong). */
const isExtractShaped = (body: unknown): body is RawExtract => {
  const b = body as { sites?: unknown; siteMonths?: unknown } | null;
  return (
    typeof b === 'object' &&
    b !== null &&
    Array.isArray(b.sites) &&
    Array.isArray(b.siteMonths) &&
    b.sites.length <= CTMS_MAX_SITES &&
    b.siteMonths.length <= CTMS_MAX_SITE_MONTHS
  );
};
// A 400-site, 36-month extract is about 2 MB of JSON; leave room for larger studies.
const JSON_BODY_LIMIT = 32 * 1024 * 1024;

/** Loading a study's CTMS extract (design/actuals.md section 1): JSON for integrations, or the xlsx template. */
export async function ctmsExtractRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const response = {
    200: CtmsExtractLoadResponse,
    400: ErrorResponse,
    403: ErrorResponse,
    404: ErrorResponse,
    413: ErrorResponse,
  };

  r.post(
    '/ctpo/study/:studyId/CtmsExtract',
    {
      config: { access: 'editor' },
      bodyLimit: JSON_BODY_LIMIT,
      attachValidation: true,
      schema: {
        tags,
        summary:
          "Loads the study's CTMS extract (sites and site months) as its next version; the previous one is kept. " +
          'Checked as a whole (known countries, activated not before selected, whole non-negative counts, months ' +
          'inside the study, unique site numbers): 400 lists every error by path and nothing is written.',
        params: StudyIdParams,
        body: CtmsExtractBody,
        response,
      },
    },
    async (request) => {
      // A body of the extract's shape with bad rows goes on to the extract's own check, which lists the rows'
      // field errors together with the cross-row ones (unknown countries, duplicates); any other refusal stands.
      const refused = request.validationError;
      if (refused && (refused.validationContext !== 'body' || !isExtractShaped(request.body))) throw refused;
      return loadCtmsExtract(db, currentUser(request), request.params.studyId, request.body as RawExtract, {
        source: 'api',
        pathOf: (e) => ['body', ...e.path].join('.'),
      });
    },
  );

  r.post(
    '/ctpo/study/:studyId/CtmsExtract/upload',
    {
      config: { access: 'editor' },
      bodyLimit: PLAN_UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Uploads the filled CTMS extract template (.xlsx, base64, at most 5 MB; sheets Sites and Site Months) ' +
          'through the upload pipeline (checked before parsing, parsed in a worker thread). All or nothing: 400 ' +
          "lists every error at its cell ('Sites!C4') with its message.",
        params: StudyIdParams,
        body: CtmsExtractUploadBody,
        response: { ...response, 503: ErrorResponse },
      },
    },
    async (request) => uploadCtmsExtract(db, currentUser(request), request.params.studyId, request.body),
  );
}
