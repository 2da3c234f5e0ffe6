ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_state_known";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_state_known" CHECK ("mail_outbox"."state" IN ('pending', 'sending', 'sent', 'failed', 'discarded'));