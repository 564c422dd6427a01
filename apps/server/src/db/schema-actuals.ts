import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CTMS_EXTRACT_SOURCES } from '@predict/shared';
import { countries, siteGroups, studies } from './schema-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });
const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A study's CTMS extract (design/actuals.md section 1): the sites and their monthly counts as the CTMS had them at
 * as_of. Versioned as a whole: a new load is the next version and the previous ones are kept; readers take the
 * highest version.
 */
export const ctmsExtracts = pgTable(
  'ctms_extracts',
  {
    extractId: serial('extract_id').primaryKey(),
    studyId: integer('study_id')
      .notNull()
      .references(() => studies.studyId, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    asOf: ts('as_of').notNull(),
    source: text('source').notNull(),
    loadedByIssuer: text('loaded_by_issuer').notNull(),
    loadedBySubject: text('loaded_by_subject').notNull(),
    loadedBy: text('loaded_by').notNull(),
    loadedAt: ts('loaded_at').notNull().defaultNow(),
    siteCount: integer('site_count').notNull(),
    siteMonthCount: integer('site_month_count').notNull(),
  },
  (t) => [
    // Two loads racing for one study: the second insert fails here instead of sharing a version.
    uniqueIndex('ctms_extracts_study_version_key').on(t.studyId, t.version),
    check('ctms_extracts_source_check', sql`${t.source} in (${list(CTMS_EXTRACT_SOURCES)})`),
  ],
);

/** A site of an extract; site_group_id is derived from the country and Central / Local when loaded. */
export const ctmsSites = pgTable(
  'ctms_sites',
  {
    ctmsSiteId: serial('ctms_site_id').primaryKey(),
    extractId: integer('extract_id')
      .notNull()
      .references(() => ctmsExtracts.extractId, { onDelete: 'cascade' }),
    siteNumber: text('site_number').notNull(),
    piName: text('pi_name'),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.countryId),
    siteGroupId: integer('site_group_id')
      .notNull()
      .references(() => siteGroups.siteGroupId),
    centralLocal: text('central_local'),
    siteSelectedDate: day('site_selected_date'),
    siteActivatedDate: day('site_activated_date'),
    siteActivationForecastDate: day('site_activation_forecast_date'),
    siteStatus: text('site_status').notNull(),
    contractStatus: text('contract_status'),
    currency: text('currency'),
  },
  (t) => [
    uniqueIndex('ctms_sites_extract_number_key').on(t.extractId, t.siteNumber),
    check('ctms_sites_central_local_check', sql`${t.centralLocal} in ('Central', 'Local')`),
    check(
      'ctms_sites_dates_check',
      sql`${t.siteActivatedDate} is null or ${t.siteSelectedDate} is null or ${t.siteActivatedDate} >= ${t.siteSelectedDate}`,
    ),
  ],
);

/** A site's counts in one calendar month (month = its first day). */
export const ctmsSiteMonths = pgTable(
  'ctms_site_months',
  {
    extractId: integer('extract_id')
      .notNull()
      .references(() => ctmsExtracts.extractId, { onDelete: 'cascade' }),
    ctmsSiteId: integer('ctms_site_id')
      .notNull()
      .references(() => ctmsSites.ctmsSiteId, { onDelete: 'cascade' }),
    month: day('month').notNull(),
    screened: integer('screened').notNull(),
    enrolled: integer('enrolled').notNull(),
    completedTreatment: integer('completed_treatment').notNull(),
    droppedOut: integer('dropped_out').notNull(),
    completedFollowUp: integer('completed_follow_up').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ctmsSiteId, t.month] }),
    index('ctms_site_months_extract_idx').on(t.extractId),
    check(
      'ctms_site_months_counts_check',
      sql`${t.screened} >= 0 and ${t.enrolled} >= 0 and ${t.completedTreatment} >= 0 and ${t.droppedOut} >= 0 and ${t.completedFollowUp} >= 0`,
    ),
  ],
);
