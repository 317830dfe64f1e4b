-- Keyset paging of GET /tickets: each list order (sort column, then id) has an index to walk. The
-- status index carries the visibility columns, so a tab's bounded count reads the index alone.
DROP INDEX IF EXISTS "tickets_status_updated_idx";--> statement-breakpoint
CREATE INDEX "tickets_status_updated_idx" ON "tickets" USING btree ("status","updated_at","id") INCLUDE ("user_id","queue_id","is_group");--> statement-breakpoint
DROP INDEX IF EXISTS "tickets_created_idx";--> statement-breakpoint
CREATE INDEX "tickets_created_idx" ON "tickets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_updated_idx" ON "tickets" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "tickets_groups_updated_idx" ON "tickets" USING btree ("updated_at","id") WHERE "tickets"."is_group";
