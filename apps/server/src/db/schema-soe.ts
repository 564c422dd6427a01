import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { studies } from './schema-core';
import { studyPlans } from './schema-plans';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A Schedule of Events (spec/2 section 3). Only the fields the study's SOE table needs for now; the editor's fields
 * (visits, assessments, currency, review settings) come with the SOE editor. Deletion is soft (deleted_at), like
 * plans. The study list's SOE summary columns (studies.soe_*) are kept current by the services that write SOEs.
 */
export const schedulesOfEvents = pgTable(
  'schedules_of_events',
  {
    soeId: serial('soe_id').primaryKey(),
    studyId: integer('study_id')
      .notNull()
      .references(() => studies.studyId, { onDelete: 'cascade' }),
    soeName: text('soe_name').notNull(),
    soeDescr: text('soe_descr').notNull(),
    status: text('status').notNull().default('Draft'),
    version: integer('version').notNull().default(1),
    // The linked enrollment plan; plans are deleted softly, a hard delete only unlinks.
    studyPlanId: integer('study_plan_id').references(() => studyPlans.studyPlanId, { onDelete: 'set null' }),
    hasCostDetails: boolean('has_cost_details').notNull().default(false),
    hasClinicalStrategyDetails: boolean('has_clinical_strategy_details').notNull().default(false),
    hasDataManagementDetails: boolean('has_data_management_details').notNull().default(false),
    // The creator's key (issuer + subject) decides who may delete; insertBy is the name shown.
    createdByIssuer: text('created_by_issuer').notNull(),
    createdBySubject: text('created_by_subject').notNull(),
    insertBy: text('insert_by').notNull(),
    insertDate: ts('insert_date').notNull().defaultNow(),
    updateBy: text('update_by').notNull(),
    updateDate: ts('update_date').notNull().defaultNow(),
    rowVersion: integer('row_version').notNull().default(1),
    deletedAt: ts('deleted_at'),
    deletedBy: text('deleted_by'),
  },
  (t) => [
    // The study's SOE table reads only live SOEs.
    index('schedules_of_events_study_idx')
      .on(t.studyId, t.updateDate)
      .where(sql`${t.deletedAt} is null`),
    index('schedules_of_events_plan_idx').on(t.studyPlanId),
    check('schedules_of_events_status_check', sql`${t.status} in ('Draft', 'Final')`),
  ],
);
