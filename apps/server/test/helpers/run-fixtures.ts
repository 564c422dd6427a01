import { and, eq, sql } from 'drizzle-orm';
import { COUNTRY_GOALS, COUNTRY_MILESTONES } from '@predict/shared';
import {
  countries,
  siteGroups,
  studyPlanActivationProfiles,
  studyPlanMilestones,
  studyPlanSeasonalVariations,
  studyPlanSiteGroups,
} from '../../src/db/schema';
import type { AuthUser } from '../../src/auth/types';
import { storeCountryDates } from '../../src/services/countries/plan-country-writes';
import type { TestApp } from './app';
import { DAY, START } from './plans';

export interface FixtureCountry {
  iso3: string;
  name: string;
  /** An EU member state: its site group is CTIS-eligible. */
  eu: boolean;
  sites?: number;
  /** The country's enrollment rate (patients/site/month); none by default. */
  rate?: number;
  /** Days from protocol final to the regulatory submission (the site group's package preparation). */
  packagePrepDays?: number;
  /** A user-provided regulatory submission date (milestone 135, with a comment). */
  overriddenSubmission?: number;
  /** Leaves the country without milestones (a damaged plan). */
  noMilestones?: boolean;
  seasonal?: number[];
}

export interface FixtureGroup {
  studyPlanSiteGroupId: number;
  siteGroupId: number;
  countryId: number;
}

/**
 * Adds a country to a plan the way Add Country leaves it - the site group's reference values copied, the count
 * goals (activated sites as lower = upper bound), the 10 date milestones, a two-point activation profile and 12
 * seasonal factors - written directly, so these tests do not depend on the step 2 calls.
 */
export async function addPlanCountry(
  t: TestApp,
  planId: number,
  position: number,
  c: FixtureCountry,
): Promise<FixtureGroup> {
  const db = t.database.db;
  await db
    .insert(countries)
    .values({
      countryName: c.name,
      countryCodeIso3: c.iso3,
      countryCodeIso2: c.iso3.slice(0, 2),
      region: 'Western Europe',
      isEuMember: c.eu,
    })
    .onConflictDoNothing();
  const [country] = await db.select().from(countries).where(eq(countries.countryCodeIso3, c.iso3));
  await db
    .insert(siteGroups)
    .values({
      siteGroupName: c.name,
      countryId: country!.countryId,
      timeSiteIdSmallDays: 30,
      timeSiteIdMediumDays: 45,
      timeSiteIdLargeDays: 60,
      timeCountryStartUpSuperShortDays: 60,
      timeCountryStartUpShortDays: 90,
      timeCountryStartUpMediumDays: 120,
      timeCountryStartUpLongDays: 180,
      packagePrepDays: c.packagePrepDays ?? 30,
      timeSivDays: 30,
      timeFirstPatientScreenDays: 14,
      isCtisEligible: c.eu,
    })
    .onConflictDoNothing();
  const [group] = await db.select().from(siteGroups).where(eq(siteGroups.siteGroupName, c.name));
  const { siteGroupId, countryId, version, updatedAt: _u, isDemo: _d, ...reference } = group!;
  const [sg] = await db
    .insert(studyPlanSiteGroups)
    .values({
      ...reference,
      studyPlanId: planId,
      siteGroupId,
      countryId,
      position,
      referenceVersion: version,
      siteEnrollmentRateAtSiv: c.rate ?? null,
      timeSiteIdSize: 'Medium',
      timeCountryStartUpSize: 'Medium',
    })
    .returning();
  const id = sg!.studyPlanSiteGroupId;
  const sites = c.sites ?? 5;
  if (!c.noMilestones) {
    await db.insert(studyPlanMilestones).values([
      ...Object.entries(COUNTRY_GOALS).map(([name, milestoneId]) => ({
        studyPlanId: planId,
        studyPlanSiteGroupId: id,
        milestoneScope: 'country',
        milestoneId,
        milestoneName: name,
        lowerBound: name === 'NUM_SITES_ACTIVATED' ? sites : null,
        upperBound: name === 'NUM_SITES_ACTIVATED' ? sites : null,
      })),
      ...COUNTRY_MILESTONES.map((m, k) => {
        const overridden = m.milestoneId === 135 && c.overriddenSubmission !== undefined;
        return {
          studyPlanId: planId,
          studyPlanSiteGroupId: id,
          milestoneScope: 'country',
          milestoneId: m.milestoneId,
          milestoneName: m.milestoneName,
          milestoneLabel: m.label,
          position: k,
          // Placeholder dates until storeDates computes them; an override keeps its own.
          milestoneDate: new Date(overridden ? c.overriddenSubmission! : START + k * 30 * DAY),
          isUserOverride: overridden ? 1 : 0,
          comments: overridden ? 'Agreed with the sponsor' : null,
        };
      }),
    ]);
  }
  await db.insert(studyPlanActivationProfiles).values([
    { studyPlanSiteGroupId: id, position: 0, siteActivationProfilePct: 1, siteActivationProfileDays: 0 },
    {
      studyPlanSiteGroupId: id,
      position: 1,
      siteActivationProfilePct: sites,
      siteActivationProfileDays: 120,
    },
  ]);
  await db.insert(studyPlanSeasonalVariations).values(
    (c.seasonal ?? Array.from({ length: 12 }, () => 1)).map((v, m) => ({
      studyPlanSiteGroupId: id,
      enrollmentSeasonalMonth: m,
      enrollmentSeasonalVariation: v,
    })),
  );
  return { studyPlanSiteGroupId: id, siteGroupId, countryId };
}

/** A country milestone of a plan's site group, as stored. */
export async function countryMilestone(t: TestApp, studyPlanSiteGroupId: number, milestoneId: number) {
  const [row] = await t.database.db
    .select()
    .from(studyPlanMilestones)
    .where(
      and(
        eq(studyPlanMilestones.studyPlanSiteGroupId, studyPlanSiteGroupId),
        eq(studyPlanMilestones.milestoneId, milestoneId),
      ),
    );
  return row!;
}

/** Audit rows of one entity, oldest first. */
export async function auditOf(t: TestApp, entity: string, entityId: number | string) {
  const r = await t.database.db.execute(
    sql`select action, entity_version, old_values, new_values from audit_log
        where entity = ${entity} and entity_id = ${String(entityId)} order by audit_id`,
  );
  return (r as unknown as { rows: Record<string, unknown>[] }).rows;
}

const FIXTURE_USER = {
  issuer: 'test',
  subject: 'fixture',
  name: 'Fixture',
  roles: { readOnly: false, admin: false },
} as AuthUser;

/** Stores the computed country dates of the plan, as the step 2 writes leave them. */
export async function storeDates(t: TestApp, planId: number): Promise<void> {
  await t.database.db.transaction((tx) => storeCountryDates(tx, FIXTURE_USER, planId));
}
