CREATE TABLE "study_plan_activation_profiles" (
	"site_activation_profile_id" serial PRIMARY KEY NOT NULL,
	"study_plan_site_group_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"site_activation_label" text,
	"site_activation_profile_pct" double precision NOT NULL,
	"site_activation_profile_days" integer NOT NULL,
	"site_activation_profile_date" timestamp with time zone,
	"override_fl" boolean DEFAULT false NOT NULL,
	CONSTRAINT "study_plan_activation_profiles_position_check" CHECK ("study_plan_activation_profiles"."position" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "study_plan_cohorts" (
	"study_plan_cohort_id" serial PRIMARY KEY NOT NULL,
	"study_plan_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"cohort_name" text NOT NULL,
	"predecessor_cohort_name" text,
	"predecessor_activity" text,
	"patients" integer,
	"lag_days" integer,
	"cohort_start_date" date,
	"cohort_start_day" integer,
	"screening_duration_days" integer,
	"screening_end_date" date,
	"screening_end_day" integer,
	"enrolling_duration_days" integer,
	"enrolling_end_date" date,
	"enrolling_end_day" integer,
	"dtl_duration_days" integer,
	"dtl_end_date" date,
	"dtl_end_day" integer,
	"src_duration_days" integer,
	"src_end_date" date,
	"src_end_day" integer
);
--> statement-breakpoint
CREATE TABLE "study_plan_combination_members" (
	"combination_plan_id" integer NOT NULL,
	"member_plan_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "study_plan_combination_members_combination_plan_id_member_plan_id_pk" PRIMARY KEY("combination_plan_id","member_plan_id")
);
--> statement-breakpoint
CREATE TABLE "study_plan_ctis_submissions" (
	"study_plan_ctis_submission_id" serial PRIMARY KEY NOT NULL,
	"study_plan_id" integer NOT NULL,
	"site_group_id" integer NOT NULL,
	"include_exclude" text DEFAULT 'i' NOT NULL,
	"reg_submission_date_user_provided" timestamp with time zone,
	"reg_submission_date" timestamp with time zone,
	"use_latest_reg_submissions_date" boolean DEFAULT false NOT NULL,
	"enter_new_date" timestamp with time zone,
	"reset_reg_submission_dates" boolean DEFAULT false NOT NULL,
	CONSTRAINT "study_plan_ctis_include_check" CHECK ("study_plan_ctis_submissions"."include_exclude" in ('i', 'e'))
);
--> statement-breakpoint
CREATE TABLE "study_plan_milestones" (
	"study_plan_milestone_goal_id" serial PRIMARY KEY NOT NULL,
	"study_plan_id" integer NOT NULL,
	"study_plan_site_group_id" integer,
	"milestone_scope" text NOT NULL,
	"milestone_id" integer NOT NULL,
	"milestone_name" text NOT NULL,
	"milestone_descr" text,
	"milestone_label" text,
	"position" smallint DEFAULT 0 NOT NULL,
	"lower_bound" double precision,
	"upper_bound" double precision,
	"level_of_confidence" integer DEFAULT -1 NOT NULL,
	"comments" text,
	"milestone_date" timestamp with time zone,
	"is_user_override" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "study_plan_milestones_scope_check" CHECK ("study_plan_milestones"."milestone_scope" in ('study', 'country')),
	CONSTRAINT "study_plan_milestones_override_check" CHECK ("study_plan_milestones"."is_user_override" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "study_plan_parameters" (
	"study_plan_parameter_id" serial PRIMARY KEY NOT NULL,
	"study_plan_id" integer NOT NULL,
	"study_plan_site_group_id" integer,
	"parameter_scope" text NOT NULL,
	"parameter_id" integer NOT NULL,
	"parameter_name" text NOT NULL,
	"parameter_descr" text,
	"lower_bound" double precision,
	"upper_bound" double precision,
	"comments" text,
	CONSTRAINT "study_plan_parameters_scope_check" CHECK ("study_plan_parameters"."parameter_scope" in ('study', 'country'))
);
--> statement-breakpoint
CREATE TABLE "study_plan_seasonal_variations" (
	"seasonal_enrollment_variation_id" serial PRIMARY KEY NOT NULL,
	"study_plan_site_group_id" integer NOT NULL,
	"enrollment_seasonal_month" smallint NOT NULL,
	"enrollment_seasonal_variation" double precision NOT NULL,
	CONSTRAINT "study_plan_seasonal_variations_month_check" CHECK ("study_plan_seasonal_variations"."enrollment_seasonal_month" between 0 and 11)
);
--> statement-breakpoint
CREATE TABLE "study_plan_site_groups" (
	"study_plan_site_group_id" serial PRIMARY KEY NOT NULL,
	"study_plan_id" integer NOT NULL,
	"site_group_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"site_group_name" text NOT NULL,
	"reference_version" integer NOT NULL,
	"time_site_id_small_days" integer NOT NULL,
	"time_site_id_medium_days" integer NOT NULL,
	"time_site_id_large_days" integer NOT NULL,
	"time_country_start_up_super_short_days" integer NOT NULL,
	"time_country_start_up_short_days" integer NOT NULL,
	"time_country_start_up_medium_days" integer NOT NULL,
	"time_country_start_up_long_days" integer NOT NULL,
	"package_prep_days" integer NOT NULL,
	"is_rolling_submission" smallint DEFAULT 0 NOT NULL,
	"first_site_id_days" integer DEFAULT 0 NOT NULL,
	"time_siv_days" integer NOT NULL,
	"time_first_patient_screen_days" integer NOT NULL,
	"is_ctis_eligible" boolean DEFAULT false NOT NULL,
	"time_site_id_size" text,
	"time_country_start_up_size" text,
	"site_enrollment_rate_at_siv" double precision,
	"expected_screen_failure_rate" double precision,
	"expected_treatment_dropout_rate" double precision,
	"eventual_site_enrollment_days" integer,
	"eventual_site_enrollment_rate" double precision,
	"pause_enrollment_after_patient" integer,
	"pause_enrollment_days" integer,
	"activation_profile_override" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_plans" (
	"study_plan_id" serial PRIMARY KEY NOT NULL,
	"study_id" integer NOT NULL,
	"study_plan_name" text NOT NULL,
	"study_plan_descr" text NOT NULL,
	"study_plan_version" integer DEFAULT 1 NOT NULL,
	"study_plan_type" smallint NOT NULL,
	"study_plan_type_detail" text NOT NULL,
	"cohort_type" smallint DEFAULT 0 NOT NULL,
	"scenario_status" text DEFAULT 'Draft' NOT NULL,
	"opportunity_stage" text DEFAULT '(unassigned)' NOT NULL,
	"is_personal_draft" boolean DEFAULT false NOT NULL,
	"template_flag" boolean DEFAULT false NOT NULL,
	"owned_by" text,
	"created_by_issuer" text NOT NULL,
	"created_by_subject" text NOT NULL,
	"insert_by" text NOT NULL,
	"insert_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"publish_by" text,
	"publish_ts" timestamp with time zone,
	"actual_step" smallint DEFAULT 1 NOT NULL,
	"actual_as_of_date" date,
	"comments" text,
	"indication" text,
	"protocol_title" text,
	"cloned_study_plan_id" integer,
	"sim_opt_run_id" text,
	"sim_opt_run_status" text,
	"sim_opt_run_msg" text,
	"sim_opt_seconds_spent_limit" integer,
	"sim_opt_unimproved_score_calculation_limit" integer,
	"cro_project_start_to_site_id_duration" integer,
	"site_id_to_final_protocol_duration" integer,
	"reg_approval_to_fsiv_duration" integer,
	"screening_period_duration" integer,
	"treatment_duration" integer,
	"follow_up_duration" integer,
	"tfed_to_db_lock_duration" integer,
	"db_lock_to_csr_duration" integer,
	"csr_to_tmf_close_and_return_duration" integer,
	"overall_enrollment_duration" integer,
	"enrollment_rate" double precision,
	"screen_fail_rate" double precision,
	"drop_out_rate" double precision,
	"cro_project_start_date" timestamp with time zone,
	"final_protocol_start_date" timestamp with time zone,
	"pause_enrollment_after_patient" integer,
	"pause_enrollment_days" integer,
	"study_rate_cv" double precision DEFAULT 0.2 NOT NULL,
	"startup_cv" double precision DEFAULT 0.25 NOT NULL,
	"site_rate_cv" double precision DEFAULT 0.8 NOT NULL,
	"non_enrolling_probability" double precision DEFAULT 0 NOT NULL,
	"dtl_phase_name" text DEFAULT 'DTL' NOT NULL,
	"src_phase_name" text DEFAULT 'SRC' NOT NULL,
	"row_version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	CONSTRAINT "study_plans_type_check" CHECK ("study_plans"."study_plan_type" in (1, 2)),
	CONSTRAINT "study_plans_cohort_type_check" CHECK ("study_plans"."cohort_type" in (0, 2)),
	CONSTRAINT "study_plans_status_check" CHECK ("study_plans"."scenario_status" in ('Draft', 'Baseline Plan', 'Ongoing Study', 'Post-Proposal', 'Proposal', 'Draft-Combo')),
	CONSTRAINT "study_plans_step_check" CHECK ("study_plans"."actual_step" in (1, 2, 3))
);
--> statement-breakpoint
ALTER TABLE "study_plan_activation_profiles" ADD CONSTRAINT "study_plan_activation_profiles_study_plan_site_group_id_study_plan_site_groups_study_plan_site_group_id_fk" FOREIGN KEY ("study_plan_site_group_id") REFERENCES "public"."study_plan_site_groups"("study_plan_site_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_cohorts" ADD CONSTRAINT "study_plan_cohorts_study_plan_id_study_plans_study_plan_id_fk" FOREIGN KEY ("study_plan_id") REFERENCES "public"."study_plans"("study_plan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_combination_members" ADD CONSTRAINT "study_plan_combination_members_combination_plan_id_study_plans_study_plan_id_fk" FOREIGN KEY ("combination_plan_id") REFERENCES "public"."study_plans"("study_plan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_combination_members" ADD CONSTRAINT "study_plan_combination_members_member_plan_id_study_plans_study_plan_id_fk" FOREIGN KEY ("member_plan_id") REFERENCES "public"."study_plans"("study_plan_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_ctis_submissions" ADD CONSTRAINT "study_plan_ctis_submissions_study_plan_id_study_plans_study_plan_id_fk" FOREIGN KEY ("study_plan_id") REFERENCES "public"."study_plans"("study_plan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_ctis_submissions" ADD CONSTRAINT "study_plan_ctis_submissions_site_group_id_site_groups_site_group_id_fk" FOREIGN KEY ("site_group_id") REFERENCES "public"."site_groups"("site_group_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_milestones" ADD CONSTRAINT "study_plan_milestones_study_plan_id_study_plans_study_plan_id_fk" FOREIGN KEY ("study_plan_id") REFERENCES "public"."study_plans"("study_plan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_milestones" ADD CONSTRAINT "study_plan_milestones_study_plan_site_group_id_study_plan_site_groups_study_plan_site_group_id_fk" FOREIGN KEY ("study_plan_site_group_id") REFERENCES "public"."study_plan_site_groups"("study_plan_site_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_parameters" ADD CONSTRAINT "study_plan_parameters_study_plan_id_study_plans_study_plan_id_fk" FOREIGN KEY ("study_plan_id") REFERENCES "public"."study_plans"("study_plan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_parameters" ADD CONSTRAINT "study_plan_parameters_study_plan_site_group_id_study_plan_site_groups_study_plan_site_group_id_fk" FOREIGN KEY ("study_plan_site_group_id") REFERENCES "public"."study_plan_site_groups"("study_plan_site_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_seasonal_variations" ADD CONSTRAINT "study_plan_seasonal_variations_study_plan_site_group_id_study_plan_site_groups_study_plan_site_group_id_fk" FOREIGN KEY ("study_plan_site_group_id") REFERENCES "public"."study_plan_site_groups"("study_plan_site_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_site_groups" ADD CONSTRAINT "study_plan_site_groups_study_plan_id_study_plans_study_plan_id_fk" FOREIGN KEY ("study_plan_id") REFERENCES "public"."study_plans"("study_plan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_site_groups" ADD CONSTRAINT "study_plan_site_groups_site_group_id_site_groups_site_group_id_fk" FOREIGN KEY ("site_group_id") REFERENCES "public"."site_groups"("site_group_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_site_groups" ADD CONSTRAINT "study_plan_site_groups_country_id_countries_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("country_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plans" ADD CONSTRAINT "study_plans_study_id_studies_study_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("study_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plans" ADD CONSTRAINT "study_plans_cloned_study_plan_id_study_plans_study_plan_id_fk" FOREIGN KEY ("cloned_study_plan_id") REFERENCES "public"."study_plans"("study_plan_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "study_plan_activation_profiles_key" ON "study_plan_activation_profiles" USING btree ("study_plan_site_group_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "study_plan_cohorts_name_key" ON "study_plan_cohorts" USING btree ("study_plan_id","cohort_name");--> statement-breakpoint
CREATE INDEX "study_plan_cohorts_position_idx" ON "study_plan_cohorts" USING btree ("study_plan_id","position");--> statement-breakpoint
CREATE INDEX "study_plan_combination_members_member_idx" ON "study_plan_combination_members" USING btree ("member_plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "study_plan_ctis_submissions_key" ON "study_plan_ctis_submissions" USING btree ("study_plan_id","site_group_id");--> statement-breakpoint
CREATE INDEX "study_plan_milestones_plan_idx" ON "study_plan_milestones" USING btree ("study_plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "study_plan_milestones_study_key" ON "study_plan_milestones" USING btree ("study_plan_id","milestone_name") WHERE "study_plan_milestones"."study_plan_site_group_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "study_plan_milestones_country_key" ON "study_plan_milestones" USING btree ("study_plan_site_group_id","milestone_name") WHERE "study_plan_milestones"."study_plan_site_group_id" is not null;--> statement-breakpoint
CREATE INDEX "study_plan_parameters_plan_idx" ON "study_plan_parameters" USING btree ("study_plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "study_plan_parameters_study_key" ON "study_plan_parameters" USING btree ("study_plan_id","parameter_name") WHERE "study_plan_parameters"."study_plan_site_group_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "study_plan_parameters_country_key" ON "study_plan_parameters" USING btree ("study_plan_site_group_id","parameter_name") WHERE "study_plan_parameters"."study_plan_site_group_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "study_plan_seasonal_variations_key" ON "study_plan_seasonal_variations" USING btree ("study_plan_site_group_id","enrollment_seasonal_month");--> statement-breakpoint
CREATE UNIQUE INDEX "study_plan_site_groups_key" ON "study_plan_site_groups" USING btree ("study_plan_id","site_group_id");--> statement-breakpoint
CREATE INDEX "study_plans_study_idx" ON "study_plans" USING btree ("study_id","update_date") WHERE "study_plans"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "study_plans_study_name_key" ON "study_plans" USING btree ("study_id",lower(btrim("study_plan_name"))) WHERE "study_plans"."deleted_at" is null;