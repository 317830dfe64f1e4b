-- A customer's opt-out (STOP, SAIR, PARAR, BAJA…): bulk sends skip the contact while it is set.
ALTER TABLE "contacts" ADD COLUMN IF NOT EXISTS "opted_out_at" timestamp with time zone;
