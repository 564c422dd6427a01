import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CALIBRATION_FITS_PATH,
  CALIBRATION_VERSIONS_PATH,
  CalibrationFitParams,
  CalibrationFitStatus,
  CalibrationVersion,
  CalibrationVersionList,
  CalibrationVersionParams,
  ErrorResponse,
} from '@predict/shared';
import { approveVersion } from '../../services/calibration-fit/approve-version';
import { listVersions, readFitStatus } from '../../services/calibration-fit/read-calibration';
import { startCalibrationFit } from '../../services/calibration-fit/start-fit';
import { currentUser } from '../current-user';

const tags = ['admin'];

/**
 * Fitted uncertainty (issue 24 part 3): admins fit the uncertainty settings to the completed studies and approve a
 * version; every signed-in user may read the versions and a fit's progress.
 */
export async function calibrationFitRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post(
    CALIBRATION_FITS_PATH,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Starts a fit of the uncertainty settings to every completed study (admins only)',
        description:
          'A completed study: its Baseline Plan has a baseline of record and its latest CTMS extract shows the ' +
          "baseline run's target enrolled. The fit runs on the job queue in a worker thread: poll " +
          "GET /ctpo/admin/calibration/fits/{id}. 400 with the engine's message under 8 completed studies.",
        response: { 202: CalibrationFitStatus, 400: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await startCalibrationFit(db, app.calibrationFitQueue, currentUser(request))),
  );

  r.get(
    '/ctpo/admin/calibration/fits/:id',
    {
      schema: {
        tags,
        summary: "A fit's status (queued, running, done, failed), progress and, when done, its version",
        params: CalibrationFitParams,
        response: { 200: CalibrationFitStatus, 404: ErrorResponse },
      },
    },
    async (request) => readFitStatus(db, request.params.id),
  );

  r.get(
    CALIBRATION_VERSIONS_PATH,
    {
      schema: {
        tags,
        summary: 'Every calibration version, newest first, with the approved one and the engine defaults',
        response: { 200: CalibrationVersionList },
      },
    },
    async () => listVersions(db),
  );

  r.post(
    '/ctpo/admin/calibration/versions/:n/approve',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Approves calibration version N (admins only): new runs of plans that do not pin their settings use it; ' +
          'the previously approved version becomes superseded. Audited.',
        params: CalibrationVersionParams,
        response: { 200: CalibrationVersion, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => approveVersion(db, currentUser(request), request.params.n),
  );
}
