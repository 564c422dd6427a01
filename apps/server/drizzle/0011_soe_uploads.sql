CREATE TABLE "country_default_costs" (
	"country_code_iso3" text NOT NULL,
	"assessment_name" text NOT NULL,
	"currency" text NOT NULL,
	"cost_min_cents" bigint NOT NULL,
	"cost_avg_cents" bigint NOT NULL,
	"cost_max_cents" bigint NOT NULL,
	"count_of_data_points" integer NOT NULL,
	CONSTRAINT "country_default_costs_country_code_iso3_assessment_name_pk" PRIMARY KEY("country_code_iso3","assessment_name"),
	CONSTRAINT "country_default_costs_order_check" CHECK (0 <= "country_default_costs"."cost_min_cents" and "country_default_costs"."cost_min_cents" <= "country_default_costs"."cost_avg_cents" and "country_default_costs"."cost_avg_cents" <= "country_default_costs"."cost_max_cents")
);
--> statement-breakpoint
CREATE TABLE "soe_budgetvue_outbox" (
	"outbox_id" serial PRIMARY KEY NOT NULL,
	"upload_id" integer NOT NULL,
	"soe_id" integer NOT NULL,
	"study_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "soe_eprice_uploads" (
	"upload_id" serial PRIMARY KEY NOT NULL,
	"soe_id" integer NOT NULL,
	"study_id" integer NOT NULL,
	"upload_type" text NOT NULL,
	"file_name" text NOT NULL,
	"file_bytes" "bytea" NOT NULL,
	"actor_issuer" text NOT NULL,
	"actor_subject" text NOT NULL,
	"actor_name" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "soe_eprice_uploads_type_check" CHECK ("soe_eprice_uploads"."upload_type" in ('BudgetVue', 'Predict', 'BudgetVue_Predict'))
);
--> statement-breakpoint
ALTER TABLE "soe_budgetvue_outbox" ADD CONSTRAINT "soe_budgetvue_outbox_upload_id_soe_eprice_uploads_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."soe_eprice_uploads"("upload_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soe_eprice_uploads" ADD CONSTRAINT "soe_eprice_uploads_soe_id_schedules_of_events_soe_id_fk" FOREIGN KEY ("soe_id") REFERENCES "public"."schedules_of_events"("soe_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "soe_budgetvue_outbox_unsent_idx" ON "soe_budgetvue_outbox" USING btree ("created_at") WHERE "soe_budgetvue_outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "soe_eprice_uploads_soe_idx" ON "soe_eprice_uploads" USING btree ("soe_id");