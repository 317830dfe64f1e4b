/**
 * Which stored customer messages wait for an automatic-reply decision (the sector menu, greeting or
 * out-of-hours notice: automation/auto-reply.ts), and their recovery time: the moment the
 * scheduler answers the ticket itself, should the process that stored the message stop before
 * deciding it.
 *
 * The store statement records the recovery time along with the messages (inbound-write.ts), so a
 * process killed right after the commit still leaves the ticket to the scheduler: WhatsApp's
 * redelivery to the next process is a duplicate and runs no listener. The listener decides with
 * `replyNeed`, the same condition in TypeScript; keep the two alike.
 */
import { sql, type SQL } from 'drizzle-orm';
import { whatsappQueues } from '../db/schema.js';
import { AWAITING_RESEND, type MessageRow } from '../store/message-present.js';
import type { ConnectionRow } from '../store/connections.js';
import type { TicketRow } from './store-batch.js';

/** How long a message may wait for its decision before the scheduler takes over (a stopped process). */
export const AUTO_REPLY_RECOVERY_MS = 30_000;

export const autoReplyDueAt = (now: Date): Date => new Date(now.getTime() + AUTO_REPLY_RECOVERY_MS);

/**
 * Whether a message waits for a decision: 'no'; 'yes'; or 'if-sectors', a sectorless ticket on an
 * always-open connection with no greeting left to send, which gets no reply, whatever it says
 * (automation/menu.ts), unless the connection has sectors to offer.
 */
export type ReplyNeed = 'no' | 'yes' | 'if-sectors';

export function replyNeed(
  connection: Pick<ConnectionRow, 'defineWorkHours' | 'greetingMessage'>,
  ticket: Pick<TicketRow, 'isGroup' | 'userId' | 'status' | 'queueId' | 'chatbot'>,
  message: Pick<MessageRow, 'fromMe' | 'mediaType' | 'body'>,
): ReplyNeed {
  if (message.fromMe || message.mediaType === 'call_log') return 'no';
  if (ticket.isGroup || ticket.userId != null || ticket.status !== 'pending') return 'no';
  // Only a sectorless ticket, `#`, or a connection with work hours can need a reply.
  if (!(ticket.queueId == null || message.body.trim() === '#' || connection.defineWorkHours)) return 'no';
  const nothingToSay = ticket.queueId == null && !connection.defineWorkHours && (ticket.chatbot || !connection.greetingMessage.trim());
  return nothingToSay ? 'if-sectors' : 'yes';
}

/**
 * What String.prototype.trim removes (ECMAScript white space and line terminators), for btrim:
 * PostgreSQL's own trims only spaces, and `#` typed with a trailing newline is still `#`.
 */
export const TRIMMED_CHARACTERS =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/**
 * Per stored message, `src` (inbound-write.ts): a customer's message that `replyNeed` may answer —
 * not ours, not a call, and not a placeholder waiting for its resend (automation answers the resend).
 */
export const customerMessageSql: SQL = sql`(not src.from_me and src.media_type <> 'call_log' and src.last_error is distinct from ${AWAITING_RESEND})`;

/** Per stored message, `src`: the customer asks for the menu again. */
export const menuRequestSql: SQL = sql`(btrim(src.body, ${TRIMMED_CHARACTERS}) = '#')`;

/**
 * `replyNeed` per ticket, as SQL over the ticket `t`, its connection `w`, and `wrote` / `askedMenu`:
 * whether the ticket's stored messages include a customer message (`customerMessageSql`), and one
 * asking for the menu.
 */
export function replyDueSql(wrote: SQL, askedMenu: SQL): SQL {
  return sql`(${wrote} and t.status = 'pending' and t.user_id is null and not t.is_group
    and (t.queue_id is null or ${askedMenu} or w.define_work_hours)
    and not (t.queue_id is null and not w.define_work_hours
      and (t.chatbot or btrim(w.greeting_message, ${TRIMMED_CHARACTERS}) = '')
      and not exists (select 1 from ${whatsappQueues} q where q.whatsapp_id = w.id)))`;
}
