import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EnrollmentPlanUploadBody,
  EnrollmentPlanUploadResponse,
  ErrorResponse,
  PLAN_UPLOAD_BODY_LIMIT,
  PlanVersionConflict as PlanVersionConflictResponse,
  StudyIdParams,
} from '@predict/shared';
import { uploadPlan } from '../../services/plan-upload/upload-plan';
import { currentUser } from '../current-user';

/** UPLOAD PLAN (spec/1 sections 2, 5 and 7): a filled plan spreadsheet written into a Draft plan. */
export async function planUploadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post(
    '/ctpo/study/:studyId/EnrollmentPlanUpload',
    {
      config: { access: 'editor' },
      // The file travels as base64 in JSON: 5 MB of file is about 6.7 MB of body; larger bodies get 413.
      bodyLimit: PLAN_UPLOAD_BODY_LIMIT,
      schema: {
        tags: ['plan upload'],
        summary:
          'Uploads a filled study plan spreadsheet (.xlsx, base64, at most 5 MB) into a Draft plan. Damaged, ' +
          'macro-carrying and zip-bomb files are refused before parsing; the file is parsed in a worker thread ' +
          'within memory and time limits (413 / 400 beyond them; 503 when too many uploads are in progress); ' +
          "template and rule errors come back as fields at 'Sheet!A1' paths. All or nothing; the first row " +
          "carries returnCode '200'.",
        params: StudyIdParams,
        body: EnrollmentPlanUploadBody,
        response: {
          200: EnrollmentPlanUploadResponse,
          400: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: z.union([PlanVersionConflictResponse, ErrorResponse]),
          413: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request) => uploadPlan(db, currentUser(request), request.params.studyId, request.body),
  );
}
