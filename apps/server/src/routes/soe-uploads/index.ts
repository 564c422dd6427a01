import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssessmentDefaultCostBody,
  CountryDefaultCostAnswer,
  CountryDefaultCostsBody,
  EPRICE_UPLOAD_BODY_LIMIT,
  EpriceFileAnswer,
  EpriceFileBody,
  ErrorResponse,
  IdParam,
  SoeUploadAnswer,
  SoeUploadCountryBody,
  SoeUploadSiteBody,
  StudyIdParams,
} from '@predict/shared';
import {
  applyCountryDefaultCosts,
  ensureCountryDefaultCosts,
  readCountryDefaultCosts,
  replaceDefaultCosts,
} from '../../services/soe-uploads/country-default-costs';
import { receiveEprice } from '../../services/soe-uploads/receive-eprice';
import { uploadCountryCosts } from '../../services/soe-uploads/upload-country-costs';
import { uploadSiteContract } from '../../services/soe-uploads/upload-site-contract';
import { currentUser } from '../current-user';

const tags = ['soe uploads'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const editor = { access: 'editor' as const };
/** Country-cost rows (up to 50,000 of about 150 bytes) exceed the app's 5 MB default. */
const ROWS_BODY_LIMIT = 10 * 1024 * 1024;

/** The SOE uploads (spec/2 sections 5 and 7): ePrice (a queued job), country costs, site contracts, default costs. */
export async function soeUploadsRoutes(app: FastifyInstance) {
  const db = app.database.db;
  // Country default costs are reference data: the demo figures are loaded when the table is empty.
  await ensureCountryDefaultCosts(db);

  soeCostUploadRoutes(app);
  countryDefaultCostRoutes(app);
}

/** The workbooks: ePrice (queued), an Upload Country Costs workbook and a site contract (both read by the browser). */
function soeCostUploadRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post(
    '/ctpo/files',
    {
      config: editor,
      bodyLimit: EPRICE_UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Uploads an ePrice workbook (.xlsx, base64, at most 5 MB) for the SOE of FileAttrs with target BudgetVue, ' +
          'Predict or BudgetVue_Predict. Refused before parsing when damaged, macro-carrying, a zip bomb or too ' +
          "large (400), and with the spec's cost-detected text when the SOE holds cost data (409). Queued as a " +
          "job; GET /ctpo/soe/{id} answers its uploadStatus (finished when longer than 40 characters, 'failed' " +
          'with the reason when nothing was applied).',
        body: EpriceFileBody,
        response: { 200: EpriceFileAnswer, ...errors, 409: ErrorResponse, 413: ErrorResponse },
      },
    },
    async (request) => receiveEprice(db, app.epriceQueue, currentUser(request), request.body),
  );

  r.post(
    '/ctpo/study/:studyId/SOEUploadCountry',
    {
      config: editor,
      bodyLimit: ROWS_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Sets countries' own assessment costs from an Upload Country Costs workbook read by the browser. " +
          'Every bad row is a field of the 400 (nothing is written); all or nothing, audited.',
        params: StudyIdParams,
        body: SoeUploadCountryBody,
        response: { 200: SoeUploadAnswer, ...errors },
      },
    },
    async (request) => uploadCountryCosts(db, currentUser(request), request.params.studyId, request.body),
  );

  r.post(
    '/ctpo/study/:studyId/SOEUploadSite',
    {
      config: editor,
      schema: {
        tags,
        summary:
          "Sets one site's own visit and assessment costs from its contract, read by the browser. Every bad row " +
          'is a field of the 400 (nothing is written); all or nothing, audited.',
        params: StudyIdParams,
        body: SoeUploadSiteBody,
        response: { 200: SoeUploadAnswer, ...errors },
      },
    },
    async (request) => uploadSiteContract(db, currentUser(request), request.params.studyId, request.body),
  );
}

/** A country's default costs: read, applied to the SOE, and the admin's replacement of the whole table. */
function countryDefaultCostRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/ctpo/soe/:id/defaultcost/sitegroup/:sg',
    {
      schema: {
        tags,
        summary:
          "The country's default assessment costs (min / avg / max and data points) for the SOE's grid " +
          "assessments, in the country's currency; empty when there are none",
        params: z.object({ id: IdParam, sg: IdParam }),
        response: { 200: CountryDefaultCostAnswer, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => readCountryDefaultCosts(db, request.params.id, request.params.sg),
  );

  r.post(
    '/ctpo/study/:studyId/AssessmentDefaultCost',
    {
      config: editor,
      schema: {
        tags,
        summary:
          "Sets the country's own assessment costs to the chosen default figure (Max, Min or Avg), audited",
        params: StudyIdParams,
        body: AssessmentDefaultCostBody,
        response: { 200: SoeUploadAnswer, ...errors },
      },
    },
    async (request) =>
      applyCountryDefaultCosts(db, currentUser(request), request.params.studyId, request.body),
  );

  r.put(
    '/ctpo/admin/reference-data/country-default-costs',
    {
      config: { access: 'admin' },
      bodyLimit: ROWS_BODY_LIMIT,
      schema: {
        tags: ['admin'],
        summary:
          'Replaces the country default assessment costs (per country ISO3 and assessment-name list entry: ' +
          'min / avg / max and data points), audited',
        body: CountryDefaultCostsBody,
        response: {
          200: z.object({ message: z.string(), rows: z.number().int() }),
          ...errors,
        },
      },
    },
    async (request) => replaceDefaultCosts(db, currentUser(request), request.body),
  );
}
