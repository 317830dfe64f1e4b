/**
 * What happened to a ticket, announced by the tickets feature after the change committed and
 * listened to by automation (ratings, transfer messages) and the system closers it implements.
 * Declared here, below both, so automation depends on the data it reacts to, not on the feature.
 */
import type { TicketRow } from './ticket-present.js';

/** `closedBySystem`: inactivity or the external API closed it (no user action). */
export type TicketAction = 'accepted' | 'returned' | 'resolved' | 'finished' | 'reopened' | 'transferred' | 'created' | 'closedBySystem';

/** What happened to a ticket, after the change committed (automation listens to these). */
export interface TicketLifecycleEvent {
  action: TicketAction;
  ticket: TicketRow;
  before: TicketRow | null;
  actorId: number | null;
  /** The service cycle the action finished (resolve/finish/transfer). */
  finishedCycleId?: number;
}

export type TicketLifecycleListener = (event: TicketLifecycleEvent) => Promise<void> | void;

/** Closing a ticket without a user action (inactivity, the external API): the tickets feature does it. */
export interface SystemTicketCloser {
  closeBySystem(id: number, outcome: 'inactive' | 'api'): Promise<TicketRow | null>;
  onLifecycle(listener: TicketLifecycleListener): void;
}
