import { siteGroupReferenceColumns } from './schema-site-group-columns';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A study (opportunity) identified by its PCN; spec/1 and spec/3 Study fields. */
export const studies = pgTable(
  'studies',
  {
    studyId: serial('study_id').primaryKey(),
    projectId: text('project_id').notNull(),
    studyName: text('study_name').notNull(),
    sponsorName: text('sponsor_name').notNull(),
    opportunityStage: text('opportunity_stage').notNull(),
    proposalVersion: text('proposal_version'),
    proposalDueDate: date('proposal_due_date', { mode: 'string' }),
    therapeuticArea: text('therapeutic_area'),
    therapeuticFranchise: text('therapeutic_franchise'),
    indication: text('indication'),
    investigationalProductName: text('investigational_product_name'),
    phase: text('phase'),
    protocolId: text('protocol_id'),
    protocolTitle: text('protocol_title'),
    proposalBudgeterName: text('proposal_budgeter_name'),
    proposalStrategyName: text('proposal_strategy_name'),
    soeName: text('soe_name'),
    soeDescription: text('soe_description'),
    // Study-list summary of the study's plans and Schedules of Events, kept current by the services that write them
    // (in the same transaction), so the list can filter and sort 10,000 studies without joins.
    enrollmentPlanExists: boolean('enrollment_plan_exists').notNull().default(false),
    soeExists: boolean('soe_exists').notNull().default(false),
    soeCosts: boolean('soe_costs').notNull().default(false),
    soeClinicalInformatics: boolean('soe_clinical_informatics').notNull().default(false),
    soeDataManagement: boolean('soe_data_management').notNull().default(false),
    enrollmentPlanLastUpdate: ts('enrollment_plan_last_update'),
    soeLastUpdate: ts('soe_last_update'),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    // What the search box matches (PCN, sponsor, indication), lower-cased and separated by a control character so a
    // term cannot match across two fields; a trigram index makes "contains" searches fast.
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(project_id || chr(31) || sponsor_name || chr(31) || coalesce(indication, ''))`,
      ),
  },
  (t) => [
    uniqueIndex('studies_project_id_key').on(t.projectId),
    index('studies_search_text_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The list's "contains" column filters (ILIKE) use these.
    index('studies_project_id_trgm').using('gin', sql`${t.projectId} gin_trgm_ops`),
    index('studies_study_name_trgm').using('gin', sql`${t.studyName} gin_trgm_ops`),
    index('studies_sponsor_name_trgm').using('gin', sql`${t.sponsorName} gin_trgm_ops`),
    index('studies_sponsor_idx').on(t.sponsorName),
    index('studies_study_name_idx').on(t.studyName),
    index('studies_plan_update_idx').on(t.enrollmentPlanLastUpdate),
    index('studies_soe_update_idx').on(t.soeLastUpdate),
    index('studies_stage_idx').on(t.opportunityStage),
  ],
);

/** A user's favorite study; the user is identified by email (spec/3 Favorite). */
export const favorites = pgTable(
  'favorites',
  {
    favoriteId: serial('favorite_id').primaryKey(),
    userId: text('user_id').notNull(),
    studyId: integer('study_id')
      .notNull()
      .references(() => studies.studyId, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('favorites_user_study_key').on(t.userId, t.studyId)],
);

/** Links of the landing panel's Quick Links; when empty the web app shows its five defaults. */
export const quickLinks = pgTable('quick_links', {
  quickLinkId: serial('quick_link_id').primaryKey(),
  linkLabel: text('link_label').notNull(),
  linkUrl: text('link_url').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  isDemo: boolean('is_demo').notNull().default(false),
});

/** One row per recorded sign-in (POST /ctpo/study/0/UserLogin). */
export const userLogins = pgTable(
  'user_logins',
  {
    userLoginId: bigserial('user_login_id', { mode: 'number' }).primaryKey(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    userIdClaim: text('user_id_claim').notNull(),
    locale: text('locale').notNull(),
    loggedInAt: ts('logged_in_at').notNull().defaultNow(),
  },
  (t) => [index('user_logins_subject_idx').on(t.issuer, t.subject)],
);

/**
 * Access tokens ended by sign-out before their exp (auth/revocations.ts): the SHA-256 of the token, never the token.
 * Every API process reads the rows revoked since its last look, so a sign-out holds in all of them. Rows past
 * their exp are deleted by later sign-outs.
 */
export const revokedAccessTokens = pgTable(
  'revoked_access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at').notNull().defaultNow(),
  },
  (t) => [index('revoked_access_tokens_revoked_at_idx').on(t.revokedAt)],
);

/** A country; region groups countries for the region charts. */
export const countries = pgTable(
  'countries',
  {
    countryId: serial('country_id').primaryKey(),
    countryName: text('country_name').notNull(),
    countryCodeIso3: text('country_code_iso3').notNull(),
    countryCodeIso2: text('country_code_iso2').notNull(),
    region: text('region').notNull(),
    isEuMember: boolean('is_eu_member').notNull().default(false),
  },
  (t) => [uniqueIndex('countries_iso3_key').on(t.countryCodeIso3)],
);

/** Site-group reference data kept by admins (spec/3 Site group (admin)); day counts are calendar days. */
export const siteGroups = pgTable(
  'site_groups',
  {
    siteGroupId: serial('site_group_id').primaryKey(),
    siteGroupName: text('site_group_name').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.countryId),
    ...siteGroupReferenceColumns(),
    isDemo: boolean('is_demo').notNull().default(false),
    version: integer('version').notNull().default(1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('site_groups_name_key').on(t.siteGroupName),
    index('site_groups_country_idx').on(t.countryId),
  ],
);

/** Default activation profile of a site group: up to 11 points (cumulative sites, days since first activation). */
export const siteGroupActivationProfiles = pgTable(
  'site_group_activation_profiles',
  {
    siteActivationProfileId: serial('site_activation_profile_id').primaryKey(),
    siteGroupId: integer('site_group_id')
      .notNull()
      .references(() => siteGroups.siteGroupId, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    siteActivationProfilePct: doublePrecision('site_activation_profile_pct').notNull(),
    siteActivationProfileDays: integer('site_activation_profile_days').notNull(),
    overrideFl: boolean('override_fl').notNull().default(false),
  },
  (t) => [uniqueIndex('sg_activation_profiles_key').on(t.siteGroupId, t.position)],
);

/** Monthly seasonal enrollment factor of a site group (month 0-11, value 0 to 1). */
export const siteGroupSeasonalVariations = pgTable(
  'site_group_seasonal_variations',
  {
    seasonalEnrollmentVariationId: serial('seasonal_enrollment_variation_id').primaryKey(),
    siteGroupId: integer('site_group_id')
      .notNull()
      .references(() => siteGroups.siteGroupId, { onDelete: 'cascade' }),
    enrollmentSeasonalMonth: smallint('enrollment_seasonal_month').notNull(),
    enrollmentSeasonalVariation: doublePrecision('enrollment_seasonal_variation').notNull(),
  },
  (t) => [uniqueIndex('sg_seasonal_variations_key').on(t.siteGroupId, t.enrollmentSeasonalMonth)],
);

/** A SHA-256 digest, stored as bytea and read as lowercase hex (pg gives a Buffer, PGlite a Uint8Array). */
const hash = customType<{ data: string; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value).toString('hex'),
  toDriver: (value) => Buffer.from(value, 'hex'),
});

/**
 * Append-only, hash-chained record of every write. Migration 0007's triggers refuse UPDATE, DELETE and TRUNCATE,
 * and a BEFORE INSERT trigger assigns audit_id, prev_hash and row_hash under a lock, so no writer can skip the
 * chain (`npm run audit:verify` recomputes it).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    // Assigned by the chain trigger in commit order (0007 drops the column default; bigserial keeps it optional).
    auditId: bigserial('audit_id', { mode: 'number' }).primaryKey(),
    // timestamptz: an absolute instant, presented in UTC.
    occurredAt: ts('occurred_at').notNull().defaultNow(),
    actorIssuer: text('actor_issuer').notNull(),
    actorSubject: text('actor_subject').notNull(),
    actorName: text('actor_name').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    entityVersion: integer('entity_version'),
    action: text('action').notNull(),
    oldValues: jsonb('old_values'),
    newValues: jsonb('new_values'),
    // The study the entity belongs to (the audit viewer filters by it). No foreign key: a study's removal must
    // not touch its audit rows.
    studyId: integer('study_id'),
    // Filled by the chain trigger; the empty default only keeps them optional for writers.
    prevHash: hash('prev_hash')
      .notNull()
      .default(sql`'\\x'::bytea`),
    rowHash: hash('row_hash')
      .notNull()
      .default(sql`'\\x'::bytea`),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_study_idx').on(t.studyId, t.auditId),
  ],
);
