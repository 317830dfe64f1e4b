/**
 * Transfer to a sector (BEHAVIOUR "Sector menu and greetings"): the connection's transfer message
 * (if set) and the target sector's greeting — or its absence message outside its hours, as
 * everywhere else a sector greets. A transfer that keeps the sector (to another attendant only)
 * and group tickets say nothing.
 */
import { isSectorOpen } from './hours.js';
import type { MenuSector } from './menu.js';

export function transferTexts(
  before: { queueId: number | null },
  after: { queueId: number | null; isGroup: boolean },
  connection: { transferTicketMessage: string },
  sector: MenuSector | null,
  now: Date,
  timeZone: string,
): string[] {
  if (after.isGroup || after.queueId == null || after.queueId === before.queueId || !sector) return [];
  const greeting = isSectorOpen(sector, now, timeZone) ? sector.greetingMessage : sector.absenceMessage;
  return [connection.transferTicketMessage, greeting].filter((t) => t.trim() !== '');
}
