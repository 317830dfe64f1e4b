/**
 * Messages the channel could not decrypt (InboundMessage.awaitingResend): stored as a placeholder
 * — an empty text message marked with AWAITING_RESEND in last_error, the column that already says
 * why a received message's content is missing — so the chat shows that the customer wrote. When
 * the sender's phone sends it again (same external id) the resend replaces the placeholder's
 * content in place: inbound messages are unique per (connection, external id), so it could never
 * be stored beside it.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { messages, tickets } from '../db/schema.js';
import { AWAITING_RESEND, type MessageRow } from '../store/message-present.js';
import { messageValues } from './inbound-write.js';
import type { BatchItem } from './store-batch.js';

export { AWAITING_RESEND, isPlaceholder } from '../store/message-present.js';

/**
 * Writes the resent content over the placeholder with the same external id, and the ticket's
 * last-message line when the placeholder is still its last message. Resolves with the updated
 * row, or undefined when there is no placeholder (then the message was an ordinary redelivery).
 */
export async function replacePlaceholder(db: DbOrTx, item: BatchItem, now: Date): Promise<MessageRow | undefined> {
  const values = messageValues(item);
  const quoted = values.quotedExternalId
    ? sql`(select q.id from ${messages} q where q.whatsapp_id = ${values.whatsappId} and q.external_id = ${values.quotedExternalId})`
    : null;
  const [row] = await db
    .update(messages)
    .set({
      body: values.body,
      mediaType: values.mediaType,
      mediaPath: values.mediaPath,
      mediaName: values.mediaName,
      mediaMime: values.mediaMime,
      quotedMsgId: quoted,
      lastError: values.lastError,
      rawPayload: values.rawPayload,
      updatedAt: now,
    })
    .where(
      and(
        eq(messages.whatsappId, values.whatsappId),
        eq(messages.externalId, values.externalId),
        eq(messages.lastError, AWAITING_RESEND),
        eq(messages.sendState, 'received'),
      ),
    )
    .returning();
  if (!row) return undefined;
  await db
    .update(tickets)
    .set({ lastMessage: values.preview, updatedAt: now })
    .where(and(eq(tickets.id, row.ticketId), lte(tickets.lastMessageAt, row.createdAt)));
  return row;
}
