CREATE TABLE "resource_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"name" text NOT NULL,
	"quota" double precision NOT NULL,
	"policy_names" jsonb NOT NULL,
	"policy" json NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"submitted_at" timestamp with time zone,
	"submitted_by" uuid,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"review_comment" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_packages_state_known" CHECK ("resource_packages"."state" IN ('draft', 'submitted', 'approved', 'rejected')),
	CONSTRAINT "resource_packages_name_not_blank" CHECK (length(trim("resource_packages"."name")) > 0),
	CONSTRAINT "resource_packages_quota_positive" CHECK ("resource_packages"."quota" > 0),
	CONSTRAINT "resource_packages_policy_object" CHECK (json_typeof("resource_packages"."policy") = 'object'),
	CONSTRAINT "resource_packages_policy_names" CHECK (jsonb_typeof("resource_packages"."policy_names") = 'array' AND jsonb_array_length("resource_packages"."policy_names") > 0),
	CONSTRAINT "resource_packages_version_positive" CHECK ("resource_packages"."version" > 0),
	CONSTRAINT "resource_packages_submitted_when" CHECK ("resource_packages"."state" <> 'submitted' OR "resource_packages"."submitted_at" IS NOT NULL),
	CONSTRAINT "resource_packages_decided_when" CHECK ("resource_packages"."state" NOT IN ('approved', 'rejected') OR "resource_packages"."decided_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "resource_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"quota_unit" jsonb NOT NULL,
	"schema" json NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_types_key_form" CHECK ("resource_types"."key" ~ '^[a-z][a-z0-9-]{1,48}[a-z0-9]$'),
	CONSTRAINT "resource_types_schema_object" CHECK (json_typeof("resource_types"."schema") = 'object'),
	CONSTRAINT "resource_types_version_positive" CHECK ("resource_types"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "resource_packages" ADD CONSTRAINT "resource_packages_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_packages" ADD CONSTRAINT "resource_packages_type_id_resource_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."resource_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_packages" ADD CONSTRAINT "resource_packages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_packages" ADD CONSTRAINT "resource_packages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_packages" ADD CONSTRAINT "resource_packages_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_packages" ADD CONSTRAINT "resource_packages_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_packages_service_idx" ON "resource_packages" USING btree ("service_id","created_at");--> statement-breakpoint
CREATE INDEX "resource_packages_type_idx" ON "resource_packages" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "resource_packages_state_submitted_idx" ON "resource_packages" USING btree ("state","submitted_at");--> statement-breakpoint
CREATE INDEX "resource_packages_updated_idx" ON "resource_packages" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "resource_types_key_key" ON "resource_types" USING btree ("key");