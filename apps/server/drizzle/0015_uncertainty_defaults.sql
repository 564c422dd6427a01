ALTER TABLE "study_plans" ALTER COLUMN "country_rate_cv" SET DEFAULT 0.6;--> statement-breakpoint
ALTER TABLE "study_plans" ALTER COLUMN "site_inactivation_per_year" SET DEFAULT 0.2;