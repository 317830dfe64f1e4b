ALTER TABLE "auth_sessions" ADD COLUMN "previous_secret_hash" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "rotated_at" timestamp with time zone;