ALTER TABLE "manifest_index" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "manifest_index" ADD COLUMN "trusted_timestamp_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "manifest_index" ADD COLUMN "organization" text;--> statement-breakpoint
-- Signings indexed before this column existed are ranked by the time their asset row records.
UPDATE "manifest_index" SET "signed_at" = "signed_assets"."signed_at" FROM "signed_assets" WHERE "signed_assets"."id" = "manifest_index"."signed_asset_id";
