CREATE TYPE "public"."gateway_certificate_status" AS ENUM('good', 'revoked');--> statement-breakpoint
CREATE TABLE "gateway_certificates" (
	"serial_number" text PRIMARY KEY NOT NULL,
	"status" "gateway_certificate_status" NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
