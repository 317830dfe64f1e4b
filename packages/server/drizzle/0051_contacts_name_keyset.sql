-- The contacts page is read in name order with keyset paging ("after this name and id"): the index
-- carries the id as well, so a page is a walk of the index that stops at the page, ties included.
DROP INDEX IF EXISTS "contacts_name_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_name_idx" ON "contacts" USING btree (lower("name"), "id");
