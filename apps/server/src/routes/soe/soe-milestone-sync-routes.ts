import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  MilestoneSyncAnswer,
  MilestoneSyncSubmissionBody,
  StudyIdParams,
} from '@predict/shared';
import { syncSoeMilestones } from '../../services/soe/sync-soe-milestones';
import { currentUser } from '../current-user';

/** POST /ctpo/study/{studyId}/MilestoneSyncSubmission (spec/2 section 7; the payload is ours, see docs/api.md). */
export async function soeMilestoneSyncRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post(
    '/ctpo/study/:studyId/MilestoneSyncSubmission',
    {
      config: { access: 'editor' as const },
      schema: {
        tags: ['soe'],
        summary:
          "Syncs an SOE's milestones from a plan of the study: links the SOE to the plan (version raised, " +
          'audited) and answers the dated milestones it now follows (400 for a plan of another study or without ' +
          'milestone dates; planners and admins only)',
        params: StudyIdParams,
        body: MilestoneSyncSubmissionBody,
        response: {
          200: MilestoneSyncAnswer,
          400: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => syncSoeMilestones(db, currentUser(request), request.params.studyId, request.body),
  );
}
