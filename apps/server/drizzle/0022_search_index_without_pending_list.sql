-- Without fastupdate a write's search words go into the index at once, instead of into a pending
-- list that every search reads through until a vacuum flushes it (PGlite never vacuums):
-- docs/adr/0098-one-statement-per-portfolio-search.md.
DROP INDEX "services_search_idx";--> statement-breakpoint
CREATE INDEX "services_search_idx" ON "services" USING gin (search) WITH (fastupdate=false);