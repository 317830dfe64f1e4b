/** Who may see a ticket, for REST and realtime alike (shared canSeeTicket + the live setting). */
import { canSeeTicket, ticketActions, type TicketDTO, type TicketFacts } from '@switchboard/shared';
import { and, eq } from 'drizzle-orm';
import { authorize } from '../../access/authorize.js';
import type { AppContext } from '../../context.js';
import { messages, ticketMentions, tickets } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { CurrentUser } from '../../store/users.js';
import type { TicketRow } from '../../store/ticket-present.js';

export function userCanSeeTicket(ctx: AppContext, actor: CurrentUser, ticket: Pick<TicketRow, 'userId' | 'queueId'>): boolean {
  return canSeeTicket(actor, ticket, { allTicket: ctx.settings.isEnabled('allTicket') });
}

/** What the access rules (shared access/policy.ts) read of a ticket. */
export function ticketFacts(ctx: AppContext, row: Pick<TicketRow, 'userId' | 'queueId' | 'status'>, mentioned = false): TicketFacts {
  return {
    userId: row.userId,
    queueId: row.queueId,
    status: row.status as TicketFacts['status'],
    sectorlessForAll: ctx.settings.isEnabled('allTicket'),
    mentioned,
  };
}

/** The ticket as its caller sees it: with the actions they may take on it now. */
export function withActions(ctx: AppContext, actor: CurrentUser, dto: TicketDTO, mentioned = false): TicketDTO {
  return { ...dto, allowedActions: ticketActions(actor, ticketFacts(ctx, dto, mentioned)) };
}

/** The actions whose rule reads only the ticket's facts (no mention lookup). */
type TicketAccess = 'ticket.reply' | 'ticket.schedule';

/** The ticket if the actor may take `action` on it; 404 ERR_NO_TICKET_FOUND otherwise (no existence leak). */
export async function loadTicketFor(ctx: AppContext, actor: CurrentUser, ticketId: number, action: TicketAccess): Promise<TicketRow> {
  const [row] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticketId));
  if (!row) throw new AppError('ERR_NO_TICKET_FOUND', 404);
  authorize(actor, action, ticketFacts(ctx, row));
  return row;
}

/** The ticket if the actor may answer on it (ticket.reply); 404 ERR_NO_TICKET_FOUND otherwise. */
export function loadVisibleTicket(ctx: AppContext, actor: CurrentUser, ticketId: number): Promise<TicketRow> {
  return loadTicketFor(ctx, actor, ticketId, 'ticket.reply');
}

/** Whether a private note named the user on this ticket (docs/decisions.md, "Mentions"). */
export async function isMentionedOn(ctx: AppContext, userId: number, ticketId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: ticketMentions.id })
    .from(ticketMentions)
    // Only a note still standing: a withdrawn (deleted) note gives no access.
    .innerJoin(messages, and(eq(messages.id, ticketMentions.messageId), eq(messages.isDeleted, false)))
    .where(and(eq(ticketMentions.userId, userId), eq(ticketMentions.ticketId, ticketId)))
    .limit(1);
  return !!row;
}

/**
 * The ticket if the actor may read it: everyone who may see it, and users a private note on it
 * mentioned (they read the conversation and add notes; replying, accepting and transferring still
 * need the ticket to be visible). 404 otherwise.
 */
export async function loadReadableTicket(
  ctx: AppContext,
  actor: CurrentUser,
  ticketId: number,
): Promise<{ ticket: TicketRow; visible: boolean }> {
  const [row] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticketId));
  if (!row) throw new AppError('ERR_NO_TICKET_FOUND', 404);
  if (userCanSeeTicket(ctx, actor, row)) return { ticket: row, visible: true };
  authorize(actor, 'ticket.read', ticketFacts(ctx, row, await isMentionedOn(ctx, actor.id, ticketId)));
  return { ticket: row, visible: false };
}
