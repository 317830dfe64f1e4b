-- Imported connections wait, DISCONNECTED, until an admin pairs them: no session starts for them
-- at server start (channels/manager.ts startAll).
ALTER TABLE "whatsapps" ADD COLUMN "awaiting_pairing" boolean DEFAULT false NOT NULL;
