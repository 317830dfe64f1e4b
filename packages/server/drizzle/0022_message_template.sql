ALTER TABLE "messages" ADD COLUMN IF NOT EXISTS "template" jsonb;
