CREATE TABLE "contact_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	CONSTRAINT "contact_addresses_not_empty" CHECK (length(trim("contact_addresses"."street" || "contact_addresses"."postal_code" || "contact_addresses"."city" || "contact_addresses"."country")) > 0)
);
--> statement-breakpoint
CREATE TABLE "contact_properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "contact_properties_kind_known" CHECK ("contact_properties"."kind" IN ('platform', 'cluster', 'workingGroup', 'otherBoards', 'role', 'additionalInformation')),
	CONSTRAINT "contact_properties_value_not_blank" CHECK (length(trim("contact_properties"."value")) > 0)
);
--> statement-breakpoint
CREATE TABLE "contact_relations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"service_id" uuid,
	"institution_id" uuid,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_relations_one_target" CHECK (num_nonnulls("contact_relations"."service_id", "contact_relations"."institution_id") = 1),
	CONSTRAINT "contact_relations_role_known" CHECK (("contact_relations"."service_id" IS NULL OR "contact_relations"."role" IN ('owner', 'manager', 'providerManager', 'supportContact', 'technicalContact', 'securityContact', 'other')) AND ("contact_relations"."institution_id" IS NULL OR "contact_relations"."role" IN ('director', 'boardMember', 'contactPoint', 'technicalContact', 'securityContact', 'other')))
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"email_not_personal" boolean DEFAULT false NOT NULL,
	"institution_id" uuid,
	"other_institution" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_firstname_not_blank" CHECK (length(trim("contacts"."firstname")) > 0),
	CONSTRAINT "contacts_lastname_not_blank" CHECK (length(trim("contacts"."lastname")) > 0),
	CONSTRAINT "contacts_email_form" CHECK ("contacts"."email" = '' OR "contacts"."email" ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
	CONSTRAINT "contacts_version_positive" CHECK ("contacts"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "contact_addresses" ADD CONSTRAINT "contact_addresses_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_properties" ADD CONSTRAINT "contact_properties_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_relations" ADD CONSTRAINT "contact_relations_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_relations" ADD CONSTRAINT "contact_relations_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_relations" ADD CONSTRAINT "contact_relations_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_addresses_position_key" ON "contact_addresses" USING btree ("contact_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_addresses_one_primary" ON "contact_addresses" USING btree ("contact_id") WHERE "contact_addresses"."is_primary";--> statement-breakpoint
CREATE UNIQUE INDEX "contact_properties_position_key" ON "contact_properties" USING btree ("contact_id","position");--> statement-breakpoint
CREATE INDEX "contact_properties_kind_idx" ON "contact_properties" USING btree ("kind");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_relations_service_key" ON "contact_relations" USING btree ("contact_id","service_id","role") WHERE "contact_relations"."service_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_relations_institution_key" ON "contact_relations" USING btree ("contact_id","institution_id","role") WHERE "contact_relations"."institution_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "contact_relations_contact_idx" ON "contact_relations" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "contact_relations_service_idx" ON "contact_relations" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "contact_relations_institution_idx" ON "contact_relations" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "contacts_institution_idx" ON "contacts" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "contacts_email_idx" ON "contacts" USING btree (lower("email"));