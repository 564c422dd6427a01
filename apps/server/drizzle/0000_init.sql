CREATE TABLE "audit_log" (
	"audit_id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_issuer" text NOT NULL,
	"actor_subject" text NOT NULL,
	"actor_name" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"entity_version" integer,
	"action" text NOT NULL,
	"old_values" jsonb,
	"new_values" jsonb
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"country_id" serial PRIMARY KEY NOT NULL,
	"country_name" text NOT NULL,
	"country_code_iso3" text NOT NULL,
	"country_code_iso2" text NOT NULL,
	"region" text NOT NULL,
	"is_eu_member" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"favorite_id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"study_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quick_links" (
	"quick_link_id" serial PRIMARY KEY NOT NULL,
	"link_label" text NOT NULL,
	"link_url" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_group_activation_profiles" (
	"site_activation_profile_id" serial PRIMARY KEY NOT NULL,
	"site_group_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"site_activation_profile_pct" double precision NOT NULL,
	"site_activation_profile_days" integer NOT NULL,
	"override_fl" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_group_seasonal_variations" (
	"seasonal_enrollment_variation_id" serial PRIMARY KEY NOT NULL,
	"site_group_id" integer NOT NULL,
	"enrollment_seasonal_month" smallint NOT NULL,
	"enrollment_seasonal_variation" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_groups" (
	"site_group_id" serial PRIMARY KEY NOT NULL,
	"site_group_name" text NOT NULL,
	"country_id" integer NOT NULL,
	"time_site_id_small_days" integer NOT NULL,
	"time_site_id_medium_days" integer NOT NULL,
	"time_site_id_large_days" integer NOT NULL,
	"time_country_start_up_super_short_days" integer NOT NULL,
	"time_country_start_up_short_days" integer NOT NULL,
	"time_country_start_up_medium_days" integer NOT NULL,
	"time_country_start_up_long_days" integer NOT NULL,
	"package_prep_days" integer NOT NULL,
	"is_rolling_submission" smallint DEFAULT 0 NOT NULL,
	"first_site_id_days" integer DEFAULT 0 NOT NULL,
	"time_siv_days" integer NOT NULL,
	"time_first_patient_screen_days" integer NOT NULL,
	"is_ctis_eligible" boolean DEFAULT false NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studies" (
	"study_id" serial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"study_name" text NOT NULL,
	"sponsor_name" text NOT NULL,
	"opportunity_stage" text NOT NULL,
	"proposal_version" text,
	"proposal_due_date" date,
	"therapeutic_area" text,
	"therapeutic_franchise" text,
	"indication" text,
	"investigational_product_name" text,
	"phase" text,
	"protocol_id" text,
	"protocol_title" text,
	"proposal_budgeter_name" text,
	"proposal_strategy_name" text,
	"soe_name" text,
	"soe_description" text,
	"enrollment_plan_exists" boolean DEFAULT false NOT NULL,
	"soe_exists" boolean DEFAULT false NOT NULL,
	"soe_costs" boolean DEFAULT false NOT NULL,
	"soe_clinical_informatics" boolean DEFAULT false NOT NULL,
	"soe_data_management" boolean DEFAULT false NOT NULL,
	"enrollment_plan_last_update" timestamp with time zone,
	"soe_last_update" timestamp with time zone,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_logins" (
	"user_login_id" bigserial PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"username" text NOT NULL,
	"user_id_claim" text NOT NULL,
	"locale" text NOT NULL,
	"logged_in_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_study_id_studies_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("study_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_group_activation_profiles" ADD CONSTRAINT "site_group_activation_profiles_site_group_id_site_groups_site_group_id_fk" FOREIGN KEY ("site_group_id") REFERENCES "public"."site_groups"("site_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_group_seasonal_variations" ADD CONSTRAINT "site_group_seasonal_variations_site_group_id_site_groups_site_group_id_fk" FOREIGN KEY ("site_group_id") REFERENCES "public"."site_groups"("site_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_groups" ADD CONSTRAINT "site_groups_country_id_countries_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("country_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_iso3_key" ON "countries" USING btree ("country_code_iso3");--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_user_study_key" ON "favorites" USING btree ("user_id","study_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sg_activation_profiles_key" ON "site_group_activation_profiles" USING btree ("site_group_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "sg_seasonal_variations_key" ON "site_group_seasonal_variations" USING btree ("site_group_id","enrollment_seasonal_month");--> statement-breakpoint
CREATE UNIQUE INDEX "site_groups_name_key" ON "site_groups" USING btree ("site_group_name");--> statement-breakpoint
CREATE INDEX "site_groups_country_idx" ON "site_groups" USING btree ("country_id");--> statement-breakpoint
CREATE UNIQUE INDEX "studies_project_id_key" ON "studies" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "studies_sponsor_idx" ON "studies" USING btree ("sponsor_name");--> statement-breakpoint
CREATE INDEX "studies_stage_idx" ON "studies" USING btree ("opportunity_stage");--> statement-breakpoint
CREATE INDEX "user_logins_subject_idx" ON "user_logins" USING btree ("issuer","subject");--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
