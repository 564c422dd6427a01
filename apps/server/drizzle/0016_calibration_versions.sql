CREATE TABLE "calibration_fits" (
	"fit_id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"step" text DEFAULT 'Queued' NOT NULL,
	"message" text,
	"studies" integer NOT NULL,
	"version" integer,
	"job_id" text,
	"requested_by_issuer" text NOT NULL,
	"requested_by_subject" text NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "calibration_fits_status_check" CHECK ("calibration_fits"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "calibration_versions" (
	"calibration_version_id" serial PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'fitted' NOT NULL,
	"settings" jsonb NOT NULL,
	"study_ids" jsonb NOT NULL,
	"figures" jsonb NOT NULL,
	"created_by_issuer" text NOT NULL,
	"created_by_subject" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	CONSTRAINT "calibration_versions_status_check" CHECK ("calibration_versions"."status" in ('fitted', 'approved', 'superseded'))
);
--> statement-breakpoint
ALTER TABLE "study_plans" ADD COLUMN "pin_default_uncertainty" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "simulation_runs" ADD COLUMN "calibration_version" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "calibration_versions_version_key" ON "calibration_versions" USING btree ("version");--> statement-breakpoint
CREATE UNIQUE INDEX "calibration_versions_approved_key" ON "calibration_versions" USING btree ("status") WHERE "calibration_versions"."status" = 'approved';