import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CountryPatchBody,
  EnrollmentPlanCountryAddBody,
  EnrollmentPlanCountryAddResponse,
  EnrollmentPlanCountryDeleteBody,
  EnrollmentPlanStep2Body,
  EnrollmentPlanStep2Response,
  ErrorResponse,
  MilestoneDatesBody,
  MilestoneDatesResponse,
  PlanVersionConflict as PlanVersionConflictResponse,
  ReturnCodeResponse,
  StudyIdParams,
} from '@predict/shared';
import { addPlanCountry } from '../../services/countries/add-plan-country';
import { readMilestoneDates } from '../../services/countries/read-milestone-dates';
import { removePlanCountry } from '../../services/countries/remove-plan-country';
import { saveStep2 } from '../../services/countries/save-plan-step2';
import { updatePlanCountry } from '../../services/countries/update-plan-country';
import { currentUser } from '../current-user';

const tags = ['plan countries'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const writeErrors = { ...errors, 409: z.union([PlanVersionConflictResponse, ErrorResponse]) };
const editor = { access: 'editor' as const };

/** Plan step 2: countries (site groups) of a plan, Save Draft of the five step-2 tables, milestone dates. */
export async function planCountriesRoutes(app: FastifyInstance) {
  countryListRoutes(app);
  step2TableRoutes(app);
}

/** Add, remove and edit a plan's countries (site groups). */
function countryListRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post(
    '/ctpo/study/:studyId/EnrollmentPlanCountryAdd',
    {
      config: editor,
      schema: {
        tags,
        summary:
          'Adds a site group (country) to a Draft plan with a copy of its reference values, its goals, date ' +
          "milestones, default activation profile and seasonal variations. 400 'Country already added.' when it " +
          'is in the plan; the first row carries the tab index of the new country.',
        params: StudyIdParams,
        body: EnrollmentPlanCountryAddBody,
        response: { 201: EnrollmentPlanCountryAddResponse, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addPlanCountry(db, currentUser(request), request.params.studyId, request.body)),
  );

  r.post(
    '/ctpo/study/:studyId/EnrollmentPlanCountryDelete',
    {
      config: editor,
      schema: {
        tags,
        summary: 'Removes a site group (siteGroupId) and everything below it from a Draft plan',
        params: StudyIdParams,
        body: EnrollmentPlanCountryDeleteBody,
        response: { 200: ReturnCodeResponse, ...writeErrors },
      },
    },
    async (request) => removePlanCountry(db, currentUser(request), request.params.studyId, request.body),
  );

  r.patch(
    '/ctpo/country',
    {
      config: editor,
      schema: {
        tags,
        summary:
          "Edit Country: activated-site bounds, Site ID effort and start-up time frame of a country's site " +
          'groups; a changed site count resets the activation profile to the default (override off)',
        body: CountryPatchBody,
        response: { 200: ReturnCodeResponse, ...writeErrors },
      },
    },
    async (request) => updatePlanCountry(db, currentUser(request), request.body),
  );
}

/** Save Draft of the step-2 tables, and the milestone dates they give before they are saved. */
function step2TableRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post(
    '/ctpo/study/:studyId/EnrollmentPlanStep2',
    {
      config: editor,
      schema: {
        tags,
        summary:
          'Save Draft of step 2: country inputs, milestones, activation profiles, seasonal variations and site ' +
          'fatigue of the countries sent, all or nothing. 400 names each field at its path, e.g. ' +
          'body.countryInputs.0.NUM_SITES_ACTIVATED.lowerBound; 409 when rowVersion is stale. Answers one row ' +
          'per country date milestone.',
        params: StudyIdParams,
        body: EnrollmentPlanStep2Body,
        response: { 200: EnrollmentPlanStep2Response, ...writeErrors },
      },
    },
    async (request) => saveStep2(db, currentUser(request), request.params.studyId, request.body),
  );

  r.post(
    '/ctpo/milestonedates',
    {
      schema: {
        tags,
        summary:
          'Recomputes the country date milestones (and activation-profile point dates) with the unsaved step-2 ' +
          'edits sent applied; writes nothing',
        body: MilestoneDatesBody,
        response: { 200: MilestoneDatesResponse, ...errors },
      },
    },
    async (request) => readMilestoneDates(db, currentUser(request), request.body),
  );
}
