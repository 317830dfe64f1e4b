-- Why a running campaign is not sending (the job's last decision), shown on its page.
ALTER TABLE "campaigns" ADD COLUMN IF NOT EXISTS "wait_reason" text;
