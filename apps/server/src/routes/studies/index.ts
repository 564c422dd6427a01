import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  StudyDetails,
  StudyIdParams,
  StudyListQuery,
  StudyListResponse,
  StudySearchParams,
  StudySearchQuery,
  StudySearchResult,
} from '@predict/shared';
import { getStudyDetails, listStudyPage, searchStudiesByText } from '../../services/studies/find-studies';

export async function studiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/ctpo/studies',
    {
      schema: {
        tags: ['studies'],
        summary: 'The study list: search by PCN, sponsor or indication, column filters, sort and paging',
        querystring: StudyListQuery,
        response: { 200: StudyListResponse },
      },
    },
    async (request) => listStudyPage(app.database.db, request.query),
  );

  r.get(
    '/ctpo/studies/project/:text',
    {
      schema: {
        tags: ['studies'],
        summary: "Study search for the landing panel and Copy To Project; the path ends with '*' (wildcard)",
        params: StudySearchParams,
        querystring: StudySearchQuery,
        response: { 200: z.array(StudySearchResult) },
      },
    },
    async (request) => searchStudiesByText(app.database.db, request.params.text, request.query.limit),
  );

  r.get(
    '/ctpo/study/:studyId',
    {
      schema: {
        tags: ['studies'],
        summary: 'One study with the fields of the STUDY DETAILS dialog',
        params: StudyIdParams,
        response: { 200: StudyDetails },
      },
    },
    async (request) => getStudyDetails(app.database.db, request.params.studyId),
  );
}
