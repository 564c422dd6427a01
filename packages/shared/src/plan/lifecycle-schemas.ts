import { z } from 'zod';
import { INTEGER_MESSAGE } from '../schemas/common';
import { ID_MAX, ID_TOO_LARGE_MESSAGE, safeText } from '../schemas/safe-input';
import { PLAN_STATUSES } from './constants';
import { FIELD_REQUIRED_MESSAGE } from './messages';
import { RowVersion } from './row-version-schema';

const id = z
  .number({ error: INTEGER_MESSAGE })
  .int({ error: INTEGER_MESSAGE })
  .min(1, { error: 'Has to be a plan or study id.' })
  .max(ID_MAX, { error: ID_TOO_LARGE_MESSAGE });
/** Free text whose required and length rules are the plan rules (validateCloneForm, validateCombinationForm). */
const formText = safeText({ error: FIELD_REQUIRED_MESSAGE })
  .max(10_000, { error: 'At most 10000 characters.' })
  .nullish();

/** Body of POST /ctpo/study/{studyId}/EnrollmentPlanSaveAs: the new status and the version it was based on. */
export const EnrollmentPlanSaveAsBody = z.object({
  studyId: id.optional(),
  studyPlanId: id,
  scenarioStatus: z.enum(PLAN_STATUSES, { error: 'Not a plan status.' }),
  rowVersion: RowVersion,
});
export type EnrollmentPlanSaveAsBody = z.infer<typeof EnrollmentPlanSaveAsBody>;

/** Body of POST /ctpo/study/{studyId}/EnrollmentPlanDelete. */
export const EnrollmentPlanDeleteBody = z.object({
  studyId: id,
  studyPlanId: id,
  rowVersion: RowVersion,
});
export type EnrollmentPlanDeleteBody = z.infer<typeof EnrollmentPlanDeleteBody>;

/**
 * Body of POST /ctpo/clone. The clone is always a new Draft (version 1), so scenarioStatus is accepted for
 * compatibility and not used.
 */
export const ClonePlanBody = z.object({
  studyPlanId: id,
  studyPlanName: formText,
  studyPlanDescr: formText,
  scenarioStatus: safeText().max(50).nullish(),
  ownedBy: safeText().max(200, { error: 'At most 200 characters.' }).nullish(),
  studyId: id.nullish(),
});
export type ClonePlanBody = z.infer<typeof ClonePlanBody>;

/** One row of POST /ctpo/cohort/study/{studyId}: a chosen plan, with the new plan's name and description. */
export const CombinationPlanRow = z.object({
  studyId: id,
  studyPlanId: id,
  studyPlanName: formText,
  studyPlanDescr: formText,
});
export const CombinationPlanBody = z.array(CombinationPlanRow).max(100, { error: 'At most 100 plans.' });
export type CombinationPlanBody = z.infer<typeof CombinationPlanBody>;
