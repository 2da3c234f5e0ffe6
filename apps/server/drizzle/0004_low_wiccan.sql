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
ALTER TABLE "service_reviews" ADD CONSTRAINT "service_reviews_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reviews" ADD CONSTRAINT "service_reviews_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reviews" ADD CONSTRAINT "service_reviews_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_reviews_status_idx" ON "service_reviews" USING btree ("status");--> statement-breakpoint
CREATE INDEX "service_reviews_updated_idx" ON "service_reviews" USING btree ("updated_at","version");