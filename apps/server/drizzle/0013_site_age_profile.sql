ALTER TABLE "study_plans" ADD COLUMN "site_ramp_up_days" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "study_plans" ADD COLUMN "site_ramp_up_start" double precision DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "study_plans" ADD COLUMN "site_decay_per_year" double precision DEFAULT 0 NOT NULL;