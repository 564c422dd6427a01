CREATE TABLE "assessment_names" (
	"assessment_name_id" serial PRIMARY KEY NOT NULL,
	"assessment_name" text NOT NULL,
	"assessment_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "soe_assessment_levels" (
	"soe_id" integer NOT NULL,
	"assessment_id" integer NOT NULL,
	"site_group_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"assessment_cost_cents" bigint,
	CONSTRAINT "soe_assessment_levels_assessment_id_site_group_id_site_id_pk" PRIMARY KEY("assessment_id","site_group_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "soe_assessments" (
	"assessment_id" serial PRIMARY KEY NOT NULL,
	"soe_id" integer NOT NULL,
	"assessment_type" text NOT NULL,
	"assessment_name" text NOT NULL,
	"assessment_name_mapping" text,
	"assessment_cost_cents" bigint DEFAULT 0 NOT NULL,
	"overhead" smallint DEFAULT 0 NOT NULL,
	"exclude" smallint DEFAULT 0 NOT NULL,
	"ip_administered" smallint DEFAULT 0 NOT NULL,
	"assessment_sort_order" integer NOT NULL,
	"comments_assessment" text,
	"comments_cost" text,
	"comments_clinical_strategy" text,
	"comments_data_management" text
);
--> statement-breakpoint
CREATE TABLE "soe_level_settings" (
	"soe_id" integer NOT NULL,
	"site_group_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"currency" text,
	"exchange_rate" numeric(14, 4),
	"site_contract_effective_date" date,
	CONSTRAINT "soe_level_settings_soe_id_site_group_id_site_id_pk" PRIMARY KEY("soe_id","site_group_id","site_id"),
	CONSTRAINT "soe_level_settings_rate_check" CHECK ("soe_level_settings"."exchange_rate" is null or "soe_level_settings"."exchange_rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "soe_mapping" (
	"soe_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"assessment_id" integer NOT NULL,
	"multiplier" numeric(5, 2) DEFAULT 1 NOT NULL,
	"unique_non_unique_form" text,
	CONSTRAINT "soe_mapping_visit_id_assessment_id_pk" PRIMARY KEY("visit_id","assessment_id"),
	CONSTRAINT "soe_mapping_multiplier_check" CHECK ("soe_mapping"."multiplier" > 0 and "soe_mapping"."multiplier" <= 100),
	CONSTRAINT "soe_mapping_unique_check" CHECK ("soe_mapping"."unique_non_unique_form" in ('U', 'N'))
);
--> statement-breakpoint
CREATE TABLE "soe_risk_assessments" (
	"risk_assessment_id" serial PRIMARY KEY NOT NULL,
	"soe_id" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"category" text NOT NULL,
	"study_specifics" text,
	"risk_score" numeric(2, 1),
	"low" text NOT NULL,
	"moderate" text NOT NULL,
	"high" text NOT NULL,
	CONSTRAINT "soe_risk_assessments_score_check" CHECK ("soe_risk_assessments"."risk_score" is null or "soe_risk_assessments"."risk_score" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "soe_sampling_notes" (
	"soe_id" integer NOT NULL,
	"table_sort" integer NOT NULL,
	"row_sort" integer NOT NULL,
	"notes" text NOT NULL,
	CONSTRAINT "soe_sampling_notes_soe_id_table_sort_row_sort_pk" PRIMARY KEY("soe_id","table_sort","row_sort")
);
--> statement-breakpoint
CREATE TABLE "soe_sites" (
	"soe_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"site_group_id" integer NOT NULL,
	"site_number" text NOT NULL,
	"pi_name" text,
	"currency" text,
	CONSTRAINT "soe_sites_soe_id_site_id_pk" PRIMARY KEY("soe_id","site_id"),
	CONSTRAINT "soe_sites_site_id_check" CHECK ("soe_sites"."site_id" > 1)
);
--> statement-breakpoint
CREATE TABLE "soe_visit_levels" (
	"soe_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"site_group_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"visit_overhead_pct" numeric(5, 2),
	"visit_cost_cents" bigint,
	"visit_cost_total_cents" bigint,
	CONSTRAINT "soe_visit_levels_visit_id_site_group_id_site_id_pk" PRIMARY KEY("visit_id","site_group_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "soe_visits" (
	"visit_id" serial PRIMARY KEY NOT NULL,
	"soe_id" integer NOT NULL,
	"visit_name" text NOT NULL,
	"visit_category" text NOT NULL,
	"visit_study_day" integer,
	"visit_variance_type" text DEFAULT 'none' NOT NULL,
	"visit_variance" integer,
	"visit_interval_type" text DEFAULT 'Day' NOT NULL,
	"visit_sort_order" integer NOT NULL,
	"visit_overhead_pct" numeric(5, 2),
	"visit_cost_cents" bigint,
	"comments_visit" text,
	"comments_cost" text,
	"comments_clinical_strategy" text,
	"comments_data_management" text,
	"mi_est_sdr_sdv" numeric(8, 2),
	"mi_sample_visit" smallint DEFAULT 0 NOT NULL,
	"mi_suggested_on_site_sdr_sdv" numeric(8, 2),
	"mi_suggested_cda_review" numeric(8, 2),
	"mi_est_cda_report_frequency" numeric(8, 2),
	"dm_unique_crfs" numeric(8, 2),
	"dm_non_unique_crfs" numeric(8, 2),
	"dm_integrated_epro" numeric(8, 2),
	"dm_paper_epro" numeric(8, 2),
	"dm_central_lab" numeric(8, 2),
	"dm_local_lab" numeric(8, 2)
);
--> statement-breakpoint
ALTER TABLE "schedules_of_events" ADD COLUMN "visit_interval_type" text DEFAULT 'Day' NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules_of_events" ADD COLUMN "visit_window_interval_type" text DEFAULT 'Day' NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules_of_events" ADD COLUMN "cda_review_pct_time" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules_of_events" ADD COLUMN "assessor_name" text;--> statement-breakpoint
ALTER TABLE "schedules_of_events" ADD COLUMN "addl_time_on_site_pct" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "schedules_of_events" ADD COLUMN "est_activated_non_enrolling_sites_pct" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "schedules_of_events" ADD COLUMN "req_admin_imv_non_enrolling_sites" text;--> statement-breakpoint
ALTER TABLE "schedules_of_events" ADD COLUMN "subject_reporting_avg_frequency" text;--> statement-breakpoint
ALTER TABLE "schedules_of_events" ADD COLUMN "subject_reporting_hours_to_generate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "schedules_of_events" ADD COLUMN "study_reporting_avg_frequency" text;--> statement-breakpoint
ALTER TABLE "schedules_of_events" ADD COLUMN "study_reporting_hours_to_generate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "schedules_of_events" ADD COLUMN "study_adhoc_review" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "schedules_of_events" ADD COLUMN "protocol_version" text;--> statement-breakpoint
ALTER TABLE "schedules_of_events" ADD COLUMN "protocol_date" date;--> statement-breakpoint
ALTER TABLE "schedules_of_events" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules_of_events" ADD COLUMN "upload_status" text;--> statement-breakpoint
ALTER TABLE "soe_assessment_levels" ADD CONSTRAINT "soe_assessment_levels_soe_id_schedules_of_events_soe_id_fk" FOREIGN KEY ("soe_id") REFERENCES "public"."schedules_of_events"("soe_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soe_assessment_levels" ADD CONSTRAINT "soe_assessment_levels_assessment_id_soe_assessments_assessment_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."soe_assessments"("assessment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soe_assessments" ADD CONSTRAINT "soe_assessments_soe_id_schedules_of_events_soe_id_fk" FOREIGN KEY ("soe_id") REFERENCES "public"."schedules_of_events"("soe_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soe_level_settings" ADD CONSTRAINT "soe_level_settings_soe_id_schedules_of_events_soe_id_fk" FOREIGN KEY ("soe_id") REFERENCES "public"."schedules_of_events"("soe_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soe_mapping" ADD CONSTRAINT "soe_mapping_soe_id_schedules_of_events_soe_id_fk" FOREIGN KEY ("soe_id") REFERENCES "public"."schedules_of_events"("soe_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soe_mapping" ADD CONSTRAINT "soe_mapping_visit_id_soe_visits_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."soe_visits"("visit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soe_mapping" ADD CONSTRAINT "soe_mapping_assessment_id_soe_assessments_assessment_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."soe_assessments"("assessment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soe_risk_assessments" ADD CONSTRAINT "soe_risk_assessments_soe_id_schedules_of_events_soe_id_fk" FOREIGN KEY ("soe_id") REFERENCES "public"."schedules_of_events"("soe_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soe_sampling_notes" ADD CONSTRAINT "soe_sampling_notes_soe_id_schedules_of_events_soe_id_fk" FOREIGN KEY ("soe_id") REFERENCES "public"."schedules_of_events"("soe_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soe_sites" ADD CONSTRAINT "soe_sites_soe_id_schedules_of_events_soe_id_fk" FOREIGN KEY ("soe_id") REFERENCES "public"."schedules_of_events"("soe_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soe_visit_levels" ADD CONSTRAINT "soe_visit_levels_soe_id_schedules_of_events_soe_id_fk" FOREIGN KEY ("soe_id") REFERENCES "public"."schedules_of_events"("soe_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soe_visit_levels" ADD CONSTRAINT "soe_visit_levels_visit_id_soe_visits_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."soe_visits"("visit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soe_visits" ADD CONSTRAINT "soe_visits_soe_id_schedules_of_events_soe_id_fk" FOREIGN KEY ("soe_id") REFERENCES "public"."schedules_of_events"("soe_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_names_name_key" ON "assessment_names" USING btree ("assessment_name");--> statement-breakpoint
CREATE INDEX "assessment_names_lower_idx" ON "assessment_names" USING btree (lower("assessment_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "soe_assessment_levels_soe_idx" ON "soe_assessment_levels" USING btree ("soe_id","site_group_id","site_id");--> statement-breakpoint
CREATE INDEX "soe_assessments_soe_idx" ON "soe_assessments" USING btree ("soe_id","assessment_sort_order");--> statement-breakpoint
CREATE INDEX "soe_mapping_soe_idx" ON "soe_mapping" USING btree ("soe_id");--> statement-breakpoint
CREATE INDEX "soe_mapping_assessment_idx" ON "soe_mapping" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "soe_risk_assessments_soe_idx" ON "soe_risk_assessments" USING btree ("soe_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "soe_sites_number_key" ON "soe_sites" USING btree ("soe_id","site_number");--> statement-breakpoint
CREATE INDEX "soe_visit_levels_soe_idx" ON "soe_visit_levels" USING btree ("soe_id","site_group_id","site_id");--> statement-breakpoint
CREATE INDEX "soe_visits_soe_idx" ON "soe_visits" USING btree ("soe_id","visit_sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_of_events_study_name_key" ON "schedules_of_events" USING btree ("study_id",lower(btrim("soe_name"))) WHERE "schedules_of_events"."deleted_at" is null;