/**
 * Resolve → rating request or farewell; the customer's 0–10 answer within the window → rating and
 * farewell; the window's expiry (decisions in rating.ts). The request is a rating_requests row:
 * the database allows one waiting request per contact and connection, and answering or expiring
 * it is a conditional update, so a rating is recorded once however the messages race.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import { MicroBatcher } from '../lib/micro-batcher.js';
import type { InboundMessage } from '../channels/driver.js';
import { contacts, messages, ratingRequests, ratings, tickets } from '../db/schema.js';
import { previewOf } from '../messaging/preview.js';
import { Announcements, recordStory } from '../messaging/ticket-events.js';
import { findConnection, type ConnectionRow } from '../store/connections.js';
import { presentMessages } from '../store/message-present.js';
import type { TicketLifecycleEvent } from '../store/ticket-lifecycle.js';
import { presentTicketById } from '../store/ticket-present.js';
import { rollupRatings } from '../store/dashboard-rollups.js';
import { retriedTransaction } from '../lib/retry-transaction.js';
import { classifyRatingReply, ratingDeadline, replyOnResolve } from './rating.js';
import { announceSystemMessages, enqueueSystemText, sendSystemMessage, type SystemMessageDeps } from './system-messages.js';

interface WaitingLookup {
  number: string;
  whatsappId: number;
}

export class RatingService {
  /**
   * The waiting request of a message's chat; the questions of messages arriving together are
   * answered by one query. Asked only about messages the store held back because a request waits
   * (messaging/store-batch.ts `holdIfAwaited`): the request may have been answered or expired since.
   */
  private readonly waitingLookup: MicroBatcher<WaitingLookup, { id: number; deadline: Date } | null>;

  constructor(private readonly deps: SystemMessageDeps) {
    this.waitingLookup = new MicroBatcher((lookups) => this.findWaiting(lookups), 500);
  }

  private async findWaiting(lookups: WaitingLookup[]): Promise<({ id: number; deadline: Date } | null)[]> {
    // Constant text (the pairs are array parameters), run by name: planned once per connection.
    const rows = await this.deps.ctx.database.executeNamed(
      'rating_waiting_lookup',
      sql`select r.id, r.deadline, c.number, r.whatsapp_id from ${ratingRequests} r join ${contacts} c on c.id = r.contact_id
        where r.state = 'waiting'
          and (c.number, r.whatsapp_id) in (select * from unnest(${sql.param(lookups.map((l) => l.number))}::text[], ${sql.param(lookups.map((l) => l.whatsappId))}::int[]))`,
    );
    const byKey = new Map(
      rows.map((r) => [
        `${String(r.number)}:${Number(r.whatsapp_id)}`,
        { id: Number(r.id), deadline: new Date(r.deadline as string | Date) },
      ]),
    );
    return lookups.map((l) => byKey.get(`${l.number}:${l.whatsappId}`) ?? null);
  }

  /** Lifecycle 'resolved': the rating request (a waiting row with its deadline) or the farewell. */
  async onResolved(event: TicketLifecycleEvent): Promise<void> {
    const { ctx } = this.deps;
    const ticket = event.ticket;
    const connection = await findConnection(ctx.db, ticket.whatsappId);
    if (!connection) return;
    const reply = replyOnResolve(connection, ticket);
    if (reply.kind === 'none') return;
    if (reply.kind === 'farewell') {
      await sendSystemMessage(this.deps, ticket, reply.text);
      return;
    }
    const now = ctx.clock.now();
    const row = await ctx.db.transaction(async (tx) => {
      // A newer resolve of the same conversation replaces a request still waiting.
      await tx
        .update(ratingRequests)
        .set({ state: 'expired' })
        .where(
          and(
            eq(ratingRequests.contactId, ticket.contactId),
            eq(ratingRequests.whatsappId, ticket.whatsappId),
            eq(ratingRequests.state, 'waiting'),
          ),
        );
      await tx.insert(ratingRequests).values({
        ticketId: ticket.id,
        cycleId: event.finishedCycleId ?? null,
        contactId: ticket.contactId,
        whatsappId: ticket.whatsappId,
        userId: ticket.userId ?? event.actorId,
        deadline: ratingDeadline(now, Number(ctx.settings.get('ratingWindow'))),
        state: 'waiting',
        createdAt: now,
      });
      return enqueueSystemText(this.deps, tx, ticket, reply.text);
    });
    await announceSystemMessages(this.deps, ticket.id, [row]);
  }

  /**
   * Inbound interceptor: a customer's answer to a waiting request. A rating is consumed here (kept
   * as a message of the rated ticket, answered with the farewell); anything else ends the wait and
   * goes on as a normal message.
   */
  async intercept(connection: ConnectionRow, msg: InboundMessage): Promise<boolean> {
    if (msg.chat.isGroup || msg.fromMe) return false;
    const { ctx } = this.deps;
    const request = await this.waitingLookup.submit({ number: msg.chat.id, whatsappId: connection.id });
    if (!request) return false;
    const now = ctx.clock.now();
    const answer = classifyRatingReply(msg.kind === 'chat' ? msg.body : '', request.deadline, now);
    if (answer.kind !== 'rated') {
      await ctx.db
        .update(ratingRequests)
        .set({ state: 'expired' })
        .where(and(eq(ratingRequests.id, request.id), eq(ratingRequests.state, 'waiting')));
      return false;
    }
    const outcome = await retriedTransaction(ctx.db, async (tx) => {
      const [claimed] = await tx
        .update(ratingRequests)
        .set({ state: 'rated' })
        .where(and(eq(ratingRequests.id, request.id), eq(ratingRequests.state, 'waiting')))
        .returning();
      if (!claimed) return null;
      const [given] = await tx
        .insert(ratings)
        .values({ ticketId: claimed.ticketId, cycleId: claimed.cycleId, userId: claimed.userId, rate: answer.rate, createdAt: now })
        .returning({ id: ratings.id });
      await rollupRatings(tx, 1, sql`r.id = ${given.id}`);
      const [stored] = await tx
        .insert(messages)
        .values({
          id: randomUUID(),
          ticketId: claimed.ticketId,
          whatsappId: connection.id,
          externalId: msg.externalId,
          contactId: claimed.contactId,
          body: msg.body,
          fromMe: false,
          read: true,
          mediaType: 'chat',
          ack: 0,
          sendState: 'received',
          rawPayload: msg.raw ?? null,
          createdAt: msg.timestamp,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      const [ticket] = await tx
        .update(tickets)
        .set({
          lastMessage: previewOf('chat', msg.body),
          lastMessageAt: msg.timestamp,
          lastMessageFromMe: false,
          lastCustomerMessageAt: msg.timestamp,
          updatedAt: now,
        })
        .where(eq(tickets.id, claimed.ticketId))
        .returning();
      const connectionNow = await findConnection(tx, connection.id);
      const farewell = await enqueueSystemText(this.deps, tx, ticket, connectionNow?.farewellMessage ?? '');
      const rating = { rate: answer.rate, userId: claimed.userId, cycleId: claimed.cycleId };
      // The webhook events are written with the rating: they commit, or roll back, together.
      const events = new Announcements(ctx, tx);
      const ticketDto = await presentTicketById(tx, ticket.id);
      if (ticketDto && stored) {
        await events.ticket('update', ticketDto);
        for (const dto of await presentMessages(ctx.mediaLinks, tx, [stored])) await events.message('create', dto, ticketDto);
        await events.webhook({
          event: 'rating.received',
          key: `ticket:${ticket.id}`,
          data: { rating: { ticketId: ticket.id, ...rating }, ticket: ticketDto },
        });
      }
      // The rating in the chat's timeline, after the customer's answer and before the farewell.
      const story = await recordStory(ctx, tx, [
        { ticketId: ticket.id, kind: 'rated', at: now, rate: answer.rate, toUserId: claimed.userId },
      ]);
      return { ticketId: ticket.id, farewell, events, story, ticket };
    });
    if (!outcome) return false;
    outcome.events.announce();
    outcome.story(outcome.ticket);
    await announceSystemMessages(this.deps, outcome.ticketId, [outcome.farewell]);
    return true;
  }

  /** Scheduled job: requests whose window has passed stop waiting. */
  async expireDue(now: Date): Promise<number> {
    const rows = await this.deps.ctx.db
      .update(ratingRequests)
      .set({ state: 'expired' })
      .where(and(eq(ratingRequests.state, 'waiting'), lte(ratingRequests.deadline, now)))
      .returning({ id: ratingRequests.id });
    return rows.length;
  }
}
