ALTER TABLE "tickets" ADD COLUMN "auto_reply_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "out_of_hours_notice_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tickets_auto_reply_due_idx" ON "tickets" USING btree ("auto_reply_due_at") WHERE "tickets"."auto_reply_due_at" is not null;