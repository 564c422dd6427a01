import {
  EDITABLE_STATUS,
  NAME_UNIQUE_MESSAGE,
  PLAN_NOT_EDITABLE_MESSAGE,
  PLAN_VERSION_CONFLICT_MESSAGE,
  REQUIRED_MESSAGE,
  type PlanFormError,
} from '@predict/shared';
import type { Db } from '../db/client';
import { badRequest, HttpError, notFound } from '../http-errors';
import { isPlanNameConflict, type PlanRow } from '../repositories/plans-repository';
import { findStudy } from '../repositories/studies-repository';

/** A write based on an older version of the plan; the answer carries the current version (409). */
export class PlanVersionConflict extends HttpError {
  constructor(readonly currentVersion: number) {
    super(409, PLAN_VERSION_CONFLICT_MESSAGE, undefined, { currentVersion });
  }
}

export const INVALID_REQUEST = 'The request is not valid.';

/** A 400 with the plan rules' messages, each at its path in the body. */
export function invalidBody(errors: readonly PlanFormError[]): HttpError {
  return badRequest(
    INVALID_REQUEST,
    errors.map((e) => ({ path: `body.${e.field}`, message: e.message })),
  );
}

/** A study id in a body, when sent, must be the study of the address. */
export function requireSameStudy(bodyStudyId: number | null | undefined, studyId: number): void {
  if (bodyStudyId !== undefined && bodyStudyId !== null && bodyStudyId !== studyId) {
    throw invalidBody([{ field: 'studyId', message: 'Has to be the study of the address.' }]);
  }
}

export async function requireStudy(db: Db, studyId: number) {
  const study = await findStudy(db, studyId);
  if (!study) throw notFound('Study');
  return study;
}

/** A study's data is reached only through that study: a plan of another study is "not found" here. */
export function requirePlanOfStudy(plan: PlanRow | null, studyId: number): PlanRow {
  if (!plan || plan.studyId !== studyId) throw notFound('Plan');
  return plan;
}

/** The version a write was based on must be the plan's current one. */
export function requireCurrentVersion(plan: PlanRow, rowVersion: number | undefined): void {
  if (rowVersion === undefined) throw invalidBody([{ field: 'rowVersion', message: REQUIRED_MESSAGE }]);
  if (rowVersion !== plan.rowVersion) throw new PlanVersionConflict(plan.rowVersion);
}

/** Only Draft plans can be edited (spec/1 section 4). */
export function requireEditable(plan: PlanRow): void {
  if (plan.scenarioStatus !== EDITABLE_STATUS) throw new HttpError(409, PLAN_NOT_EDITABLE_MESSAGE);
}

/**
 * Runs a write; when a concurrent save took the same name first, the unique index refuses ours and the user gets
 * the same message the name check gives.
 */
export async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isPlanNameConflict(error))
      throw invalidBody([{ field: 'studyPlanName', message: NAME_UNIQUE_MESSAGE }]);
    throw error;
  }
}
