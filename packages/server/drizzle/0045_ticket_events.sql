-- The story of a ticket told in its chat: accepted, transferred (and why), returned, resolved,
-- reopened, rated, and the bot's steps. One row per event, written with the change it tells.
CREATE TABLE IF NOT EXISTS "ticket_events" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "ticket_id" integer NOT NULL CONSTRAINT "ticket_events_ticket_id_tickets_id_fk" REFERENCES "tickets"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "actor_id" integer CONSTRAINT "ticket_events_actor_id_users_id_fk" REFERENCES "users"("id") ON DELETE SET NULL,
  "from_user_id" integer CONSTRAINT "ticket_events_from_user_id_users_id_fk" REFERENCES "users"("id") ON DELETE SET NULL,
  "to_user_id" integer CONSTRAINT "ticket_events_to_user_id_users_id_fk" REFERENCES "users"("id") ON DELETE SET NULL,
  "from_queue_id" integer CONSTRAINT "ticket_events_from_queue_id_queues_id_fk" REFERENCES "queues"("id") ON DELETE SET NULL,
  "to_queue_id" integer CONSTRAINT "ticket_events_to_queue_id_queues_id_fk" REFERENCES "queues"("id") ON DELETE SET NULL,
  "reason" text DEFAULT '' NOT NULL,
  "rate" integer,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "ticket_events_kind_check" CHECK ("kind" IN ('accepted', 'auto-assigned', 'transferred', 'returned', 'resolved', 'finished', 'reopened', 'closed-inactive', 'closed-api', 'rated', 'bot-menu', 'bot-sector', 'directed'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ticket_events_ticket_at_idx" ON "ticket_events" ("ticket_id", "at");
--> statement-breakpoint
-- Admins order the bot's sector menu; sectors without a position follow, by name.
ALTER TABLE "queues" ADD COLUMN IF NOT EXISTS "order_queue" integer;
