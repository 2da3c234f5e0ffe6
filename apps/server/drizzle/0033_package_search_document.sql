-- The Resource Package Review List's search reads one document per package
-- (docs/adr/0135-list-answers-carry-what-the-screen-shows.md): the package's name, its service's
-- search document (service ID, name, short description, keywords), its provider's abbreviation and
-- name and its submitter's name and username, kept by triggers on every table its words come from,
-- as the services' and contacts' documents are (0014, 0015). Setting search (to anything) asks for
-- the document anew.
ALTER TABLE "resource_packages" ADD COLUMN "search" tsvector DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
DROP INDEX "resource_packages_name_search_idx";--> statement-breakpoint
CREATE OR REPLACE FUNCTION resource_packages_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  service record;
BEGIN
  SELECT s.search, i.abbreviation, i.name INTO service
    FROM services s LEFT JOIN institutions i ON i.id = s.provider_institution_id WHERE s.id = NEW.service_id;
  NEW.search := nubes_search_vector(concat_ws(' ', NEW.name, service.abbreviation, service.name,
      (SELECT u.fullname || ' ' || u.username FROM users u WHERE u.id = NEW.submitted_by)))
    || coalesce(service.search, ''::tsvector);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER resource_packages_search BEFORE INSERT OR UPDATE OF name, service_id, submitted_by, search
  ON resource_packages FOR EACH ROW EXECUTE FUNCTION resource_packages_search_document();--> statement-breakpoint
-- A row a package's words come from changed (a service, its provider, the submitter): the packages
-- it names ask for their documents anew. The trigger's argument is the condition on
-- resource_packages, $1 the changed row's id.
CREATE OR REPLACE FUNCTION resource_packages_search_follows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE 'UPDATE resource_packages SET search = '''' WHERE ' || TG_ARGV[0] USING NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER services_packages_search AFTER UPDATE OF service_id, name, fields, provider_institution_id, search
  ON services FOR EACH ROW
  WHEN (OLD.search IS DISTINCT FROM NEW.search OR OLD.provider_institution_id IS DISTINCT FROM NEW.provider_institution_id)
  EXECUTE FUNCTION resource_packages_search_follows('service_id = $1');--> statement-breakpoint
CREATE TRIGGER institutions_renamed_packages_search AFTER UPDATE OF name, abbreviation ON institutions
  FOR EACH ROW EXECUTE FUNCTION resource_packages_search_follows(
    'service_id IN (SELECT s.id FROM services s WHERE s.provider_institution_id = $1)');--> statement-breakpoint
CREATE TRIGGER users_renamed_packages_search AFTER UPDATE OF fullname, username ON users FOR EACH ROW
  WHEN (OLD.fullname IS DISTINCT FROM NEW.fullname OR OLD.username IS DISTINCT FROM NEW.username)
  EXECUTE FUNCTION resource_packages_search_follows('submitted_by = $1');--> statement-breakpoint
UPDATE resource_packages SET search = '';--> statement-breakpoint
CREATE INDEX "resource_packages_search_idx" ON "resource_packages" USING gin (search) WITH (fastupdate=false);
