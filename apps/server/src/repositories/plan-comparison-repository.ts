import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { forecastRecords, simulationResultSets, simulationRuns, studyPlans } from '../db/schema';

/**
 * The plans a comparison names, with each one's latest COMPLETED_OK run (null without one). Unknown and deleted
 * plans are absent; the caller checks the study.
 */
export async function findComparedPlans(db: Db | Tx, planIds: readonly number[]) {
  if (planIds.length === 0) return [];
  const latest = db
    .select({ simRunId: simulationRuns.simRunId })
    .from(simulationRuns)
    .where(
      and(eq(simulationRuns.studyPlanId, studyPlans.studyPlanId), eq(simulationRuns.status, 'COMPLETED_OK')),
    )
    .orderBy(desc(simulationRuns.simRunId))
    .limit(1)
    .as('latest');
  return db
    .select({
      studyPlanId: studyPlans.studyPlanId,
      studyId: studyPlans.studyId,
      studyPlanName: studyPlans.studyPlanName,
      studyPlanTypeDetail: studyPlans.studyPlanTypeDetail,
      scenarioStatus: studyPlans.scenarioStatus,
      simRunId: latest.simRunId,
    })
    .from(studyPlans)
    .leftJoinLateral(latest, sql`true`)
    .where(and(inArray(studyPlans.studyPlanId, [...planIds]), isNull(studyPlans.deletedAt)));
}

/** A stored set of the run, by name (inside the run query). */
const setOf = (name: string) =>
  sql<unknown>`(select ${simulationResultSets.payload} from ${simulationResultSets}
    where ${simulationResultSets.simRunId} = ${simulationRuns.simRunId}
      and ${simulationResultSets.setName} = ${name})`;

/**
 * A run's site groups without what a comparison never shows and what can be large (a remodel's actuals, the
 * activation profiles and seasonal factors), so a 40-country remodel input is not sent over whole.
 */
const lightGroups = (groups: SQL) =>
  sql`(select coalesce(jsonb_agg(g - 'actuals' - 'activationProfiles' - 'enrollmentVariations'
    - 'milestoneOverrides' order by ord), '[]'::jsonb) from jsonb_array_elements(${groups}) with ordinality as t(g, ord))`;

/** A combination's other members (`combineWith`), each with its label, plan inputs and light site groups. */
const combinedParts = sql`(select coalesce(jsonb_agg(jsonb_build_object('label', c -> 'label',
    'plan', (c -> 'input' -> 'plan') - 'cohorts', 'siteGroups', ${lightGroups(sql`c -> 'input' -> 'siteGroups'`)})
    order by ord), '[]'::jsonb)
  from jsonb_array_elements(coalesce(${simulationRuns.inputs} -> 'combineWith', '[]'::jsonb)) with ordinality as t(c, ord))`;

/**
 * What a comparison reads of each finished run, in one query: the forecast of record (null for a run stored before
 * records were kept), the summary, timeline and duration tables, and the run's engine input, trimmed to the study
 * inputs and the site groups' own values.
 */
export async function findComparedRuns(db: Db | Tx, simRunIds: readonly number[]) {
  if (simRunIds.length === 0) return [];
  return db
    .select({
      simRunId: simulationRuns.simRunId,
      forecast: forecastRecords.forecast,
      summaryTable: setOf('summaryTable'),
      timelineTable: setOf('timelineTable'),
      durationTable: setOf('durationTable'),
      label: sql<unknown>`${simulationRuns.inputs} -> 'label'`,
      plan: sql<unknown>`(${simulationRuns.inputs} -> 'plan') - 'cohorts'`,
      siteGroups: sql<unknown>`${lightGroups(sql`${simulationRuns.inputs} -> 'siteGroups'`)}`,
      combineWith: sql<unknown>`${combinedParts}`,
    })
    .from(simulationRuns)
    .leftJoin(forecastRecords, eq(forecastRecords.simRunId, simulationRuns.simRunId))
    .where(inArray(simulationRuns.simRunId, [...simRunIds]));
}
