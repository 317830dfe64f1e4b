CREATE TABLE "simulator_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_number" text NOT NULL,
	"customer" text NOT NULL,
	"sender" text NOT NULL,
	"type" text DEFAULT 'text' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"media_path" text,
	"media_mime" text,
	"media_name" text,
	"quoted_id" text,
	"ack" integer DEFAULT 1 NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "messages_outbox_idx";--> statement-breakpoint
CREATE INDEX "simulator_messages_chat_idx" ON "simulator_messages" USING btree ("connection_number","customer","created_at");--> statement-breakpoint
CREATE INDEX "messages_outbox_idx" ON "messages" USING btree ("whatsapp_id","created_at") WHERE "messages"."send_state" in ('pending', 'sending');