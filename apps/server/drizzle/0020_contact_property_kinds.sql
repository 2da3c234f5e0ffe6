-- The kinds of a contact's properties, each once in code point order, kept on the contact by its
-- search trigger, and one GIN index over the search document and the kinds: the contact list's
-- property kind filter is a condition on the contact's own row, answered in the same index scan as
-- its search, instead of a semi-join over every property of the kind
-- (docs/adr/0093-one-read-per-contact-search.md).
ALTER TABLE "contacts" ADD COLUMN "property_kinds" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION contacts_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  institution record;
BEGIN
  SELECT i.abbreviation, i.name INTO institution FROM institutions i WHERE i.id = NEW.institution_id;
  NEW.search := nubes_search_vector(concat_ws(' ', NEW.firstname, NEW.lastname, NEW.email, NEW.other_institution,
    NEW.notes, institution.abbreviation, institution.name,
    (SELECT string_agg(p.value, ' ') FROM contact_properties p WHERE p.contact_id = NEW.id)));
  NEW.institution_sort := coalesce(nubes_fold(institution.abbreviation), nubes_fold(NEW.other_institution), '');
  NEW.property_kinds := ARRAY(SELECT DISTINCT p.kind COLLATE "C" FROM contact_properties p WHERE p.contact_id = NEW.id ORDER BY 1);
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE contacts c SET property_kinds = ARRAY(SELECT DISTINCT p.kind COLLATE "C" FROM contact_properties p WHERE p.contact_id = c.id ORDER BY 1)
  WHERE EXISTS (SELECT 1 FROM contact_properties p WHERE p.contact_id = c.id);--> statement-breakpoint
DROP INDEX "contact_properties_kind_idx";--> statement-breakpoint
DROP INDEX "contacts_search_idx";--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin (search,property_kinds);
