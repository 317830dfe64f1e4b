-- GET /tickets pages each visibility branch on its own index: a user's tickets by status in list
-- order, and the unassigned tickets by status in list order.
DROP INDEX IF EXISTS "tickets_user_status_idx";--> statement-breakpoint
CREATE INDEX "tickets_user_status_idx" ON "tickets" USING btree ("user_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "tickets_unassigned_status_idx" ON "tickets" USING btree ("status","updated_at","id") WHERE "tickets"."user_id" is null;
