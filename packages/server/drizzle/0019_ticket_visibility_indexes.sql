-- GET /tickets pages each visibility branch on its own index: a user's tickets by status in list
-- order, and the unassigned tickets by status in list order. Sector and group flag ride along
-- (INCLUDE), so the page filter and the bounded count read the index alone, not the table.
DROP INDEX IF EXISTS "tickets_user_status_idx";--> statement-breakpoint
CREATE INDEX "tickets_user_status_idx" ON "tickets" USING btree ("user_id","status","updated_at","id") INCLUDE ("queue_id","is_group");--> statement-breakpoint
CREATE INDEX "tickets_unassigned_status_idx" ON "tickets" USING btree ("status","updated_at","id") INCLUDE ("queue_id","is_group") WHERE "tickets"."user_id" is null;
