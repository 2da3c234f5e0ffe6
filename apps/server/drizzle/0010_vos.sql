CREATE TABLE "vo_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vo_id" uuid NOT NULL,
	"author_id" uuid,
	"text" text NOT NULL,
	"action" text NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vo_comments_text_not_blank" CHECK (length(trim("vo_comments"."text")) > 0),
	CONSTRAINT "vo_comments_action_known" CHECK ("vo_comments"."action" IN ('send', 'approve', 'makeAvailable', 'withdraw', 'backToDraft')),
	CONSTRAINT "vo_comments_from_known" CHECK ("vo_comments"."from_state" IN ('application_draft', 'application_received', 'application_approved', 'vo_available', 'application_withdrawn')),
	CONSTRAINT "vo_comments_to_known" CHECK ("vo_comments"."to_state" IN ('application_draft', 'application_received', 'application_approved', 'vo_available', 'application_withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "vo_services" (
	"vo_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "vo_services_vo_id_service_id_pk" PRIMARY KEY("vo_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "vos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'application_draft' NOT NULL,
	"applicant_id" uuid NOT NULL,
	"deputy_id" uuid,
	"home_institution_id" uuid,
	"security_contact_email" text DEFAULT '' NOT NULL,
	"expected_members" integer,
	"aup_additions" text DEFAULT '' NOT NULL,
	"terms_confirmed" boolean DEFAULT false NOT NULL,
	"terms_confirmed_by" uuid,
	"terms_confirmed_at" timestamp with time zone,
	"policies_accepted" boolean DEFAULT false NOT NULL,
	"policies_accepted_by" uuid,
	"policies_accepted_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"entitlement" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vos_state_known" CHECK ("vos"."state" IN ('application_draft', 'application_received', 'application_approved', 'vo_available', 'application_withdrawn')),
	CONSTRAINT "vos_name_characters" CHECK ("vos"."name" ~ '^[A-Za-z0-9_-]+$' AND length("vos"."name") <= 64),
	CONSTRAINT "vos_version_positive" CHECK ("vos"."version" > 0),
	CONSTRAINT "vos_expected_members_positive" CHECK ("vos"."expected_members" IS NULL OR "vos"."expected_members" >= 1),
	CONSTRAINT "vos_deputy_not_applicant" CHECK ("vos"."deputy_id" IS NULL OR "vos"."deputy_id" <> "vos"."applicant_id"),
	CONSTRAINT "vos_terms_confirmed_when" CHECK ("vos"."terms_confirmed" = ("vos"."terms_confirmed_at" IS NOT NULL)),
	CONSTRAINT "vos_policies_accepted_when" CHECK ("vos"."policies_accepted" = ("vos"."policies_accepted_at" IS NOT NULL)),
	CONSTRAINT "vos_sent_confirmed" CHECK ("vos"."state" IN ('application_draft', 'application_withdrawn') OR ("vos"."terms_confirmed" AND "vos"."policies_accepted" AND "vos"."sent_at" IS NOT NULL)),
	CONSTRAINT "vos_entitlement_when_available" CHECK (("vos"."state" = 'vo_available') = ("vos"."entitlement" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "vo_comments" ADD CONSTRAINT "vo_comments_vo_id_vos_id_fk" FOREIGN KEY ("vo_id") REFERENCES "public"."vos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vo_comments" ADD CONSTRAINT "vo_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vo_services" ADD CONSTRAINT "vo_services_vo_id_vos_id_fk" FOREIGN KEY ("vo_id") REFERENCES "public"."vos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vo_services" ADD CONSTRAINT "vo_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vos" ADD CONSTRAINT "vos_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vos" ADD CONSTRAINT "vos_deputy_id_users_id_fk" FOREIGN KEY ("deputy_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vos" ADD CONSTRAINT "vos_home_institution_id_institutions_id_fk" FOREIGN KEY ("home_institution_id") REFERENCES "public"."institutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vos" ADD CONSTRAINT "vos_terms_confirmed_by_users_id_fk" FOREIGN KEY ("terms_confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vos" ADD CONSTRAINT "vos_policies_accepted_by_users_id_fk" FOREIGN KEY ("policies_accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vo_comments_vo_idx" ON "vo_comments" USING btree ("vo_id","created_at");--> statement-breakpoint
CREATE INDEX "vo_services_service_idx" ON "vo_services" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vos_name_lower_key" ON "vos" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "vos_applicant_idx" ON "vos" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "vos_deputy_idx" ON "vos" USING btree ("deputy_id");--> statement-breakpoint
CREATE INDEX "vos_state_idx" ON "vos" USING btree ("state","sent_at");