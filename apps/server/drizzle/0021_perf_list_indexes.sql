-- The review list counts and the package search by provider read the state and provider indexes
-- alone (they end on the id); the descending state and score orders, which break ties by name A–Z,
-- walk their own index (docs/adr/0094-list-statements-read-indexes-alone.md).
DROP INDEX "services_provider_idx";--> statement-breakpoint
DROP INDEX "services_state_idx";--> statement-breakpoint
CREATE INDEX "services_score_sort_desc_idx" ON "services" USING btree ("weighted_score" DESC,lower("name") COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "services_state_sort_desc_idx" ON "services" USING btree (array_position(ARRAY['application_withdrawn', 'application_draft', 'application_received', 'service_planned', 'service_offer_withdrawn', 'service_information_draft', 'service_information_received', 'ready_for_integration', 'integration_planned', 'integration_in_progress', 'service_card_review', 'integration_completed', 'service_online', 'service_not_available', 'service_full_capacity_reached', 'service_discontinued', 'service_retired']::text[], "state") DESC,lower("name") COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "services_provider_idx" ON "services" USING btree ("provider_institution_id","state","id");--> statement-breakpoint
CREATE INDEX "services_state_idx" ON "services" USING btree ("state","provider_institution_id","id");