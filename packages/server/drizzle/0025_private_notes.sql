ALTER TABLE "messages" ADD COLUMN IF NOT EXISTS "is_private" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT IF EXISTS "messages_private_is_note";
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_private_is_note" CHECK (NOT "is_private" OR "send_state" = 'note');
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ticket_mentions" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL REFERENCES "tickets"("id") ON DELETE CASCADE,
	"message_id" text NOT NULL REFERENCES "messages"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"by_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "ticket_mentions_message_user_unique" ON "ticket_mentions" USING btree ("message_id","user_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ticket_mentions_user_ticket_idx" ON "ticket_mentions" USING btree ("user_id","ticket_id");
