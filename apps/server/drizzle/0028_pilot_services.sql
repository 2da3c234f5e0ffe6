CREATE TABLE "pilot_extensions" (
	"service_id" uuid PRIMARY KEY NOT NULL,
	"ends_on" date NOT NULL,
	"reason" text NOT NULL,
	"extended_by" uuid,
	"extended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pilot_extensions_reason_length" CHECK (length(trim("pilot_extensions"."reason")) BETWEEN 1 AND 1000)
);
--> statement-breakpoint
CREATE TABLE "pilot_notices" (
	"service_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"pilot_ends_on" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pilot_notices_service_id_kind_pilot_ends_on_pk" PRIMARY KEY("service_id","kind","pilot_ends_on"),
	CONSTRAINT "pilot_notices_kind_known" CHECK ("pilot_notices"."kind" IN ('notice6', 'notice9', 'decisionDue'))
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "service_kind" text DEFAULT 'regular' NOT NULL;--> statement-breakpoint
ALTER TABLE "pilot_extensions" ADD CONSTRAINT "pilot_extensions_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilot_extensions" ADD CONSTRAINT "pilot_extensions_extended_by_users_id_fk" FOREIGN KEY ("extended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilot_notices" ADD CONSTRAINT "pilot_notices_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "services_pilot_idx" ON "services" USING btree ("online_since","id") WHERE "services"."service_kind" = 'pilot';--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_kind_known" CHECK ("services"."service_kind" IN ('regular', 'pilot'));