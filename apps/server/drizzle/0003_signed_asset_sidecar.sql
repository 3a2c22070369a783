ALTER TABLE "signed_assets" ADD COLUMN "sidecar" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "signed_assets" ADD COLUMN "parent_credentials_warning" text;