ALTER TABLE "whatsapps" ADD COLUMN "status_reason" text DEFAULT '' NOT NULL;
