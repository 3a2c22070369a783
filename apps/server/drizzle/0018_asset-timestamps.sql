ALTER TABLE "signed_assets" ADD COLUMN "timestamp_state" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "signed_assets" ADD COLUMN "timestamp_pending_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signed_assets" ADD COLUMN "timestamp_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signed_assets" ADD COLUMN "timestamp_error" text;--> statement-breakpoint
ALTER TABLE "signed_assets" ADD COLUMN "timestamped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signed_assets" ADD COLUMN "timestamp_manifest_id" text;--> statement-breakpoint
ALTER TABLE "signed_assets" ADD COLUMN "timestamp_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signed_assets" ADD COLUMN "previous_signed_asset_hash" text;--> statement-breakpoint
CREATE INDEX "signed_assets_timestamp_manifest_idx" ON "signed_assets" USING btree ("timestamp_manifest_id");