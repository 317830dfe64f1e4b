-- The "anyone's tickets" branch of a tab (an admin with "show all"), in list order: the Pending tab
-- read every pending ticket, all of them unassigned, to find that none is someone's.
CREATE INDEX "tickets_assigned_status_idx" ON "tickets" USING btree ("status","updated_at","id") INCLUDE ("queue_id","is_group") WHERE "tickets"."user_id" is not null;
