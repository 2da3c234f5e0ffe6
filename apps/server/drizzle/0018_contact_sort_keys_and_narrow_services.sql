DROP INDEX "contacts_lastname_sort_idx";--> statement-breakpoint
DROP INDEX "contacts_firstname_sort_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "lastname_sort" text GENERATED ALWAYS AS (public.nubes_fold("contacts"."lastname")) STORED;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "firstname_sort" text GENERATED ALWAYS AS (public.nubes_fold("contacts"."firstname")) STORED;--> statement-breakpoint
CREATE INDEX "contacts_lastname_sort_idx" ON "contacts" USING btree ("lastname_sort" COLLATE "C","firstname_sort" COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "contacts_firstname_sort_idx" ON "contacts" USING btree ("firstname_sort" COLLATE "C","lastname_sort" COLLATE "C","id");--> statement-breakpoint
-- A service's catalogue fields (about 1.4 kB of JSON) kept its row just under the 2 kB at which
-- PostgreSQL moves values out of line, so a scan of the services read four rows per page. From 256
-- bytes on, the long values of a row written from now on live in its TOAST table, except those the
-- lists read (name, short description, search document: storage MAIN keeps them in the row), so
-- the lists scan a heap a third the size (docs/adr/0088-narrow-service-rows.md).
ALTER TABLE "services" SET (toast_tuple_target = 256);--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "name" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "short_description" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "search" SET STORAGE MAIN;
