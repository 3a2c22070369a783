CREATE TABLE "manifest_index" (
	"signed_asset_id" text PRIMARY KEY NOT NULL,
	"manifest_id" text NOT NULL,
	"asset_hash" text NOT NULL,
	"signed_hash" text NOT NULL,
	"rederived_hash" text,
	"soft_binding_alg" text,
	"fingerprint" text,
	"fingerprint_covers" text,
	"band0" integer,
	"band1" integer,
	"band2" integer,
	"band3" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verification_events" ADD COLUMN "recovery_method" text;--> statement-breakpoint
ALTER TABLE "verification_events" ADD COLUMN "recovery_similarity" integer;--> statement-breakpoint
ALTER TABLE "verification_events" ADD COLUMN "recovered_manifest_id" text;--> statement-breakpoint
ALTER TABLE "verification_events" ADD COLUMN "referrer" text;--> statement-breakpoint
ALTER TABLE "manifest_index" ADD CONSTRAINT "manifest_index_signed_asset_id_signed_assets_id_fk" FOREIGN KEY ("signed_asset_id") REFERENCES "public"."signed_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manifest_index_asset_hash_idx" ON "manifest_index" USING btree ("asset_hash");--> statement-breakpoint
CREATE INDEX "manifest_index_signed_hash_idx" ON "manifest_index" USING btree ("signed_hash");--> statement-breakpoint
CREATE INDEX "manifest_index_rederived_hash_idx" ON "manifest_index" USING btree ("rederived_hash");--> statement-breakpoint
CREATE INDEX "manifest_index_band0_idx" ON "manifest_index" USING btree ("band0");--> statement-breakpoint
CREATE INDEX "manifest_index_band1_idx" ON "manifest_index" USING btree ("band1");--> statement-breakpoint
CREATE INDEX "manifest_index_band2_idx" ON "manifest_index" USING btree ("band2");--> statement-breakpoint
CREATE INDEX "manifest_index_band3_idx" ON "manifest_index" USING btree ("band3");