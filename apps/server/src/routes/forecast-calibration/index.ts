import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponse,
  FORECAST_CALIBRATION_EXPORT_PATH,
  FORECAST_CALIBRATION_PATH,
  ForecastCalibrationResponse,
} from '@predict/shared';
import { exportForecastCalibration } from '../../services/forecast-calibration/export-forecast-calibration';
import { readForecastCalibration } from '../../services/forecast-calibration/read-forecast-calibration';
import { currentUser } from '../current-user';

const tags = ['admin'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const COMPLETED =
  'A study is completed when its Baseline Plan has a baseline of record and its latest CTMS extract shows the ' +
  "baseline run's target enrolled (the actual LPI, as Forecast History reads it).";

/**
 * Forecast Calibration (issue 24 part 2): the track record of the forecasts of record. Every signed-in user may
 * read it, viewers included: how good past forecasts were is for everyone who reads a forecast.
 */
export async function forecastCalibrationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    FORECAST_CALIBRATION_PATH,
    {
      schema: {
        tags,
        summary: 'How the baseline forecasts of completed studies, and their re-forecasts, did',
        description:
          `${COMPLETED} Each completed study with its baseline record's FPI and LPI P10 / P50 / P90, the actual ` +
          'dates, the PIT of each actual in the P1..P99 and whether it fell inside P10-P90; per milestone (FPI, ' +
          'LPI, sites activated at month 12) n, coverage of P10-P90 and share below P50 with 90% Wilson ' +
          "intervals, the PIT histogram and the reliability table; and the same for the study's remodel " +
          'records at 25 / 50 / 75% of the target enrolled (nearest bucket within 12.5 points, one record per ' +
          'study and bucket). No completed study yet: empty lists and n = 0.',
        response: { 200: ForecastCalibrationResponse },
      },
    },
    async () => readForecastCalibration(db),
  );

  r.get(
    FORECAST_CALIBRATION_EXPORT_PATH,
    {
      schema: {
        tags,
        summary: 'The track record as an xlsx file: sheets Summary, Studies and Re-forecasts',
        response: { 200: z.unknown().describe(XLSX), 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      const file = await exportForecastCalibration(db, currentUser(request));
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.buffer);
    },
  );
}
