import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { countries, ctmsSites, siteGroups, studyPlanParameters, studyPlanSiteGroups } from '../db/schema';

/** The linked plan's countries (site groups) in tab order, with their country. */
export async function listPlanCountries(db: Db | Tx, studyPlanId: number) {
  return db
    .select({
      siteGroupId: studyPlanSiteGroups.siteGroupId,
      siteGroupName: studyPlanSiteGroups.siteGroupName,
      countryName: countries.countryName,
      countryCodeIso3: countries.countryCodeIso3,
    })
    .from(studyPlanSiteGroups)
    .innerJoin(countries, eq(countries.countryId, studyPlanSiteGroups.countryId))
    .where(eq(studyPlanSiteGroups.studyPlanId, studyPlanId))
    .orderBy(asc(studyPlanSiteGroups.position));
}

/** Site groups by id with their country (sites of groups the plan does not list). */
export async function listSiteGroupsByIds(db: Db | Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      siteGroupId: siteGroups.siteGroupId,
      siteGroupName: siteGroups.siteGroupName,
      countryName: countries.countryName,
      countryCodeIso3: countries.countryCodeIso3,
    })
    .from(siteGroups)
    .innerJoin(countries, eq(countries.countryId, siteGroups.countryId))
    .where(inArray(siteGroups.siteGroupId, ids));
}

/** Whether a site group exists. */
export async function siteGroupExists(db: Db | Tx, siteGroupId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: siteGroups.siteGroupId })
    .from(siteGroups)
    .where(eq(siteGroups.siteGroupId, siteGroupId));
  return row !== undefined;
}

/** The plan's study-level targets by parameter name (lower bound = the target). */
export async function listPlanStudyTargets(db: Db | Tx, studyPlanId: number) {
  return db
    .select({ name: studyPlanParameters.parameterName, value: studyPlanParameters.lowerBound })
    .from(studyPlanParameters)
    .where(
      and(eq(studyPlanParameters.studyPlanId, studyPlanId), isNull(studyPlanParameters.studyPlanSiteGroupId)),
    );
}

/** The sites of an extract whose contract status is one of `statuses` (compared ignoring case and spaces). */
export async function listContractedCtmsSites(db: Db | Tx, extractId: number, statuses: string[]) {
  return db
    .select({
      siteNumber: ctmsSites.siteNumber,
      siteGroupId: ctmsSites.siteGroupId,
      piName: ctmsSites.piName,
      currency: ctmsSites.currency,
    })
    .from(ctmsSites)
    .where(
      and(
        eq(ctmsSites.extractId, extractId),
        inArray(
          sql`lower(btrim(${ctmsSites.contractStatus}))`,
          statuses.map((s) => s.toLowerCase()),
        ),
      ),
    )
    .orderBy(asc(ctmsSites.siteNumber));
}
