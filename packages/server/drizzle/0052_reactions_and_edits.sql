-- Reactions on messages, both ways: one emoji per reacting side and message, as on WhatsApp
-- ("me" is the company's number, shared by every attendant; a customer is their number).
-- Removing a reaction deletes its row.
CREATE TABLE IF NOT EXISTS "message_reactions" (
  "message_id" text NOT NULL CONSTRAINT "message_reactions_message_id_messages_id_fk" REFERENCES "messages"("id") ON DELETE CASCADE,
  "reactor" text NOT NULL,
  "emoji" text NOT NULL,
  "from_me" boolean NOT NULL DEFAULT false,
  "user_id" integer CONSTRAINT "message_reactions_user_id_users_id_fk" REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "message_reactions_message_id_reactor_pk" PRIMARY KEY ("message_id", "reactor")
);
--> statement-breakpoint
-- The text a message had before each edit (by the customer or by an attendant): an edit replaces
-- the body, the history keeps what was there.
CREATE TABLE IF NOT EXISTS "message_edits" (
  "id" serial PRIMARY KEY,
  "message_id" text NOT NULL CONSTRAINT "message_edits_message_id_messages_id_fk" REFERENCES "messages"("id") ON DELETE CASCADE,
  "previous_body" text NOT NULL,
  "user_id" integer CONSTRAINT "message_edits_user_id_users_id_fk" REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "message_edits_message_idx" ON "message_edits" ("message_id", "id");
--> statement-breakpoint
-- The simulated phone shows reactions from each side and that a text was edited.
ALTER TABLE "simulator_messages" ADD COLUMN IF NOT EXISTS "customer_reaction" text;
--> statement-breakpoint
ALTER TABLE "simulator_messages" ADD COLUMN IF NOT EXISTS "connection_reaction" text;
--> statement-breakpoint
ALTER TABLE "simulator_messages" ADD COLUMN IF NOT EXISTS "is_edited" boolean NOT NULL DEFAULT false;
