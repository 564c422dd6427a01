import {
  COHORTS_INVALID_MESSAGE,
  normalizeCohortRows,
  REQUIRED_MESSAGE,
  validateCohorts,
  type SequentialCohortBody,
  type SequentialCohortResponse,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { badRequest } from '../../http-errors';
import { writeAudit } from '../../repositories/audit-repository';
import { listCohorts, replaceCohorts, type NewCohortRecord } from '../../repositories/cohorts-repository';
import { refreshStudyPlanSummary, updatePlan } from '../../repositories/plans-repository';
import { computeCohortChain, requireSequential } from './compute-cohort-chain';
import { invalidBody } from '../plans/guards/plan-guards';
import { withEditablePlan } from '../plans/guards/with-editable-plan';
import { readPlanDetail } from '../plans/read-plans';
import { presentCohort } from './presenters/cohort-presenter';
import { readCohorts } from './read-cohorts';

/** The two extra phase column names, trimmed; not sent = unchanged. */
function phaseNamesOf(body: SequentialCohortBody): { dtlPhaseName?: string; srcPhaseName?: string } {
  if (!body.phaseNames) return {};
  const dtl = body.phaseNames.dtl.trim();
  const src = body.phaseNames.src.trim();
  const empty = [...(dtl === '' ? ['dtl'] : []), ...(src === '' ? ['src'] : [])];
  if (empty.length > 0)
    throw invalidBody(empty.map((k) => ({ field: `phaseNames.${k}`, message: REQUIRED_MESSAGE })));
  return { dtlPhaseName: dtl, srcPhaseName: src };
}

/**
 * POST /ctpo/study/{studyId}/SequentialCohort: replaces the cohort table of a Draft Cohort (D) plan as a whole (the
 * rules of the countries step; 400 'Sequential cohorts setup is not valid' with each cell's message), stores the
 * two extra phase names and each row's chain dates and enrolling duration as computed on the plan now (left empty
 * when the plan cannot be computed yet), all in one transaction with its audit row. rowVersion must be
 * the plan's current one (409 otherwise); the plan's version goes up.
 */
export async function saveSequentialCohorts(
  db: Db,
  user: AuthUser,
  studyId: number,
  body: SequentialCohortBody,
): Promise<SequentialCohortResponse> {
  const planId = body.studyPlanId;
  await withEditablePlan(db, user, { studyId, planId, rowVersion: body.rowVersion }, async (tx, locked) => {
    requireSequential(locked);
    const phaseNames = phaseNamesOf(body);
    const rows = normalizeCohortRows(body.rows);
    const checked = validateCohorts(rows, { step: 2 });
    if (checked.form !== null) {
      throw badRequest(
        COHORTS_INVALID_MESSAGE,
        checked.errors.map((e) => ({ path: `body.${e.field}`, message: e.message })),
      );
    }

    const chain = computeCohortChain(await readPlanDetail(tx, user, planId), rows);
    const before = await listCohorts(tx, planId);
    const records: NewCohortRecord[] = chain.rows.map(({ studyPlanCohortId: _id, ...row }, position) => ({
      ...row,
      studyPlanId: planId,
      position,
    }));
    const saved = await replaceCohorts(tx, planId, records);
    const updated = await updatePlan(tx, planId, {
      ...phaseNames,
      updateBy: user.name,
      updateDate: new Date(),
    });
    await refreshStudyPlanSummary(tx, studyId);
    await writeAudit(tx, user, {
      entity: 'study_plan',
      entityId: planId,
      studyId,
      entityVersion: updated.rowVersion,
      action: 'update',
      oldValues: {
        cohorts: before.map(presentCohort),
        phaseNames: { dtl: locked.dtlPhaseName, src: locked.srcPhaseName },
      },
      newValues: {
        cohorts: saved.map(presentCohort),
        phaseNames: { dtl: updated.dtlPhaseName, src: updated.srcPhaseName },
      },
    });
  });
  return readCohorts(db, user, planId);
}
