-- Foreign keys named as schema.ts declares them (drizzle's names), so the catalog of a migrated
-- database is exactly what schema.ts says (db/schema-truth.test.ts).
ALTER TABLE "cloud_accounts" RENAME CONSTRAINT "cloud_accounts_whatsapp_id_fkey" TO "cloud_accounts_whatsapp_id_whatsapps_id_fk";--> statement-breakpoint
ALTER TABLE "ticket_mentions" RENAME CONSTRAINT "ticket_mentions_by_user_id_fkey" TO "ticket_mentions_by_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "ticket_mentions" RENAME CONSTRAINT "ticket_mentions_message_id_fkey" TO "ticket_mentions_message_id_messages_id_fk";--> statement-breakpoint
ALTER TABLE "ticket_mentions" RENAME CONSTRAINT "ticket_mentions_ticket_id_fkey" TO "ticket_mentions_ticket_id_tickets_id_fk";--> statement-breakpoint
ALTER TABLE "ticket_mentions" RENAME CONSTRAINT "ticket_mentions_user_id_fkey" TO "ticket_mentions_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" RENAME CONSTRAINT "webhook_deliveries_webhook_id_fkey" TO "webhook_deliveries_webhook_id_webhooks_id_fk";
