-- Campaigns: one message (text with variables, or a Cloud API template) sent to an
-- audience through the outbox, paced per connection, each recipient claimed once.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "campaigns" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "campaigns" (
  "id" serial PRIMARY KEY NOT NULL,
  "name" text NOT NULL,
  "whatsapp_id" integer NOT NULL CONSTRAINT "campaigns_whatsapp_id_whatsapps_id_fk" REFERENCES "whatsapps"("id") ON DELETE CASCADE,
  "user_id" integer CONSTRAINT "campaigns_user_id_users_id_fk" REFERENCES "users"("id") ON DELETE SET NULL,
  "body" text DEFAULT '' NOT NULL,
  "template" jsonb,
  "audience" jsonb NOT NULL,
  "pacing" jsonb NOT NULL,
  "start_at" timestamp with time zone,
  "status" text DEFAULT 'draft' NOT NULL,
  "stop_reason" text,
  "next_send_at" timestamp with time zone,
  "disconnects" integer DEFAULT 0 NOT NULL,
  "connection_up" boolean DEFAULT true NOT NULL,
  "started_at" timestamp with time zone,
  "finished_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "campaigns_status_check" CHECK ("status" IN ('draft', 'scheduled', 'running', 'paused', 'stopped', 'cancelled', 'finished'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "campaigns_status_idx" ON "campaigns" ("status", "start_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "campaign_recipients" (
  "id" serial PRIMARY KEY NOT NULL,
  "campaign_id" integer NOT NULL CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" REFERENCES "campaigns"("id") ON DELETE CASCADE,
  "contact_id" integer NOT NULL CONSTRAINT "campaign_recipients_contact_id_contacts_id_fk" REFERENCES "contacts"("id") ON DELETE CASCADE,
  "name" text DEFAULT '' NOT NULL,
  "status" text DEFAULT 'queued' NOT NULL,
  "reason" text,
  "message_id" text,
  "ticket_id" integer CONSTRAINT "campaign_recipients_ticket_id_tickets_id_fk" REFERENCES "tickets"("id") ON DELETE SET NULL,
  "claimed_at" timestamp with time zone,
  "replied_at" timestamp with time zone,
  CONSTRAINT "campaign_recipients_status_check" CHECK ("status" IN ('queued', 'handed', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "campaign_recipients_contact_unique" ON "campaign_recipients" ("campaign_id", "contact_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "campaign_recipients_status_idx" ON "campaign_recipients" ("campaign_id", "status");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "campaign_recipients_claimed_idx" ON "campaign_recipients" ("claimed_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "campaign_recipients_contact_idx" ON "campaign_recipients" ("contact_id", "claimed_at");
