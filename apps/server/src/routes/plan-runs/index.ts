import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponse,
  PlanIdParams,
  PlanValidationItem,
  PlanValidationResponse,
  RunSimulationBody,
  SimulationStatus,
} from '@predict/shared';
import { readSimulationStatus, requestSimulationRun } from '../../services/runs/request-simulation-run';
import { validatePlanRun } from '../../services/runs/validate-plan-run';
import { currentUser } from '../current-user';
import { statusEventsRoutes } from './status-events';

const tags = ['simulation'];
const ValidationQuery = z.object({
  step: z.coerce
    .number()
    .pipe(z.union([z.literal(2), z.literal(3)]))
    .default(3),
});
/** A blocked run: the errors in fields (path = item code) and every item, warnings too. */
const NotReadyResponse = ErrorResponse.extend({ items: z.array(PlanValidationItem).optional() });

/** Review-step validation, the simulation run request and its status, polled or streamed (spec/1 sections 4, 7, 8). */
export async function planRunsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/ctpo/plan/:planId/validation',
    {
      schema: {
        tags,
        summary:
          'The rules checked before Next Step from the countries (step=2) or before running (step=3, default) on ' +
          'the saved plan: errors block, warnings do not; the ENROLLMENT_DURATION error only on step 3',
        params: PlanIdParams,
        querystring: ValidationQuery,
        response: { 200: PlanValidationResponse, 404: ErrorResponse },
      },
    },
    async (request) =>
      validatePlanRun(db, currentUser(request), request.params.planId, request.query.step as 2 | 3),
  );

  r.post(
    '/ctpo/runsimulation',
    {
      config: { access: 'editor' },
      schema: {
        tags,
        summary:
          'Records and queues a simulation run (REQUESTING) of a Draft plan that passes the review rules (201), or ' +
          'answers the run that has not finished yet (200); 400 lists what blocks the run, 409 for a plan that is ' +
          'not Draft',
        body: RunSimulationBody,
        response: {
          200: SimulationStatus,
          201: SimulationStatus,
          400: NotReadyResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { created, status } = await requestSimulationRun(
        db,
        app.runQueue,
        currentUser(request),
        request.body,
      );
      return reply.code(created ? 201 : 200).send(status);
    },
  );

  r.get(
    '/ctpo/simulation/status/plan/:planId',
    {
      schema: {
        tags,
        summary:
          "The plan's latest simulation run status (NOT_STARTED 'Simulation has not started.' without a run)",
        params: PlanIdParams,
        response: { 200: SimulationStatus, 404: ErrorResponse },
      },
    },
    async (request) => readSimulationStatus(db, request.params.planId),
  );

  await statusEventsRoutes(app);
}
