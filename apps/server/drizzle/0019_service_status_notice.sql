ALTER TABLE "services" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "status_expected_end" date;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_status_reason_length" CHECK (length("services"."status_reason") <= 500);