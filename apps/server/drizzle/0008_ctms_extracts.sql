CREATE TABLE "ctms_extracts" (
	"extract_id" serial PRIMARY KEY NOT NULL,
	"study_id" integer NOT NULL,
	"version" integer NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"loaded_by_issuer" text NOT NULL,
	"loaded_by_subject" text NOT NULL,
	"loaded_by" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_count" integer NOT NULL,
	"site_month_count" integer NOT NULL,
	CONSTRAINT "ctms_extracts_source_check" CHECK ("ctms_extracts"."source" in ('upload', 'api', 'demo'))
);
--> statement-breakpoint
CREATE TABLE "ctms_site_months" (
	"extract_id" integer NOT NULL,
	"ctms_site_id" integer NOT NULL,
	"month" date NOT NULL,
	"screened" integer NOT NULL,
	"enrolled" integer NOT NULL,
	"completed_treatment" integer NOT NULL,
	"dropped_out" integer NOT NULL,
	"completed_follow_up" integer NOT NULL,
	CONSTRAINT "ctms_site_months_ctms_site_id_month_pk" PRIMARY KEY("ctms_site_id","month"),
	CONSTRAINT "ctms_site_months_counts_check" CHECK ("ctms_site_months"."screened" >= 0 and "ctms_site_months"."enrolled" >= 0 and "ctms_site_months"."completed_treatment" >= 0 and "ctms_site_months"."dropped_out" >= 0 and "ctms_site_months"."completed_follow_up" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ctms_sites" (
	"ctms_site_id" serial PRIMARY KEY NOT NULL,
	"extract_id" integer NOT NULL,
	"site_number" text NOT NULL,
	"pi_name" text,
	"country_id" integer NOT NULL,
	"site_group_id" integer NOT NULL,
	"central_local" text,
	"site_selected_date" date,
	"site_activated_date" date,
	"site_activation_forecast_date" date,
	"site_status" text NOT NULL,
	"contract_status" text,
	"currency" text,
	CONSTRAINT "ctms_sites_central_local_check" CHECK ("ctms_sites"."central_local" in ('Central', 'Local')),
	CONSTRAINT "ctms_sites_dates_check" CHECK ("ctms_sites"."site_activated_date" is null or "ctms_sites"."site_selected_date" is null or "ctms_sites"."site_activated_date" >= "ctms_sites"."site_selected_date")
);
--> statement-breakpoint
ALTER TABLE "ctms_extracts" ADD CONSTRAINT "ctms_extracts_study_id_studies_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("study_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ctms_site_months" ADD CONSTRAINT "ctms_site_months_extract_id_ctms_extracts_extract_id_fk" FOREIGN KEY ("extract_id") REFERENCES "public"."ctms_extracts"("extract_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ctms_site_months" ADD CONSTRAINT "ctms_site_months_ctms_site_id_ctms_sites_ctms_site_id_fk" FOREIGN KEY ("ctms_site_id") REFERENCES "public"."ctms_sites"("ctms_site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ctms_sites" ADD CONSTRAINT "ctms_sites_extract_id_ctms_extracts_extract_id_fk" FOREIGN KEY ("extract_id") REFERENCES "public"."ctms_extracts"("extract_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ctms_sites" ADD CONSTRAINT "ctms_sites_country_id_countries_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("country_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ctms_sites" ADD CONSTRAINT "ctms_sites_site_group_id_site_groups_site_group_id_fk" FOREIGN KEY ("site_group_id") REFERENCES "public"."site_groups"("site_group_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ctms_extracts_study_version_key" ON "ctms_extracts" USING btree ("study_id","version");--> statement-breakpoint
CREATE INDEX "ctms_site_months_extract_idx" ON "ctms_site_months" USING btree ("extract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ctms_sites_extract_number_key" ON "ctms_sites" USING btree ("extract_id","site_number");