import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type {
  ForecastRecordBand,
  ForecastRecordCountDistribution,
  ForecastRecordMilestone,
} from '@predict/shared';
import type { Db, Tx } from '../db/client';
import {
  ctmsExtracts,
  ctmsSiteMonths,
  ctmsSites,
  forecastRecords,
  planRemodels,
  simulationRuns,
  studies,
  studyPlans,
} from '../db/schema';

/**
 * The reads of Forecast Calibration (issue 24 part 2). Each answers every study at once (a fixed number of queries
 * whatever the portfolio's size), and reads only the parts of a record's `forecast` it scores: a record's monthly
 * patients band and its other milestones stay in the database.
 */

/** The scored parts of a record's ForecastOfRecord (jsonb paths; checked against the schema when stored). */
const recordFigures = {
  fpi: sql<ForecastRecordMilestone | null>`${forecastRecords.forecast}->'milestones'->'fpi'`,
  lpi: sql<ForecastRecordMilestone | null>`${forecastRecords.forecast}->'milestones'->'lpi'`,
  monthStartMillis: sql<number[] | null>`${forecastRecords.forecast}->'monthStartMillis'`,
  sitesActivated: sql<ForecastRecordBand | null>`${forecastRecords.forecast}->'sitesActivated'`,
  sitesMonth12: sql<ForecastRecordCountDistribution | null>`${forecastRecords.forecast}->'sitesMonth12'`,
};

/** Per study, its Baseline Plan as findBaselinePlanRun chooses it (the most recently updated live one): a subquery. */
export function baselinePlanOfStudies(db: Db | Tx) {
  return db
    .selectDistinctOn([studyPlans.studyId], {
      studyId: studyPlans.studyId,
      studyPlanId: studyPlans.studyPlanId,
      studyPlanName: studyPlans.studyPlanName,
    })
    .from(studyPlans)
    .where(and(eq(studyPlans.scenarioStatus, 'Baseline Plan'), isNull(studyPlans.deletedAt)))
    .orderBy(studyPlans.studyId, desc(studyPlans.updateDate), desc(studyPlans.studyPlanId))
    .as('baseline_plan');
}

/** Per study, its latest CTMS extract (the highest version): a subquery. */
export function latestExtractOfStudies(db: Db | Tx) {
  return db
    .selectDistinctOn([ctmsExtracts.studyId], {
      studyId: ctmsExtracts.studyId,
      extractId: ctmsExtracts.extractId,
      version: ctmsExtracts.version,
      asOf: ctmsExtracts.asOf,
    })
    .from(ctmsExtracts)
    .orderBy(ctmsExtracts.studyId, desc(ctmsExtracts.version))
    .as('latest_extract');
}

/**
 * Every study with a Baseline Plan that has a baseline of record and a CTMS extract: the plan (the most recently
 * updated live Baseline Plan, as findBaselinePlanRun chooses it), its baseline record's figures and the study's
 * latest extract. Whether the extract reached LPI is for the caller to read. By project code.
 */
export async function listBaselineCandidates(db: Db) {
  const plan = baselinePlanOfStudies(db);
  const extract = latestExtractOfStudies(db);
  return db
    .select({
      studyId: studies.studyId,
      projectId: studies.projectId,
      studyName: studies.studyName,
      studyPlanId: plan.studyPlanId,
      studyPlanName: plan.studyPlanName,
      forecastRecordId: forecastRecords.forecastRecordId,
      simRunId: forecastRecords.simRunId,
      recordCreatedAt: forecastRecords.createdAt,
      extractId: extract.extractId,
      extractVersion: extract.version,
      asOf: extract.asOf,
      ...recordFigures,
    })
    .from(plan)
    .innerJoin(
      forecastRecords,
      and(eq(forecastRecords.studyPlanId, plan.studyPlanId), eq(forecastRecords.isBaseline, true)),
    )
    .innerJoin(extract, eq(extract.studyId, plan.studyId))
    .innerJoin(studies, eq(studies.studyId, plan.studyId))
    .orderBy(asc(studies.projectId), asc(studies.studyId));
}
export type BaselineCandidate = Awaited<ReturnType<typeof listBaselineCandidates>>[number];

/**
 * The records of the studies' live remodel plans (plans REMODEL made: a plan_remodels row) that name the extract
 * they re-forecast from, with the patients that extract shows enrolled by its as-of date. Oldest first.
 */
export async function listRemodelRecords(db: Db, studyIds: readonly number[]) {
  if (studyIds.length === 0) return [];
  const m = ctmsSiteMonths;
  const enrolledAtAsOf = sql<number>`(select coalesce(sum(${m.enrolled}), 0)::int from ${m}
    where ${m.extractId} = ${forecastRecords.extractId} and ${m.month} <= (${forecastRecords.asOf} at time zone 'UTC')::date)`;
  const rows = await db
    .select({
      forecastRecordId: forecastRecords.forecastRecordId,
      simRunId: forecastRecords.simRunId,
      studyId: forecastRecords.studyId,
      studyPlanId: forecastRecords.studyPlanId,
      studyPlanName: studyPlans.studyPlanName,
      asOf: forecastRecords.asOf,
      enrolledAtAsOf,
      lpi: recordFigures.lpi,
    })
    .from(forecastRecords)
    .innerJoin(studyPlans, eq(studyPlans.studyPlanId, forecastRecords.studyPlanId))
    .innerJoin(planRemodels, eq(planRemodels.studyPlanId, forecastRecords.studyPlanId))
    .where(
      and(
        inArray(forecastRecords.studyId, [...studyIds]),
        isNull(studyPlans.deletedAt),
        isNotNull(forecastRecords.extractId),
        isNotNull(forecastRecords.asOf),
      ),
    )
    .orderBy(asc(forecastRecords.createdAt), asc(forecastRecords.forecastRecordId));
  return rows.map((r) => ({ ...r, asOf: r.asOf!, enrolledAtAsOf: Number(r.enrolledAtAsOf) }));
}
export type RemodelRecordRow = Awaited<ReturnType<typeof listRemodelRecords>>[number];

/** The sites of many extracts (non-empty ids), by extract and site number. */
export async function listExtractsSites(db: Db | Tx, extractIds: readonly number[]) {
  return db
    .select({
      extractId: ctmsSites.extractId,
      siteNumber: ctmsSites.siteNumber,
      siteGroupId: ctmsSites.siteGroupId,
      siteActivatedDate: ctmsSites.siteActivatedDate,
      siteStatus: ctmsSites.siteStatus,
    })
    .from(ctmsSites)
    .where(inArray(ctmsSites.extractId, [...extractIds]))
    .orderBy(asc(ctmsSites.extractId), asc(ctmsSites.siteNumber));
}

/**
 * What actual-milestones reads of each extract, for many extracts at once (the bulk form of listCtmsSites,
 * sumCtmsMonthsByGroup and sumCtmsScreeningBySite, each keyed by extract): sites, counts per site group and month,
 * and per-site screening up to the extract's own as-of day.
 */
export async function listExtractsActuals(db: Db, extractIds: readonly number[]) {
  if (extractIds.length === 0) return { sites: [], months: [], screening: [] };
  const ids = [...extractIds];
  const m = ctmsSiteMonths;
  const [sites, months, screening] = await Promise.all([
    listExtractsSites(db, ids),
    db
      .select({
        extractId: m.extractId,
        siteGroupId: ctmsSites.siteGroupId,
        month: m.month,
        screened: sql<number>`sum(${m.screened})::int`.mapWith(Number),
        enrolled: sql<number>`sum(${m.enrolled})::int`.mapWith(Number),
        completedTreatment: sql<number>`sum(${m.completedTreatment})::int`.mapWith(Number),
        droppedOut: sql<number>`sum(${m.droppedOut})::int`.mapWith(Number),
      })
      .from(m)
      .innerJoin(ctmsSites, eq(ctmsSites.ctmsSiteId, m.ctmsSiteId))
      .where(inArray(m.extractId, ids))
      .groupBy(m.extractId, ctmsSites.siteGroupId, m.month)
      .orderBy(asc(m.month)),
    db
      .select({
        extractId: m.extractId,
        siteNumber: ctmsSites.siteNumber,
        screened: sql<number>`coalesce(sum(${m.screened}), 0)::int`.mapWith(Number),
        lastScreenedMonth: sql<
          string | null
        >`to_char(max(${m.month}) filter (where ${m.screened} > 0), 'YYYY-MM-DD')`,
        lastActiveMonth: sql<
          string | null
        >`to_char(max(${m.month}) filter (where ${m.screened} + ${m.enrolled} + ${m.completedTreatment} + ${m.droppedOut} + ${m.completedFollowUp} > 0), 'YYYY-MM-DD')`,
      })
      .from(m)
      .innerJoin(ctmsSites, eq(ctmsSites.ctmsSiteId, m.ctmsSiteId))
      .innerJoin(ctmsExtracts, eq(ctmsExtracts.extractId, m.extractId))
      .where(
        and(inArray(m.extractId, ids), sql`${m.month} <= (${ctmsExtracts.asOf} at time zone 'UTC')::date`),
      )
      .groupBy(m.extractId, ctmsSites.siteNumber)
      .orderBy(asc(m.extractId), asc(ctmsSites.siteNumber)),
  ]);
  return { sites, months, screening };
}

/** The engine inputs of runs, by run id. */
export async function listRunInputs(db: Db, simRunIds: readonly number[]) {
  if (simRunIds.length === 0) return new Map<number, unknown>();
  const rows = await db
    .select({ simRunId: simulationRuns.simRunId, inputs: simulationRuns.inputs })
    .from(simulationRuns)
    .where(inArray(simulationRuns.simRunId, [...simRunIds]));
  return new Map(rows.map((r) => [r.simRunId, r.inputs]));
}
