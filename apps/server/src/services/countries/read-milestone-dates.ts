import {
  COUNTRY_NOT_IN_PLAN_MESSAGE,
  type MilestoneDatesBody,
  type MilestoneDatesResponse,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { badRequest, INVALID_REQUEST_MESSAGE } from '../../http-errors';
import { referenceProfiles } from '../../repositories/plan-countries-repository';
import { computeMilestoneDates } from './compute-milestone-dates';
import { readPlanDetail } from '../plans/read-plans';

const TABLES = [
  'countryInputs',
  'milestones',
  'activationProfiles',
  'enrollmentSeasonalVariations',
  'siteFatigue',
] as const;

/**
 * POST /ctpo/milestonedates: the country date milestones with the unsaved step-2 edits applied, computed by the
 * engine (start-up chain, plan line); writes nothing, so read-only users may ask too. Rows naming a site group
 * that is not in the plan are refused (400).
 */
export async function readMilestoneDates(
  db: Db,
  user: AuthUser,
  body: MilestoneDatesBody,
): Promise<MilestoneDatesResponse> {
  const plan = await readPlanDetail(db, user, body.studyPlanId);
  const groups = plan.countries.flatMap((c) => c.siteGroups);
  const inPlan = new Set(groups.map((g) => g.studyPlanSiteGroupId));
  const fields = TABLES.flatMap((table) =>
    body[table].flatMap((row, i) =>
      inPlan.has(row.studyPlanSiteGroupId)
        ? []
        : [{ path: `body.${table}.${i}.studyPlanSiteGroupId`, message: COUNTRY_NOT_IN_PLAN_MESSAGE }],
    ),
  );
  if (fields.length > 0) throw badRequest(INVALID_REQUEST_MESSAGE, fields);
  const references = await referenceProfiles(
    db,
    groups.map((g) => g.siteGroupId),
  );
  return computeMilestoneDates(plan, body, { referenceProfiles: references });
}
