CREATE INDEX "studies_project_id_trgm" ON "studies" USING gin ("project_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "studies_study_name_trgm" ON "studies" USING gin ("study_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "studies_sponsor_name_trgm" ON "studies" USING gin ("sponsor_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "studies_study_name_idx" ON "studies" USING btree ("study_name");--> statement-breakpoint
CREATE INDEX "studies_plan_update_idx" ON "studies" USING btree ("enrollment_plan_last_update");--> statement-breakpoint
CREATE INDEX "studies_soe_update_idx" ON "studies" USING btree ("soe_last_update");