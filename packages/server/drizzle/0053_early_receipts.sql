-- A receipt (delivered, read, failed) that arrives before the send it belongs to was recorded: on
-- the WhatsApp Cloud API the message id is Meta's, known only from the send's answer, and Meta's
-- status webhook can overtake that answer. The receipt waits here and is applied by the outbox the
-- moment it records the id; rows nobody claims are removed after an hour.
CREATE TABLE IF NOT EXISTS "early_receipts" (
  "whatsapp_id" integer NOT NULL CONSTRAINT "early_receipts_whatsapp_id_whatsapps_id_fk" REFERENCES "whatsapps"("id") ON DELETE CASCADE,
  "external_id" text NOT NULL,
  "ack" integer NOT NULL DEFAULT 0,
  "failure_error" text,
  "failure_code" text,
  "received_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "early_receipts_whatsapp_id_external_id_pk" PRIMARY KEY ("whatsapp_id", "external_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "early_receipts_received_idx" ON "early_receipts" ("received_at");
