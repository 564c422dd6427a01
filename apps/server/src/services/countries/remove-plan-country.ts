import type { EnrollmentPlanCountryDeleteBody, ReturnCodeResponse } from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { notFound } from '../../http-errors';
import { writeAudit } from '../../repositories/audit-repository';
import { deletePlanSiteGroup, planSiteGroups } from '../../repositories/plan-countries-repository';
import { withEditablePlan } from '../plans/guards/with-editable-plan';
import { readPlanDetail } from '../plans/read-plans';
import { touchPlan } from './plan-country-writes';

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
  const target = { studyId, planId: body.studyPlanId, rowVersion: body.rowVersion };
  return withEditablePlan(db, user, target, async (tx, plan) => {
    const row = (await planSiteGroups(tx, plan.studyPlanId)).find((g) => g.siteGroupId === body.siteGroupId);
    if (!row) throw notFound('Country');
    const before = await readPlanDetail(tx, user, plan.studyPlanId);
    const removed = before.countries
      .flatMap((c) => c.siteGroups)
      .find((g) => g.studyPlanSiteGroupId === row.studyPlanSiteGroupId);
    await deletePlanSiteGroup(tx, row);
    const updated = await touchPlan(tx, user, plan);
    await writeAudit(tx, user, {
      entity: 'study_plan_site_group',
      entityId: row.studyPlanSiteGroupId,
      studyId: plan.studyId,
      entityVersion: updated.rowVersion,
      action: 'delete',
      oldValues: { studyPlanId: plan.studyPlanId, ...removed },
    });
    return [{ returnCode: '200', rowVersion: updated.rowVersion }];
  });
}
