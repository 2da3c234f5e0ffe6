CREATE TABLE "downtime_subscriptions" (
	"service_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "downtime_subscriptions_service_id_user_id_pk" PRIMARY KEY("service_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "downtimes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"severity" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_de" text DEFAULT '' NOT NULL,
	"announced_by" uuid,
	"announced_at" timestamp with time zone NOT NULL,
	"ended_early_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"restore_state" text,
	"notice_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "downtimes_ends_after_start" CHECK ("downtimes"."ends_at" > "downtimes"."starts_at"),
	CONSTRAINT "downtimes_severity_known" CHECK (severity IN ('outage', 'degraded')),
	CONSTRAINT "downtimes_description_given" CHECK (length(trim("downtimes"."description_en")) > 0 OR length(trim("downtimes"."description_de")) > 0),
	CONSTRAINT "downtimes_description_length" CHECK (length("downtimes"."description_en") <= 2000 AND length("downtimes"."description_de") <= 2000),
	CONSTRAINT "downtimes_restore_state_known" CHECK ("downtimes"."restore_state" IS NULL OR "downtimes"."restore_state" IN ('service_online', 'service_full_capacity_reached')),
	CONSTRAINT "downtimes_version_positive" CHECK ("downtimes"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "downtime_subscriptions" ADD CONSTRAINT "downtime_subscriptions_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downtime_subscriptions" ADD CONSTRAINT "downtime_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downtimes" ADD CONSTRAINT "downtimes_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downtimes" ADD CONSTRAINT "downtimes_announced_by_users_id_fk" FOREIGN KEY ("announced_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "downtime_subscriptions_user_idx" ON "downtime_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "downtimes_service_open_idx" ON "downtimes" USING btree ("service_id","ends_at") WHERE "downtimes"."cancelled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "downtimes_open_idx" ON "downtimes" USING btree ("ends_at") WHERE "downtimes"."cancelled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "downtimes_to_start_idx" ON "downtimes" USING btree ("starts_at") WHERE "downtimes"."started_at" IS NULL AND "downtimes"."cancelled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "downtimes_to_finish_idx" ON "downtimes" USING btree ("ends_at") WHERE "downtimes"."finished_at" IS NULL AND "downtimes"."cancelled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "downtimes_service_idx" ON "downtimes" USING btree ("service_id","starts_at");