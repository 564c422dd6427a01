import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  RemodelFormBody,
  RemodelFormData,
  RemodelResponse,
  StudyIdParams,
} from '@predict/shared';
import { readRemodelValues } from '../../services/remodel/remodel-values';
import { submitRemodel } from '../../services/remodel/submit-remodel';
import { currentUser } from '../current-user';

const tags = ['actuals'];

/** The Remodel form (spec/3 sections 2-5 and 7, design/actuals.md section 4). */
export async function remodelRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/ctpo/remodel/study/:studyId',
    {
      schema: {
        tags,
        summary:
          "The Remodel form's planned, actual and impact values, overall and per site group, from the Baseline " +
          "Plan's last run and the latest CTMS extract; 409 when one of them is missing.",
        params: StudyIdParams,
        response: { 200: RemodelFormData, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => readRemodelValues(db, request.params.studyId),
  );

  r.patch(
    '/ctpo/remodel/study/:studyId',
    {
      config: { access: 'editor' },
      schema: {
        tags,
        summary:
          'Creates a Draft Remodel (R) (type 1) or Remodel (D) (type 2) copy of the Baseline Plan with the ' +
          "form's go-forward choices and the extract's actuals, in one audited transaction; 400 lists the form " +
          "rules' messages per field.",
        params: StudyIdParams,
        body: RemodelFormBody,
        response: {
          201: RemodelResponse,
          400: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const answer = await submitRemodel(db, currentUser(request), request.params.studyId, request.body);
      return reply.code(201).send(answer);
    },
  );
}
