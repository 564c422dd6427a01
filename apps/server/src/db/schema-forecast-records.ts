import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ctmsExtracts } from './schema-actuals';
import { studies } from './schema-core';
import { studyPlans } from './schema-plans';
import { simulationRuns } from './schema-runs';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A forecast of record (issue 24): what one COMPLETED_OK run forecast, written in the transaction that finishes the
 * run and never changed afterwards, except for the baseline flag. The plan's version is identified by the content
 * hash of the run's engine input (inputs_hash): the input is frozen when the run is requested, so the hash is exact
 * even when the plan changes while the run is under way; plan_version (studyPlanVersion when the run finished) is
 * kept beside it for people.
 */
export const forecastRecords = pgTable(
  'forecast_records',
  {
    forecastRecordId: serial('forecast_record_id').primaryKey(),
    simRunId: integer('sim_run_id')
      .notNull()
      .references(() => simulationRuns.simRunId, { onDelete: 'cascade' }),
    studyPlanId: integer('study_plan_id')
      .notNull()
      .references(() => studyPlans.studyPlanId, { onDelete: 'cascade' }),
    studyId: integer('study_id')
      .notNull()
      .references(() => studies.studyId, { onDelete: 'cascade' }),
    planVersion: integer('plan_version').notNull(),
    inputsHash: text('inputs_hash').notNull(),
    studyPlanTypeDetail: text('study_plan_type_detail').notNull(),
    scenarioStatus: text('scenario_status').notNull(),
    /** The run's uncertainty settings (simulation_runs.uncertainty), copied so the record stands on its own. */
    uncertainty: jsonb('uncertainty'),
    /** Remodel runs: the extract they re-forecast from (plan_remodels), its version and as-of time. */
    extractId: integer('extract_id').references(() => ctmsExtracts.extractId, { onDelete: 'set null' }),
    extractVersion: integer('extract_version'),
    asOf: ts('as_of'),
    engineVersion: text('engine_version').notNull(),
    /** ForecastOfRecord (packages/shared). */
    forecast: jsonb('forecast').notNull(),
    /** The plan's locked baseline of record: set when the plan becomes Baseline Plan, at most one per plan. */
    isBaseline: boolean('is_baseline').notNull().default(false),
    baselinedAt: ts('baselined_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('forecast_records_run_key').on(t.simRunId),
    index('forecast_records_plan_idx').on(t.studyPlanId, t.forecastRecordId),
    index('forecast_records_study_idx').on(t.studyId),
    uniqueIndex('forecast_records_plan_baseline_key')
      .on(t.studyPlanId)
      .where(sql`${t.isBaseline}`),
  ],
);
