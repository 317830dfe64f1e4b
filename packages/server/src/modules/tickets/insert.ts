/**
 * Creating a ticket row: the ticket, its protocol number ({{protocol}}: year + zero-padded id) and
 * the first service cycle, inside the caller's transaction.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tickets } from '../../db/schema.js';
import { openCycle, type CycleOutcome } from '../../store/ticket-cycles.js';
import type { TicketRow } from '../../store/ticket-present.js';

export const protocolOf = (at: Date, ticketId: number) => `${at.getUTCFullYear()}${String(ticketId).padStart(6, '0')}`;

export async function insertTicketWithCycle(
  tx: DbOrTx,
  values: Omit<typeof tickets.$inferInsert, 'createdAt' | 'updatedAt' | 'protocol'>,
  now: Date,
  /** A ticket created closed (a campaign's message to a new customer): how its only cycle ended. */
  closedAs?: { outcome: CycleOutcome; by: number | null },
): Promise<TicketRow> {
  const [created] = await tx
    .insert(tickets)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  const [withProtocol] = await tx
    .update(tickets)
    .set({ protocol: protocolOf(now, created.id) })
    .where(eq(tickets.id, created.id))
    .returning();
  const userId = values.userId ?? null;
  await openCycle(tx, created.id, now, {
    queueId: values.queueId ?? null,
    userId,
    started: userId != null && values.status === 'open',
    finished: closedAs,
  });
  return withProtocol;
}
