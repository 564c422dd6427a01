import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  SoeCloneBody,
  SoeDeleteBody,
  SoeEditBody,
  SoeFormBody,
  SoeIdAnswer,
  SoeIdParams,
  SoeSaveBody,
  SoeSaveResult,
  SoeSiteListAnswer,
  SoeSiteListBody,
  StudyIdParams,
} from '@predict/shared';
import { cloneSoe, deleteSoe } from '../../services/soe/clone-delete-soe';
import { refreshSoeSites } from '../../services/soe/refresh-soe-sites';
import { saveSoe } from '../../services/soe/save/save-soe';
import { createSoe, editSoe } from '../../services/soe/write-soe-form';
import { currentUser } from '../current-user';

const tags = ['soe'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const writeErrors = { ...errors, 409: ErrorResponse };
const editor = { access: 'editor' as const };
/** A save may carry a whole grid (up to 300,000 cells of about 110 bytes): more than the app's 5 MB default. */
export const SOE_SAVE_BODY_LIMIT = 40 * 1024 * 1024;

/** The SOE lifecycle (create, edit, clone, delete), the editor's one-call save and the site list refresh. */
export async function soeWriteRoutes(app: FastifyInstance) {
  soeLifecycleRoutes(app);
  soeEditorWriteRoutes(app);
}

/** Create, edit (the SOE form), clone and delete. */
function soeLifecycleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post(
    '/ctpo/study/:studyId/soe',
    {
      config: editor,
      schema: {
        tags,
        summary: 'Creates an SOE (Draft by default, USD unless another currency is given) with its risk rows',
        params: StudyIdParams,
        body: SoeFormBody,
        response: { 201: SoeIdAnswer, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSoe(db, currentUser(request), request.params.studyId, request.body)),
  );

  r.post(
    '/ctpo/study/:studyId/SOEEdit',
    {
      config: editor,
      schema: {
        tags,
        summary: "Saves the SOE form's fields against the version they were read at (409 when stale)",
        params: StudyIdParams,
        body: SoeEditBody,
        response: { 200: SoeIdAnswer, ...writeErrors },
      },
    },
    async (request) => editSoe(db, currentUser(request), request.params.studyId, request.body),
  );

  r.post(
    '/ctpo/study/:studyId/SOEClone',
    {
      config: editor,
      schema: {
        tags,
        summary:
          'Copies an SOE with everything below it under a new name and description (a Draft, version 1)',
        params: StudyIdParams,
        body: SoeCloneBody,
        response: { 201: SoeIdAnswer, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await cloneSoe(db, currentUser(request), request.params.studyId, request.body)),
  );

  r.post(
    '/ctpo/study/:studyId/SOEDelete',
    {
      config: editor,
      schema: {
        tags,
        summary: 'Deletes an SOE (softly; its creator only, others get the spec refusal text as 403)',
        params: StudyIdParams,
        body: SoeDeleteBody,
        response: { 200: SoeIdAnswer, ...errors },
      },
    },
    async (request) => deleteSoe(db, currentUser(request), request.params.studyId, request.body),
  );
}

/** The editor's one-call save and REFRESH SITE LIST. */
function soeEditorWriteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post(
    '/ctpo/soe/:id/save',
    {
      config: editor,
      bodyLimit: SOE_SAVE_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "The editor's Save: every change log in one transaction (currency, contract dates, visits, assessments, " +
          'level values, grid, risks, sampling notes) against the version read (409 when stale); nothing is written ' +
          'on a 400. Answers the new version and the ids of the saved rows by key.',
        params: SoeIdParams,
        body: SoeSaveBody,
        response: { 200: SoeSaveResult, ...writeErrors },
      },
    },
    async (request) =>
      saveSoe(db, currentUser(request), { soeId: request.params.id, studyId: null }, request.body),
  );

  r.post(
    '/ctpo/study/:studyId/SOESiteSelectedList',
    {
      config: editor,
      schema: {
        tags,
        summary:
          "REFRESH SITE LIST: the sites of the study's latest CTMS extract with a fully executed contract become " +
          "selectable in the SOE's site picker",
        params: StudyIdParams,
        body: SoeSiteListBody,
        response: { 200: SoeSiteListAnswer, ...errors },
      },
    },
    async (request) =>
      refreshSoeSites(db, currentUser(request), request.params.studyId, request.body.scheduleOfEventsId),
  );
}
