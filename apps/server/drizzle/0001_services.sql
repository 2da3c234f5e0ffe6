CREATE SEQUENCE "public"."service_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "file_blobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_blobs_size_positive" CHECK ("file_blobs"."size" > 0)
);
--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"abbreviation" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"domain" text,
	"is_centre" boolean DEFAULT false NOT NULL,
	"is_service_provider" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institutions_abbreviation_not_blank" CHECK (length(trim("institutions"."abbreviation")) > 0),
	CONSTRAINT "institutions_name_not_blank" CHECK (length(trim("institutions"."name")) > 0),
	CONSTRAINT "institutions_version_positive" CHECK ("institutions"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "keywords" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keywords_name_not_blank" CHECK (length(trim("keywords"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "service_admins" (
	"service_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_admins_service_id_user_id_pk" PRIMARY KEY("service_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "service_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_comments_text_not_blank" CHECK (length(trim("service_comments"."text")) > 0)
);
--> statement-breakpoint
CREATE TABLE "service_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by_id" uuid,
	"uploaded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_documents_size_range" CHECK ("service_documents"."size" > 0 AND "service_documents"."size" <= 20971520),
	CONSTRAINT "service_documents_filename_not_blank" CHECK (length(trim("service_documents"."filename")) > 0)
);
--> statement-breakpoint
CREATE TABLE "service_keywords" (
	"service_id" uuid NOT NULL,
	"keyword_id" uuid NOT NULL,
	CONSTRAINT "service_keywords_service_id_keyword_id_pk" PRIMARY KEY("service_id","keyword_id")
);
--> statement-breakpoint
CREATE TABLE "service_role_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"role" text NOT NULL,
	"user_id" uuid NOT NULL,
	"requested_by_id" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_role_changes_role_known" CHECK ("service_role_changes"."role" IN ('serviceOwner', 'serviceManager')),
	CONSTRAINT "service_role_changes_state_known" CHECK ("service_role_changes"."state" IN ('pending', 'accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" text NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'application_draft' NOT NULL,
	"provider_institution_id" uuid,
	"object_owner_id" uuid,
	"service_owner_id" uuid,
	"service_manager_id" uuid,
	"provider_manager_id" uuid,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"weighting" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"weighted_score" integer DEFAULT 0 NOT NULL,
	"service_type" text DEFAULT 'uncategorised' NOT NULL,
	"documents_active" boolean DEFAULT false NOT NULL,
	"online_since" timestamp with time zone,
	"online_until" timestamp with time zone,
	"keyword_names" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "services"."service_id" || ' ' || "services"."name" || ' ' || coalesce("services"."fields"->>'shortDescription', '') || ' ' || "services"."keyword_names")) STORED,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_name_not_blank" CHECK (length(trim("services"."name")) > 0),
	CONSTRAINT "services_state_known" CHECK ("services"."state" IN ('application_withdrawn', 'application_draft', 'application_received', 'service_planned', 'service_offer_withdrawn', 'service_information_draft', 'service_information_received', 'ready_for_integration', 'integration_planned', 'integration_in_progress', 'service_card_review', 'integration_completed', 'service_online', 'service_not_available', 'service_full_capacity_reached', 'service_discontinued', 'service_retired')),
	CONSTRAINT "services_version_positive" CHECK ("services"."version" > 0),
	CONSTRAINT "services_score_nonnegative" CHECK ("services"."weighted_score" >= 0),
	CONSTRAINT "services_fields_object" CHECK (jsonb_typeof("services"."fields") = 'object'),
	CONSTRAINT "services_weighting_object" CHECK (jsonb_typeof("services"."weighting") = 'object'),
	CONSTRAINT "services_online_order" CHECK ("services"."online_until" IS NULL OR "services"."online_since" IS NULL OR "services"."online_until" >= "services"."online_since")
);
--> statement-breakpoint
CREATE TABLE "weighting_criteria" (
	"key" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"label" jsonb NOT NULL,
	"factor" integer NOT NULL,
	"options" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weighting_criteria_factor_nonnegative" CHECK ("weighting_criteria"."factor" >= 0),
	CONSTRAINT "weighting_criteria_options_array" CHECK (jsonb_typeof("weighting_criteria"."options") = 'array')
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "organisation" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "institution_id" uuid;--> statement-breakpoint
ALTER TABLE "keywords" ADD CONSTRAINT "keywords_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_admins" ADD CONSTRAINT "service_admins_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_admins" ADD CONSTRAINT "service_admins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_comments" ADD CONSTRAINT "service_comments_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_comments" ADD CONSTRAINT "service_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_documents" ADD CONSTRAINT "service_documents_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_documents" ADD CONSTRAINT "service_documents_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_keywords" ADD CONSTRAINT "service_keywords_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_keywords" ADD CONSTRAINT "service_keywords_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_role_changes" ADD CONSTRAINT "service_role_changes_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_role_changes" ADD CONSTRAINT "service_role_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_role_changes" ADD CONSTRAINT "service_role_changes_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_role_changes" ADD CONSTRAINT "service_role_changes_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_provider_institution_id_institutions_id_fk" FOREIGN KEY ("provider_institution_id") REFERENCES "public"."institutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_object_owner_id_users_id_fk" FOREIGN KEY ("object_owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_service_owner_id_users_id_fk" FOREIGN KEY ("service_owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_service_manager_id_users_id_fk" FOREIGN KEY ("service_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_provider_manager_id_users_id_fk" FOREIGN KEY ("provider_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_abbreviation_key" ON "institutions" USING btree (lower("abbreviation"));--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_domain_key" ON "institutions" USING btree (lower("domain"));--> statement-breakpoint
CREATE UNIQUE INDEX "keywords_name_key" ON "keywords" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "service_admins_user_idx" ON "service_admins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "service_comments_service_idx" ON "service_comments" USING btree ("service_id","created_at");--> statement-breakpoint
CREATE INDEX "service_documents_service_idx" ON "service_documents" USING btree ("service_id","created_at");--> statement-breakpoint
CREATE INDEX "service_keywords_keyword_idx" ON "service_keywords" USING btree ("keyword_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_role_changes_pending_key" ON "service_role_changes" USING btree ("service_id","role") WHERE "service_role_changes"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "services_service_id_key" ON "services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "services_state_updated_idx" ON "services" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "services_state_name_idx" ON "services" USING btree ("state","name");--> statement-breakpoint
CREATE INDEX "services_score_idx" ON "services" USING btree ("weighted_score","name");--> statement-breakpoint
CREATE INDEX "services_provider_idx" ON "services" USING btree ("provider_institution_id","state");--> statement-breakpoint
CREATE INDEX "services_object_owner_idx" ON "services" USING btree ("object_owner_id");--> statement-breakpoint
CREATE INDEX "services_service_owner_idx" ON "services" USING btree ("service_owner_id");--> statement-breakpoint
CREATE INDEX "services_service_manager_idx" ON "services" USING btree ("service_manager_id");--> statement-breakpoint
CREATE INDEX "services_search_idx" ON "services" USING gin ("search");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_institution_idx" ON "users" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (to_tsvector('simple', "fullname" || ' ' || "email" || ' ' || "username"));--> statement-breakpoint
-- The weighting criteria are data, seeded the same in every installation (docs/domain.md#service-information).
INSERT INTO "weighting_criteria" ("key", "position", "label", "factor", "options") VALUES
('initiatedBy', 1, '{"en":"Initiated by","de":"Initiiert durch"}'::jsonb, 2, '[{"key":"alliance","points":3,"label":{"en":"The alliance (several centres)","de":"Die Allianz (mehrere Zentren)"}},{"key":"centre","points":2,"label":{"en":"One centre","de":"Ein Zentrum"}},{"key":"working_group","points":1,"label":{"en":"A working group","de":"Eine Arbeitsgruppe"}}]'::jsonb),
('expectedCentres', 2, '{"en":"Expected number of using centres","de":"Erwartete Zahl nutzender Zentren"}'::jsonb, 3, '[{"key":"many","points":3,"label":{"en":"More than five","de":"Mehr als fünf"}},{"key":"some","points":2,"label":{"en":"Two to five","de":"Zwei bis fünf"}},{"key":"one","points":1,"label":{"en":"One","de":"Eines"}}]'::jsonb),
('expectedUsers', 3, '{"en":"Expected users","de":"Erwartete Nutzende"}'::jsonb, 3, '[{"key":"over_1000","points":3,"label":{"en":"More than 1,000","de":"Mehr als 1.000"}},{"key":"100_1000","points":2,"label":{"en":"100 to 1,000","de":"100 bis 1.000"}},{"key":"under_100","points":1,"label":{"en":"Fewer than 100","de":"Weniger als 100"}}]'::jsonb),
('externalAvailability', 4, '{"en":"Availability for external users","de":"Verfügbarkeit für externe Nutzende"}'::jsonb, 2, '[{"key":"open","points":2,"label":{"en":"Open to all members of the alliance","de":"Offen für alle Mitglieder der Allianz"}},{"key":"on_request","points":1,"label":{"en":"On request","de":"Auf Anfrage"}},{"key":"internal","points":0,"label":{"en":"Internal only","de":"Nur intern"}}]'::jsonb),
('serviceEnablement', 5, '{"en":"Service enablement","de":"Befähigung zur Nutzung"}'::jsonb, 1, '[{"key":"self_service","points":3,"label":{"en":"Self-service","de":"Selbstbedienung"}},{"key":"guided","points":2,"label":{"en":"Guided onboarding","de":"Begleitetes Onboarding"}},{"key":"manual","points":1,"label":{"en":"Manual set-up by the provider","de":"Manuelle Einrichtung durch den Anbieter"}}]'::jsonb),
('scientificSupport', 6, '{"en":"Support in the scientific process","de":"Unterstützung im wissenschaftlichen Prozess"}'::jsonb, 3, '[{"key":"core","points":3,"label":{"en":"Core of the research workflow","de":"Kern des Forschungsablaufs"}},{"key":"supporting","points":2,"label":{"en":"Supporting","de":"Unterstützend"}},{"key":"indirect","points":1,"label":{"en":"Indirect","de":"Indirekt"}}]'::jsonb),
('fairStatement', 7, '{"en":"FAIR statement","de":"FAIR-Erklärung"}'::jsonb, 2, '[{"key":"full","points":2,"label":{"en":"Findable, accessible, interoperable and reusable","de":"Auffindbar, zugänglich, interoperabel und nachnutzbar"}},{"key":"partial","points":1,"label":{"en":"Partly","de":"Teilweise"}},{"key":"none","points":0,"label":{"en":"Not addressed","de":"Nicht betrachtet"}}]'::jsonb),
('dataFormat', 8, '{"en":"Data format","de":"Datenformat"}'::jsonb, 1, '[{"key":"open_standard","points":2,"label":{"en":"Open standard formats","de":"Offene Standardformate"}},{"key":"documented","points":1,"label":{"en":"Documented proprietary formats","de":"Dokumentierte proprietäre Formate"}},{"key":"closed","points":0,"label":{"en":"Closed formats","de":"Geschlossene Formate"}}]'::jsonb),
('openSource', 9, '{"en":"Open source","de":"Open Source"}'::jsonb, 2, '[{"key":"yes","points":2,"label":{"en":"Open source","de":"Open Source"}},{"key":"partly","points":1,"label":{"en":"Partly open source","de":"Teilweise Open Source"}},{"key":"no","points":0,"label":{"en":"Closed source","de":"Closed Source"}}]'::jsonb),
('plannedProvisionTime', 10, '{"en":"Planned provision time","de":"Geplante Bereitstellungszeit"}'::jsonb, 1, '[{"key":"under_3_months","points":3,"label":{"en":"Less than three months","de":"Weniger als drei Monate"}},{"key":"3_6_months","points":2,"label":{"en":"Three to six months","de":"Drei bis sechs Monate"}},{"key":"over_6_months","points":1,"label":{"en":"More than six months","de":"Mehr als sechs Monate"}}]'::jsonb);
