import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, SoeListRow, StudyIdParams } from '@predict/shared';
import { listStudySoes } from '../../services/soe/read-soes';

const tags = ['soe'];

/** Schedules of Events (spec/2). The editor's reads and writes come with the SOE editor. */
export async function soeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/ctpo/soe/study/:studyId',
    {
      schema: {
        tags,
        summary: "The study's Schedules of Events (not deleted), most recently changed first",
        params: StudyIdParams,
        response: { 200: z.array(SoeListRow), 404: ErrorResponse },
      },
    },
    async (request) => listStudySoes(db, request.params.studyId),
  );
}
