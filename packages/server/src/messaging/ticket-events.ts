/**
 * Realtime announcements of tickets and messages, addressed at emit time to the rooms of those who
 * may see the ticket now (shared visibility scope, realtime/rooms.ts). The same announcements feed
 * the outgoing webhooks (a ticket's events keyed by the ticket, so receivers get them in order;
 * private notes stay inside).
 *
 * A change made in a transaction records its announcements there (`Announcements`): the webhook
 * events are written in the transaction — they commit or roll back with the change — and the
 * realtime events go out after the commit. The `announce…` functions serve changes made outside a
 * transaction: both go out after the change.
 */
import {
  EVENTS,
  type ContactDTO,
  type ContactEvent,
  type MessageDTO,
  type TicketDTO,
  type TicketEvent,
  type TicketEventDTO,
  type TicketStoryEvent,
  type WebhookEventName,
} from '@switchboard/shared';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { roomsForTicket } from '../realtime/rooms.js';
import { presentTicketEvents, recordTicketEvents, type TicketEventInput } from '../store/ticket-log.js';

/** A webhook event an announcement carries. */
interface WebhookEvent {
  event: WebhookEventName;
  key: string;
  data: unknown;
}

/** The rooms of whoever may see the ticket now. */
export function audience(ctx: AppContext, ticket: Pick<TicketDTO, 'userId' | 'queueId'>): string[] {
  return roomsForTicket(ticket, { allTicket: ctx.settings.isEnabled('allTicket') });
}

const ticketKey = (id: number) => `ticket:${id}`;

function publish(ctx: AppContext, events: WebhookEvent[]): void {
  for (const e of events) ctx.webhooks?.publish(e.event, e.key, e.data);
}

const ticketEvents = (action: 'create' | 'update', ticket: TicketDTO): WebhookEvent[] => [
  { event: action === 'create' ? 'ticket.created' : 'ticket.updated', key: ticketKey(ticket.id), data: { ticket } },
];

function emitTicket(ctx: AppContext, action: 'create' | 'update', ticket: TicketDTO): void {
  ctx.realtime.emit(audience(ctx, ticket), EVENTS.ticket, { action, ticket } satisfies TicketEvent);
}

export function announceTicket(ctx: AppContext, action: 'create' | 'update', ticket: TicketDTO): void {
  emitTicket(ctx, action, ticket);
  publish(ctx, ticketEvents(action, ticket));
}

function contactEvents(event: ContactEvent): WebhookEvent[] {
  if (event.action !== 'create' && event.action !== 'update') return [];
  const contact: ContactDTO = event.contact;
  return [{ event: event.action === 'create' ? 'contact.created' : 'contact.updated', key: `contact:${contact.id}`, data: { contact } }];
}

/** Contacts' changes for every signed-in user, and for the webhooks. */
export function announceContact(ctx: AppContext, event: ContactEvent): void {
  ctx.realtime.emitToAll(EVENTS.contact, event);
  publish(ctx, contactEvents(event));
}

/**
 * After a change of owner or sector: the ticket's new audience gets the update; whoever could see
 * it before but no longer can gets a delete marked `moved`, so it leaves their lists without being
 * announced as deleted. `autoAssigned` tells the new owner the sector gave it to them (a notice).
 */
export function announceTicketMoved(
  ctx: AppContext,
  before: Pick<TicketDTO, 'id' | 'userId' | 'queueId'>,
  after: TicketDTO,
  options: { autoAssigned?: boolean } = {},
): void {
  emitTicketMoved(ctx, before, after, options);
  publish(ctx, ticketMovedEvents(before, after));
}

function emitTicketMoved(
  ctx: AppContext,
  before: Pick<TicketDTO, 'id' | 'userId' | 'queueId'>,
  after: TicketDTO,
  options: { autoAssigned?: boolean } = {},
): void {
  const nowRooms = audience(ctx, after);
  const update: TicketEvent = { action: 'update', ticket: after, ...(options.autoAssigned ? { autoAssigned: true } : {}) };
  ctx.realtime.emit(nowRooms, EVENTS.ticket, update);
  ctx.realtime.emitExcept(audience(ctx, before), nowRooms, EVENTS.ticket, {
    action: 'delete',
    ticketId: after.id,
    moved: true,
  } satisfies TicketEvent);
}

function ticketMovedEvents(before: Pick<TicketDTO, 'id' | 'userId' | 'queueId'>, after: TicketDTO): WebhookEvent[] {
  const key = ticketKey(after.id);
  const changedHands = before.queueId !== after.queueId || (before.userId != null && after.userId != null && before.userId !== after.userId);
  if (after.status === 'closed') return [{ event: 'ticket.closed', key, data: { ticket: after } }];
  if (changedHands) return [{ event: 'ticket.transferred', key, data: { ticket: after, from: { userId: before.userId, queueId: before.queueId } } }];
  return [{ event: 'ticket.updated', key, data: { ticket: after } }];
}

/** New events of a ticket's story, to whoever may see the ticket now (after the commit). */
export function announceTicketStory(ctx: AppContext, ticket: Pick<TicketDTO, 'userId' | 'queueId'>, events: TicketEventDTO[]): void {
  const rooms = audience(ctx, ticket);
  for (const event of events) ctx.realtime.emit(rooms, EVENTS.ticketEvent, { event } satisfies TicketStoryEvent);
}

/** Writes story rows in the change's transaction; `announce(ticket)` presents and sends them after commit. */
export async function recordStory(ctx: AppContext, tx: DbOrTx, inputs: TicketEventInput[]) {
  const rows = await recordTicketEvents(tx, inputs);
  const dtos = await presentTicketEvents(tx, rows);
  return (ticket: Pick<TicketDTO, 'userId' | 'queueId'>) => announceTicketStory(ctx, ticket, dtos);
}

export function announceTicketDeleted(ctx: AppContext, ticket: Pick<TicketDTO, 'id' | 'userId' | 'queueId'>): void {
  const event: TicketEvent = { action: 'delete', ticketId: ticket.id };
  ctx.realtime.emit(audience(ctx, ticket), EVENTS.ticket, event);
}

export function announceUnreadReset(ctx: AppContext, ticket: Pick<TicketDTO, 'id' | 'userId' | 'queueId'>): void {
  const event: TicketEvent = { action: 'updateUnread', ticketId: ticket.id };
  ctx.realtime.emit(audience(ctx, ticket), EVENTS.ticket, event);
}

export function announceMessage(
  ctx: AppContext,
  action: 'create' | 'update',
  message: MessageDTO,
  ticket: TicketDTO,
): void {
  emitMessage(ctx, action, message, ticket);
  publish(ctx, messageEvents(action, message, ticket));
}

function emitMessage(ctx: AppContext, action: 'create' | 'update', message: MessageDTO, ticket: TicketDTO): void {
  ctx.realtime.emit(audience(ctx, ticket), EVENTS.appMessage, {
    action,
    message,
    ticket,
    contact: ticket.contact,
  });
}

/**
 * A message announced again to those who may see its ticket now (realtime only: the webhook
 * receivers are not told twice). Marked `again`: a client that already has it changes nothing and
 * does not notify a second time.
 */
export function reannounceMessage(ctx: AppContext, message: MessageDTO, ticket: TicketDTO): void {
  ctx.realtime.emit(audience(ctx, ticket), EVENTS.appMessage, { action: 'create', message, ticket, contact: ticket.contact, again: true });
}

const messageEvents = (action: 'create' | 'update', message: MessageDTO, ticket: TicketDTO): WebhookEvent[] =>
  message.isPrivate ? [] : [{ event: action === 'create' ? 'message.created' : 'message.updated', key: ticketKey(ticket.id), data: { message, ticket } }];

/**
 * The announcements of a change made in a transaction: each call writes the webhook events in
 * the transaction (they commit or roll back with the change; a failed write fails the change) and
 * keeps the realtime events for `announce()`, called once the transaction committed.
 */
export class Announcements {
  private readonly emits: (() => void)[] = [];
  private queued = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly tx: DbOrTx,
  ) {}

  async ticket(action: 'create' | 'update', ticket: TicketDTO): Promise<void> {
    await this.enqueue(ticketEvents(action, ticket));
    this.emits.push(() => emitTicket(this.ctx, action, ticket));
  }

  async ticketMoved(before: Pick<TicketDTO, 'id' | 'userId' | 'queueId'>, after: TicketDTO): Promise<void> {
    await this.enqueue(ticketMovedEvents(before, after));
    this.emits.push(() => emitTicketMoved(this.ctx, before, after));
  }

  async message(action: 'create' | 'update', message: MessageDTO, ticket: TicketDTO): Promise<void> {
    await this.enqueue(messageEvents(action, message, ticket));
    this.emits.push(() => emitMessage(this.ctx, action, message, ticket));
  }

  async contact(event: ContactEvent): Promise<void> {
    await this.enqueue(contactEvents(event));
    this.emits.push(() => this.ctx.realtime.emitToAll(EVENTS.contact, event));
  }

  /** A webhook event with no realtime counterpart (rating.received). */
  async webhook(event: WebhookEventName, key: string, data: unknown): Promise<void> {
    await this.enqueue([{ event, key, data }]);
  }

  /** After the commit: the realtime events, and the deliveries written are due now. */
  announce(): void {
    for (const emit of this.emits) emit();
    if (this.queued) this.ctx.webhooks?.kick();
  }

  private async enqueue(events: WebhookEvent[]): Promise<void> {
    for (const e of events) {
      if (await this.ctx.webhooks?.enqueue(this.tx, e.event, e.key, e.data)) this.queued = true;
    }
  }
}
