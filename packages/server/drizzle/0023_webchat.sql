CREATE TABLE IF NOT EXISTS "webchat_settings" (
	"whatsapp_id" integer PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"allowed_sites" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"color" text NOT NULL,
	"ask_contact" boolean DEFAULT false NOT NULL,
	CONSTRAINT "webchat_settings_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "webchat_settings_public_key_unique" ON "webchat_settings" USING btree ("public_key");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "webchat_visitors" (
	"id" text PRIMARY KEY NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webchat_visitors_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "webchat_visitors_token_unique" ON "webchat_visitors" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webchat_visitors_connection_idx" ON "webchat_visitors" USING btree ("whatsapp_id");
