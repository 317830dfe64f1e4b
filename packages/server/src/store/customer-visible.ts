/**
 * What the customer side (a web-chat visitor, a channel serving a message back to WhatsApp, any
 * read that answers someone outside the staff) may be given of a ticket's messages. Private notes
 * are staff-only: every such read goes through here, where the condition that excludes them is
 * part of the query itself and cannot be left out by a caller.
 */
import { and, type SQL } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { messages } from '../db/schema.js';

/** The condition every customer-facing read of messages carries: no private note. */
export function customerVisible(...conditions: (SQL | undefined)[]): SQL {
  return and(eq(messages.isPrivate, false), ...conditions)!;
}

/** Whole message rows the customer side may see (notes excluded), filtered further by `conditions`. */
export function customerVisibleMessages(db: DbOrTx, ...conditions: (SQL | undefined)[]) {
  return db
    .select()
    .from(messages)
    .where(customerVisible(...conditions));
}
