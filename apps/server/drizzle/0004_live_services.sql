CREATE TABLE "change_request_fields" (
	"change_request_id" uuid NOT NULL,
	"field_key" text NOT NULL,
	"current_value" jsonb,
	"new_value" jsonb,
	"decision" text,
	CONSTRAINT "change_request_fields_change_request_id_field_key_pk" PRIMARY KEY("change_request_id","field_key"),
	CONSTRAINT "change_request_fields_decision_known" CHECK ("change_request_fields"."decision" IS NULL OR "change_request_fields"."decision" IN ('accept', 'discard')),
	CONSTRAINT "change_request_fields_key_not_blank" CHECK (length(trim("change_request_fields"."field_key")) > 0)
);
--> statement-breakpoint
CREATE TABLE "change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"author_id" uuid,
	"from_integration_manager" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_requests_state_known" CHECK ("change_requests"."state" IN ('draft', 'handed_in', 'released', 'applied', 'withdrawn')),
	CONSTRAINT "change_requests_version_positive" CHECK ("change_requests"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"recipient_id" uuid,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"service_id" uuid,
	"state" text DEFAULT 'pending' NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"claim_token" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_state_known" CHECK ("mail_outbox"."state" IN ('pending', 'sending', 'sent', 'failed')),
	CONSTRAINT "mail_outbox_tries_nonnegative" CHECK ("mail_outbox"."tries" >= 0),
	CONSTRAINT "mail_outbox_to_not_blank" CHECK (length(trim("mail_outbox"."to_address")) > 0)
);
--> statement-breakpoint
CREATE TABLE "mail_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"disabled_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_settings_language_known" CHECK ("mail_settings"."language" IN ('en', 'de')),
	CONSTRAINT "mail_settings_version_positive" CHECK ("mail_settings"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "service_reviews" (
	"service_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'inactive' NOT NULL,
	"started_at" timestamp with time zone,
	"started_by" uuid,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	"ended_at" timestamp with time zone,
	"last_outcome" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_reviews_status_known" CHECK ("service_reviews"."status" IN ('inactive', 'running', 'editRequired', 'finishedOK')),
	CONSTRAINT "service_reviews_outcome_known" CHECK ("service_reviews"."last_outcome" IS NULL OR "service_reviews"."last_outcome" IN ('running', 'editRequired', 'finishedOK')),
	CONSTRAINT "service_reviews_version_positive" CHECK ("service_reviews"."version" > 0),
	CONSTRAINT "service_reviews_running_started" CHECK ("service_reviews"."status" = 'inactive' OR "service_reviews"."started_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "login_language" text;--> statement-breakpoint
ALTER TABLE "change_request_fields" ADD CONSTRAINT "change_request_fields_change_request_id_change_requests_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_settings" ADD CONSTRAINT "mail_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reviews" ADD CONSTRAINT "service_reviews_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reviews" ADD CONSTRAINT "service_reviews_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reviews" ADD CONSTRAINT "service_reviews_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "change_requests_open_key" ON "change_requests" USING btree ("service_id") WHERE "change_requests"."state" IN ('draft', 'handed_in', 'released');--> statement-breakpoint
CREATE INDEX "change_requests_service_idx" ON "change_requests" USING btree ("service_id","created_at");--> statement-breakpoint
CREATE INDEX "change_requests_updated_idx" ON "change_requests" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."state" IN ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "service_reviews_status_idx" ON "service_reviews" USING btree ("status");--> statement-breakpoint
CREATE INDEX "service_reviews_updated_idx" ON "service_reviews" USING btree ("updated_at","version");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_login_language_known" CHECK ("users"."login_language" IS NULL OR "users"."login_language" IN ('en', 'de'));