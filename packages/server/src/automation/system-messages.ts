/**
 * Automatic texts (greetings, menu, notices, rating request, farewell…): rendered with the ticket's
 * variables, written to the outbox like an attendant's message (so they are delivered with
 * retries and shown in the chat), then announced. Writing can join the caller's transaction, so a
 * job's state change and its message commit together or not at all.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { tickets } from '../db/schema.js';
import type { Outbox } from '../messaging/outbox.js';
import { announceMessage } from '../messaging/ticket-events.js';
import { presentMessages, type MessageRow } from '../store/message-present.js';
import { presentTicketById, type TicketRow } from '../store/ticket-present.js';
import { renderForTicket } from './variables.js';

export interface SystemMessageDeps {
  ctx: AppContext;
  outbox: Outbox;
  /** A job put a ticket in a sector's queue (menu choice, directing): auto-assignment may take it. */
  waitingInSector?: (queueId: number) => void;
}

/** Writes one automatic text (skipped when empty) inside the caller's transaction; returns the row. */
export async function enqueueSystemText(
  deps: SystemMessageDeps,
  db: DbOrTx,
  ticket: TicketRow,
  template: string,
): Promise<MessageRow | null> {
  if (!template.trim()) return null;
  const { ctx } = deps;
  const body = await renderForTicket(db, ticket, template, ctx.clock.now(), ctx.settings.textLocale());
  // An automatic text is no attendant's answer: the customer's messages stay unread for staff.
  const [current] = await db.select({ unread: tickets.unreadMessages }).from(tickets).where(eq(tickets.id, ticket.id)).for('update');
  const { row } = await deps.outbox.enqueue({ ticket, body, userId: null }, db);
  if (current && current.unread > 0) await db.update(tickets).set({ unreadMessages: current.unread }).where(eq(tickets.id, ticket.id));
  return row;
}

/** After the commit: announce the new messages with the ticket as it is now, and deliver them. */
export async function announceSystemMessages(deps: SystemMessageDeps, ticketId: number, rows: (MessageRow | null)[]): Promise<void> {
  const written = rows.filter((r): r is MessageRow => !!r);
  if (!written.length) return;
  const { ctx } = deps;
  const ticketDto = await presentTicketById(ctx.db, ticketId);
  if (ticketDto) for (const dto of await presentMessages(ctx.mediaLinks, ctx.db, written)) announceMessage(ctx, 'create', dto, ticketDto);
  void deps.outbox.kick(written[0].whatsappId ?? ticketDto?.whatsappId ?? -1);
}

/**
 * Several texts due at once (a transfer notice and the sector's greeting) go as one message, one
 * paragraph each: separate rows written in the same instant would have no defined order.
 */
export function joinTexts(templates: string[]): string {
  return templates
    .map((t) => t.trim())
    .filter(Boolean)
    .join('\n\n');
}

/** Sends automatic texts on a ticket as one message. */
export async function sendSystemMessage(deps: SystemMessageDeps, ticket: TicketRow, ...templates: string[]): Promise<MessageRow | null> {
  const text = joinTexts(templates);
  if (!text) return null;
  const row = await deps.ctx.db.transaction((tx) => enqueueSystemText(deps, tx, ticket, text));
  await announceSystemMessages(deps, ticket.id, [row]);
  return row;
}
