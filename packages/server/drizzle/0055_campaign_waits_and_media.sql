-- Why a running campaign is not sending (the job's last decision), shown on its page.
ALTER TABLE "campaigns" ADD COLUMN IF NOT EXISTS "wait_reason" text;
--> statement-breakpoint
-- A file sent with a campaign's or a scheduled message's text (a name in the media store).
ALTER TABLE "campaigns" ADD COLUMN IF NOT EXISTS "media" jsonb;
--> statement-breakpoint
ALTER TABLE "scheduled_messages" ADD COLUMN IF NOT EXISTS "media" jsonb;
