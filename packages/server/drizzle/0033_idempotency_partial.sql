-- Only messages sent with an idempotency key need the key's unique index: inbound messages (the
-- bulk of the table) have none, and no longer pay an index entry each.
DROP INDEX IF EXISTS "messages_idempotency_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "messages_idempotency_unique" ON "messages" USING btree ("ticket_id","idempotency_key") WHERE "idempotency_key" IS NOT NULL;
