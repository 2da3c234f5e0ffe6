CREATE TABLE "review_reminders" (
	"service_id" uuid NOT NULL,
	"round_started_at" timestamp with time zone NOT NULL,
	"reminder_day" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reminders_service_id_round_started_at_reminder_day_pk" PRIMARY KEY("service_id","round_started_at","reminder_day"),
	CONSTRAINT "review_reminders_day_known" CHECK ("review_reminders"."reminder_day" IN (14, 28))
);
--> statement-breakpoint
CREATE TABLE "review_schedule" (
	"service_id" uuid PRIMARY KEY NOT NULL,
	"next_review_on" date NOT NULL,
	"fixed_on" date,
	"fixed_at" timestamp with time zone,
	"started_for" date,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_schedule_version_positive" CHECK ("review_schedule"."version" > 0),
	CONSTRAINT "review_schedule_fixed_together" CHECK (("review_schedule"."fixed_on" IS NULL) = ("review_schedule"."fixed_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "review_schedule_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"default_months" integer DEFAULT 12 NOT NULL,
	"pilot_months" integer DEFAULT 12 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_schedule_settings_one_row" CHECK ("review_schedule_settings"."id" = 1),
	CONSTRAINT "review_schedule_settings_months" CHECK ("review_schedule_settings"."default_months" BETWEEN 1 AND 60 AND "review_schedule_settings"."pilot_months" BETWEEN 1 AND 60),
	CONSTRAINT "review_schedule_settings_version_positive" CHECK ("review_schedule_settings"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"run_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_jobs_version_positive" CHECK ("scheduled_jobs"."version" > 0),
	CONSTRAINT "scheduled_jobs_run_count_nonnegative" CHECK ("scheduled_jobs"."run_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "review_reminders" ADD CONSTRAINT "review_reminders_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_schedule" ADD CONSTRAINT "review_schedule_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_schedule_next_idx" ON "review_schedule" USING btree ("next_review_on","service_id");