ALTER TABLE "study_plans" ADD COLUMN "country_rate_cv" double precision DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "study_plans" ADD COLUMN "site_inactivation_per_year" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "simulation_runs" ADD COLUMN "uncertainty" jsonb;