-- A search's candidate probe looks up each matching contact's tickets and keeps those the viewer may
-- see. With only contact_id in the index, every lookup fetched the ticket from the table to read
-- its visibility columns: 25,000 table reads for a first name common in the company. Carrying those
-- columns in the index answers the lookup from the index alone.
DROP INDEX IF EXISTS "tickets_contact_idx";--> statement-breakpoint
CREATE INDEX "tickets_contact_idx" ON "tickets" USING btree ("contact_id") INCLUDE ("id","user_id","queue_id","status","is_group");
