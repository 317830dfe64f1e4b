/**
 * The automatic reply to a customer's message on a ticket nobody attends yet (BEHAVIOUR
 * "Sector menu and greetings"), as a pure decision: what to send and how the ticket changes. The
 * caller loads the state, applies the decision in one transaction and announces it.
 *
 * Decisions where the documents are silent:
 * - The out-of-hours check applies to every ticket without attendant (not only sectorless ones): the
 *   customer is told nobody is there, and no menu or greeting goes out while the connection is closed.
 * - Every message is decided on its own, in order, at once: "Olá" and "1" typed together get the
 *   menu and then pick sector 1; an invalid answer repeats the menu.
 * - A connection without sectors greets once (its greeting, when set) and asks nothing.
 * - A valid choice of a sector outside its hours sends the absence message and keeps the menu
 *   active; when that sector has no absence message, the menu is repeated instead.
 */
import { isConnectionOpen, isSectorOpen, sectorHours, shouldSendOutOfHoursNotice, type ConnectionHours } from './hours.js';

export interface MenuSector {
  id: number;
  name: string;
  greetingMessage: string;
  absenceMessage: string;
  startWork: string | null;
  endWork: string | null;
  /** Position the admin gave the sector in the menu; null = after the positioned ones. */
  orderQueue?: number | null;
}

export interface MenuConnection extends ConnectionHours {
  greetingMessage: string;
  outOfWorkMessage: string;
  isDisplay: boolean;
}

export interface MenuTicket {
  queueId: number | null;
  /** The menu (or the connection's greeting) was shown and waits for the customer. */
  chatbot: boolean;
  outOfHoursNoticeAt: Date | null;
}

export interface MenuInput {
  ticket: MenuTicket;
  connection: MenuConnection;
  /** The connection's sectors. */
  sectors: MenuSector[];
  /** The customer's latest message. */
  text: string;
  now: Date;
  timeZone: string;
}

export interface MenuDecision {
  /** Texts to send, in order (templates, rendered by the caller). */
  texts: string[];
  /** New sector of the ticket (null clears it); undefined keeps it. */
  queueId?: number | null;
  chatbot?: boolean;
  /** Record that the out-of-hours notice went out now. */
  outOfHoursNotice?: boolean;
}

/** Sectors as the menu lists them: by the position the admin gave them, then by name. */
export function menuOrder(sectors: MenuSector[]): MenuSector[] {
  const position = (s: MenuSector) => s.orderQueue ?? Number.POSITIVE_INFINITY;
  return [...sectors].sort(
    (a, b) =>
      (position(a) === position(b) ? 0 : position(a) < position(b) ? -1 : 1) ||
      a.name.localeCompare(b.name, 'pt', { sensitivity: 'base' }) ||
      a.id - b.id,
  );
}

/** The connection's greeting followed by `*1* - Sales` lines (with the hours when isDisplay). */
export function menuText(connection: Pick<MenuConnection, 'greetingMessage' | 'isDisplay'>, sectors: MenuSector[]): string {
  const lines = menuOrder(sectors).map((s, i) => {
    const { start, end } = sectorHours(s);
    return `*${i + 1}* - ${s.name}${connection.isDisplay ? ` (${start} - ${end})` : ''}`;
  });
  const greeting = connection.greetingMessage.trim();
  return greeting ? `${greeting}\n\n${lines.join('\n')}` : lines.join('\n');
}

/** The customer's choice: a whole number naming a listed sector, else null. */
export function parseChoice(text: string, sectors: MenuSector[]): MenuSector | null {
  const t = text.trim();
  if (!/^\d{1,3}$/.test(t)) return null;
  const n = Number(t);
  const ordered = menuOrder(sectors);
  return n >= 1 && n <= ordered.length ? ordered[n - 1] : null;
}

const nonEmpty = (texts: string[]) => texts.filter((t) => t.trim() !== '');

export function decideAutoReply(input: MenuInput): MenuDecision {
  const { ticket, connection, sectors, now, timeZone } = input;
  const text = input.text.trim();

  if (!isConnectionOpen(connection, now, timeZone)) {
    if (connection.outOfWorkMessage.trim() && shouldSendOutOfHoursNotice(connection, now, ticket.outOfHoursNoticeAt, timeZone)) {
      return { texts: [connection.outOfWorkMessage], outOfHoursNotice: true };
    }
    return { texts: [] };
  }

  // `#` brings a ticket that waits in a sector back to the menu.
  const backToMenu = text === '#' && ticket.queueId != null;
  if (ticket.queueId != null && !backToMenu) return { texts: [] };

  if (sectors.length === 0) {
    // Nothing to choose from: the connection greets once, and `#` has no menu to return to.
    if (ticket.chatbot || ticket.queueId != null || !connection.greetingMessage.trim()) return { texts: [] };
    return { texts: [connection.greetingMessage], chatbot: true };
  }

  if (sectors.length === 1) {
    // The only sector is the whole menu (`#` lands in it again, with its greeting or absence).
    const [only] = sectors;
    const open = isSectorOpen(only, now, timeZone);
    return { texts: nonEmpty([open ? only.greetingMessage : only.absenceMessage]), queueId: only.id, chatbot: false };
  }

  const menu = menuText(connection, sectors);
  if (backToMenu) return { texts: [menu], queueId: null, chatbot: true };

  const choice = ticket.chatbot ? parseChoice(text, sectors) : null;
  if (!choice) return { texts: [menu], chatbot: true };
  if (isSectorOpen(choice, now, timeZone)) {
    return { texts: nonEmpty([choice.greetingMessage]), queueId: choice.id, chatbot: false };
  }
  return { texts: choice.absenceMessage.trim() ? [choice.absenceMessage] : [menu], chatbot: true };
}
