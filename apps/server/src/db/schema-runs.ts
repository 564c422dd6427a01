import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ACTIVE_RUN_STATUSES, SIM_RUN_STATUSES } from '@predict/shared';
import { studyPlans } from './schema-plans';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A simulation run of a plan (spec/1 section 4 "Simulation run"). The inputs are the engine input exactly as it was
 * built at request time, with the seed and engine version, so a run can be reproduced and audited after the plan
 * has changed.
 */
export const simulationRuns = pgTable(
  'simulation_runs',
  {
    simRunId: serial('sim_run_id').primaryKey(),
    studyPlanId: integer('study_plan_id')
      .notNull()
      .references(() => studyPlans.studyPlanId, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    message: text('message'),
    detail: text('detail'),
    seed: integer('seed').notNull(),
    /** Monte Carlo replications of the run (design section 7: 2,000 by default). */
    replications: integer('replications').notNull().default(2000),
    engineVersion: text('engine_version').notNull(),
    /** The pg-boss job that executes the run; the stuck-run sweep asks the queue about it. */
    jobId: text('job_id'),
    inputs: jsonb('inputs').notNull(),
    /**
     * The uncertainty settings the finished run's forecast used (the engine's forecast.uncertainty: defaults filled
     * in, and a remodel's estimated spread); null before the run finished, without a Monte Carlo, and for runs
     * stored before it was kept.
     */
    uncertainty: jsonb('uncertainty'),
    /** The calibration version whose fitted settings the run used (calibration_versions.version); null: the plan's own. */
    calibrationVersion: integer('calibration_version'),
    requestedByIssuer: text('requested_by_issuer').notNull(),
    requestedBySubject: text('requested_by_subject').notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('simulation_runs_plan_idx').on(t.studyPlanId, t.simRunId),
    // Two requests racing for one plan: the second insert fails here and gets the first run instead.
    uniqueIndex('simulation_runs_active_key')
      .on(t.studyPlanId)
      .where(sql`${t.status} in (${list(ACTIVE_RUN_STATUSES)})`),
    check('simulation_runs_status_check', sql`${t.status} in (${list(SIM_RUN_STATUSES)})`),
  ],
);

/**
 * The result sets of a finished run (simulation-model.md section 9), one row per set keyed by its name (e.g.
 * 'enrollment-summary'). Stored once, in the transaction that marks the run COMPLETED_OK, so a reader never sees a
 * partial set list.
 */
export const simulationResultSets = pgTable(
  'simulation_result_sets',
  {
    simRunId: integer('sim_run_id')
      .notNull()
      .references(() => simulationRuns.simRunId, { onDelete: 'cascade' }),
    setName: text('set_name').notNull(),
    payload: jsonb('payload').notNull(),
  },
  (t) => [primaryKey({ columns: [t.simRunId, t.setName] })],
);
