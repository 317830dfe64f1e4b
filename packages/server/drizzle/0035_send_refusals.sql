-- The channel's own code when it refused one of our messages (WhatsApp's "463", "479"), beside
-- last_error's ERR_ code: the chat explains it and channel health counts refusals by it.
ALTER TABLE "messages" ADD COLUMN IF NOT EXISTS "failure_code" text;
--> statement-breakpoint
-- How the simulator's phone network treats a customer: addressed by LID (LID-migrated, refusing
-- sends to the number with 463) and/or refusing every message with a code.
CREATE TABLE IF NOT EXISTS "simulator_customers" (
	"number" text PRIMARY KEY NOT NULL,
	"lid_addressed" boolean DEFAULT false NOT NULL,
	"refuses" text,
	CONSTRAINT "simulator_customers_refuses_check" CHECK ("refuses" IS NULL OR "refuses" ~ '^[0-9]{3}$')
);
