import { eq, sql } from 'drizzle-orm';
import type { CountryInputsRow, EnrollmentPlanStep2Input, StudyPlan } from '@predict/shared';
import {
  countries,
  siteGroupActivationProfiles,
  siteGroups,
  siteGroupSeasonalVariations,
} from '../../src/db/schema';
import { bearer, type TestApp } from './app';

/** Reference profile of the test site groups: 15 sites over 150 days. */
export const REFERENCE_PROFILE: [sites: number, days: number][] = [
  [1, 0],
  [3, 21],
  [6, 45],
  [9, 75],
  [12, 110],
  [15, 150],
];
export const REFERENCE_SEASONAL = [1, 1, 1, 1, 1, 1, 0.8, 0.5, 1, 1, 1, 0.7];

/** Adds an admin site group (its country too) with the reference profile and seasonal variations; its id. */
export async function addReferenceSiteGroup(
  t: TestApp,
  name: string,
  iso3: string,
  options: { profile?: boolean } = {},
): Promise<number> {
  const db = t.database.db;
  await db
    .insert(countries)
    .values({ countryName: name, countryCodeIso3: iso3, countryCodeIso2: iso3.slice(0, 2), region: 'Europe' })
    .onConflictDoNothing();
  const [country] = await db.select().from(countries).where(eq(countries.countryCodeIso3, iso3));
  const [group] = await db
    .insert(siteGroups)
    .values({
      siteGroupName: name,
      countryId: country!.countryId,
      timeSiteIdSmallDays: 30,
      timeSiteIdMediumDays: 45,
      timeSiteIdLargeDays: 60,
      timeCountryStartUpSuperShortDays: 60,
      timeCountryStartUpShortDays: 90,
      timeCountryStartUpMediumDays: 120,
      timeCountryStartUpLongDays: 180,
      packagePrepDays: 30,
      timeSivDays: 30,
      timeFirstPatientScreenDays: 14,
      version: 3,
    })
    .returning();
  const siteGroupId = group!.siteGroupId;
  if (options.profile !== false) {
    await db.insert(siteGroupActivationProfiles).values(
      REFERENCE_PROFILE.map(([sites, days], position) => ({
        siteGroupId,
        position,
        siteActivationProfilePct: sites,
        siteActivationProfileDays: days,
      })),
    );
  }
  await db.insert(siteGroupSeasonalVariations).values(
    REFERENCE_SEASONAL.map((v, m) => ({
      siteGroupId,
      enrollmentSeasonalMonth: m,
      enrollmentSeasonalVariation: v,
    })),
  );
  return siteGroupId;
}

/** The plan's current rowVersion, for a write that is not about concurrency; 1 when the plan cannot be read. */
export async function currentRowVersion(
  t: TestApp,
  auth: string | Record<string, string>,
  planId: unknown,
): Promise<number> {
  const headers = typeof auth === 'string' ? bearer(auth) : auth;
  const res = await t.app.inject({ method: 'GET', url: `/ctpo/plan/${String(planId)}`, headers });
  return res.statusCode === 200 ? (res.json() as StudyPlan).rowVersion : 1;
}

/** Adds a country; without a rowVersion in the payload the write is based on the plan's current version. */
export async function addCountry(
  t: TestApp,
  token: string,
  studyId: number,
  payload: Record<string, unknown>,
) {
  const rowVersion = payload.rowVersion ?? (await currentRowVersion(t, token, payload.studyPlanId));
  return t.app.inject({
    method: 'POST',
    url: `/ctpo/study/${studyId}/EnrollmentPlanCountryAdd`,
    headers: bearer(token),
    payload: {
      siteIdEffort: 'Medium',
      countryStartUpTimeFrame: 'Short',
      NUM_SITES_ACTIVATED_UPPER: null,
      rowVersion,
      ...payload,
    },
  });
}

export async function readPlanDetail(t: TestApp, token: string, planId: number): Promise<StudyPlan> {
  const res = await t.app.inject({ method: 'GET', url: `/ctpo/plan/${planId}`, headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`read failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function saveStep2(
  t: TestApp,
  token: string,
  studyId: number,
  payload: EnrollmentPlanStep2Input,
) {
  return t.app.inject({
    method: 'POST',
    url: `/ctpo/study/${studyId}/EnrollmentPlanStep2`,
    headers: bearer(token),
    payload,
  });
}

export async function milestoneDates(t: TestApp, token: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/ctpo/milestonedates', headers: bearer(token), payload });
}

/** Audit rows of the plan's site groups, oldest first. */
export async function siteGroupAudits(t: TestApp, studyPlanSiteGroupId: number) {
  const r = await t.database.db.execute(
    sql`select action, entity_version, old_values, new_values from audit_log
        where entity = 'study_plan_site_group' and entity_id = ${String(studyPlanSiteGroupId)} order by audit_id`,
  );
  return (r as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** A step 2 body for one site group of the plan, built from what the plan holds. */
export function step2Body(
  plan: StudyPlan,
  studyPlanSiteGroupId: number,
  tables: Partial<EnrollmentPlanStep2Input> = {},
): EnrollmentPlanStep2Input {
  return {
    studyId: plan.studyId,
    studyPlanId: plan.studyPlanId,
    studyPlanType: plan.studyPlanType,
    rowVersion: plan.rowVersion,
    ...tables,
  };
}

/** The country inputs of a site group as the form would send them, with changes. */
export function countryInputs(
  studyPlanSiteGroupId: number,
  changes: Record<string, unknown> = {},
): CountryInputsRow {
  const empty = { lowerBound: null, upperBound: null };
  return {
    studyPlanSiteGroupId,
    siteEnrollmentRateAtSIV: null,
    expectedScreenFailureRate: null,
    expectedTreatmentDropoutRate: null,
    pauseEnrollmentAfterPatient: null,
    pauseEnrollmentDays: null,
    NUM_SITES_ACTIVATED: { lowerBound: 10, upperBound: null },
    NUM_SUBJECTS_SCREENED: empty,
    NUM_SUBJECTS_ENROLLED: empty,
    NUM_SUBJECTS_TREATED: empty,
    NUM_SUBJECTS_COMPLETED: empty,
    ...changes,
  } as CountryInputsRow;
}
