import type { SoeIntervalType, VisitCategory } from '@predict/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { studies } from './schema-core';
import { studyPlans } from './schema-plans';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });
/** Money in integer minor units (cents) of the level's currency; up to 8 digits and 2 decimals fit a bigint. */
const cents = (name: string) => bigint(name, { mode: 'number' });
const dec = (name: string, precision: number, scale: number) =>
  numeric(name, { precision, scale, mode: 'number' });
const soeRef = () =>
  integer('soe_id')
    .notNull()
    .references(() => schedulesOfEvents.soeId, { onDelete: 'cascade' });

/**
 * A Schedule of Events (spec/2 section 3). Deletion is soft (deleted_at), like plans; the rows below an SOE stay with
 * it. `version` is what a save names (409 when stale). The study list's SOE summary columns (studies.soe_*) are kept
 * current by the services that write SOEs.
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
    visitIntervalType: text('visit_interval_type').$type<SoeIntervalType>().notNull().default('Day'),
    visitWindowIntervalType: text('visit_window_interval_type').notNull().default('Day'),
    cdaReviewPctTime: dec('cda_review_pct_time', 5, 2).notNull().default(0),
    assessorName: text('assessor_name'),
    addlTimeOnSitePct: dec('addl_time_on_site_pct', 5, 2),
    estActivatedNonEnrollingSitesPct: dec('est_activated_non_enrolling_sites_pct', 5, 2),
    reqAdminImvNonEnrollingSites: text('req_admin_imv_non_enrolling_sites'),
    subjectReportingAvgFrequency: text('subject_reporting_avg_frequency'),
    subjectReportingHoursToGenerate: dec('subject_reporting_hours_to_generate', 5, 2),
    studyReportingAvgFrequency: text('study_reporting_avg_frequency'),
    studyReportingHoursToGenerate: dec('study_reporting_hours_to_generate', 5, 2),
    studyAdhocReview: dec('study_adhoc_review', 5, 2),
    protocolVersion: text('protocol_version'),
    protocolDate: day('protocol_date'),
    currency: text('currency').notNull().default('USD'),
    uploadStatus: text('upload_status'),
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
    // Two creates racing for one name: the second insert fails here (the service checks first, with the message).
    uniqueIndex('schedules_of_events_study_name_key')
      .on(t.studyId, sql`lower(btrim(${t.soeName}))`)
      .where(sql`${t.deletedAt} is null`),
    index('schedules_of_events_plan_idx').on(t.studyPlanId),
    check('schedules_of_events_status_check', sql`${t.status} in ('Draft', 'Final')`),
  ],
);

/** A visit (study level): the visit list and its study-level overhead % and cost. Position = visit_sort_order. */
export const soeVisits = pgTable(
  'soe_visits',
  {
    visitId: serial('visit_id').primaryKey(),
    soeId: soeRef(),
    visitName: text('visit_name').notNull(),
    visitCategory: text('visit_category').$type<VisitCategory>().notNull(),
    visitStudyDay: integer('visit_study_day'),
    visitVarianceType: text('visit_variance_type').notNull().default('none'),
    visitVariance: integer('visit_variance'),
    visitIntervalType: text('visit_interval_type').$type<SoeIntervalType>().notNull().default('Day'),
    visitSortOrder: integer('visit_sort_order').notNull(),
    visitOverheadPct: dec('visit_overhead_pct', 5, 2),
    visitCostCents: cents('visit_cost_cents'),
    commentsVisit: text('comments_visit'),
    commentsCost: text('comments_cost'),
    commentsClinicalStrategy: text('comments_clinical_strategy'),
    commentsDataManagement: text('comments_data_management'),
    miEstSdrSdv: dec('mi_est_sdr_sdv', 8, 2),
    miSampleVisit: smallint('mi_sample_visit').notNull().default(0),
    miSuggestedOnSiteSdrSdv: dec('mi_suggested_on_site_sdr_sdv', 8, 2),
    miSuggestedCdaReview: dec('mi_suggested_cda_review', 8, 2),
    miEstCdaReportFrequency: dec('mi_est_cda_report_frequency', 8, 2),
    dmUniqueCrfs: dec('dm_unique_crfs', 8, 2),
    dmNonUniqueCrfs: dec('dm_non_unique_crfs', 8, 2),
    dmIntegratedEpro: dec('dm_integrated_epro', 8, 2),
    dmPaperEpro: dec('dm_paper_epro', 8, 2),
    dmCentralLab: dec('dm_central_lab', 8, 2),
    dmLocalLab: dec('dm_local_lab', 8, 2),
  },
  (t) => [index('soe_visits_soe_idx').on(t.soeId, t.visitSortOrder)],
);

/** An assessment (study level) with its study-level cost; site-cost types are site fees, not grid rows. */
export const soeAssessments = pgTable(
  'soe_assessments',
  {
    assessmentId: serial('assessment_id').primaryKey(),
    soeId: soeRef(),
    assessmentType: text('assessment_type').notNull(),
    assessmentName: text('assessment_name').notNull(),
    assessmentNameMapping: text('assessment_name_mapping'),
    assessmentCostCents: cents('assessment_cost_cents').notNull().default(0),
    overhead: smallint('overhead').notNull().default(0),
    exclude: smallint('exclude').notNull().default(0),
    ipAdministered: smallint('ip_administered').notNull().default(0),
    assessmentSortOrder: integer('assessment_sort_order').notNull(),
    commentsAssessment: text('comments_assessment'),
    commentsCost: text('comments_cost'),
    commentsClinicalStrategy: text('comments_clinical_strategy'),
    commentsDataManagement: text('comments_data_management'),
  },
  (t) => [index('soe_assessments_soe_idx').on(t.soeId, t.assessmentSortOrder)],
);

/** A ticked grid cell (visit x assessment); unticked cells have no row. */
export const soeMapping = pgTable(
  'soe_mapping',
  {
    soeId: soeRef(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => soeVisits.visitId, { onDelete: 'cascade' }),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => soeAssessments.assessmentId, { onDelete: 'cascade' }),
    multiplier: dec('multiplier', 5, 2).notNull().default(1),
    uniqueNonUniqueForm: text('unique_non_unique_form'),
  },
  (t) => [
    primaryKey({ columns: [t.visitId, t.assessmentId] }),
    index('soe_mapping_soe_idx').on(t.soeId),
    index('soe_mapping_assessment_idx').on(t.assessmentId),
    // 0 is a ticked cell whose multiplier text was not a number (spec/2 section 5: "0 if invalid").
    check('soe_mapping_multiplier_check', sql`${t.multiplier} >= 0 and ${t.multiplier} <= 100`),
    check('soe_mapping_unique_check', sql`${t.uniqueNonUniqueForm} in ('U', 'N')`),
  ],
);

/** A visit's own values at a country (site_id 1) or site; null = inherited from the level above. */
export const soeVisitLevels = pgTable(
  'soe_visit_levels',
  {
    soeId: soeRef(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => soeVisits.visitId, { onDelete: 'cascade' }),
    siteGroupId: integer('site_group_id').notNull(),
    siteId: integer('site_id').notNull(),
    visitOverheadPct: dec('visit_overhead_pct', 5, 2),
    visitCostCents: cents('visit_cost_cents'),
    visitCostTotalCents: cents('visit_cost_total_cents'),
  },
  (t) => [
    primaryKey({ columns: [t.visitId, t.siteGroupId, t.siteId] }),
    index('soe_visit_levels_soe_idx').on(t.soeId, t.siteGroupId, t.siteId),
  ],
);

/** An assessment's own cost at a country (site_id 1) or site. */
export const soeAssessmentLevels = pgTable(
  'soe_assessment_levels',
  {
    soeId: soeRef(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => soeAssessments.assessmentId, { onDelete: 'cascade' }),
    siteGroupId: integer('site_group_id').notNull(),
    siteId: integer('site_id').notNull(),
    assessmentCostCents: cents('assessment_cost_cents'),
  },
  (t) => [
    primaryKey({ columns: [t.assessmentId, t.siteGroupId, t.siteId] }),
    index('soe_assessment_levels_soe_idx').on(t.soeId, t.siteGroupId, t.siteId),
  ],
);

/** A country's or site's own currency, exchange rate (units per 1 SOE currency) and contract effective date. */
export const soeLevelSettings = pgTable(
  'soe_level_settings',
  {
    soeId: soeRef(),
    siteGroupId: integer('site_group_id').notNull(),
    siteId: integer('site_id').notNull(),
    currency: text('currency'),
    exchangeRate: dec('exchange_rate', 14, 4),
    siteContractEffectiveDate: day('site_contract_effective_date'),
  },
  (t) => [
    primaryKey({ columns: [t.soeId, t.siteGroupId, t.siteId] }),
    check('soe_level_settings_rate_check', sql`${t.exchangeRate} is null or ${t.exchangeRate} > 0`),
  ],
);

/**
 * A site of the study that the SOE's site picker offers (REFRESH SITE LIST: Fully Executed contracts). site_id is
 * the SOE's own number for the site (2 and up; 1 is the country level), kept across refreshes by site number.
 */
export const soeSites = pgTable(
  'soe_sites',
  {
    soeId: soeRef(),
    siteId: integer('site_id').notNull(),
    siteGroupId: integer('site_group_id').notNull(),
    siteNumber: text('site_number').notNull(),
    piName: text('pi_name'),
    currency: text('currency'),
  },
  (t) => [
    primaryKey({ columns: [t.soeId, t.siteId] }),
    uniqueIndex('soe_sites_number_key').on(t.soeId, t.siteNumber),
    check('soe_sites_site_id_check', sql`${t.siteId} > 1`),
  ],
);

/** A row of the Initial Risk Assessment table (created with the SOE from RISK_ASSESSMENT_CATEGORIES). */
export const soeRiskAssessments = pgTable(
  'soe_risk_assessments',
  {
    riskAssessmentId: serial('risk_assessment_id').primaryKey(),
    soeId: soeRef(),
    sortOrder: integer('sort_order').notNull(),
    category: text('category').notNull(),
    studySpecifics: text('study_specifics'),
    riskScore: dec('risk_score', 2, 1),
    low: text('low').notNull(),
    moderate: text('moderate').notNull(),
    high: text('high').notNull(),
  },
  (t) => [
    index('soe_risk_assessments_soe_idx').on(t.soeId, t.sortOrder),
    check('soe_risk_assessments_score_check', sql`${t.riskScore} is null or ${t.riskScore} between 0 and 3`),
  ],
);

/** A note of a visit sampling strategy row (the row itself is fixed: SAMPLING_TABLES). */
export const soeSamplingNotes = pgTable(
  'soe_sampling_notes',
  {
    soeId: soeRef(),
    tableSort: integer('table_sort').notNull(),
    rowSort: integer('row_sort').notNull(),
    notes: text('notes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.soeId, t.tableSort, t.rowSort] })],
);

/** The assessment-name reference list (spec/2 section 3), loaded from a data file when the server starts. */
export const assessmentNames = pgTable(
  'assessment_names',
  {
    assessmentNameId: serial('assessment_name_id').primaryKey(),
    assessmentName: text('assessment_name').notNull(),
    assessmentType: text('assessment_type').notNull(),
  },
  (t) => [
    uniqueIndex('assessment_names_name_key').on(t.assessmentName),
    // Prefix search ignores case.
    index('assessment_names_lower_idx').on(sql`lower(${t.assessmentName}) text_pattern_ops`),
  ],
);
