-- Lists, filters and search are answered by the database, per request
-- (docs/adr/0073-lists-and-search-in-the-database.md): a search document per service and per
-- contact, kept by triggers, so every writer (the API, the demo data, a bulk import) keeps it.
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
-- Text folded so that spellings meet: accents and umlauts dropped (Müller -> muller), ß -> ss, lower
-- case. unaccent() alone is only stable; naming its dictionary makes this immutable, as an index
-- needs. These functions name what they call with its schema: an index is built and a restore
-- runs with a search_path that holds no other schema.
CREATE OR REPLACE FUNCTION public.nubes_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
-- The words of a text as the search compares them: folded, and ASCII punctuation separating words
-- ("SVC-00042" -> svc 00042; "a.b@c.example" -> a b c example).
CREATE OR REPLACE FUNCTION public.nubes_search_words(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT translate(public.nubes_fold(value), '!"#$%&''()*+,-./:;<=>?@[\]^_`{|}~', '                                ') $$;--> statement-breakpoint
-- A search document: its words, and once more with umlauts written out (Müller -> muller and
-- mueller), so a search typed either way finds it.
CREATE OR REPLACE FUNCTION public.nubes_search_vector(value text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT to_tsvector('simple'::regconfig, public.nubes_search_words(value) || ' ' || public.nubes_search_words(
    replace(replace(replace(replace(replace(replace(replace(
      value, 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue'), 'ß', 'ss'))) $$;--> statement-breakpoint
-- A search as a prefix query: every word of it must begin a word of the document ("mül stor" ->
-- 'mul':* & 'stor':*, which finds Müller, Mulder and Storage). Immutable, so the planner folds it
-- before it picks an index.
CREATE OR REPLACE FUNCTION public.nubes_search_query(value text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT to_tsquery('simple'::regconfig, coalesce(string_agg(quote_literal(word) || ':*', ' & '), ''))
        FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, public.nubes_search_words(value)))) AS word $$;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "search" tsvector DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search" tsvector DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
DROP INDEX "contact_properties_kind_idx";--> statement-breakpoint
CREATE INDEX "contacts_lastname_sort_idx" ON "contacts" USING btree (nubes_fold("lastname") COLLATE "C",nubes_fold("firstname") COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "contacts_firstname_sort_idx" ON "contacts" USING btree (nubes_fold("firstname") COLLATE "C",nubes_fold("lastname") COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "contacts_email_sort_idx" ON "contacts" USING btree (lower("email") COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "contacts_updated_sort_idx" ON "contacts" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin (search);--> statement-breakpoint
CREATE INDEX "services_provider_manager_idx" ON "services" USING btree ("provider_manager_id");--> statement-breakpoint
CREATE INDEX "services_state_idx" ON "services" USING btree ("state");--> statement-breakpoint
CREATE INDEX "services_name_sort_idx" ON "services" USING btree (lower("name") COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "services_updated_sort_idx" ON "services" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "services_score_sort_idx" ON "services" USING btree ("weighted_score",lower("name") COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "services_search_idx" ON "services" USING gin (search);--> statement-breakpoint
CREATE INDEX "contact_properties_kind_idx" ON "contact_properties" USING btree ("kind","contact_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION services_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := nubes_search_vector(concat_ws(' ', NEW.service_id, NEW.name, NEW.fields->>'shortDescription',
    (SELECT string_agg(k.name, ' ') FROM service_keywords sk JOIN keywords k ON k.id = sk.keyword_id
     WHERE sk.service_id = NEW.id)));
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Setting search (to anything) asks for the document anew: what the other tables' triggers do.
CREATE TRIGGER services_search BEFORE INSERT OR UPDATE OF service_id, name, fields, search ON services
  FOR EACH ROW EXECUTE FUNCTION services_search_document();--> statement-breakpoint
CREATE OR REPLACE FUNCTION service_keywords_added_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE services SET search = '' WHERE id IN (SELECT DISTINCT service_id FROM changed_rows);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER service_keywords_added_search AFTER INSERT ON service_keywords
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION service_keywords_added_search();--> statement-breakpoint
CREATE TRIGGER service_keywords_removed_search AFTER DELETE ON service_keywords
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION service_keywords_added_search();--> statement-breakpoint
CREATE OR REPLACE FUNCTION keywords_renamed_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE services SET search = '' WHERE id IN (SELECT service_id FROM service_keywords WHERE keyword_id = NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER keywords_renamed_search AFTER UPDATE OF name ON keywords
  FOR EACH ROW EXECUTE FUNCTION keywords_renamed_search();--> statement-breakpoint
CREATE OR REPLACE FUNCTION contacts_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := nubes_search_vector(concat_ws(' ', NEW.firstname, NEW.lastname, NEW.email, NEW.other_institution,
    NEW.notes,
    (SELECT concat_ws(' ', i.abbreviation, i.name) FROM institutions i WHERE i.id = NEW.institution_id),
    (SELECT string_agg(p.value, ' ') FROM contact_properties p WHERE p.contact_id = NEW.id)));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER contacts_search BEFORE INSERT OR UPDATE OF firstname, lastname, email, other_institution, notes,
  institution_id, search ON contacts FOR EACH ROW EXECUTE FUNCTION contacts_search_document();--> statement-breakpoint
CREATE OR REPLACE FUNCTION contact_properties_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contacts SET search = '' WHERE id IN (SELECT DISTINCT contact_id FROM changed_rows);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER contact_properties_added_search AFTER INSERT ON contact_properties
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_properties_search();--> statement-breakpoint
CREATE TRIGGER contact_properties_changed_search AFTER UPDATE ON contact_properties
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_properties_search();--> statement-breakpoint
CREATE TRIGGER contact_properties_removed_search AFTER DELETE ON contact_properties
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_properties_search();--> statement-breakpoint
CREATE OR REPLACE FUNCTION institutions_renamed_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contacts SET search = '' WHERE institution_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER institutions_renamed_search AFTER UPDATE OF name, abbreviation ON institutions
  FOR EACH ROW EXECUTE FUNCTION institutions_renamed_search();--> statement-breakpoint
UPDATE services SET search = '';--> statement-breakpoint
UPDATE contacts SET search = '';
