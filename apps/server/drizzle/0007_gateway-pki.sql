CREATE TABLE "gateway_pki" (
	"id" text PRIMARY KEY NOT NULL,
	"root_certificate" text NOT NULL,
	"intermediate_certificate" text NOT NULL,
	"signer_certificate" text NOT NULL,
	"signer_chain" text NOT NULL,
	"sealed_root_key" text NOT NULL,
	"sealed_intermediate_key" text NOT NULL,
	"sealed_signer_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
