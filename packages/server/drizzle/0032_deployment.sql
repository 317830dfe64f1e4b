-- One row naming this installation: every server process on this database shares it, and no other
-- installation has it (keys in a Redis shared with other installations are prefixed with it).
CREATE TABLE IF NOT EXISTS "deployment" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("singleton"),
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "deployment" ("id") VALUES (gen_random_uuid()::text) ON CONFLICT DO NOTHING;
