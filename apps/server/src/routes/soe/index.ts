import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssessmentNameEntry,
  AssessmentNameParams,
  ErrorResponse,
  SoeAssessment,
  SoeAssessmentLevel,
  SoeDetailAnswer,
  SoeIdParams,
  SoeLevelParams,
  SoeListRow,
  SoeMappingEntry,
  SoeRiskAssessment,
  SoeSamplingRow,
  SoeSiteGroupEntry,
  SoeVisit,
  SoeVisitLevel,
  StudyIdParams,
} from '@predict/shared';
import { ensureSoeReferenceData } from '../../services/soe/ensure-soe-reference-data';
import { listStudySoes } from '../../services/soe/read-soes';
import {
  readSoeAssessmentLevels,
  readSoeAssessments,
  readSoeDetail,
  readSoeMapping,
  readSoeRisks,
  readSoeVisitLevels,
  readSoeVisits,
  searchNames,
} from '../../services/soe/read-soe-editor';
import { readSoeSampling } from '../../services/soe/read-soe-sampling';
import { readSoeSiteGroups } from '../../services/soe/read-soe-sitegroups';
import { currentUser } from '../current-user';
import { asPresentedJson } from '../presented-json';
import { soeMilestoneSyncRoutes } from './soe-milestone-sync-routes';
import { soeTableRoutes } from './soe-table-routes';
import { soeWriteRoutes } from './soe-write-routes';

const tags = ['soe'];
const errors = { 400: ErrorResponse, 404: ErrorResponse };

/** Schedules of Events (spec/2): the list, the editor's reads, and (in the files beside) its writes. */
export async function soeRoutes(app: FastifyInstance) {
  const db = app.database.db;
  // The assessment-name list is reference data: loaded (idempotently) when the server starts.
  await ensureSoeReferenceData(db);

  soeListRoutes(app);
  soeGridReadRoutes(app);
  soeLevelReadRoutes(app);
  assessmentNameRoutes(app);
  await app.register(soeWriteRoutes);
  await app.register(soeTableRoutes);
  await app.register(soeMilestoneSyncRoutes);
}

/** The study's SOE list and one SOE's detail. */
function soeListRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/ctpo/soe/study/:studyId',
    {
      schema: {
        tags,
        summary:
          "The study's Schedules of Events (not deleted), most recently changed first, with the SOE entity's " +
          'field names (scheduleOfEventsId, scheduleOfEventsName, ...) and the linked plan',
        params: StudyIdParams,
        response: { 200: z.array(SoeListRow), 404: ErrorResponse },
      },
    },
    async (request) => listStudySoes(db, request.params.studyId),
  );

  r.get(
    '/ctpo/soe/:id',
    {
      schema: {
        tags,
        summary: 'One SOE (the first item of data) with its version and whether the caller created it',
        params: SoeIdParams,
        response: { 200: SoeDetailAnswer, ...errors },
      },
    },
    async (request) => readSoeDetail(db, currentUser(request), request.params.id),
  );
}

/** The editor's study-level tables, one list each. */
function soeGridReadRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const list = <T extends z.ZodType>(
    path: string,
    summary: string,
    answer: T,
    read: (id: number) => Promise<unknown>,
  ) =>
    r.get(
      path,
      // Built by the presenters, whose output the tests parse with the shared schemas: a 60,000-cell grid is not
      // checked again on every read.
      {
        serializerCompiler: asPresentedJson,
        schema: { tags, summary, params: SoeIdParams, response: { 200: z.array(answer), ...errors } },
      },
      async (request) => read(request.params.id) as Promise<z.infer<T>[]>,
    );
  list('/ctpo/soe/:id/visits', 'The visits (study level), by sort order', SoeVisit, (id) =>
    readSoeVisits(db, id),
  );
  list('/ctpo/soe/:id/assessments', 'The assessments (study level), by sort order', SoeAssessment, (id) =>
    readSoeAssessments(db, id),
  );
  list('/ctpo/soe/:id/mapping', 'The ticked grid cells', SoeMappingEntry, (id) => readSoeMapping(db, id));
  list(
    '/ctpo/soe/:id/sitegroups',
    "The Study entry, the linked plan's countries (site 1) and the selectable sites, with currencies",
    SoeSiteGroupEntry,
    (id) => readSoeSiteGroups(db, id),
  );
  list('/ctpo/soe/:id/riskassessments', 'The Initial Risk Assessment rows', SoeRiskAssessment, (id) =>
    readSoeRisks(db, id),
  );
  list(
    '/ctpo/soe/:id/visitsamplingstrategy',
    'The visit sampling strategy tables (Variables to ePrice Info) with computed values and notes',
    SoeSamplingRow,
    (id) => readSoeSampling(db, id),
  );
}

/** Visits and assessments at one country or site, with what each level inherits. */
function soeLevelReadRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/ctpo/soe/:id/visits/sitegroup/:sg/site/:site',
    {
      serializerCompiler: asPresentedJson,
      schema: {
        tags,
        summary:
          "The visits at a country (site 1) or site: the level's own values (null = inherited) and the effective " +
          'values with their level (site <- country <- study)',
        params: SoeLevelParams,
        response: { 200: z.array(SoeVisitLevel), ...errors },
      },
    },
    async (request) => readSoeVisitLevels(db, request.params.id, request.params.sg, request.params.site),
  );
  r.get(
    '/ctpo/soe/:id/assessments/sitegroup/:sg/site/:site',
    {
      serializerCompiler: asPresentedJson,
      schema: {
        tags,
        summary: "The assessments at a country or site: the level's own cost and the effective one",
        params: SoeLevelParams,
        response: { 200: z.array(SoeAssessmentLevel), ...errors },
      },
    },
    async (request) => readSoeAssessmentLevels(db, request.params.id, request.params.sg, request.params.site),
  );
}

function assessmentNameRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/ctpo/assessments/name/:prefix',
    {
      schema: {
        tags,
        summary:
          "Assessment names of the reference list starting with the prefix (any case; a trailing '*' is " +
          'ignored), by name, at most 50',
        params: AssessmentNameParams,
        response: { 200: z.array(AssessmentNameEntry), 400: ErrorResponse },
      },
    },
    async (request) => searchNames(db, request.params.prefix),
  );
}
