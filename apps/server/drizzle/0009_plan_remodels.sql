CREATE TABLE "plan_remodels" (
	"study_plan_id" integer PRIMARY KEY NOT NULL,
	"extract_id" integer NOT NULL,
	"groups" jsonb NOT NULL,
	"targets" jsonb
);
--> statement-breakpoint
ALTER TABLE "plan_remodels" ADD CONSTRAINT "plan_remodels_study_plan_id_study_plans_study_plan_id_fk" FOREIGN KEY ("study_plan_id") REFERENCES "public"."study_plans"("study_plan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_remodels" ADD CONSTRAINT "plan_remodels_extract_id_ctms_extracts_extract_id_fk" FOREIGN KEY ("extract_id") REFERENCES "public"."ctms_extracts"("extract_id") ON DELETE cascade ON UPDATE no action;