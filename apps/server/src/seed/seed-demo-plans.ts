import {
  EnrollmentPlanCountryAddBody,
  EnrollmentPlanStep1Body,
  EnrollmentPlanStep2Body,
  MS_PER_DAY,
  savedCountryInputs,
  SequentialCohortBody,
  type EnrollmentPlanStep2Input,
  type PlanSiteGroup,
} from '@predict/shared';
import type { AuthUser } from '../auth/types';
import { SYSTEM_ACTOR } from '../repositories/audit-repository';
import {
  findDemoStudyId,
  listStudyPlanNames,
  siteGroupIdsByName,
} from '../repositories/demo-seed-repository';
import { refreshStudyPlanSummary } from '../repositories/plans-repository';
import { addPlanCountry } from '../services/countries/add-plan-country';
import { createCombination } from '../services/plans/combine-plans';
import { readPlanDetail } from '../services/plans/read-plans';
import { saveStep1 } from '../services/plans/save-plan-step1';
import { saveStep2 } from '../services/countries/save-plan-step2';
import { saveSequentialCohorts } from '../services/cohorts/save-sequential-cohorts';
import type { Db, Tx } from '../db/client';
import { DEMO_ACTUALS_STUDY_PLANS } from './demo-actuals';
import { DEMO_STUDY_PLANS, type DemoPlan, type DemoPlanCountry, type DemoStudyPlans } from './demo-plans';

/** The demo plans are the system's, as the rest of the demo data (their audit rows name it). */
export const DEMO_PLAN_AUTHOR: AuthUser = {
  ...SYSTEM_ACTOR,
  userId: SYSTEM_ACTOR.subject,
  username: SYSTEM_ACTOR.subject,
  firstName: SYSTEM_ACTOR.name,
  lastName: '',
  email: '',
  locale: 'en',
  groups: [],
  roles: { readOnly: false, admin: false },
  via: 'bearer',
};

/**
 * The CRO project start of the demo plans: the first day of the month after next (noon UTC, as plan dates are), so
 * a newcomer always sees plans that start soon rather than plans of the past.
 */
export function demoPlanStart(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1, 12);
}

/** The same day of the month, `months` earlier (noon UTC). */
const monthsBefore = (millis: number, months: number) => {
  const d = new Date(millis);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, d.getUTCDate(), 12);
};

/** The step 2 tables of a country as the countries screen would save them. */
function countryTables(
  group: PlanSiteGroup,
  c: DemoPlanCountry,
): Required<Omit<EnrollmentPlanStep2Input, 'studyId' | 'studyPlanId' | 'studyPlanType' | 'rowVersion'>> {
  const id = group.studyPlanSiteGroupId;
  const milestones = [];
  if (c.override) {
    const { milestoneId, shiftDays, comment } = c.override;
    const computed = group.milestones.find((m) => m.milestoneId === milestoneId)?.milestoneDateMillis;
    if (computed === null || computed === undefined)
      throw new Error(`Demo plan: ${c.siteGroupName} has no computed date for milestone ${milestoneId}`);
    milestones.push({
      studyPlanSiteGroupId: id,
      milestoneId,
      isUserOverride: 1 as const,
      milestoneDateMillis: computed + shiftDays * MS_PER_DAY,
      comments: comment,
    });
  }
  return {
    countryInputs: [
      {
        ...savedCountryInputs(group),
        siteEnrollmentRateAtSIV: c.rate,
        expectedScreenFailureRate: c.screenFailRate ?? null,
      },
    ],
    milestones,
    activationProfiles: c.profile
      ? [
          {
            studyPlanSiteGroupId: id,
            overrideFl: true,
            points: c.profile.map(([sites, days]) => ({
              siteActivationLabel: null,
              siteActivationProfilePct: sites,
              siteActivationProfileDays: days,
            })),
          },
        ]
      : [],
    enrollmentSeasonalVariations: c.seasonal ? [{ studyPlanSiteGroupId: id, values: c.seasonal }] : [],
    siteFatigue: c.fatigue
      ? [
          {
            studyPlanSiteGroupId: id,
            eventualSiteEnrollmentDays: c.fatigue.days,
            eventualSiteEnrollmentRate: c.fatigue.rate,
          },
        ]
      : [],
  };
}

/**
 * One plan as a planner makes it: step 1, Add Country per country (the site group's reference values, goals,
 * milestones, default profile and seasonal factors copied), one step 2 Save Draft with the rates, the own profiles,
 * seasonal factors, fatigue and milestone overrides, and the cohort table of a Cohort (D) plan. Answers its id.
 */
async function createDemoPlan(
  db: Db,
  studyId: number,
  plan: DemoPlan,
  groupIds: ReadonlyMap<string, number>,
  start: number,
): Promise<number> {
  const user = DEMO_PLAN_AUTHOR;
  const { finalProtocolAfterDays, ...step1 } = plan.step1;
  const created = await saveStep1(
    db,
    user,
    studyId,
    EnrollmentPlanStep1Body.parse({
      ...step1,
      croProjectStartDateMillis: start,
      finalProtocolStartDateMillis: start + finalProtocolAfterDays * MS_PER_DAY,
    }),
  );
  const planId = created.plan.Id;
  const added = new Map<number, DemoPlanCountry>();
  let rowVersion = created.plan.rowVersion;
  for (const c of plan.countries) {
    const siteGroupId = groupIds.get(c.siteGroupName);
    if (siteGroupId === undefined) throw new Error(`Demo plan: unknown site group ${c.siteGroupName}`);
    const [row] = await addPlanCountry(
      db,
      user,
      studyId,
      EnrollmentPlanCountryAddBody.parse({
        studyPlanId: planId,
        rowVersion,
        siteGroupId,
        NUM_SITES_ACTIVATED_LOWER: c.sites.lower,
        NUM_SITES_ACTIVATED_UPPER: c.sites.upper ?? null,
        siteIdEffort: c.siteIdEffort,
        countryStartUpTimeFrame: c.startUp,
      }),
    );
    added.set(row!.studyPlanSiteGroupId, c);
    rowVersion = row!.rowVersion;
  }

  const detail = await readPlanDetail(db, user, planId);
  const body: EnrollmentPlanStep2Input = {
    studyId,
    studyPlanId: planId,
    studyPlanType: detail.studyPlanType as 1 | 2,
    rowVersion: detail.rowVersion,
    countryInputs: [],
    milestones: [],
    activationProfiles: [],
    enrollmentSeasonalVariations: [],
    siteFatigue: [],
  };
  for (const group of detail.countries.flatMap((country) => country.siteGroups)) {
    const c = added.get(group.studyPlanSiteGroupId);
    if (!c) continue;
    const tables = countryTables(group, c);
    for (const key of Object.keys(tables) as (keyof typeof tables)[]) {
      (body[key] as unknown[]).push(...tables[key]);
    }
  }
  await saveStep2(db, user, studyId, EnrollmentPlanStep2Body.parse(body));

  if (plan.cohorts) {
    await saveSequentialCohorts(
      db,
      user,
      studyId,
      SequentialCohortBody.parse({
        studyPlanId: planId,
        rowVersion: (await readPlanDetail(db, user, planId)).rowVersion,
        rows: plan.cohorts.map((r) => ({ studyPlanCohortId: null, ...r })),
      }),
    );
  }
  return planId;
}

/** The plans of one demo study that are not there yet (by name, deleted ones included); answers how many. */
async function seedStudyPlans(
  tx: Tx,
  studyId: number,
  spec: DemoStudyPlans,
  groupIds: ReadonlyMap<string, number>,
  start: number,
): Promise<number> {
  // The services open their own (nested) transactions on it: savepoints inside the seed's transaction.
  const db = tx as unknown as Db;
  const rows = await listStudyPlanNames(tx, studyId);
  const known = new Set(rows.map((r) => r.name));
  const live = new Map(rows.filter((r) => r.deletedAt === null).map((r) => [r.name, r.id]));
  let added = 0;
  for (const plan of spec.plans) {
    if (known.has(plan.step1.studyPlanName)) continue;
    const planStart = plan.startMonthsAgo ? monthsBefore(start, plan.startMonthsAgo) : start;
    live.set(plan.step1.studyPlanName, await createDemoPlan(db, studyId, plan, groupIds, planStart));
    added++;
  }
  for (const combination of spec.combinations ?? []) {
    const members = combination.members.map((name) => live.get(name));
    if (known.has(combination.studyPlanName) || members.some((id) => id === undefined)) continue;
    await createCombination(
      db,
      DEMO_PLAN_AUTHOR,
      studyId,
      members.map((studyPlanId) => ({
        studyId,
        studyPlanId: studyPlanId!,
        studyPlanName: combination.studyPlanName,
        studyPlanDescr: combination.studyPlanDescr,
      })),
    );
    added++;
  }
  if (added > 0) await refreshStudyPlanSummary(tx, studyId);
  return added;
}

/**
 * Gives the demo studies of DEMO_STUDY_PLANS their plans (Rates, Duration, Cohort (D) and a combination), in the
 * caller's transaction; a plan whose name the study already has (also a deleted one) is not created again, and a
 * study that is not demo data gets none. Answers how many plans were added.
 */
export async function seedDemoPlans(tx: Tx, now = new Date()): Promise<number> {
  const groupIds = await siteGroupIdsByName(tx);
  const start = demoPlanStart(now);
  let added = 0;
  for (const spec of [...DEMO_STUDY_PLANS, ...DEMO_ACTUALS_STUDY_PLANS]) {
    const studyId = await findDemoStudyId(tx, spec.projectId);
    if (studyId !== null) added += await seedStudyPlans(tx, studyId, spec, groupIds, start);
  }
  return added;
}
