DROP INDEX "services_state_updated_idx";--> statement-breakpoint
DROP INDEX "services_state_name_idx";--> statement-breakpoint
DROP INDEX "services_score_idx";--> statement-breakpoint
DROP INDEX "services_search_idx";--> statement-breakpoint
ALTER TABLE "services" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "services" DROP COLUMN "keyword_names";
