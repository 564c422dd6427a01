import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CohortChainBody,
  CohortChainResponse,
  ErrorResponse,
  PlanIdParams,
  PlanVersionConflict,
  SequentialCohortBody,
  SequentialCohortResponse,
  StudyIdParams,
} from '@predict/shared';
import { previewCohortChain, readCohorts } from '../../services/cohorts/read-cohorts';
import { saveSequentialCohorts } from '../../services/cohorts/save-sequential-cohorts';
import { currentUser } from '../current-user';

const tags = ['cohorts'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** The sequential cohort table of Cohort (D) plans (spec/1 sections 2-5). */
export async function cohortsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/ctpo/cohort/plan/:planId',
    {
      schema: {
        tags,
        summary:
          "The plan's cohort rows with their chain dates (recomputed on the plan as it is now) and the two extra " +
          'phase names',
        params: PlanIdParams,
        response: { 200: SequentialCohortResponse, 404: ErrorResponse },
      },
    },
    async (request) => readCohorts(db, currentUser(request), request.params.planId),
  );

  r.post(
    '/ctpo/study/:studyId/SequentialCohort',
    {
      config: { access: 'editor' },
      schema: {
        tags,
        summary:
          "Replaces a Draft Cohort (D) plan's cohort rows as a whole and stores their chain dates; 400 'Sequential " +
          "cohorts setup is not valid' names each cell's message at body.rows.{i}.{field}",
        params: StudyIdParams,
        body: SequentialCohortBody,
        response: {
          200: SequentialCohortResponse,
          ...errors,
          409: z.union([PlanVersionConflict, ErrorResponse]),
        },
      },
    },
    async (request) => saveSequentialCohorts(db, currentUser(request), request.params.studyId, request.body),
  );

  r.post(
    '/ctpo/cohort/chain',
    {
      schema: {
        tags,
        summary:
          'Computes the chain dates of unsaved cohort rows on the saved plan (nothing is written); notice says why ' +
          'rows have no dates yet',
        body: CohortChainBody,
        response: { 200: CohortChainResponse, ...errors },
      },
    },
    async (request) => previewCohortChain(db, currentUser(request), request.body),
  );
}
