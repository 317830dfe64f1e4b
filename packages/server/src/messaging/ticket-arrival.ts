/**
 * A ticket the automation puts in a sector (menu choice, the connection's only sector, directing to
 * the default sector) was created without one: its customer's messages so far went out to those
 * who see sectorless tickets only. Whoever sees it only now (the sector's attendants) is told the
 * ticket moved and then gets those messages as the new messages they are to them — in the chat,
 * in the list's preview and as a notification — before anything the automation says next.
 */
import { EVENTS, type TicketDTO } from '@switchboard/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { messages } from '../db/schema.js';
import { afterCommit } from '../lib/after-commit.js';
import { resend } from '../realtime/announce.js';
import { presentMessages } from '../store/message-present.js';
import { announceTicketMoved, audience } from './ticket-events.js';

/** Enough for any conversation with a menu; the chat shows the rest when it is opened. */
const MAX_MESSAGES = 20;

export async function announceTicketArrived(
  ctx: AppContext,
  before: Pick<TicketDTO, 'id' | 'userId' | 'queueId'>,
  after: TicketDTO,
): Promise<void> {
  announceTicketMoved(ctx, before, after);
  // The move is announced whatever happens next; a failure to read the messages is logged, and
  // the attendants still have the ticket (its preview and unread count) to open.
  await afterCommit(ctx.log, 'announce the messages of a ticket entering a sector', { ticketId: after.id }, () =>
    announceUnread(ctx, before, after),
  );
}

async function announceUnread(ctx: AppContext, before: Pick<TicketDTO, 'userId' | 'queueId'>, after: TicketDTO): Promise<void> {
  // What nobody has read yet is what the new audience has to hear of: the customer's messages
  // while the ticket waited (read ones were seen by someone who answers for them already).
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.ticketId, after.id), eq(messages.fromMe, false), eq(messages.read, false), eq(messages.isPrivate, false)))
    .orderBy(desc(messages.createdAt))
    .limit(MAX_MESSAGES);
  if (rows.length === 0) return;
  const gained = audience(ctx, after);
  const had = audience(ctx, before);
  for (const message of await presentMessages(ctx.mediaLinks, ctx.db, rows.reverse())) {
    resend(ctx, { rooms: gained, except: had }, EVENTS.appMessage, { action: 'create', message, ticket: after, contact: after.contact });
  }
}
