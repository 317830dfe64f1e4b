CREATE TABLE IF NOT EXISTS "cloud_accounts" (
	"whatsapp_id" integer PRIMARY KEY NOT NULL REFERENCES "whatsapps"("id") ON DELETE CASCADE,
	"phone_number_id" text NOT NULL,
	"business_account_id" text NOT NULL,
	"secrets" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "cloud_accounts_phone_number_unique" ON "cloud_accounts" USING btree ("phone_number_id");
