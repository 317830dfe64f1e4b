-- An attendant's groups tab: their group tickets (and the unassigned ones, user_id is null) in list
-- order, without reading every ticket of theirs to find the few that are groups.
CREATE INDEX "tickets_user_groups_updated_idx" ON "tickets" USING btree ("user_id","updated_at","id") WHERE "tickets"."is_group";
