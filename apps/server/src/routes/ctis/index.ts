import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CtisPlanResponse,
  CtisSubmissionBody,
  ErrorResponse,
  PlanIdParams,
  PlanVersionConflict,
  StudyIdParams,
} from '@predict/shared';
import { readCtis } from '../../services/ctis/read-ctis';
import { saveCtisSubmission } from '../../services/ctis/save-ctis-submission';
import { currentUser } from '../current-user';

const tags = ['ctis'];

/** The CTIS Submission dialog of step 2 (spec/1 sections 2, 3 and 9). */
export async function ctisRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/ctpo/ctis/plan/:planId',
    {
      schema: {
        tags,
        summary:
          'One row per CTIS-eligible (EU) country of the plan: its regulatory submission date, whether the user ' +
          'provided it, and the last choice saved; plus the latest date of the included countries',
        params: PlanIdParams,
        response: { 200: CtisPlanResponse, 404: ErrorResponse },
      },
    },
    async (request) => readCtis(db, request.params.planId),
  );

  r.post(
    '/ctpo/study/:studyId/CtisSubmission',
    {
      config: { access: 'editor' },
      schema: {
        tags,
        summary:
          'Applies one choice to the included countries of a Draft plan (keep, useLatest, enterNew with ' +
          "enterNewDate, reset) and stores each sent country's CTIS row; excluded countries keep their dates",
        params: StudyIdParams,
        body: CtisSubmissionBody,
        response: {
          200: CtisPlanResponse,
          400: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: z.union([PlanVersionConflict, ErrorResponse]),
        },
      },
    },
    async (request) => saveCtisSubmission(db, currentUser(request), request.params.studyId, request.body),
  );
}
