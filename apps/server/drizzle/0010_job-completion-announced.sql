ALTER TABLE "jobs" ADD COLUMN "completion_announced_at" timestamp with time zone;--> statement-breakpoint
-- Jobs finished before this column existed were announced then.
UPDATE "jobs" SET "completion_announced_at" = "completed_at" WHERE "completed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_unannounced_idx" ON "jobs" USING btree ("completed_at") WHERE completed_at is not null and completion_announced_at is null;