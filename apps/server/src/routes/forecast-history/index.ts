import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse, FORECAST_HISTORY_PATH, ForecastHistoryResponse, PlanIdParams } from '@predict/shared';
import { readForecastHistory } from '../../services/forecast-history/read-forecast-history';

const tags = ['results'];

/** A plan's Forecast History (issue 24): its forecasts of record and the study's actual milestones. */
export async function forecastHistoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    FORECAST_HISTORY_PATH.replace('{planId}', ':planId'),
    {
      schema: {
        tags,
        summary:
          "The plan's forecasts of record, newest first: one per finished run of the plan and of its remodel " +
          'plans, with FPI / LPI / LPLV P10-P50-P90, the settings and extract each used, and which one is the ' +
          "locked baseline of record; and the study's actual FPI and LPI once its latest CTMS extract shows them. " +
          '404 for an unknown or deleted plan.',
        params: PlanIdParams,
        response: { 200: ForecastHistoryResponse, 404: ErrorResponse },
      },
    },
    async (request) => readForecastHistory(db, request.params.planId),
  );
}
