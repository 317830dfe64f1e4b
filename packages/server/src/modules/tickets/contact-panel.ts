/**
 * The contact panel beside a chat (GET /tickets/:id/contact-panel): the person's earlier tickets
 * with how each ended, their ratings, the count of staff notes and the connections they talked
 * on. It shows what the chat's history may show the reader (messages/conversation.ts
 * `historyFilter`), and nothing to someone who may not read the ticket.
 */
import type { ContactPanelDTO } from '@switchboard/shared';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { messages, queues, ratings, ticketCycles, tickets, users, whatsapps } from '../../db/schema.js';
import type { CurrentUser } from '../../store/users.js';
import { historyFilter } from '../messages/conversation.js';
import { loadReadableTicket } from './visibility.js';

/** The panel lists this many of the newest tickets. */
export const CONTACT_PANEL_TICKETS = 30;

type Outcome = ContactPanelDTO['tickets'][number]['outcome'];

export async function contactPanel(ctx: AppContext, actor: CurrentUser, ticketId: number): Promise<ContactPanelDTO> {
  const { ticket, visible } = await loadReadableTicket(ctx, actor, ticketId);
  const filter = await historyFilter(ctx, actor, visible);
  const shown = filter ? or(eq(tickets.id, ticket.id), filter) : eq(tickets.id, ticket.id);
  const rows = await ctx.db
    .select({
      id: tickets.id,
      protocol: tickets.protocol,
      status: tickets.status,
      createdAt: tickets.createdAt,
      updatedAt: tickets.updatedAt,
      userId: tickets.userId,
      userName: users.name,
      queueId: tickets.queueId,
      queueName: queues.name,
      connectionId: tickets.whatsappId,
      connectionName: whatsapps.name,
    })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .where(and(eq(tickets.contactId, ticket.contactId), shown))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(CONTACT_PANEL_TICKETS);
  const ids = rows.map((r) => r.id);

  const [cycles, rated, [notes], channels] = await Promise.all([
    ctx.db
      .select({ ticketId: ticketCycles.ticketId, outcome: ticketCycles.outcome })
      .from(ticketCycles)
      .where(and(inArray(ticketCycles.ticketId, ids), sql`${ticketCycles.outcome} is not null`))
      .orderBy(asc(ticketCycles.id)),
    ctx.db
      .select({ ticketId: ratings.ticketId, rate: ratings.rate, at: ratings.createdAt, userId: ratings.userId, userName: users.name })
      .from(ratings)
      .leftJoin(users, eq(users.id, ratings.userId))
      .where(inArray(ratings.ticketId, ids))
      .orderBy(desc(ratings.createdAt), desc(ratings.id)),
    ctx.db
      .select({ n: count() })
      .from(messages)
      .where(and(inArray(messages.ticketId, ids), eq(messages.isPrivate, true), eq(messages.isDeleted, false))),
    // Every connection the person talked on, whether or not the reader may open those tickets:
    // where they can be reached is not the conversation.
    ctx.db
      .selectDistinct({ id: whatsapps.id, name: whatsapps.name, channel: whatsapps.channel, status: whatsapps.status })
      .from(whatsapps)
      .innerJoin(tickets, eq(tickets.whatsappId, whatsapps.id))
      .where(eq(tickets.contactId, ticket.contactId))
      .orderBy(asc(whatsapps.id)),
  ]);

  // The last finished cycle tells how a ticket ended.
  const outcomeOf = new Map<number, string>();
  for (const c of cycles) if (c.outcome) outcomeOf.set(c.ticketId, c.outcome);
  const rateOf = new Map<number, number>();
  for (const r of rated) if (!rateOf.has(r.ticketId)) rateOf.set(r.ticketId, r.rate);
  const named = (id: number | null, name: string | null) => (id != null && name != null ? { id, name } : null);

  return {
    contactId: ticket.contactId,
    tickets: rows.map((r) => ({
      id: r.id,
      protocol: r.protocol,
      status: r.status as ContactPanelDTO['tickets'][number]['status'],
      outcome: r.status === 'closed' ? ((outcomeOf.get(r.id) ?? null) as Outcome) : null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      user: named(r.userId, r.userName),
      queue: named(r.queueId, r.queueName),
      connection: named(r.connectionId, r.connectionName),
      rate: rateOf.get(r.id) ?? null,
    })),
    ratings: rated.map((r) => ({ ticketId: r.ticketId, rate: r.rate, at: r.at.toISOString(), user: named(r.userId, r.userName) })),
    notesCount: Number(notes?.n ?? 0),
    channels: channels.map((c) => ({ ...c, channel: c.channel as ContactPanelDTO['channels'][number]['channel'] })),
  };
}
