import {
  CLONE_COMBINATION_MESSAGE,
  isCombination,
  validateCloneForm,
  type ClonePlanBody,
  type PlanReturnRow,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { notFound } from '../../http-errors';
import { writeAudit } from '../../repositories/audit-repository';
import { copyPlanChildren } from '../../repositories/plans-children-repository';
import {
  findLivePlan,
  insertPlan,
  livePlanNames,
  refreshStudyPlanSummary,
  type PlanRow,
} from '../../repositories/plans-repository';
import { findStudy } from '../../repositories/studies-repository';
import { invalidBody, withUniqueName } from './guards/plan-guards';

/** What a clone does not inherit: identity, study, status, versions, stamps, simulation run and deletion. */
export function inheritedColumns(plan: PlanRow) {
  const {
    studyPlanId: _id,
    studyId: _study,
    studyPlanName: _name,
    studyPlanDescr: _descr,
    studyPlanVersion: _version,
    scenarioStatus: _status,
    ownedBy: _owner,
    createdByIssuer: _issuer,
    createdBySubject: _subject,
    insertBy: _insertBy,
    insertDate: _insertDate,
    updateBy: _updateBy,
    updateDate: _updateDate,
    publishBy: _publishBy,
    publishTs: _publishTs,
    clonedStudyPlanId: _cloned,
    simOptRunId: _runId,
    simOptRunStatus: _runStatus,
    simOptRunMsg: _runMsg,
    rowVersion: _rowVersion,
    deletedAt: _deletedAt,
    deletedBy: _deletedBy,
    ...inputs
  } = plan;
  return inputs;
}

/**
 * POST /ctpo/clone: copies a plan with everything below it into the target study as a new Draft, version 1, that
 * remembers where it came from (clonedStudyPlanId). One transaction; the target study's summary and the audit log
 * are written with it. The status sent is not used: a clone always starts as a Draft.
 */
export async function clonePlan(db: Db, user: AuthUser, body: ClonePlanBody): Promise<PlanReturnRow[]> {
  const targetStudyId = body.studyId ?? null;
  if (targetStudyId !== null && !(await findStudy(db, targetStudyId))) throw notFound('Study');
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      const source = await findLivePlan(tx, body.studyPlanId);
      if (!source) throw notFound('Plan');
      if (isCombination(source.plan.studyPlanTypeDetail)) {
        throw invalidBody([{ field: 'studyPlanId', message: CLONE_COMBINATION_MESSAGE }]);
      }
      const existingNames = targetStudyId === null ? [] : await livePlanNames(tx, targetStudyId);
      const errors = validateCloneForm(body, { existingNames });
      if (errors.length > 0 || targetStudyId === null) throw invalidBody(errors);

      const now = new Date();
      const clone = await insertPlan(tx, {
        ...inheritedColumns(source.plan),
        studyId: targetStudyId,
        studyPlanName: body.studyPlanName!.trim(),
        studyPlanDescr: body.studyPlanDescr!.trim(),
        ownedBy: body.ownedBy ?? user.name,
        clonedStudyPlanId: source.plan.studyPlanId,
        createdByIssuer: user.issuer,
        createdBySubject: user.subject,
        insertBy: user.name,
        insertDate: now,
        updateBy: user.name,
        updateDate: now,
      });
      await copyPlanChildren(tx, source.plan.studyPlanId, clone.studyPlanId);
      await refreshStudyPlanSummary(tx, targetStudyId);
      await writeAudit(tx, user, {
        entity: 'study_plan',
        entityId: clone.studyPlanId,
        studyId: targetStudyId,
        entityVersion: clone.rowVersion,
        action: 'create',
        newValues: {
          clonedStudyPlanId: source.plan.studyPlanId,
          studyId: targetStudyId,
          studyPlanName: clone.studyPlanName,
          studyPlanDescr: clone.studyPlanDescr,
          studyPlanTypeDetail: clone.studyPlanTypeDetail,
        },
      });
      return [{ returnCode: '200', studyPlanId: clone.studyPlanId, studyId: targetStudyId }];
    }),
  );
}
