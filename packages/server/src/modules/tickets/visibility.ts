/** Who may see a ticket, for REST and realtime alike (shared canSeeTicket + the live setting). */
import { canSeeTicket } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { tickets } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { CurrentUser } from '../../store/users.js';
import type { TicketRow } from '../../store/ticket-present.js';

export function userCanSeeTicket(ctx: AppContext, actor: CurrentUser, ticket: Pick<TicketRow, 'userId' | 'queueId'>): boolean {
  return canSeeTicket(actor, ticket, { allTicket: ctx.settings.isEnabled('allTicket') });
}

/** The ticket if the actor may see it; 404 ERR_NO_TICKET_FOUND otherwise (no existence leak). */
export async function loadVisibleTicket(ctx: AppContext, actor: CurrentUser, ticketId: number): Promise<TicketRow> {
  const [row] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticketId));
  if (!row || !userCanSeeTicket(ctx, actor, row)) throw new AppError('ERR_NO_TICKET_FOUND', 404);
  return row;
}
