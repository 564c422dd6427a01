CREATE TABLE "simulation_result_sets" (
	"sim_run_id" integer NOT NULL,
	"set_name" text NOT NULL,
	"payload" jsonb NOT NULL,
	CONSTRAINT "simulation_result_sets_sim_run_id_set_name_pk" PRIMARY KEY("sim_run_id","set_name")
);
--> statement-breakpoint
ALTER TABLE "simulation_runs" ADD COLUMN "replications" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "simulation_runs" ADD COLUMN "job_id" text;--> statement-breakpoint
ALTER TABLE "simulation_result_sets" ADD CONSTRAINT "simulation_result_sets_sim_run_id_simulation_runs_sim_run_id_fk" FOREIGN KEY ("sim_run_id") REFERENCES "public"."simulation_runs"("sim_run_id") ON DELETE cascade ON UPDATE no action;