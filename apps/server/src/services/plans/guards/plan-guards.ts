import { NAME_UNIQUE_MESSAGE, PLAN_VERSION_CONFLICT_MESSAGE, type PlanFormError } from '@predict/shared';
import { badRequest, HttpError, INVALID_REQUEST_MESSAGE, SAME_STUDY_MESSAGE } from '../../../http-errors';
import { isPlanNameConflict } from '../../../repositories/plans-repository';

/** A write based on an older version of the plan; the answer carries the current version (409). */
export class PlanVersionConflict extends HttpError {
  constructor(readonly currentVersion: number) {
    super(409, PLAN_VERSION_CONFLICT_MESSAGE, undefined, { currentVersion });
  }
}

/** A 400 with the plan rules' messages, each at its path in the body. */
export function invalidBody(errors: readonly PlanFormError[]): HttpError {
  return badRequest(
    INVALID_REQUEST_MESSAGE,
    errors.map((e) => ({ path: `body.${e.field}`, message: e.message })),
  );
}

/** A study id in a body, when sent, must be the study of the address. */
export function requireSameStudy(bodyStudyId: number | null | undefined, studyId: number): void {
  if (bodyStudyId !== undefined && bodyStudyId !== null && bodyStudyId !== studyId) {
    throw invalidBody([{ field: 'studyId', message: SAME_STUDY_MESSAGE }]);
  }
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
