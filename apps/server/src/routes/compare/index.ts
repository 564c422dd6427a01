import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COMPARE_PATH, CompareQuery, ErrorResponse, PlanComparison, StudyIdParams } from '@predict/shared';
import { readPlanComparison } from '../../services/compare/read-plan-comparison';

const tags = ['results'];

/** Scenario comparison: 2 to 4 plans of a study side by side, from their stored results. */
export async function compareRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    COMPARE_PATH.replace('{studyId}', ':studyId'),
    {
      schema: {
        tags,
        summary:
          "2 to 4 plans of the study side by side, each from its latest finished run as stored: the run's " +
          'inputs, FSIV / FPI / LPI / LPLV / database lock P10-P50-P90, LPI P1..P99 (the probability of LPI by a ' +
          'date), enrollment duration, sites, site-months and patients, the monthly cumulative enrollment band, ' +
          'and the Cost Summary of a Schedule of Events linked to the plan. Nothing is simulated again. 400 naming ' +
          'the plan for a plan of another study, one without a finished run, a plan listed twice, or fewer than 2 ' +
          'or more than 4 plans; 404 for an unknown study. Read-only users may compare.',
        params: StudyIdParams,
        querystring: CompareQuery,
        response: { 200: PlanComparison, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => readPlanComparison(db, request.params.studyId, request.query.plans),
  );
}
