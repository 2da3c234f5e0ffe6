-- The Change Request List and the Resource Package Review List sort by their service's name
-- (docs/adr/0136-list-tails.md): `service_sort` is the service's name in lower case, as
-- services_name_sort_idx holds it, kept on each request and package by triggers, so the order's index
-- is on the list's own table.
ALTER TABLE "change_requests" ADD COLUMN "service_sort" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "resource_packages" ADD COLUMN "service_sort" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION nubes_service_sort() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.service_sort := coalesce((SELECT lower(s.name) FROM services s WHERE s.id = NEW.service_id), '');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER change_requests_service_sort BEFORE INSERT OR UPDATE OF service_id ON change_requests
  FOR EACH ROW EXECUTE FUNCTION nubes_service_sort();--> statement-breakpoint
CREATE TRIGGER resource_packages_service_sort BEFORE INSERT OR UPDATE OF service_id ON resource_packages
  FOR EACH ROW EXECUTE FUNCTION nubes_service_sort();--> statement-breakpoint
-- A service renamed: its requests and packages take its new name's key.
CREATE OR REPLACE FUNCTION services_renamed_service_sort() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE change_requests SET service_sort = lower(NEW.name) WHERE service_id = NEW.id;
  UPDATE resource_packages SET service_sort = lower(NEW.name) WHERE service_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER services_renamed_service_sort AFTER UPDATE OF name ON services FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION services_renamed_service_sort();--> statement-breakpoint
UPDATE change_requests c SET service_sort = lower(s.name) FROM services s WHERE s.id = c.service_id;--> statement-breakpoint
UPDATE resource_packages p SET service_sort = lower(s.name) FROM services s WHERE s.id = p.service_id;--> statement-breakpoint
CREATE INDEX "change_requests_service_sort_idx" ON "change_requests" USING btree (service_sort COLLATE "C","id" DESC);--> statement-breakpoint
CREATE INDEX "resource_packages_service_sort_idx" ON "resource_packages" USING btree (service_sort COLLATE "C","id");
