CREATE TABLE "forecast_records" (
	"forecast_record_id" serial PRIMARY KEY NOT NULL,
	"sim_run_id" integer NOT NULL,
	"study_plan_id" integer NOT NULL,
	"study_id" integer NOT NULL,
	"plan_version" integer NOT NULL,
	"inputs_hash" text NOT NULL,
	"study_plan_type_detail" text NOT NULL,
	"scenario_status" text NOT NULL,
	"uncertainty" jsonb,
	"extract_id" integer,
	"extract_version" integer,
	"as_of" timestamp with time zone,
	"engine_version" text NOT NULL,
	"forecast" jsonb NOT NULL,
	"is_baseline" boolean DEFAULT false NOT NULL,
	"baselined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forecast_records" ADD CONSTRAINT "forecast_records_sim_run_id_simulation_runs_sim_run_id_fk" FOREIGN KEY ("sim_run_id") REFERENCES "public"."simulation_runs"("sim_run_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_records" ADD CONSTRAINT "forecast_records_study_plan_id_study_plans_study_plan_id_fk" FOREIGN KEY ("study_plan_id") REFERENCES "public"."study_plans"("study_plan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_records" ADD CONSTRAINT "forecast_records_study_id_studies_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("study_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_records" ADD CONSTRAINT "forecast_records_extract_id_ctms_extracts_extract_id_fk" FOREIGN KEY ("extract_id") REFERENCES "public"."ctms_extracts"("extract_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "forecast_records_run_key" ON "forecast_records" USING btree ("sim_run_id");--> statement-breakpoint
CREATE INDEX "forecast_records_plan_idx" ON "forecast_records" USING btree ("study_plan_id","forecast_record_id");--> statement-breakpoint
CREATE INDEX "forecast_records_study_idx" ON "forecast_records" USING btree ("study_id");--> statement-breakpoint
CREATE UNIQUE INDEX "forecast_records_plan_baseline_key" ON "forecast_records" USING btree ("study_plan_id") WHERE "forecast_records"."is_baseline";