import { eq, sql } from 'drizzle-orm';
import type { EnrollmentPlanStep1Input } from '@predict/shared';
import {
  countries,
  siteGroups,
  studyPlanActivationProfiles,
  studyPlanCohorts,
  studyPlanCtisSubmissions,
  studyPlanMilestones,
  studyPlanParameters,
  studyPlanSeasonalVariations,
  studyPlanSiteGroups,
} from '../../src/db/schema';
import { insertStudies } from '../../src/seed/seed-demo-data';
import type { TestApp } from './app';
import { study } from './studies';

export const DAY = 86_400_000;
/** 2026-03-02 at noon UTC. */
export const START = Date.UTC(2026, 2, 2, 12);

/** A complete, valid step 1 body of a new scenario A (Rates) plan; tests override what they look at. */
export function ratesPlan(overrides: Partial<EnrollmentPlanStep1Input> = {}): EnrollmentPlanStep1Input {
  return {
    studyPlanId: 'new-plan_1',
    studyPlanType: 1,
    cohortType: 0,
    studyPlanName: 'Rates plan',
    studyPlanDescr: 'A plan by enrollment rates',
    croProjectStartDateMillis: START,
    finalProtocolStartDateMillis: START + 60 * DAY,
    enrollmentRate: 0.8,
    screeningPeriodDuration: 28,
    treatmentDuration: 180,
    followUpDuration: 30,
    screenFailRate: 0.2,
    dropOutRate: 0.1,
    parameters: [
      { parameterName: 'SITES_TO_ACTIVATE', lowerBound: 20 },
      { parameterName: 'SUBJECTS_TO_SCREEN', lowerBound: 300 },
    ],
    ...overrides,
  };
}

/** A complete, valid step 1 body of a new scenario B (Duration) plan. */
export function durationPlan(overrides: Partial<EnrollmentPlanStep1Input> = {}): EnrollmentPlanStep1Input {
  const { enrollmentRate: _rate, ...base } = ratesPlan({
    studyPlanName: 'Duration plan',
    studyPlanDescr: 'A plan by overall enrollment duration',
  });
  return { ...base, studyPlanType: 2, overallEnrollmentDuration: 12, ...overrides };
}

/** Adds studies by PCN and returns their ids in the same order. */
export async function addStudies(t: TestApp, ...projectIds: string[]): Promise<number[]> {
  await insertStudies(
    t.database.db,
    projectIds.map((projectId) => study({ projectId })),
    false,
  );
  const ids: number[] = [];
  for (const projectId of projectIds) {
    const r = await t.database.db.execute(sql`select study_id from studies where project_id = ${projectId}`);
    ids.push(Number((r as unknown as { rows: { study_id: number }[] }).rows[0]!.study_id));
  }
  return ids;
}

export async function step1(
  t: TestApp,
  headers: Record<string, string>,
  studyId: number,
  payload: EnrollmentPlanStep1Input,
) {
  return t.app.inject({
    method: 'POST',
    url: `/ctpo/study/${studyId}/EnrollmentPlanStep1`,
    headers,
    payload,
  });
}

/** Creates a plan through the API and returns its id and row version. */
export async function createPlan(
  t: TestApp,
  headers: Record<string, string>,
  studyId: number,
  payload: EnrollmentPlanStep1Input,
): Promise<{ id: number; rowVersion: number }> {
  const res = await step1(t, headers, studyId, payload);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return { id: res.json().Id, rowVersion: res.json().rowVersion };
}

export async function auditRows(t: TestApp, entityId: number) {
  const r = await t.database.db.execute(
    sql`select action, entity_version, actor_subject, old_values, new_values from audit_log
        where entity = 'study_plan' and entity_id = ${String(entityId)} order by audit_id`,
  );
  return (r as unknown as { rows: Record<string, unknown>[] }).rows;
}

export async function studySummary(t: TestApp, studyId: number) {
  const r = await t.database.db.execute(
    sql`select enrollment_plan_exists, enrollment_plan_last_update from studies where study_id = ${studyId}`,
  );
  return (
    r as unknown as { rows: { enrollment_plan_exists: boolean; enrollment_plan_last_update: unknown }[] }
  ).rows[0]!;
}

/**
 * Gives a plan one country with a country parameter and milestone, an activation profile, seasonal variations, a
 * cohort row and a CTIS row, written directly (the step 2 calls come with the web part of issue 4).
 */
export async function addCountryToPlan(t: TestApp, planId: number, sitesLower = 10): Promise<number> {
  const db = t.database.db;
  await db
    .insert(countries)
    .values({
      countryName: 'Germany',
      countryCodeIso3: 'DEU',
      countryCodeIso2: 'DE',
      region: 'Western Europe',
    })
    .onConflictDoNothing();
  const [country] = await db.select().from(countries).where(eq(countries.countryCodeIso3, 'DEU'));
  await db
    .insert(siteGroups)
    .values({
      siteGroupName: 'Germany',
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
    })
    .onConflictDoNothing();
  const [group] = await db.select().from(siteGroups).where(eq(siteGroups.siteGroupName, 'Germany'));
  const { siteGroupId, countryId, version, updatedAt: _u, isDemo: _d, ...reference } = group!;
  const [sg] = await db
    .insert(studyPlanSiteGroups)
    .values({
      ...reference,
      studyPlanId: planId,
      siteGroupId,
      countryId,
      position: 0,
      referenceVersion: version,
    })
    .returning();
  const id = sg!.studyPlanSiteGroupId;
  await db.insert(studyPlanParameters).values({
    studyPlanId: planId,
    studyPlanSiteGroupId: id,
    parameterScope: 'country',
    parameterId: 14,
    parameterName: 'NUM_SITES_ACTIVATED',
    lowerBound: sitesLower,
    upperBound: sitesLower,
  });
  await db.insert(studyPlanMilestones).values({
    studyPlanId: planId,
    studyPlanSiteGroupId: id,
    milestoneScope: 'country',
    milestoneId: 135,
    milestoneName: 'REGULATORY_SUBMISSION',
    milestoneDate: new Date(START + 90 * DAY),
  });
  await db.insert(studyPlanActivationProfiles).values([
    { studyPlanSiteGroupId: id, position: 0, siteActivationProfilePct: 1, siteActivationProfileDays: 0 },
    {
      studyPlanSiteGroupId: id,
      position: 1,
      siteActivationProfilePct: sitesLower,
      siteActivationProfileDays: 120,
    },
  ]);
  await db.insert(studyPlanSeasonalVariations).values(
    Array.from({ length: 12 }, (_, m) => ({
      studyPlanSiteGroupId: id,
      enrollmentSeasonalMonth: m,
      enrollmentSeasonalVariation: m === 7 ? 0.5 : 1,
    })),
  );
  await db
    .insert(studyPlanCohorts)
    .values({ studyPlanId: planId, position: 0, cohortName: 'Cohort 1', patients: 12 });
  await db.insert(studyPlanCtisSubmissions).values({ studyPlanId: planId, siteGroupId, includeExclude: 'i' });
  return id;
}

/** How many rows a plan has below it, per table. */
export async function childCounts(t: TestApp, planId: number) {
  const db = t.database.db;
  const count = async (table: string, where = sql`study_plan_id = ${planId}`) => {
    const r = await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`);
    return Number((r as unknown as { rows: { n: number }[] }).rows[0]!.n);
  };
  const ofGroups = sql`study_plan_site_group_id in (select study_plan_site_group_id from study_plan_site_groups where study_plan_id = ${planId})`;
  return {
    siteGroups: await count('study_plan_site_groups'),
    parameters: await count('study_plan_parameters'),
    milestones: await count('study_plan_milestones'),
    profiles: await count('study_plan_activation_profiles', ofGroups),
    variations: await count('study_plan_seasonal_variations', ofGroups),
    cohorts: await count('study_plan_cohorts'),
    ctis: await count('study_plan_ctis_submissions'),
  };
}
