ALTER TABLE "verification_events" ADD COLUMN "trust_label" text;--> statement-breakpoint
ALTER TABLE "verification_events" ADD COLUMN "organization" text;--> statement-breakpoint
ALTER TABLE "verification_events" ADD COLUMN "job_id" text;--> statement-breakpoint
ALTER TABLE "verification_events" ADD COLUMN "job_item_index" integer;