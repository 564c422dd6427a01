import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { ctmsExtracts } from './schema-actuals';
import { studyPlans } from './schema-plans';

/**
 * What a Remodel (R)/(D) plan re-forecasts from (design/actuals.md section 4): the CTMS extract whose per-group
 * actuals it uses and the form's go-forward choices per site group (the engine's remodel `groups`). Kept beside the
 * plan so a run (and a re-run after a newer extract) uses the extract the remodel was made from.
 */
export const planRemodels = pgTable('plan_remodels', {
  studyPlanId: integer('study_plan_id')
    .primaryKey()
    .references(() => studyPlans.studyPlanId, { onDelete: 'cascade' }),
  extractId: integer('extract_id')
    .notNull()
    .references(() => ctmsExtracts.extractId, { onDelete: 'cascade' }),
  /** RemodelGroupChoice[] (engine), one per kept site group. */
  groups: jsonb('groups').notNull(),
  /** The form's re-model patient figures { screened, enrolled, completed } (the remodel's targets). */
  targets: jsonb('targets'),
});
