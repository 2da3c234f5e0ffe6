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
ALTER TABLE "change_request_fields" ADD CONSTRAINT "change_request_fields_change_request_id_change_requests_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "change_requests_open_key" ON "change_requests" USING btree ("service_id") WHERE "change_requests"."state" IN ('draft', 'handed_in', 'released');--> statement-breakpoint
CREATE INDEX "change_requests_service_idx" ON "change_requests" USING btree ("service_id","created_at");--> statement-breakpoint
CREATE INDEX "change_requests_updated_idx" ON "change_requests" USING btree ("updated_at");