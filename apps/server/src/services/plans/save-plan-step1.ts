import {
  COHORT_TYPE_NONE,
  COHORT_TYPE_SEQUENTIAL,
  PLAN_TYPE_DURATION,
  PLAN_TYPE_RATES,
  REQUIRED_MESSAGE,
  typeDetailFor,
  validatePlanForm,
  withCloseOutDefaults,
  type EnrollmentPlanStep1Body,
  type EnrollmentPlanStep1Response,
  type PlanFormContext,
  type PlanFormValues,
  type PlanType,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db, Tx } from '../../db/client';
import { writeAudit } from '../../repositories/audit-repository';
import {
  countrySiteBounds,
  insertMilestones,
  insertParameters,
  loadStudyLevelBounds,
  updateMilestone,
  updateParameter,
} from '../../repositories/plans-children-repository';
import {
  insertPlan,
  livePlanNames,
  refreshStudyPlanSummary,
  updatePlan,
  type PlanRow,
} from '../../repositories/plans-repository';
import { requireStudy } from '../studies/guards/require-study';
import { invalidBody, requireSameStudy, withUniqueName } from './guards/plan-guards';
import { withEditablePlan } from './guards/with-editable-plan';
import {
  bodyFormValues,
  changedColumns,
  defaultMilestones,
  defaultParameters,
  mergeFormValues,
  milestoneColumns,
  parameterColumns,
  planColumnsFromBody,
  sameValue,
  storedFormValues,
} from './plan-step1-mapping';
import { readPlanDetail } from './read-plans';

type Body = EnrollmentPlanStep1Body;
interface Saved {
  planId: number;
  created: boolean;
  warnings: string[];
}

const contextFor = (type: number, cohortType: number, existingNames: string[]): PlanFormContext => ({
  scenario: type === PLAN_TYPE_RATES ? 'scenario-a' : 'scenario-b',
  sequential: type === PLAN_TYPE_DURATION && cohortType === COHORT_TYPE_SEQUENTIAL,
  existingNames,
});

function validated(values: PlanFormValues, context: PlanFormContext): string[] {
  const { errors, warnings } = validatePlanForm(values, context);
  if (errors.length > 0) throw invalidBody(errors);
  return warnings;
}

/**
 * POST /ctpo/study/{studyId}/EnrollmentPlanStep1: creates a plan (no id, or a new-plan id) or saves step 1 of an
 * existing Draft plan (the whole plan or only changed fields, based on its current rowVersion). Either everything
 * is valid and written with its audit row and the study's summary in one transaction, or nothing is written.
 */
export async function saveStep1(
  db: Db,
  user: AuthUser,
  studyId: number,
  body: Body,
): Promise<{ created: boolean; plan: EnrollmentPlanStep1Response }> {
  const planId = body.studyPlanId ?? null;
  const saved = await withUniqueName(async () => {
    if (planId !== null) {
      const target = { studyId, bodyStudyId: body.studyId, planId, rowVersion: body.rowVersion };
      return withEditablePlan(db, user, target, (tx, plan) => saveExistingPlan(tx, user, plan, body));
    }
    await requireStudy(db, studyId);
    requireSameStudy(body.studyId, studyId);
    return db.transaction((tx) => createPlan(tx, user, studyId, body));
  });
  const plan = await readPlanDetail(db, user, saved.planId);
  return {
    created: saved.created,
    plan: { ...plan, Id: saved.planId, returnCode: '200', warnings: saved.warnings },
  };
}

async function createPlan(tx: Tx, user: AuthUser, studyId: number, sent: Body): Promise<Saved> {
  // A close-out duration not sent starts from its documented default, never a silent 0 (close-out-fields.ts).
  const body = withCloseOutDefaults(sent);
  if (body.studyPlanType === undefined)
    throw invalidBody([{ field: 'studyPlanType', message: REQUIRED_MESSAGE }]);
  const type: PlanType = body.studyPlanType;
  const cohortType = body.cohortType ?? COHORT_TYPE_NONE;
  if (cohortType === COHORT_TYPE_SEQUENTIAL && type !== PLAN_TYPE_DURATION) {
    throw invalidBody([
      { field: 'cohortType', message: 'Sequential cohorts need an Overall Enrollment Duration plan.' },
    ]);
  }
  const context = contextFor(type, cohortType, await livePlanNames(tx, studyId));
  const warnings = validated(bodyFormValues(body), context);

  const now = new Date();
  const plan = await insertPlan(tx, {
    ...planColumnsFromBody(body),
    studyId,
    studyPlanName: body.studyPlanName!.trim(),
    studyPlanDescr: body.studyPlanDescr!.trim(),
    studyPlanType: type,
    studyPlanTypeDetail: typeDetailFor(type, cohortType),
    cohortType,
    ownedBy: body.ownedBy ?? user.name,
    createdByIssuer: user.issuer,
    createdBySubject: user.subject,
    insertBy: user.name,
    insertDate: now,
    updateBy: user.name,
    updateDate: now,
  });
  await insertParameters(tx, defaultParameters(plan.studyPlanId, body.parameters));
  await insertMilestones(tx, defaultMilestones(plan.studyPlanId, body.milestones));
  await refreshStudyPlanSummary(tx, studyId);
  await writeAudit(tx, user, {
    entity: 'study_plan',
    entityId: plan.studyPlanId,
    studyId,
    entityVersion: plan.rowVersion,
    action: 'create',
    newValues: { ...plan, parameters: body.parameters ?? [], milestones: body.milestones ?? [] },
  });
  return { planId: plan.studyPlanId, created: true, warnings };
}

async function saveExistingPlan(tx: Tx, user: AuthUser, plan: PlanRow, body: Body): Promise<Saved> {
  const { studyPlanId: planId, studyId } = plan;
  for (const field of ['studyPlanType', 'cohortType'] as const) {
    if (body[field] !== undefined && body[field] !== plan[field]) {
      throw invalidBody([{ field, message: 'The type of a saved plan cannot be changed.' }]);
    }
  }
  const bounds = await loadStudyLevelBounds(tx, planId);
  const context = contextFor(plan.studyPlanType, plan.cohortType, await livePlanNames(tx, studyId, planId));
  const values: PlanFormValues = {
    ...mergeFormValues(storedFormValues(plan, bounds), bodyFormValues(body)),
    countrySites: await countrySiteBounds(tx, planId),
  };
  const warnings = validated(values, context);

  const { changes, oldValues } = changedColumns(plan, planColumnsFromBody(body));
  const newValues: Record<string, unknown> = { ...changes };
  const childWrites: (() => Promise<void>)[] = [];
  const missingParameters = defaultParameters(planId, body.parameters).filter(
    (d) => !bounds.parameters.some((p) => p.parameterName === d.parameterName),
  );
  const missingMilestones = defaultMilestones(planId, body.milestones).filter(
    (d) => !bounds.milestones.some((m) => m.milestoneName === d.milestoneName),
  );
  for (const sent of body.parameters ?? []) {
    const row = bounds.parameters.find((p) => p.parameterName === sent.parameterName);
    if (!row) continue;
    const diff = diffRow(
      row,
      parameterColumns(sent),
      `parameters.${sent.parameterName}`,
      oldValues,
      newValues,
    );
    if (diff) childWrites.push(() => updateParameter(tx, row.studyPlanParameterId, diff));
  }
  for (const sent of body.milestones ?? []) {
    const row = bounds.milestones.find((m) => m.milestoneName === sent.milestoneName);
    if (!row) continue;
    const diff = diffRow(
      row,
      milestoneColumns(sent),
      `milestones.${sent.milestoneName}`,
      oldValues,
      newValues,
    );
    if (diff) childWrites.push(() => updateMilestone(tx, row.studyPlanMilestoneGoalId, diff));
  }
  const nothingChanged =
    Object.keys(newValues).length === 0 && missingParameters.length === 0 && missingMilestones.length === 0;
  if (nothingChanged) return { planId, created: false, warnings };

  const updated = await updatePlan(tx, planId, { ...changes, updateBy: user.name, updateDate: new Date() });
  for (const write of childWrites) await write();
  await insertParameters(tx, missingParameters);
  await insertMilestones(tx, missingMilestones);
  await refreshStudyPlanSummary(tx, studyId);
  await writeAudit(tx, user, {
    entity: 'study_plan',
    entityId: planId,
    studyId,
    entityVersion: updated.rowVersion,
    action: 'update',
    oldValues,
    newValues,
  });
  return { planId, created: false, warnings };
}

/** The sent columns that differ from the row, recorded for the audit under `prefix.column`; undefined when none. */
function diffRow<T extends object>(
  row: Record<string, unknown>,
  sent: T,
  prefix: string,
  oldValues: Record<string, unknown>,
  newValues: Record<string, unknown>,
): T | undefined {
  const diff: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(sent)) {
    if (sameValue(row[k], v)) continue;
    diff[k] = v;
    oldValues[`${prefix}.${k}`] = row[k];
    newValues[`${prefix}.${k}`] = v;
  }
  return Object.keys(diff).length > 0 ? (diff as T) : undefined;
}
