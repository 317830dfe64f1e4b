/**
 * Socket.IO namespace `/api`: the reference product's web clients, pointed at `https://<host>/api`,
 * open their socket there. They pick what they receive by asking for rooms — one socket per ticket
 * list asks for a status (`joinTickets`), the notifier for everything (`joinNotification`), the open
 * chat for its ticket (`joinChatBox`) — and they read every `ticket` / `appMessage` event they get
 * as belonging to what they asked for (a chat adds any message it receives).
 *
 * So on this namespace the server keeps both rules: a socket sits in its user's permission rooms
 * (realtime/rooms.ts, the same as on the web app's namespace) and, per request it granted, in the
 * product of each permission room with that request (`<room>#status:open`, `<room>#ticket:7`,
 * `<room>#notification`). A ticket event goes to the products of the ticket's audience, so a
 * socket gets it exactly when it may see the ticket and asked for it. The requests are remembered
 * as marker rooms (`ref:status:open`…), which survive on every process, so the rooms can be
 * derived again when the user's permissions change.
 */
import { EVENTS, type TicketStatus } from '@switchboard/shared';

export const REFERENCE_NAMESPACE = '/api';

const STATUSES: readonly TicketStatus[] = ['open', 'pending', 'closed'];

export type Subscription = `status:${TicketStatus}` | 'notification' | `ticket:${number}`;

const MARKER = 'ref:';
export const markerRoom = (sub: Subscription) => `${MARKER}${sub}`;
export const productRoom = (room: string, sub: Subscription) => `${room}#${sub}`;

export function statusSubscription(status: unknown): Subscription | null {
  return typeof status === 'string' && (STATUSES as readonly string[]).includes(status) ? `status:${status as TicketStatus}` : null;
}

/** The requests a socket made, read back from its marker rooms. */
export function subscriptionsOf(rooms: Iterable<string>): Subscription[] {
  const subs: Subscription[] = [];
  for (const room of rooms) if (room.startsWith(MARKER)) subs.push(room.slice(MARKER.length) as Subscription);
  return subs;
}

/** Every room a reference socket belongs to: permission rooms, markers, and their products. */
export function referenceRooms(permissionRooms: string[], subs: Subscription[]): string[] {
  const rooms = [...permissionRooms, ...subs.map(markerRoom)];
  for (const sub of subs) for (const room of permissionRooms) rooms.push(productRoom(room, sub));
  return rooms;
}

/** One emit on the reference namespace: to the members of `to` who are in none of `except`. */
export interface ReferenceEmit {
  to: string[];
  except: string[];
  event: string;
  payload: unknown;
}

interface TicketLike {
  id: number;
  status: TicketStatus;
}

function ticketOf(payload: unknown): TicketLike | null {
  const ticket = (payload as { ticket?: Partial<TicketLike> } | null)?.ticket;
  return ticket && typeof ticket.id === 'number' && typeof ticket.status === 'string' ? (ticket as TicketLike) : null;
}

const products = (rooms: string[], subs: Subscription[]) => rooms.flatMap((room) => subs.map((sub) => productRoom(room, sub)));

/**
 * How an event addressed to permission rooms `rooms` (minus `except`) reaches reference sockets.
 * Events about a ticket go to the sockets that asked for its status, for its chat, or for
 * notifications; a ticket's update also removes it from the lists of the other statuses (the
 * reference's lists add any ticket update they receive). Every other event goes as it is.
 */
export function referenceEmits(rooms: string[], except: string[], event: string, payload: unknown): ReferenceEmit[] {
  if (event !== EVENTS.ticket && event !== EVENTS.appMessage) return [{ to: rooms, except, event, payload }];
  const ticket = ticketOf(payload);
  if (!ticket) {
    // A delete or an unread reset names only the ticket id: every list may hold it.
    const ticketId = (payload as { ticketId?: unknown } | null)?.ticketId;
    const subs: Subscription[] = [...STATUSES.map((s) => `status:${s}` as const), 'notification'];
    if (typeof ticketId === 'number') subs.push(`ticket:${ticketId}`);
    return [{ to: products(rooms, subs), except, event, payload }];
  }
  const mine: Subscription[] = [`status:${ticket.status}`, 'notification', `ticket:${ticket.id}`];
  const emits: ReferenceEmit[] = [{ to: products(rooms, mine), except, event, payload }];
  if (event === EVENTS.ticket && (payload as { action?: unknown }).action !== 'delete') {
    const others = STATUSES.filter((s) => s !== ticket.status).map((s) => `status:${s}` as const);
    // A socket that also asked for the ticket's own status keeps it (one socket, several lists).
    emits.push({
      to: products(rooms, others),
      except: [...except, ...products(rooms, mine)],
      event: EVENTS.ticket,
      payload: { action: 'delete', ticketId: ticket.id },
    });
  }
  return emits;
}
