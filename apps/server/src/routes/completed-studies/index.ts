import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  COMPLETED_IMPORT_BODY_LIMIT,
  COMPLETED_STUDIES_IMPORT_PATH,
  COMPLETED_STUDIES_UPLOAD_PATH,
  CompletedStudiesImportBody,
  CompletedStudiesImportResponse,
  CompletedStudiesUploadBody,
  ErrorResponse,
} from '@predict/shared';
import {
  importCompletedStudiesJson,
  uploadCompletedStudies,
} from '../../services/completed-studies/import-completed-studies';
import { currentUser } from '../current-user';

const tags = ['admin'];
const EACH =
  'Each study is applied all or nothing in its own transaction: the study, its plan as its Baseline Plan with a ' +
  'baseline forecast of record (the plan run by the engine, 400 replications), and its CTMS extract, all audited. ' +
  'A study is refused, with its reasons, for plan rule errors, a project code that exists or comes twice, an ' +
  'extract the extract check refuses, an extract with a site in a country the plan lacks or activated before the ' +
  'CRO project start, or an extract that never started (no site activated, no patient enrolled); the others load.';

/** Bulk import of completed studies (issue 24 part 4): history for the track record and the fit. Admins only. */
export async function completedStudiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const responses = {
    200: CompletedStudiesImportResponse,
    400: ErrorResponse,
    403: ErrorResponse,
    413: ErrorResponse,
    503: ErrorResponse,
  };

  r.post(
    COMPLETED_STUDIES_IMPORT_PATH,
    {
      config: { access: 'admin' },
      bodyLimit: COMPLETED_IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Imports completed studies given as JSON: identity, baseline plan and CTMS extract (admins only)',
        description: `${EACH} The plan is the plan spreadsheet's content (ParsedPlan).`,
        body: CompletedStudiesImportBody,
        response: responses,
      },
    },
    async (request) => importCompletedStudiesJson(db, currentUser(request), request.body),
  );

  r.post(
    COMPLETED_STUDIES_UPLOAD_PATH,
    {
      config: { access: 'admin' },
      bodyLimit: COMPLETED_IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Imports completed studies from a zip (base64, at most 20 MB): manifest.csv and per study its plan ' +
          'spreadsheet and CTMS extract template (admins only)',
        description:
          'The zip is checked before anything is parsed (size, zip structure, zip bombs, only manifest.csv and ' +
          '.xlsx files, no macros); each spreadsheet is then checked as an upload and parsed in the upload ' +
          `worker. A broken file refuses its study, not the upload. ${EACH}`,
        body: CompletedStudiesUploadBody,
        response: responses,
      },
    },
    async (request) => uploadCompletedStudies(db, currentUser(request), request.body),
  );
}
