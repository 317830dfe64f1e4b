ALTER TABLE "messages" ADD COLUMN IF NOT EXISTS "claimed_by" text;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_counters_resets_at_idx" ON "rate_counters" USING btree ("resets_at");
