/**
 * Inactivity close (BEHAVIOUR "Inactivity and automatic close"), as pure decisions: an open ticket
 * whose last message was ours, with nothing newer for the connection's timeInactiveMessage hours, is
 * closed — after the inactive message when sendInactiveMessage is on. Measured from the last
 * message (ours, hence also newer than the customer's last), never from other ticket updates.
 */
export interface InactivityConnection {
  timeInactiveMessage: number;
  sendInactiveMessage: boolean;
  inactiveMessage: string;
}

export interface InactivityTicket {
  status: string;
  lastMessageFromMe: boolean;
  lastMessageAt: Date | null;
}

/** Last-message time at or before which a ticket is inactive; null when the rule is off. */
export function inactivityCutoff(now: Date, hours: number): Date | null {
  if (!Number.isFinite(hours) || hours <= 0) return null;
  return new Date(now.getTime() - hours * 3_600_000);
}

export function isInactive(ticket: InactivityTicket, connection: InactivityConnection, now: Date): boolean {
  const cutoff = inactivityCutoff(now, connection.timeInactiveMessage);
  if (!cutoff || ticket.status !== 'open' || !ticket.lastMessageFromMe || !ticket.lastMessageAt) return false;
  return ticket.lastMessageAt.getTime() <= cutoff.getTime();
}

/** The text sent before closing, or null. */
export function inactiveNotice(connection: InactivityConnection): string | null {
  return connection.sendInactiveMessage && connection.inactiveMessage.trim() ? connection.inactiveMessage : null;
}
