CREATE TABLE "simulation_runs" (
	"sim_run_id" serial PRIMARY KEY NOT NULL,
	"study_plan_id" integer NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"detail" text,
	"seed" integer NOT NULL,
	"engine_version" text NOT NULL,
	"inputs" jsonb NOT NULL,
	"requested_by_issuer" text NOT NULL,
	"requested_by_subject" text NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulation_runs_status_check" CHECK ("simulation_runs"."status" in ('NOT_STARTED', 'REQUESTING', 'RUNNING', 'PROCESSING', 'COMPLETED_OK', 'BAD_REQUEST', 'INTERNAL_ERROR', 'TEMPORARY_PROBLEM', 'ERROR_CLIENT_BAD_REQ'))
);
--> statement-breakpoint
ALTER TABLE "simulation_runs" ADD CONSTRAINT "simulation_runs_study_plan_id_study_plans_study_plan_id_fk" FOREIGN KEY ("study_plan_id") REFERENCES "public"."study_plans"("study_plan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "simulation_runs_plan_idx" ON "simulation_runs" USING btree ("study_plan_id","sim_run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "simulation_runs_active_key" ON "simulation_runs" USING btree ("study_plan_id") WHERE "simulation_runs"."status" in ('NOT_STARTED', 'REQUESTING', 'RUNNING', 'PROCESSING');