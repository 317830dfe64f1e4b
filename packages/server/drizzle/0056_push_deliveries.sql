-- Web Push sends waiting to be delivered or retried (modules/push/sender.ts): written before the
-- first attempt, so a push waiting for its retry survives a restart. Any server process claims a
-- due row under a lease (next_attempt_at moves past the post's timeout while it is being sent).
CREATE TABLE IF NOT EXISTS "push_deliveries" (
  "id" serial PRIMARY KEY NOT NULL,
  "subscription_id" integer NOT NULL CONSTRAINT "push_deliveries_subscription_id_push_subscriptions_id_fk" REFERENCES "push_subscriptions"("id") ON DELETE CASCADE,
  "payload" text NOT NULL,
  "attempts" integer NOT NULL DEFAULT 0,
  "next_attempt_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_deliveries_due_idx" ON "push_deliveries" ("next_attempt_at");
