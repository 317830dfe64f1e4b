/**
 * The one way a change is announced. An announcement is a realtime event (name and payload typed by
 * REALTIME_EVENTS of @switchboard/shared) to an audience of rooms; the webhook events it stands for
 * are derived from that same event by WEBHOOKS below, so no code path can send one without the
 * other (the lint refuses calling Realtime's emit methods anywhere but here).
 *
 * A change made in a transaction records its announcements in `Announcements`: the webhook events
 * are written in the transaction (they commit or roll back with the change) and the realtime
 * events go out after the commit. `announce()` serves changes made outside a transaction: the
 * realtime event goes out and the webhook events are queued right after.
 *
 * Each realtime event sent (not a `resend`) is also shown to Web Push (modules/push/notifier.ts),
 * with its audience: the bell's events become pushes to the devices of the users in that audience.
 */
import type { RealtimeEventName, RealtimePayload, WebhookData, WebhookEventName } from '@switchboard/shared';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { ROOM_ADMINS, ROOM_ALL_USERS } from './rooms.js';

/** Who hears an event: rooms, optionally minus the members of other rooms (those who had it already). */
export type Audience = string | string[] | { rooms: string[]; except: string[] };

/** A webhook event, its `data` typed by WEBHOOK_EVENT_DATA; `key` orders the events of one subject. */
export type WebhookEvent = { [E in WebhookEventName]: { event: E; key: string; data: WebhookData<E> } }[WebhookEventName];

/** Who had a ticket before a change of hands (tells a transfer from an update). */
export interface TicketHands {
  userId: number | null;
  queueId: number | null;
}

/** What an event's webhooks need beyond its payload. */
interface Facts {
  ticket: { before?: TicketHands };
}
type FactsOf<K extends RealtimeEventName> = K extends keyof Facts ? Facts[K] : Record<string, never>;

const none = (): WebhookEvent[] => [];
const ticketKey = (id: number) => `ticket:${id}`;

/**
 * Every realtime event's webhook events. Total over the event names: a new event does not compile
 * until it says which webhooks it sends (most send none: the webhooks report tickets, messages and
 * contacts). Deletions send none (no webhook event reports them).
 */
const WEBHOOKS: { [K in RealtimeEventName]: (payload: RealtimePayload<K>, facts: FactsOf<K>) => WebhookEvent[] } = {
  ticket: (p, { before }) => {
    if (p.action === 'create') return [{ event: 'ticket.created', key: ticketKey(p.ticket.id), data: { ticket: p.ticket } }];
    if (p.action !== 'update') return [];
    const key = ticketKey(p.ticket.id);
    if (!before) return [{ event: 'ticket.updated', key, data: { ticket: p.ticket } }];
    const after = p.ticket;
    const changedHands =
      before.queueId !== after.queueId || (before.userId != null && after.userId != null && before.userId !== after.userId);
    if (after.status === 'closed') return [{ event: 'ticket.closed', key, data: { ticket: after } }];
    if (changedHands)
      return [{ event: 'ticket.transferred', key, data: { ticket: after, from: { userId: before.userId, queueId: before.queueId } } }];
    return [{ event: 'ticket.updated', key, data: { ticket: after } }];
  },
  // Private notes stay inside.
  appMessage: ({ action, message, ticket }) =>
    message.isPrivate
      ? []
      : [{ event: action === 'create' ? 'message.created' : 'message.updated', key: ticketKey(ticket.id), data: { message, ticket } }],
  contact: (p) =>
    p.action === 'delete'
      ? []
      : [
          {
            event: p.action === 'create' ? 'contact.created' : 'contact.updated',
            key: `contact:${p.contact.id}`,
            data: { contact: p.contact },
          },
        ],
  user: none,
  settings: none,
  quickAnswer: none,
  queue: none,
  tags: none,
  whatsapp: none,
  whatsappSession: none,
  mention: none,
  ticketEvent: none,
  scheduledMessage: none,
  campaign: none,
  campaignRecipients: none,
};

function webhooksOf<K extends RealtimeEventName>(name: K, payload: RealtimePayload<K>, facts: FactsOf<K> | undefined): WebhookEvent[] {
  const derive = WEBHOOKS[name] as (p: RealtimePayload<K>, f: FactsOf<K>) => WebhookEvent[];
  return derive(payload, (facts ?? {}) as FactsOf<K>);
}

function emit<K extends RealtimeEventName>(ctx: AppContext, to: Audience, name: K, payload: RealtimePayload<K>): void {
  if (to === ROOM_ALL_USERS) ctx.realtime.emitToAll(name, payload);
  else if (to === ROOM_ADMINS) ctx.realtime.emitToAdmins(name, payload);
  else if (typeof to === 'string' || Array.isArray(to)) ctx.realtime.emit(to, name, payload);
  else ctx.realtime.emitExcept(to.rooms, to.except, name, payload);
}

/** Announces a change made outside a transaction (or already committed): realtime now, webhooks queued. */
export function announce<K extends RealtimeEventName>(
  ctx: AppContext,
  to: Audience,
  name: K,
  payload: RealtimePayload<K>,
  facts?: FactsOf<K>,
): void {
  emit(ctx, to, name, payload);
  ctx.push?.consider(to, name, payload);
  for (const e of webhooksOf(name, payload, facts)) ctx.webhooks?.publish(e.event, e.key, e.data);
}

/**
 * Re-sends what was announced already to those who could not see it then (a ticket entering a
 * sector: its attendants get the customer's earlier messages). No webhook: it is not a change.
 */
export function resend<K extends RealtimeEventName>(ctx: AppContext, to: Audience, name: K, payload: RealtimePayload<K>): void {
  emit(ctx, to, name, payload);
}

/**
 * The announcements of a change made in a transaction: each `add` writes the webhook events in
 * the transaction (they commit or roll back with the change; a failed write fails the change) and
 * keeps the realtime event for `announce()`, called once the transaction committed.
 */
export class Announcements {
  private readonly emits: (() => void)[] = [];
  private queued = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly tx: DbOrTx,
  ) {}

  /**
   * `live: false` writes the webhook events but leaves the realtime event out: for bulk changes
   * (an import of thousands of contacts) whose screens reload their lists when opened.
   */
  async add<K extends RealtimeEventName>(
    to: Audience,
    name: K,
    payload: RealtimePayload<K>,
    facts?: FactsOf<K>,
    options: { live?: boolean } = {},
  ): Promise<void> {
    await this.enqueue(webhooksOf(name, payload, facts));
    if (options.live !== false) {
      this.emits.push(() => {
        emit(this.ctx, to, name, payload);
        this.ctx.push?.consider(to, name, payload);
      });
    }
  }

  /** A webhook event with no realtime counterpart of its own (rating.received: the ticket's update carries it). */
  async webhook(event: WebhookEvent): Promise<void> {
    await this.enqueue([event]);
  }

  /** After the commit: the realtime events, and the deliveries written are due now. */
  announce(): void {
    for (const send of this.emits) send();
    if (this.queued) this.ctx.webhooks?.kick();
  }

  private async enqueue(events: WebhookEvent[]): Promise<void> {
    for (const e of events) {
      if (await this.ctx.webhooks?.enqueue(this.tx, e.event, e.key, e.data)) this.queued = true;
    }
  }
}
