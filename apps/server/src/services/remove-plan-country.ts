import type { EnrollmentPlanCountryDeleteBody, ReturnCodeResponse } from '@predict/shared';
import type { AuthUser } from '../auth/types';
import type { Db } from '../db/client';
import { notFound } from '../http-errors';
import { writeAudit } from '../repositories/audit-repository';
import { deletePlanSiteGroup, planSiteGroups } from '../repositories/plan-countries-repository';
import { requireStudy } from './plan-guards';
import { lockEditablePlan, planDetailIn, touchPlan } from './plan-country-writes';

/**
 * POST /ctpo/study/{studyId}/EnrollmentPlanCountryDelete: removes a site group (siteGroupId: the admin site group)
 * from a Draft plan with everything below it and its CTIS row; the audit row keeps what was removed.
 */
export async function removePlanCountry(
  db: Db,
  user: AuthUser,
  studyId: number,
  body: EnrollmentPlanCountryDeleteBody,
): Promise<ReturnCodeResponse> {
  await requireStudy(db, studyId);
  return db.transaction(async (tx) => {
    const plan = await lockEditablePlan(tx, studyId, body.studyPlanId, body.rowVersion);
    const row = (await planSiteGroups(tx, plan.studyPlanId)).find((g) => g.siteGroupId === body.siteGroupId);
    if (!row) throw notFound('Country');
    const before = await planDetailIn(tx, user, plan.studyPlanId);
    const removed = before.countries
      .flatMap((c) => c.siteGroups)
      .find((g) => g.studyPlanSiteGroupId === row.studyPlanSiteGroupId);
    await deletePlanSiteGroup(tx, row);
    const updated = await touchPlan(tx, user, plan);
    await writeAudit(tx, user, {
      entity: 'study_plan_site_group',
      entityId: row.studyPlanSiteGroupId,
      entityVersion: updated.rowVersion,
      action: 'delete',
      oldValues: { studyPlanId: plan.studyPlanId, ...removed },
    });
    return [{ returnCode: '200', rowVersion: updated.rowVersion }];
  });
}
