-- The dashboard counts campaign replies in a date range: only recipients who replied are indexed.
CREATE INDEX IF NOT EXISTS "campaign_recipients_replied_idx" ON "campaign_recipients" ("replied_at") WHERE "replied_at" IS NOT NULL;
