CREATE TABLE IF NOT EXISTS "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_id" integer NOT NULL REFERENCES "webhooks"("id") ON DELETE CASCADE,
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"ordering_key" text NOT NULL,
	"payload" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"response_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "status" IN ('pending', 'delivering');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_deliveries_order_idx" ON "webhook_deliveries" USING btree ("webhook_id","ordering_key","id") WHERE "status" IN ('pending', 'delivering');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_deliveries_log_idx" ON "webhook_deliveries" USING btree ("webhook_id","id");
