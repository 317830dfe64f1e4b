-- Web Push: one row per user per device (browser profile). The endpoint is the push service's
-- address for that device (unique: a device signed in as another user moves to that user); p256dh
-- and auth are the browser's keys the payload is encrypted to (RFC 8291).
CREATE TABLE IF NOT EXISTS "push_subscriptions" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL CONSTRAINT "push_subscriptions_user_id_users_id_fk" REFERENCES "users"("id") ON DELETE CASCADE,
  "endpoint" text NOT NULL,
  "p256dh" text NOT NULL,
  "auth" text NOT NULL,
  "label" text DEFAULT '' NOT NULL,
  "language" text DEFAULT 'pt' NOT NULL,
  "hide_previews" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_success_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "push_subscriptions_endpoint_unique" ON "push_subscriptions" ("endpoint");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_subscriptions_user_idx" ON "push_subscriptions" ("user_id");
