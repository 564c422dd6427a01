import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  countries,
  siteGroupActivationProfiles,
  siteGroups,
  siteGroupSeasonalVariations,
} from '../db/schema';

export type SiteGroupReferenceValues = Pick<
  typeof siteGroups.$inferInsert,
  | 'timeSiteIdSmallDays'
  | 'timeSiteIdMediumDays'
  | 'timeSiteIdLargeDays'
  | 'timeCountryStartUpSuperShortDays'
  | 'timeCountryStartUpShortDays'
  | 'timeCountryStartUpMediumDays'
  | 'timeCountryStartUpLongDays'
  | 'packagePrepDays'
  | 'isRollingSubmission'
  | 'firstSiteIdDays'
  | 'timeSivDays'
  | 'timeFirstPatientScreenDays'
>;
export type ActivationPointValues = {
  siteActivationProfilePct: number;
  siteActivationProfileDays: number;
  overrideFl: boolean;
};
export type SeasonalValues = { enrollmentSeasonalMonth: number; enrollmentSeasonalVariation: number };

/** Site groups with their country names, by name (the admin screen's left panel). */
export async function listSiteGroupsWithCountry(db: Db | Tx) {
  return db
    .select({
      siteGroupId: siteGroups.siteGroupId,
      siteGroupName: siteGroups.siteGroupName,
      countryId: siteGroups.countryId,
      countryName: countries.countryName,
    })
    .from(siteGroups)
    .innerJoin(countries, eq(countries.countryId, siteGroups.countryId))
    .orderBy(asc(siteGroups.siteGroupName));
}

/** Every site group with its reference values and its country, by name (the plan's Add Country options). */
export async function listSiteGroupsWithReference(db: Db | Tx) {
  return db
    .select({ group: siteGroups, country: countries })
    .from(siteGroups)
    .innerJoin(countries, eq(countries.countryId, siteGroups.countryId))
    .orderBy(asc(siteGroups.siteGroupName));
}

/** Every country, by name. */
export async function listCountries(db: Db | Tx) {
  return db.select().from(countries).orderBy(asc(countries.countryName));
}

/**
 * One site group with its country, activation profile (by position) and seasonal variations (by month); `lock`
 * holds the row until the transaction ends, so two saves of the same version cannot both pass the version check.
 */
export async function findSiteGroup(db: Db | Tx, siteGroupId: number, lock = false) {
  const query = db
    .select({ group: siteGroups, countryName: countries.countryName })
    .from(siteGroups)
    .innerJoin(countries, eq(countries.countryId, siteGroups.countryId))
    .where(eq(siteGroups.siteGroupId, siteGroupId))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: siteGroups }) : await query;
  if (!row) return null;
  const activationProfiles = await db
    .select({
      siteActivationProfilePct: siteGroupActivationProfiles.siteActivationProfilePct,
      siteActivationProfileDays: siteGroupActivationProfiles.siteActivationProfileDays,
      overrideFl: siteGroupActivationProfiles.overrideFl,
    })
    .from(siteGroupActivationProfiles)
    .where(eq(siteGroupActivationProfiles.siteGroupId, siteGroupId))
    .orderBy(asc(siteGroupActivationProfiles.position));
  const enrollmentVariations = await db
    .select({
      enrollmentSeasonalMonth: siteGroupSeasonalVariations.enrollmentSeasonalMonth,
      enrollmentSeasonalVariation: siteGroupSeasonalVariations.enrollmentSeasonalVariation,
    })
    .from(siteGroupSeasonalVariations)
    .where(eq(siteGroupSeasonalVariations.siteGroupId, siteGroupId))
    .orderBy(asc(siteGroupSeasonalVariations.enrollmentSeasonalMonth));
  return { ...row, activationProfiles, enrollmentVariations };
}
export type SiteGroupWithChildren = NonNullable<Awaited<ReturnType<typeof findSiteGroup>>>;

/** Writes new reference values and raises the version by one; returns the new version. */
export async function updateSiteGroupReference(
  tx: Tx,
  siteGroupId: number,
  values: SiteGroupReferenceValues,
): Promise<number> {
  const [row] = await tx
    .update(siteGroups)
    .set({ ...values, version: sql`${siteGroups.version} + 1`, updatedAt: sql`now()` })
    .where(eq(siteGroups.siteGroupId, siteGroupId))
    .returning({ version: siteGroups.version });
  if (!row) throw new Error(`site group ${siteGroupId} vanished inside its own transaction`);
  return row.version;
}

/** Replaces the activation profile and the seasonal variations of a site group. */
export async function replaceSiteGroupChildren(
  tx: Tx,
  siteGroupId: number,
  profiles: ActivationPointValues[],
  variations: SeasonalValues[],
): Promise<void> {
  await tx
    .delete(siteGroupActivationProfiles)
    .where(eq(siteGroupActivationProfiles.siteGroupId, siteGroupId));
  await tx
    .delete(siteGroupSeasonalVariations)
    .where(eq(siteGroupSeasonalVariations.siteGroupId, siteGroupId));
  if (profiles.length > 0) {
    await tx
      .insert(siteGroupActivationProfiles)
      .values(profiles.map((p, position) => ({ ...p, siteGroupId, position })));
  }
  if (variations.length > 0) {
    await tx.insert(siteGroupSeasonalVariations).values(variations.map((v) => ({ ...v, siteGroupId })));
  }
}

/**
 * A cheap stamp of the site-group and country tables: any insert, delete or update (the admin save raises the
 * version and updated_at) changes it. Lets a process keep the presented reference list and still see writes made
 * by another process.
 */
export async function readSiteGroupReferenceStamp(db: Db | Tx): Promise<string> {
  const [row] = await db
    .select({
      stamp: sql<string>`concat_ws(':', count(*), coalesce(sum(${siteGroups.version}), 0),
        max(${siteGroups.siteGroupId}), extract(epoch from max(${siteGroups.updatedAt})),
        (select count(*) || ':' || coalesce(max(country_id), 0) from countries))`,
    })
    .from(siteGroups);
  return String(row!.stamp);
}
