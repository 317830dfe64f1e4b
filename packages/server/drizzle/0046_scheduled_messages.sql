-- Messages users schedule in a chat: one-off or repeating (daily, weekly, monthly until a day),
-- sent through the outbox when due.
CREATE TABLE IF NOT EXISTS "scheduled_messages" (
  "id" serial PRIMARY KEY NOT NULL,
  "ticket_id" integer NOT NULL CONSTRAINT "scheduled_messages_ticket_id_tickets_id_fk" REFERENCES "tickets"("id") ON DELETE CASCADE,
  "user_id" integer CONSTRAINT "scheduled_messages_user_id_users_id_fk" REFERENCES "users"("id") ON DELETE SET NULL,
  "body" text NOT NULL,
  "start_at" text NOT NULL,
  "time_zone" text NOT NULL,
  "recurrence" text DEFAULT 'none' NOT NULL,
  "until" text,
  "occurrence" integer DEFAULT 0 NOT NULL,
  "next_at" timestamp with time zone NOT NULL,
  "status" text DEFAULT 'scheduled' NOT NULL,
  "last_error" text,
  "sent_count" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "scheduled_messages_status_check" CHECK ("status" IN ('scheduled', 'done', 'failed', 'cancelled')),
  CONSTRAINT "scheduled_messages_recurrence_check" CHECK ("recurrence" IN ('none', 'daily', 'weekly', 'monthly'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "scheduled_messages_due_idx" ON "scheduled_messages" ("status", "next_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "scheduled_messages_ticket_idx" ON "scheduled_messages" ("ticket_id");
