import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ActualsResponse, ErrorResponse, SiteListResponse, StudyIdParams } from '@predict/shared';
import { readActuals } from '../../services/actuals/read-actuals';
import { readSiteLists } from '../../services/actuals/site-lists';

const tags = ['actuals'];

/** Study Actuals and the View Site List dialog (spec/3 sections 2 and 7, design/actuals.md sections 2 and 3). */
export async function actualsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const actuals = { params: StudyIdParams, response: { 200: ActualsResponse, 404: ErrorResponse } };

  r.get(
    '/ctpo/actuals/study/:studyId',
    {
      schema: {
        tags,
        summary:
          "The Study Actuals rows: the Baseline Plan's plan line against the latest CTMS extract at its as-of " +
          'date; state says why there are no rows (no Baseline Plan, no finished run of it, no extract).',
        ...actuals,
      },
    },
    async (request) => readActuals(db, request.params.studyId),
  );

  r.get(
    '/ctpo/loadactuals/study/:studyId',
    {
      schema: {
        tags,
        summary:
          'IMPORT ACTUALS: recomputes the actuals rows from the latest extract (stamped with its as-of time).',
        ...actuals,
      },
    },
    async (request) => readActuals(db, request.params.studyId, true),
  );

  const sites = { params: StudyIdParams, response: { 200: SiteListResponse, 404: ErrorResponse } };
  r.get(
    '/ctpo/remodel/study/:studyId/sites/included',
    {
      schema: {
        tags,
        summary:
          "Sites activated by the extract's as-of date in the Baseline Plan's site groups (Closed ones too: the " +
          'dialog shows them on its CLOSED SITES tab).',
        ...sites,
      },
    },
    async (request) => (await readSiteLists(db, request.params.studyId)).included,
  );

  r.get(
    '/ctpo/remodel/study/:studyId/sites/notincluded',
    {
      schema: {
        tags,
        summary: 'Sites not activated yet, or in site groups the Baseline Plan does not have.',
        ...sites,
      },
    },
    async (request) => (await readSiteLists(db, request.params.studyId)).notIncluded,
  );
}
