CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "dev_idp_payloads" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "login_throttle_failures_nonnegative" CHECK ("login_throttle"."failures" >= 0)
);
--> statement-breakpoint
CREATE TABLE "oauth_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"fullname" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"internal_id" text,
	"issuer" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"entitlement_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"password_hash" text,
	"version" integer DEFAULT 1 NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_not_blank" CHECK (length(trim("users"."username")) > 0),
	CONSTRAINT "users_password_only_for_admins" CHECK ("users"."password_hash" IS NULL OR 'portalManager' = ANY("users"."roles")),
	CONSTRAINT "users_version_positive" CHECK ("users"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_object_idx" ON "audit_events" USING btree ("object_type","object_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "dev_idp_payloads_pk" ON "dev_idp_payloads" USING btree ("model","id");--> statement-breakpoint
CREATE INDEX "dev_idp_payloads_grant_idx" ON "dev_idp_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "dev_idp_payloads_uid_idx" ON "dev_idp_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "dev_idp_payloads_user_code_idx" ON "dev_idp_payloads" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "oauth_sessions_expires_idx" ON "oauth_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "users_identity_key" ON "users" USING btree ("issuer","internal_id");