CREATE TABLE "retirement_plans" (
	"service_id" uuid PRIMARY KEY NOT NULL,
	"reason" text,
	"planned_end_on" date,
	"users_told_on" date,
	"users_told_how" text,
	"data_export_until" date,
	"data_deletion_on" date,
	"successor_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retirement_plans_version_positive" CHECK ("retirement_plans"."version" > 0),
	CONSTRAINT "retirement_plans_not_own_successor" CHECK ("retirement_plans"."successor_id" <> "retirement_plans"."service_id"),
	CONSTRAINT "retirement_plans_text_length" CHECK (length("retirement_plans"."reason") <= 2000 AND length("retirement_plans"."users_told_how") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "retirement_plans" ADD CONSTRAINT "retirement_plans_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retirement_plans" ADD CONSTRAINT "retirement_plans_successor_id_services_id_fk" FOREIGN KEY ("successor_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retirement_plans_successor_idx" ON "retirement_plans" USING btree ("successor_id");