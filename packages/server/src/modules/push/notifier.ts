/**
 * From announcements to pushes. Every realtime announcement passes here (realtime/announce.ts);
 * the few the bell shows — a customer's message, a new waiting ticket, a mention, a ticket given
 * to someone — become pushes to the devices of the users who would hear the event on a socket
 * (their realtime rooms, rooms.ts) and whom the bell would tell (shared push-notices.ts). The
 * choice of recipients happens after the request, in the background, like the sending.
 */
import {
  mentionNotifies,
  messageNotifies,
  MESSAGE_LANGUAGES,
  newTicketNotifies,
  PUSH_TITLES,
  transferNotifies,
  type MessageLanguage,
  type PushKind,
  type PushPayload,
  type RealtimeEventName,
  type RealtimePayload,
  type TicketViewer,
} from '@switchboard/shared';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { contacts, pushSubscriptions, tickets, userQueues, users } from '../../db/schema.js';
import type { Audience } from '../../realtime/announce.js';
import { roomsForViewer } from '../../realtime/rooms.js';
import type { PushSender } from './sender.js';

/** What a push tells, before it is written for a device. */
interface Notice {
  kind: PushKind;
  ticketId: number;
  contactName: string;
  byName: string;
  /** The customer's text or the note's: left out on devices that hide previews. */
  preview: string;
  /** Whether this viewer gets it (beyond hearing the event). */
  wants: (viewer: TicketViewer) => boolean;
  /** Reads the contact's name when the event does not carry it: only once a device will get the push. */
  contactNameLater?: () => Promise<string>;
}

interface Subscriber {
  viewer: TicketViewer;
  devices: { id: number; endpoint: string; p256dh: string; auth: string; hidePreviews: boolean; language: string }[];
}

const PREVIEW_MAX = 160;
const clip = (text: string) => (text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX - 1)}…` : text);

/** Whether a viewer with these rooms hears an announcement to this audience (as Socket.IO decides). */
export function hears(rooms: readonly string[], to: Audience): boolean {
  if (typeof to === 'string') return rooms.includes(to);
  if (Array.isArray(to)) return to.some((r) => rooms.includes(r));
  return to.rooms.some((r) => rooms.includes(r)) && !to.except.some((r) => rooms.includes(r));
}

export class PushNotifier {
  /** Decisions waiting to run, in order; one at a time keeps the database load flat under bursts. */
  private chain: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    // Built before the app's context (it is the context's `push`): what it uses of it.
    private readonly ctx: Pick<AppContext, 'db' | 'log' | 'settings'>,
    private readonly sender: PushSender,
  ) {}

  /** Called for every announcement (never throws; the work happens later). */
  consider<K extends RealtimeEventName>(to: Audience, name: K, payload: RealtimePayload<K>): void {
    const settings = { allTicket: this.ctx.settings.isEnabled('allTicket') };
    let notice: Notice | null = null;
    if (name === 'appMessage') {
      const e = payload as RealtimePayload<'appMessage'>;
      if (e.action === 'create' && !e.again && !e.message.fromMe) {
        notice = {
          kind: 'newMessage',
          ticketId: e.ticket.id,
          contactName: e.ticket.contact.name,
          byName: '',
          preview: e.ticket.lastMessage || e.message.body,
          wants: (v) => messageNotifies(e, v, settings),
        };
      }
    } else if (name === 'ticket') {
      const e = payload as RealtimePayload<'ticket'>;
      if (e.action === 'create' && e.ticket.status === 'pending') {
        notice = {
          kind: 'newTicket',
          ticketId: e.ticket.id,
          contactName: e.ticket.contact.name,
          byName: '',
          preview: e.ticket.lastMessage,
          wants: (v) => newTicketNotifies(e, v, settings),
        };
      }
    } else if (name === 'mention') {
      const e = payload as RealtimePayload<'mention'>;
      if (e.action === 'create') {
        const m = e.mention;
        notice = {
          kind: 'mention',
          ticketId: m.ticketId,
          contactName: m.contactName,
          byName: m.byUserName ?? '',
          preview: m.body,
          wants: () => mentionNotifies(e),
        };
      }
    } else if (name === 'ticketEvent') {
      const { event } = payload as RealtimePayload<'ticketEvent'>;
      if (event.kind === 'transferred' || event.kind === 'auto-assigned') {
        // The story event names the ticket only: its contact is read when a push is written.
        notice = {
          kind: 'transfer',
          ticketId: event.ticketId,
          contactName: '',
          contactNameLater: () => this.contactOf(event.ticketId),
          byName: event.actor?.name ?? '',
          preview: event.reason,
          wants: (v: TicketViewer) => transferNotifies(event, v),
        };
      }
    }
    if (!notice) return;
    this.waiting.push({ to, notice, name });
    this.pending++;
    // One run takes every announcement waiting by then: a burst reads the subscribers once, not per event.
    this.chain = this.chain
      .then(() => this.dispatchWaiting())
      .catch((err: unknown) => this.ctx.log.error({ err }, 'push: choosing the recipients failed'));
  }

  /** Announcements considered and not decided yet, in order. */
  private waiting: { to: Audience; notice: Notice; name: RealtimeEventName }[] = [];

  private async dispatchWaiting(): Promise<void> {
    const batch = this.waiting;
    if (batch.length === 0) return;
    this.waiting = [];
    try {
      const subscribers = await this.subscribers();
      for (const { to, notice, name } of batch) {
        try {
          await this.dispatch(subscribers, to, notice);
        } catch (err) {
          this.ctx.log.error({ err, event: name }, 'push: choosing the recipients failed');
        }
      }
    } finally {
      this.pending -= batch.length;
    }
  }

  /** Resolves once every decision so far has run and its pushes are sent (tests). */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.chain;
    await this.sender.idle();
  }

  private async dispatch(subscribers: Subscriber[], to: Audience, found: Notice): Promise<void> {
    const receivers = subscribers.filter(({ viewer }) => hears(roomsForViewer(viewer), to) && found.wants(viewer));
    // Nothing more is read for an announcement no device gets (the usual case: most users have none).
    if (receivers.length === 0) return;
    const notice = found.contactNameLater ? { ...found, contactName: await found.contactNameLater() } : found;
    this.sender.send(
      receivers.flatMap(({ devices }) => devices.map((device) => ({ subscriptionId: device.id, payload: this.write(notice, device) }))),
    );
  }

  private write(notice: Notice, device: { hidePreviews: boolean; language: string }): PushPayload {
    const language = (MESSAGE_LANGUAGES as readonly string[]).includes(device.language) ? (device.language as MessageLanguage) : 'pt';
    const title = PUSH_TITLES[language][notice.kind]({ contact: notice.contactName, by: notice.byName });
    const preview = notice.preview.trim();
    return {
      kind: notice.kind,
      ticketId: notice.ticketId,
      title,
      // Hidden previews: nothing of the message or note, not even an empty body field.
      ...(device.hidePreviews || !preview ? {} : { body: clip(preview) }),
      url: `/tickets/${notice.ticketId}`,
      tag: `ticket-${notice.ticketId}`,
    };
  }

  /** Every user with a device, as the realtime rooms see them (sectors and flags read now). */
  private async subscribers(): Promise<Subscriber[]> {
    const rows = await this.ctx.db
      .select({
        id: pushSubscriptions.id,
        userId: pushSubscriptions.userId,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
        hidePreviews: pushSubscriptions.hidePreviews,
        language: pushSubscriptions.language,
        profile: users.profile,
        allTicket: users.allTicket,
      })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId));
    if (rows.length === 0) return [];
    const ids = [...new Set(rows.map((r) => r.userId))];
    const sectors = await this.ctx.db.select().from(userQueues).where(inArray(userQueues.userId, ids));
    const byUser = new Map<number, Subscriber>();
    for (const r of rows) {
      let s = byUser.get(r.userId);
      if (!s) {
        const queueIds = sectors.filter((q) => q.userId === r.userId).map((q) => q.queueId);
        s = { viewer: { id: r.userId, profile: r.profile, allTicket: r.allTicket, queueIds }, devices: [] };
        byUser.set(r.userId, s);
      }
      s.devices.push({
        id: r.id,
        endpoint: r.endpoint,
        p256dh: r.p256dh,
        auth: r.auth,
        hidePreviews: r.hidePreviews,
        language: r.language,
      });
    }
    return [...byUser.values()];
  }

  private async contactOf(ticketId: number): Promise<string> {
    const [row] = await this.ctx.db
      .select({ name: contacts.name })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(eq(tickets.id, ticketId));
    return row?.name ?? '';
  }
}
