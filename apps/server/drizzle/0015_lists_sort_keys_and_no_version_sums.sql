-- The lists are SQL per request (docs/adr/0073-lists-and-search-in-the-database.md): the row
-- version sums that kept the in-memory lists in step go, with their triggers and functions.
DROP TRIGGER IF EXISTS "contacts_row_version_sums_inserted" ON "contacts";--> statement-breakpoint
DROP TRIGGER IF EXISTS "contacts_row_version_sums_updated" ON "contacts";--> statement-breakpoint
DROP TRIGGER IF EXISTS "contacts_row_version_sums_deleted" ON "contacts";--> statement-breakpoint
DROP TRIGGER IF EXISTS "contacts_row_version_sums_truncated" ON "contacts";--> statement-breakpoint
DROP TRIGGER IF EXISTS "services_row_version_sums_inserted" ON "services";--> statement-breakpoint
DROP TRIGGER IF EXISTS "services_row_version_sums_updated" ON "services";--> statement-breakpoint
DROP TRIGGER IF EXISTS "services_row_version_sums_deleted" ON "services";--> statement-breakpoint
DROP TRIGGER IF EXISTS "services_row_version_sums_truncated" ON "services";--> statement-breakpoint
DROP FUNCTION IF EXISTS row_version_sums_added_or_removed();--> statement-breakpoint
DROP FUNCTION IF EXISTS row_version_sums_updated();--> statement-breakpoint
DROP FUNCTION IF EXISTS row_version_sums_truncated();--> statement-breakpoint
DROP FUNCTION IF EXISTS row_version_sums_counted(text, bigint);--> statement-breakpoint
DROP FUNCTION IF EXISTS row_version_sums_counted(text);--> statement-breakpoint
DROP FUNCTION IF EXISTS row_version_sums_fold(text);--> statement-breakpoint
DROP FUNCTION IF EXISTS row_version_id_sum(uuid);--> statement-breakpoint
DROP SEQUENCE IF EXISTS row_version_sums_statements;--> statement-breakpoint
-- Sort keys from another table, kept by the search triggers so that an index serves the order:
-- a service's provider abbreviation in lower case, a contact's institution abbreviation or else
-- the other institution it names, folded; '' without one.
ALTER TABLE "services" ADD COLUMN "provider_sort" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "institution_sort" text DEFAULT '' NOT NULL;--> statement-breakpoint
DROP TABLE "row_version_sums" CASCADE;--> statement-breakpoint
DROP INDEX "change_requests_updated_idx";--> statement-breakpoint
DROP INDEX "contacts_email_sort_idx";--> statement-breakpoint
DROP INDEX "resource_packages_updated_idx";--> statement-breakpoint
DROP INDEX "service_reviews_status_idx";--> statement-breakpoint
CREATE INDEX "change_requests_created_idx" ON "change_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "change_requests_state_idx" ON "change_requests" USING btree ("state","updated_at","id");--> statement-breakpoint
CREATE INDEX "contacts_email_sort_desc_idx" ON "contacts" USING btree (("email" = ''),lower("email") COLLATE "C" DESC,"id");--> statement-breakpoint
CREATE INDEX "contacts_institution_sort_idx" ON "contacts" USING btree ((institution_sort = ''),institution_sort COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "contacts_institution_sort_desc_idx" ON "contacts" USING btree ((institution_sort = ''),institution_sort COLLATE "C" DESC,"id");--> statement-breakpoint
CREATE INDEX "resource_packages_name_sort_idx" ON "resource_packages" USING btree (lower("name") COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "resource_packages_name_search_idx" ON "resource_packages" USING gin (nubes_search_vector("name"));--> statement-breakpoint
CREATE INDEX "services_provider_sort_idx" ON "services" USING btree ((provider_sort = ''),provider_sort COLLATE "C",lower("name") COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "services_provider_sort_desc_idx" ON "services" USING btree ((provider_sort = ''),provider_sort COLLATE "C" DESC,lower("name") COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "services_state_sort_idx" ON "services" USING btree (array_position(ARRAY['application_withdrawn', 'application_draft', 'application_received', 'service_planned', 'service_offer_withdrawn', 'service_information_draft', 'service_information_received', 'ready_for_integration', 'integration_planned', 'integration_in_progress', 'service_card_review', 'integration_completed', 'service_online', 'service_not_available', 'service_full_capacity_reached', 'service_discontinued', 'service_retired']::text[], "state"),lower("name") COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "users_name_search_idx" ON "users" USING gin (nubes_search_vector("fullname" || ' ' || "username"));--> statement-breakpoint
CREATE INDEX "change_requests_updated_idx" ON "change_requests" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "contacts_email_sort_idx" ON "contacts" USING btree (("email" = ''),lower("email") COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "resource_packages_updated_idx" ON "resource_packages" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "service_reviews_status_idx" ON "service_reviews" USING btree ("status","started_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION services_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := nubes_search_vector(concat_ws(' ', NEW.service_id, NEW.name, NEW.fields->>'shortDescription',
    (SELECT string_agg(k.name, ' ') FROM service_keywords sk JOIN keywords k ON k.id = sk.keyword_id
     WHERE sk.service_id = NEW.id)));
  NEW.provider_sort := coalesce((SELECT lower(i.abbreviation) FROM institutions i WHERE i.id = NEW.provider_institution_id), '');
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER services_search ON services;--> statement-breakpoint
CREATE TRIGGER services_search BEFORE INSERT OR UPDATE OF service_id, name, fields, provider_institution_id, search
  ON services FOR EACH ROW EXECUTE FUNCTION services_search_document();--> statement-breakpoint
CREATE OR REPLACE FUNCTION contacts_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  institution record;
BEGIN
  SELECT i.abbreviation, i.name INTO institution FROM institutions i WHERE i.id = NEW.institution_id;
  NEW.search := nubes_search_vector(concat_ws(' ', NEW.firstname, NEW.lastname, NEW.email, NEW.other_institution,
    NEW.notes, institution.abbreviation, institution.name,
    (SELECT string_agg(p.value, ' ') FROM contact_properties p WHERE p.contact_id = NEW.id)));
  NEW.institution_sort := coalesce(nubes_fold(institution.abbreviation), nubes_fold(NEW.other_institution), '');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION institutions_renamed_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contacts SET search = '' WHERE institution_id = NEW.id;
  UPDATE services SET search = '' WHERE provider_institution_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE services SET search = '';--> statement-breakpoint
UPDATE contacts SET search = '';
