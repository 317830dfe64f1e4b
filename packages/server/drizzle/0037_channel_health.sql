-- A connection's health record: one row per event worth counting (a send the channel refused, a
-- message the session could not decrypt, a reconnect, a rate limit, a close). Written by the
-- process that runs the session, read by any process (Connections screen, /api/health); rows older
-- than a day are deleted as new ones arrive.
CREATE TABLE IF NOT EXISTS "channel_health_events" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "whatsapp_id" integer NOT NULL CONSTRAINT "channel_health_events_whatsapp_id_whatsapps_id_fk" REFERENCES "whatsapps"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "code" text DEFAULT '' NOT NULL,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "channel_health_events_kind_check" CHECK ("kind" IN ('refused', 'undecryptable', 'reconnect', 'rate-limited', 'closed'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "channel_health_events_connection_at_idx" ON "channel_health_events" ("whatsapp_id", "at");
