/** The timeline event an attendant's action on a ticket writes (store/ticket-log.ts). */
import type { TicketEventInput } from '../../store/ticket-log.js';
import type { TicketAction } from '../../store/ticket-lifecycle.js';
import type { TicketRow } from '../../store/ticket-present.js';

type Story = Pick<TicketRow, 'id' | 'userId' | 'queueId'>;

export function storyOfAction(
  action: TicketAction,
  before: Story,
  after: Story,
  actorId: number | null,
  at: Date,
  reason = '',
): TicketEventInput | null {
  const base = { ticketId: after.id, at, actorId };
  switch (action) {
    case 'accepted':
      return { ...base, kind: 'accepted', toUserId: after.userId, toQueueId: after.queueId !== before.queueId ? after.queueId : null };
    case 'returned':
      return { ...base, kind: 'returned', fromUserId: before.userId, toQueueId: after.queueId };
    case 'transferred':
      return {
        ...base,
        kind: 'transferred',
        fromUserId: before.userId,
        toUserId: after.userId,
        fromQueueId: before.queueId,
        toQueueId: after.queueId,
        reason,
      };
    case 'resolved':
      return { ...base, kind: 'resolved' };
    case 'finished':
      return { ...base, kind: 'finished' };
    case 'reopened':
      return { ...base, kind: 'reopened', toUserId: after.userId };
    default:
      return null;
  }
}
