import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { schedulesOfEvents } from './schema-soe';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });
/** File bytes (pg gives a Buffer, PGlite a Uint8Array). */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * An uploaded ePrice workbook (POST /ctpo/files) and what became of it: the job on the queue (soe-eprice-upload)
 * reads the file from here, so the job's data is only this id. Kept as the record of the upload (and the file the
 * BudgetVue outbox hands on).
 */
export const soeEpriceUploads = pgTable(
  'soe_eprice_uploads',
  {
    uploadId: serial('upload_id').primaryKey(),
    soeId: integer('soe_id')
      .notNull()
      .references(() => schedulesOfEvents.soeId, { onDelete: 'cascade' }),
    studyId: integer('study_id').notNull(),
    uploadType: text('upload_type').notNull(),
    fileName: text('file_name').notNull(),
    fileBytes: bytes('file_bytes').notNull(),
    /** The uploader, as the audit log names them (the job writes on their behalf). */
    actorIssuer: text('actor_issuer').notNull(),
    actorSubject: text('actor_subject').notNull(),
    actorName: text('actor_name').notNull(),
    /** The SOE's uploadStatus this upload last set. */
    status: text('status').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('soe_eprice_uploads_soe_idx').on(t.soeId),
    check(
      'soe_eprice_uploads_type_check',
      sql`${t.uploadType} in ('BudgetVue', 'Predict', 'BudgetVue_Predict')`,
    ),
  ],
);

/**
 * ePrice files waiting for the external budgeting system (target BudgetVue or BudgetVue_Predict). None is
 * connected in this product: rows stay unsent (sent_at null) for an integration to pick up.
 */
export const soeBudgetvueOutbox = pgTable(
  'soe_budgetvue_outbox',
  {
    outboxId: serial('outbox_id').primaryKey(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => soeEpriceUploads.uploadId, { onDelete: 'cascade' }),
    soeId: integer('soe_id').notNull(),
    studyId: integer('study_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('soe_budgetvue_outbox_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * Country default assessment costs (reference data, spec/2 section 3): per country (ISO3) and assessment name of
 * the reference list, the min / avg / max cost seen and how many data points they come from, in `currency`.
 */
export const countryDefaultCosts = pgTable(
  'country_default_costs',
  {
    countryCodeIso3: text('country_code_iso3').notNull(),
    assessmentName: text('assessment_name').notNull(),
    currency: text('currency').notNull(),
    costMinCents: cents('cost_min_cents').notNull(),
    costAvgCents: cents('cost_avg_cents').notNull(),
    costMaxCents: cents('cost_max_cents').notNull(),
    countOfDataPoints: integer('count_of_data_points').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.countryCodeIso3, t.assessmentName] }),
    check(
      'country_default_costs_order_check',
      sql`0 <= ${t.costMinCents} and ${t.costMinCents} <= ${t.costAvgCents} and ${t.costAvgCents} <= ${t.costMaxCents}`,
    ),
  ],
);
