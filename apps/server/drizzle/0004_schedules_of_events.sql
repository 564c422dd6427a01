CREATE TABLE "schedules_of_events" (
	"soe_id" serial PRIMARY KEY NOT NULL,
	"study_id" integer NOT NULL,
	"soe_name" text NOT NULL,
	"soe_descr" text NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"study_plan_id" integer,
	"has_cost_details" boolean DEFAULT false NOT NULL,
	"has_clinical_strategy_details" boolean DEFAULT false NOT NULL,
	"has_data_management_details" boolean DEFAULT false NOT NULL,
	"created_by_issuer" text NOT NULL,
	"created_by_subject" text NOT NULL,
	"insert_by" text NOT NULL,
	"insert_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"row_version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	CONSTRAINT "schedules_of_events_status_check" CHECK ("schedules_of_events"."status" in ('Draft', 'Final'))
);
--> statement-breakpoint
ALTER TABLE "schedules_of_events" ADD CONSTRAINT "schedules_of_events_study_id_studies_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("study_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules_of_events" ADD CONSTRAINT "schedules_of_events_study_plan_id_study_plans_study_plan_id_fk" FOREIGN KEY ("study_plan_id") REFERENCES "public"."study_plans"("study_plan_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedules_of_events_study_idx" ON "schedules_of_events" USING btree ("study_id","update_date") WHERE "schedules_of_events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "schedules_of_events_plan_idx" ON "schedules_of_events" USING btree ("study_plan_id");