DROP INDEX "services_search_idx";--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "short_description" text GENERATED ALWAYS AS (coalesce("services"."fields"->>'shortDescription', '')) STORED;--> statement-breakpoint
CREATE INDEX "services_updated_version_idx" ON "services" USING btree ("updated_at","version");--> statement-breakpoint
CREATE INDEX "services_search_idx" ON "services" USING gin ("search") WITH (fastupdate=false);