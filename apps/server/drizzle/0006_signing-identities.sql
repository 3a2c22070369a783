CREATE TABLE "key_encryption_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_identities" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"organization" text,
	"certificate_chain" text NOT NULL,
	"sealed_private_key" text,
	"serial_number" text NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gateway_certificates" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "signed_assets" ADD COLUMN "signing_identity_id" text;--> statement-breakpoint
ALTER TABLE "organization_profiles" ADD CONSTRAINT "organization_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_identities" ADD CONSTRAINT "signing_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signing_identities_user_idx" ON "signing_identities" USING btree ("user_id","active");--> statement-breakpoint
ALTER TABLE "gateway_certificates" ADD CONSTRAINT "gateway_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_assets" ADD CONSTRAINT "signed_assets_signing_identity_id_signing_identities_id_fk" FOREIGN KEY ("signing_identity_id") REFERENCES "public"."signing_identities"("id") ON DELETE set null ON UPDATE no action;