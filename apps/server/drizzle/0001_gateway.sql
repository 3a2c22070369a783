CREATE TABLE "analytics_events" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_type" text NOT NULL,
	"asset_ref" text NOT NULL,
	"signed_asset_id" text,
	"owner_user_id" text,
	"user_agent" text,
	"geo" text
);
--> statement-breakpoint
CREATE TABLE "signed_assets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"manifest_id" text NOT NULL,
	"title" text,
	"mime" text NOT NULL,
	"original_bytes" bigint NOT NULL,
	"signed_bytes" bigint NOT NULL,
	"asset_hash" text NOT NULL,
	"signed_asset_hash" text NOT NULL,
	"source" text NOT NULL,
	"source_url" text,
	"has_thumbnail" boolean DEFAULT false NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signed_assets_manifest_id_unique" UNIQUE("manifest_id")
);
--> statement-breakpoint
CREATE TABLE "verification_events" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"geo_location" text,
	"source" text NOT NULL,
	"manifest_id" text,
	"asset_hash" text,
	"owner_user_id" text,
	"signed_asset_id" text,
	"caller_user_id" text
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_signed_asset_id_signed_assets_id_fk" FOREIGN KEY ("signed_asset_id") REFERENCES "public"."signed_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_assets" ADD CONSTRAINT "signed_assets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_events" ADD CONSTRAINT "verification_events_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_events" ADD CONSTRAINT "verification_events_signed_asset_id_signed_assets_id_fk" FOREIGN KEY ("signed_asset_id") REFERENCES "public"."signed_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_events" ADD CONSTRAINT "verification_events_caller_user_id_users_id_fk" FOREIGN KEY ("caller_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_ref_idx" ON "analytics_events" USING btree ("asset_ref","event_type");--> statement-breakpoint
CREATE INDEX "analytics_events_owner_idx" ON "analytics_events" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "signed_assets_user_idx" ON "signed_assets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "signed_assets_hash_idx" ON "signed_assets" USING btree ("signed_asset_hash");--> statement-breakpoint
CREATE INDEX "verification_events_owner_idx" ON "verification_events" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "verification_events_caller_idx" ON "verification_events" USING btree ("caller_user_id","created_at");--> statement-breakpoint
CREATE INDEX "verification_events_asset_idx" ON "verification_events" USING btree ("signed_asset_id");