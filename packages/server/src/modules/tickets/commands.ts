/**
 * The ticket actions of spec §4, named. The spec's PUT /tickets/:id carries them implicitly (the
 * action is read from which fields are present); `commandFromUpdate` reads such a body as exactly
 * one action, and refuses one that asks for two things that cannot both happen (e.g. "back to the
 * queue" together with a sector change, which would otherwise be dropped without a word).
 */
import type { TicketUpdateInput } from '@switchboard/shared';
import { AppError } from '../../lib/app-error.js';
import type { TicketRow } from '../../store/ticket-present.js';

export type TicketCommand =
  /** A pending ticket is taken by a user (the actor, or whom an admin names); a sectorless one may get a sector. */
  | { action: 'accept'; userId?: number | null; queueId?: number | null }
  /** An open ticket goes back to its sector's queue. */
  | { action: 'return' }
  /** To another user, sector or connection; without a user it waits in the sector's queue. */
  | { action: 'transfer'; userId?: number | null; queueId?: number | null; whatsappId?: number; reason?: string }
  /** Closed as served (keeps or takes an owner; the rating may be asked). */
  | { action: 'resolve' }
  /** Closed without a word to the customer. */
  | { action: 'finish' }
  /** A closed ticket is opened again by the actor. */
  | { action: 'reopen' };

export type TicketUpdateFields = Omit<TicketUpdateInput, 'ticketData'>;

const conflicting = (message: string) => new AppError('ERR_TICKET_CONFLICTING_UPDATE', 400, message);

/** The one action a PUT body asks of this ticket. */
export function commandFromUpdate(before: Pick<TicketRow, 'status' | 'queueId' | 'whatsappId'>, input: TicketUpdateFields): TicketCommand {
  const changesConnection = input.whatsappId !== undefined && input.whatsappId !== before.whatsappId;
  const changesSector = input.queueId !== undefined && input.queueId !== before.queueId;
  const transferFields = { userId: input.userId, queueId: input.queueId, whatsappId: input.whatsappId, reason: input.reason };

  if (input.transf === true || changesConnection) {
    // A transfer is never a close, and one that names a user does not leave the ticket waiting.
    if (input.status === 'closed') throw conflicting('A transfer cannot also close the ticket');
    if (input.status === 'pending' && input.userId != null) throw conflicting('A ticket waiting in the queue has no user');
    return { action: 'transfer', ...transferFields };
  }

  switch (input.status) {
    case undefined:
      if (input.userId !== undefined || input.queueId !== undefined) return { action: 'transfer', ...transferFields };
      break;
    case 'closed':
      // `userId` is sent by clients with "resolve" and has no say in it (the owner is kept).
      if (changesSector) throw conflicting('Closing a ticket cannot also change its sector');
      return input.isFinished === true ? { action: 'finish' } : { action: 'resolve' };
    case 'pending':
      if (changesSector) throw conflicting('Returning a ticket to the queue cannot also change its sector; transfer it instead');
      if (input.userId != null) throw conflicting('A ticket returned to the queue has no user');
      return { action: 'return' };
    case 'open':
      if (before.status === 'pending') {
        if (changesSector && before.queueId != null)
          throw conflicting('Accepting a ticket cannot also change its sector; transfer it instead');
        return { action: 'accept', userId: input.userId, queueId: input.queueId };
      }
      if (before.status === 'closed') {
        if (changesSector) throw conflicting('Reopening a ticket cannot also change its sector');
        return { action: 'reopen' };
      }
      break;
  }
  throw new AppError('ERR_VALIDATION', 400, `Nothing to do for status ${input.status ?? '(none)'} on a ${before.status} ticket`);
}
