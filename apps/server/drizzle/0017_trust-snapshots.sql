CREATE TABLE "trust_snapshots" (
	"id" text PRIMARY KEY NOT NULL,
	"lists" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
