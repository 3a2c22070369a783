CREATE TABLE "organization_confirmations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"domain" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_profiles" ADD COLUMN "domain" text;--> statement-breakpoint
ALTER TABLE "organization_profiles" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organization_profiles" ADD COLUMN "verified_email" text;--> statement-breakpoint
ALTER TABLE "signing_identities" ADD COLUMN "organization_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_identities" ADD COLUMN "organization_domain" text;--> statement-breakpoint
ALTER TABLE "organization_confirmations" ADD CONSTRAINT "organization_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_confirmations_user_idx" ON "organization_confirmations" USING btree ("user_id","created_at");