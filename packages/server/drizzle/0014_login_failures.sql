CREATE TABLE IF NOT EXISTS "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "login_failures_since_idx" ON "login_failures" USING btree ("since");
