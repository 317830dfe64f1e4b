ALTER TABLE "queues" ADD COLUMN IF NOT EXISTS "auto_assign" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN IF NOT EXISTS "max_open_per_attendant" integer;
--> statement-breakpoint
ALTER TABLE "user_queues" ADD COLUMN IF NOT EXISTS "last_assigned_at" timestamp with time zone;
