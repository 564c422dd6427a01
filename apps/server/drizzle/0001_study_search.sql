CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(project_id || chr(31) || sponsor_name || chr(31) || coalesce(indication, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "studies_search_text_trgm" ON "studies" USING gin ("search_text" gin_trgm_ops);