import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ClonePlanBody,
  CombinationPlanBody,
  EnrollmentPlanDeleteBody,
  EnrollmentPlanSaveAsBody,
  EnrollmentPlanStep1Body,
  EnrollmentPlanStep1Response,
  ErrorResponse,
  PlanIdParams,
  PlanReturnRow,
  PlanVersionConflict as PlanVersionConflictResponse,
  StudyIdParams,
  StudyPlan,
  StudyPlanListRow,
} from '@predict/shared';
import { changePlanStatus } from '../../services/plans/change-plan-status';
import { clonePlan } from '../../services/plans/clone-plan';
import { createCombination } from '../../services/plans/combine-plans';
import { deletePlan } from '../../services/plans/delete-plan';
import { listStudyPlans, readPlanDetail } from '../../services/plans/read-plans';
import { saveStep1 } from '../../services/plans/save-plan-step1';
import { currentUser } from '../current-user';
import { asPresentedJson } from '../presented-json';

const tags = ['plans'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
// A stale write answers 409 with the plan's current version; every other error goes on to the app's handler.
const writeErrors = { ...errors, 409: z.union([PlanVersionConflictResponse, ErrorResponse]) };
const editor = { access: 'editor' as const };

/** Study plans: the study's list and one plan's detail, then the writes (step 1, status, delete, copy, combine). */
export async function plansRoutes(app: FastifyInstance) {
  planReadRoutes(app);
  planLifecycleRoutes(app);
  planCopyRoutes(app);
}

function planReadRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/ctpo/plans/study/:studyId',
    {
      schema: {
        tags,
        summary: "The study's plans (not deleted), with what the caller may do with each",
        params: StudyIdParams,
        response: { 200: z.array(StudyPlanListRow), 404: ErrorResponse },
      },
    },
    async (request) => listStudyPlans(db, currentUser(request), request.params.studyId),
  );

  r.get(
    '/ctpo/plan/:planId',
    {
      // The detail is built by one presenter whose output the demo-plan tests parse with StudyPlan.
      serializerCompiler: asPresentedJson,
      schema: {
        tags,
        summary: 'One plan with its parameters, milestones, countries (site groups), cohorts and CTIS rows',
        params: PlanIdParams,
        response: { 200: StudyPlan, 404: ErrorResponse },
      },
    },
    async (request) => readPlanDetail(db, currentUser(request), request.params.planId),
  );
}

/** Step 1 (create or save), Save As and delete: the writes that check the plan's version. */
function planLifecycleRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post(
    '/ctpo/study/:studyId/EnrollmentPlanStep1',
    {
      config: editor,
      schema: {
        tags,
        summary:
          'Creates a plan (no studyPlanId, or a new-plan id; 201) or saves step 1 of a Draft plan (the whole plan ' +
          'or only changed fields, with the rowVersion it was based on; 200). 400 names each field with the plan ' +
          "form's message at its path, e.g. body.parameters.SITES_TO_ACTIVATE.lowerBound.",
        params: StudyIdParams,
        body: EnrollmentPlanStep1Body,
        response: { 200: EnrollmentPlanStep1Response, 201: EnrollmentPlanStep1Response, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { created, plan } = await saveStep1(
        db,
        currentUser(request),
        request.params.studyId,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(plan);
    },
  );

  r.post(
    '/ctpo/study/:studyId/EnrollmentPlanSaveAs',
    {
      config: editor,
      schema: {
        tags,
        summary:
          "Sets a status from the Save As menu of the plan's type; Draft raises studyPlanVersion by one",
        params: StudyIdParams,
        body: EnrollmentPlanSaveAsBody,
        response: { 200: z.array(PlanReturnRow), ...writeErrors },
      },
    },
    async (request) => changePlanStatus(db, currentUser(request), request.params.studyId, request.body),
  );

  r.post(
    '/ctpo/study/:studyId/EnrollmentPlanDelete',
    {
      config: editor,
      schema: {
        tags,
        summary: 'Deletes a Draft or Draft-Combo plan (its creator only); the first row has returnCode 200',
        params: StudyIdParams,
        body: EnrollmentPlanDeleteBody,
        response: { 200: z.array(PlanReturnRow), ...writeErrors },
      },
    },
    async (request) => deletePlan(db, currentUser(request), request.params.studyId, request.body),
  );
}

/** New plans made from existing ones: a copy and a combination. */
function planCopyRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post(
    '/ctpo/clone',
    {
      config: editor,
      schema: {
        tags,
        summary: 'Copies a plan with everything below it into a study as a new Draft (version 1)',
        body: ClonePlanBody,
        response: { 201: z.array(PlanReturnRow), ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await clonePlan(db, currentUser(request), request.body)),
  );

  r.post(
    '/ctpo/cohort/study/:studyId',
    {
      config: editor,
      schema: {
        tags,
        summary:
          "Creates a combination plan (Draft-Combo) from at least 2 of the study's Duration, Rates or Cohort (D) " +
          'plans; name and description ride on the first row',
        params: StudyIdParams,
        body: CombinationPlanBody,
        response: { 201: z.array(PlanReturnRow), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createCombination(db, currentUser(request), request.params.studyId, request.body)),
  );
}
