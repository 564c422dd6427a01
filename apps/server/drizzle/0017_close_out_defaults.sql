ALTER TABLE "study_plans" ALTER COLUMN "tfed_to_db_lock_duration" SET DEFAULT 45;--> statement-breakpoint
ALTER TABLE "study_plans" ALTER COLUMN "db_lock_to_csr_duration" SET DEFAULT 90;--> statement-breakpoint
ALTER TABLE "study_plans" ALTER COLUMN "csr_to_tmf_close_and_return_duration" SET DEFAULT 60;--> statement-breakpoint
-- Plans saved before step 1 had these inputs held null, which the timeline counted as 0 days unseen; they take the
-- documented defaults (packages/shared/src/plan/close-out-fields.ts), now shown and editable on step 1.
UPDATE "study_plans" SET "tfed_to_db_lock_duration" = 45 WHERE "tfed_to_db_lock_duration" IS NULL;--> statement-breakpoint
UPDATE "study_plans" SET "db_lock_to_csr_duration" = 90 WHERE "db_lock_to_csr_duration" IS NULL;--> statement-breakpoint
UPDATE "study_plans" SET "csr_to_tmf_close_and_return_duration" = 60 WHERE "csr_to_tmf_close_and_return_duration" IS NULL;
