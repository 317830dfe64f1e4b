/**
 * Receipts that overtake the send they belong to. On the WhatsApp Cloud API our message's id is
 * Meta's, learnt from the answer to the send; Meta's status webhook ("sent", "delivered", and
 * above all "failed") can arrive before the outbox has written that id down. Dropping such a
 * receipt would leave a refused message showing a tick, so it waits in `early_receipts` and the
 * outbox applies it when it records the id.
 *
 * Both sides write first and read second (the receipt handler parks, then applies again; the
 * outbox records the id, then takes what is parked), so whichever comes second sees the other's
 * write and no receipt falls between them.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { earlyReceipts, messages } from '../db/schema.js';

export interface EarlyReceipt {
  ack: number;
  failure: { error: string; code: string | null } | null;
}

/** How long a receipt waits for its send; far beyond any send's answer. */
export const EARLY_RECEIPT_TTL_SECONDS = 3600;

/**
 * Parks a receipt for an id no message of the connection carries, but only while the connection
 * has a send in flight (the only time the id can still be unknown). Several receipts for one id
 * merge: the highest tick is kept, and a failure wins.
 */
export async function parkEarlyReceipt(
  db: DbOrTx,
  connectionId: number,
  externalId: string,
  receipt: { ack?: number; failure?: { error: string; code?: string } },
): Promise<void> {
  await db.execute(sql`
    insert into ${earlyReceipts} (whatsapp_id, external_id, ack, failure_error, failure_code)
    select ${connectionId}, ${externalId}, ${receipt.ack ?? 0}, ${receipt.failure?.error ?? null}, ${receipt.failure?.code ?? null}
    where exists (select 1 from ${messages} where whatsapp_id = ${connectionId} and send_state = 'sending')
      and not exists (select 1 from ${messages} where whatsapp_id = ${connectionId} and external_id = ${externalId})
    on conflict (whatsapp_id, external_id) do update set
      ack = greatest(${earlyReceipts.ack}, excluded.ack),
      failure_error = coalesce(excluded.failure_error, ${earlyReceipts.failureError}),
      failure_code = coalesce(excluded.failure_code, ${earlyReceipts.failureCode})`);
}

/** Removes and returns what waited for this id, if anything did. */
export async function takeEarlyReceipt(db: DbOrTx, connectionId: number, externalId: string): Promise<EarlyReceipt | null> {
  const [row] = await db
    .delete(earlyReceipts)
    .where(and(eq(earlyReceipts.whatsappId, connectionId), eq(earlyReceipts.externalId, externalId)))
    .returning();
  if (!row) return null;
  return { ack: row.ack, failure: row.failureError ? { error: row.failureError, code: row.failureCode } : null };
}

/** Drops receipts no send claimed within the TTL (receipts for messages this inbox never held). */
export async function pruneEarlyReceipts(db: DbOrTx): Promise<void> {
  await db.delete(earlyReceipts).where(sql`${earlyReceipts.receivedAt} < now() - make_interval(secs => ${EARLY_RECEIPT_TTL_SECONDS})`);
}
