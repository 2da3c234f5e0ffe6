-- Without fastupdate a write's search words go into a GIN index at once, instead of into a pending
-- list that every search reads through until a vacuum flushes it (PGlite never vacuums). Every
-- search index of the lists, rebuilt so: docs/adr/0098-one-statement-per-portfolio-search.md.
DROP INDEX "contacts_search_idx";--> statement-breakpoint
DROP INDEX "resource_packages_name_search_idx";--> statement-breakpoint
DROP INDEX "services_search_idx";--> statement-breakpoint
DROP INDEX "users_search_idx";--> statement-breakpoint
DROP INDEX "users_name_search_idx";--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin (search,property_kinds) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "resource_packages_name_search_idx" ON "resource_packages" USING gin (nubes_search_vector("name")) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "services_search_idx" ON "services" USING gin (search) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (to_tsvector('simple', "fullname" || ' ' || "email" || ' ' || "username")) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_name_search_idx" ON "users" USING gin (nubes_search_vector("fullname" || ' ' || "username")) WITH (fastupdate=false);--> statement-breakpoint
-- A service's keyword names, sorted as the lists show them (by code point of their lower case),
-- kept by the search trigger beside the document built of them: a list's page reads them with its
-- rows instead of joining two tables per row (docs/adr/0098-one-statement-per-portfolio-search.md).
ALTER TABLE "services" ADD COLUMN "keyword_names" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION services_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.keyword_names := ARRAY(SELECT k.name FROM service_keywords sk JOIN keywords k ON k.id = sk.keyword_id
    WHERE sk.service_id = NEW.id ORDER BY lower(k.name) COLLATE "C");
  NEW.search := nubes_search_vector(concat_ws(' ', NEW.service_id, NEW.name, NEW.fields->>'shortDescription',
    array_to_string(NEW.keyword_names, ' ')));
  NEW.provider_sort := coalesce((SELECT lower(i.abbreviation) FROM institutions i WHERE i.id = NEW.provider_institution_id), '');
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE services SET search = '';
