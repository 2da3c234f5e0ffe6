ALTER TABLE "sessions" DROP CONSTRAINT "sessions_end_reason_known";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gone_by_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gone_source" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gone_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_gone_by_id_users_id_fk" FOREIGN KEY ("gone_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_gone_idx" ON "users" USING btree ("gone_at") WHERE "users"."gone_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_end_reason_known" CHECK ("sessions"."end_reason" IS NULL OR "sessions"."end_reason" IN ('logout', 'endedByOwner', 'endedByManager', 'gone'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_gone_complete" CHECK (("users"."gone_at" IS NULL) = ("users"."gone_source" IS NULL) AND ("users"."gone_at" IS NULL) = ("users"."gone_reason" IS NULL));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_gone_source_known" CHECK ("users"."gone_source" IS NULL OR "users"."gone_source" IN ('manager', 'claims'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_gone_reason_length" CHECK (length("users"."gone_reason") <= 500);