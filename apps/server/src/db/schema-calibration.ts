import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const CALIBRATION_VERSION_STATUSES = ['fitted', 'approved', 'superseded'] as const;
export const CALIBRATION_FIT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A calibration version (issue 24 part 3): uncertainty settings fitted to the organisation's completed studies,
 * with the studies it used and its cross-validated figures. Never changed after the fit except for its status:
 * an admin approves one (the previous approved one becomes superseded), and new runs use the approved one.
 */
export const calibrationVersions = pgTable(
  'calibration_versions',
  {
    calibrationVersionId: serial('calibration_version_id').primaryKey(),
    /** N of "Calibration version N": unique and increasing. */
    version: integer('version').notNull(),
    status: text('status').notNull().default('fitted'),
    /** CalibrationFittedSettings (packages/shared): each estimated setting with its standard error. */
    settings: jsonb('settings').notNull(),
    /** Ids of the studies the fit used. */
    studyIds: jsonb('study_ids').notNull(),
    /** CalibrationCrossValidation (packages/shared): cross-validated coverage of current vs fitted settings. */
    figures: jsonb('figures').notNull(),
    createdByIssuer: text('created_by_issuer').notNull(),
    createdBySubject: text('created_by_subject').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    approvedBy: text('approved_by'),
    approvedAt: ts('approved_at'),
  },
  (t) => [
    uniqueIndex('calibration_versions_version_key').on(t.version),
    // At most one approved version: the one new runs use.
    uniqueIndex('calibration_versions_approved_key')
      .on(t.status)
      .where(sql`${t.status} = 'approved'`),
    check('calibration_versions_status_check', sql`${t.status} in (${list(CALIBRATION_VERSION_STATUSES)})`),
  ],
);

/**
 * A fit job (POST /ctpo/admin/calibration/fits) and its progress, in the database so that any API process can
 * answer its status whichever worker process runs it. A finished fit names the version it made.
 */
export const calibrationFits = pgTable(
  'calibration_fits',
  {
    fitId: serial('fit_id').primaryKey(),
    status: text('status').notNull().default('queued'),
    /** 0 to 1, with the step's label ("Reading 12 studies", "Fitting", "Cross-validating 3 of 5"). */
    progress: doublePrecision('progress').notNull().default(0),
    step: text('step').notNull().default('Queued'),
    /** Why the fit failed. */
    message: text('message'),
    /** Completed studies counted when the fit was requested. */
    studies: integer('studies').notNull(),
    version: integer('version'),
    jobId: text('job_id'),
    requestedByIssuer: text('requested_by_issuer').notNull(),
    requestedBySubject: text('requested_by_subject').notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [check('calibration_fits_status_check', sql`${t.status} in (${list(CALIBRATION_FIT_STATUSES)})`)],
);
