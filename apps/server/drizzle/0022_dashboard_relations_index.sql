-- The dashboard's counts of what waits read a service's state, order and relations from this index
-- alone, by state or, for a change request's or package's service, by its id
-- (docs/adr/0101-dashboard-reads-indexes.md).
CREATE INDEX "services_relations_idx" ON "services" USING btree ("state","updated_at","id","object_owner_id","service_owner_id","service_manager_id","provider_manager_id");