-- The audit log: who changed settings, users, connections, sectors, webhooks, imports, or deleted
-- tickets, messages and contacts; a summary before and after (no secrets), when and from where.
CREATE TABLE IF NOT EXISTS "audit_log" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "actor_id" integer CONSTRAINT "audit_log_actor_id_users_id_fk" REFERENCES "users"("id") ON DELETE SET NULL,
  "actor_name" text NOT NULL,
  "action" text NOT NULL,
  "target_type" text NOT NULL,
  "target_id" text DEFAULT '' NOT NULL,
  "before" jsonb,
  "after" jsonb,
  "address" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_at_idx" ON "audit_log" ("at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_actor_at_idx" ON "audit_log" ("actor_id", "at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_action_at_idx" ON "audit_log" ("action", "at");
