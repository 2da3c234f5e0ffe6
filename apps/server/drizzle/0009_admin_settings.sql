CREATE TABLE "entitlement_role_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entitlement" text NOT NULL,
	"role" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entitlement_role_mappings_role_known" CHECK ("entitlement_role_mappings"."role" IN ('portalManager', 'serviceProvider', 'servicePortfolioManager', 'serviceIntegrationManager', 'contactManager', 'cloudServiceDesk', 'resourcePackageManager', 'voManager', 'voSupervisor')),
	CONSTRAINT "entitlement_role_mappings_entitlement_not_blank" CHECK (length(trim("entitlement_role_mappings"."entitlement")) > 0)
);
--> statement-breakpoint
CREATE TABLE "vo_name_prefixes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prefix" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vo_name_prefixes_prefix_characters" CHECK ("vo_name_prefixes"."prefix" ~ '^[A-Za-z0-9_-]+$')
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_state_known";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "entitlement_role_mappings_entitlement_idx" ON "entitlement_role_mappings" USING btree ("entitlement");--> statement-breakpoint
CREATE UNIQUE INDEX "vo_name_prefixes_prefix_idx" ON "vo_name_prefixes" USING btree (lower("prefix"));--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_state_known" CHECK ("mail_outbox"."state" IN ('pending', 'sending', 'sent', 'failed', 'discarded'));