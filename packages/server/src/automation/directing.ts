/**
 * Directing sectorless tickets (BEHAVIOUR "Sector menu and greetings"): after the timeSendQueue
 * setting (seconds; '0' = never) a ticket still waiting without sector and without attendant goes to
 * its connection's default sector. The wait is measured from when the ticket last started waiting
 * (its running service cycle), so a ticket reopened today is not directed for yesterday's wait.
 * Like the menu, it leaves group tickets alone.
 */
export interface DirectingTicket {
  status: string;
  queueId: number | null;
  userId: number | null;
  isGroup: boolean;
  /** When the ticket started waiting (queued time of its running cycle, else its creation). */
  waitingSince: Date;
}

export function directingSeconds(setting: string): number {
  const n = Number(setting);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export function directingCutoff(now: Date, seconds: number): Date | null {
  return seconds > 0 ? new Date(now.getTime() - seconds * 1000) : null;
}

/** The sector the ticket goes to now, or null. */
export function directTo(ticket: DirectingTicket, defaultQueueId: number | null, now: Date, seconds: number): number | null {
  const cutoff = directingCutoff(now, seconds);
  if (!cutoff || defaultQueueId == null) return null;
  if (ticket.status !== 'pending' || ticket.queueId != null || ticket.userId != null || ticket.isGroup) return null;
  return ticket.waitingSince.getTime() <= cutoff.getTime() ? defaultQueueId : null;
}
