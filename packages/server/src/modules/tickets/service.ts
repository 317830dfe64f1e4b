/**
 * Tickets (spec §4 "Ticket status"): list, create, show, the actions of PUT /tickets/:id (accept,
 * return, resolve, reopen, finish, transfer) and delete. Every entry checks that the actor may see
 * the ticket; every action records its step of the service cycle and is announced to exactly the
 * users who may see the ticket before and after.
 */
import {
  PAGE_SIZE,
  TICKETS_COUNT_CAP,
  can,
  isAdmin,
  type TicketCreateInput,
  type TicketDTO,
  type TicketsPageDTO,
  type TicketsQuery,
  type TicketUpdateInput,
} from '@switchboard/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { defaultConnectionId } from '../../channels/default-connection.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { contacts, queues, tickets, users, whatsapps } from '../../db/schema.js';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import { announceTicket, announceTicketDeleted, announceTicketMoved } from '../../messaging/ticket-events.js';
import type { CurrentUser } from '../users/repository.js';
import { finishCycle, openCycle, startCycle } from './cycles.js';
import { insertTicketWithCycle } from './insert.js';
import { afterCursor, encodeCursor, mergeInListOrder, sortKeyText, ticketsOrder, ticketsWhere, ticketsWhereByBranch } from './list-query.js';
import { presentTicketById, presentTickets, type TicketRow } from './present.js';
import { loadVisibleTicket } from './visibility.js';

export type TicketAction = 'accepted' | 'returned' | 'resolved' | 'finished' | 'reopened' | 'transferred' | 'created';

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

export type TicketsPage = TicketsPageDTO;

const OTHER_OPEN = () => new AppError('ERR_OTHER_OPEN_TICKET', 409);

export class TicketsService {
  private listeners: TicketLifecycleListener[] = [];

  constructor(private readonly ctx: AppContext) {}

  onLifecycle(listener: TicketLifecycleListener): void {
    this.listeners.push(listener);
  }

  /**
   * A page of GET /tickets: after `cursor` (keyset) or at `pageNumber` (offset, for existing
   * clients), one row more than a page to know whether more follow, and the count bounded by
   * TICKETS_COUNT_CAP — so no request reads every matching ticket, however many there are.
   */
  async list(actor: CurrentUser, query: TicketsQuery): Promise<TicketsPage> {
    const listContext = {
      actor,
      sectorlessForAll: this.ctx.settings.isEnabled('allTicket'),
      timeZone: this.ctx.settings.timeZone(),
      orderByCreated: this.ctx.settings.isEnabled('created'),
      ascending: this.ctx.settings.isEnabled('ASC'),
    };
    // A search is driven by its matching ids (one part); a plain list pages each visibility branch.
    const search = !!query.searchParam.trim();
    const parts = search ? [ticketsWhere(query, listContext)] : ticketsWhereByBranch(query, listContext);
    const after = query.cursor ? afterCursor(query.cursor, listContext) : undefined;
    const offset = query.cursor ? 0 : (query.pageNumber - 1) * PAGE_SIZE;
    // A search's first page has read its whole matching set to sort it: it counts in the same
    // statement rather than doing the trigram work a second time. Other pages count on their own.
    const countInPage = search && !after && offset === 0;
    const [found, counted] = await Promise.all([
      Promise.all(
        parts.map((where) =>
          this.ctx.db
            .select({ row: tickets, key: sortKeyText(listContext), total: countInPage ? sql<number>`count(*) over ()`.mapWith(Number) : sql<number>`0`.mapWith(Number) })
            .from(tickets)
            .where(and(where, after))
            .orderBy(...ticketsOrder(listContext))
            .limit(offset + PAGE_SIZE + 1),
        ),
      ),
      countInPage
        ? Promise.resolve(null)
        : Promise.all(
            parts.map(async (where) => {
              const [c] = await this.ctx.db
                .select({ total: count() })
                .from(this.ctx.db.select({ one: sql`1` }).from(tickets).where(where).limit(TICKETS_COUNT_CAP + 1).as('matching'));
              return c.total;
            }),
          ),
    ]);
    const merged = mergeInListOrder(found, listContext.ascending).slice(offset, offset + PAGE_SIZE + 1);
    const page = merged.slice(0, PAGE_SIZE);
    const hasMore = merged.length > PAGE_SIZE;
    const last = page.at(-1);
    const total = counted ? counted.reduce((sum, n) => sum + n, 0) : (found[0][0]?.total ?? 0);
    return {
      tickets: await presentTickets(this.ctx.db, page.map((f) => f.row)),
      count: Math.min(total, TICKETS_COUNT_CAP),
      countCapped: total > TICKETS_COUNT_CAP,
      hasMore,
      nextCursor: hasMore && last ? encodeCursor(listContext, last.key, last.row.id) : null,
    };
  }

  async show(actor: CurrentUser, id: number): Promise<TicketDTO> {
    const row = await loadVisibleTicket(this.ctx, actor, id);
    return (await presentTickets(this.ctx.db, [row]))[0];
  }

  /** An attendant starts a conversation with a contact (spec §7 POST /tickets). */
  async create(actor: CurrentUser, input: TicketCreateInput): Promise<TicketDTO> {
    const queueId = input.queueId ?? null;
    if (!isAdmin(actor)) {
      if (queueId == null) throw new AppError('ERR_VALIDATION', 400, 'Selecione uma fila');
      if (!actor.queueIds.includes(queueId)) throw new AppError('ERR_NO_PERMISSION', 403);
      if (input.userId != null && input.userId !== actor.id) throw new AppError('ERR_NO_PERMISSION', 403);
    }
    const [contact] = await this.ctx.db.select({ id: contacts.id, isGroup: contacts.isGroup }).from(contacts).where(eq(contacts.id, input.contactId));
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
    const whatsappId = input.whatsappId ?? (await this.connectionFor(actor));
    if (queueId != null) await this.assertExists(queues, queueId, 'ERR_VALIDATION');
    const userId = input.status === 'pending' ? null : (input.userId ?? actor.id);
    if (userId != null && userId !== actor.id) await this.assertExists(users, userId, 'ERR_NO_USER_FOUND');
    const now = this.ctx.clock.now();
    let row: TicketRow;
    try {
      row = await this.ctx.db.transaction((tx) =>
        insertTicketWithCycle(tx, { contactId: contact.id, whatsappId, queueId, userId, status: input.status, isGroup: contact.isGroup }, now),
      );
    } catch (err) {
      if (isUniqueViolation(err, 'tickets_one_active_per_contact')) throw OTHER_OPEN();
      throw err;
    }
    const dto = (await presentTicketById(this.ctx.db, row.id))!;
    announceTicket(this.ctx, 'create', dto);
    await this.notify({ action: 'created', ticket: row, before: null, actorId: actor.id });
    return dto;
  }

  async update(actor: CurrentUser, id: number, body: TicketUpdateInput): Promise<TicketDTO> {
    const input = { ...body.ticketData, ...stripTicketData(body) };
    const now = this.ctx.clock.now();
    const result = await this.ctx.db
      .transaction(async (tx) => {
        const [before] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
        if (!before) throw new AppError('ERR_NO_TICKET_FOUND', 404);
        await loadVisibleTicket({ ...this.ctx, db: tx }, actor, id);
        return this.applyAction(tx, actor, before, input, now);
      })
      .catch((err) => {
        if (isUniqueViolation(err, 'tickets_one_active_per_contact')) throw OTHER_OPEN();
        throw err;
      });
    const dto = (await presentTicketById(this.ctx.db, id))!;
    announceTicketMoved(this.ctx, result.before ?? dto, dto);
    await this.notify({ ...result, actorId: actor.id });
    return dto;
  }

  async remove(actor: CurrentUser, id: number): Promise<void> {
    if (!can(actor, 'ticket-options:deleteTicket')) throw new AppError('ERR_NO_PERMISSION', 403);
    const [row] = await this.ctx.db.delete(tickets).where(eq(tickets.id, id)).returning();
    if (!row) throw new AppError('ERR_NO_TICKET_FOUND', 404);
    announceTicketDeleted(this.ctx, row);
  }

  /** Closes a ticket on behalf of the system (inactivity, external API): no user action. */
  async closeBySystem(id: number, outcome: 'inactive' | 'api'): Promise<TicketRow | null> {
    const now = this.ctx.clock.now();
    const result = await this.ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
      if (!before || before.status === 'closed') return null;
      const [after] = await tx.update(tickets).set({ status: 'closed', updatedAt: now }).where(eq(tickets.id, id)).returning();
      await finishCycle(tx, id, now, outcome, null);
      return { before, after };
    });
    if (!result) return null;
    const dto = (await presentTicketById(this.ctx.db, id))!;
    announceTicketMoved(this.ctx, result.before, dto);
    return result.after;
  }

  private async applyAction(tx: Tx, actor: CurrentUser, before: TicketRow, input: ActionInput, now: Date): Promise<Omit<TicketLifecycleEvent, 'actorId'>> {
    const set = async (patch: Partial<typeof tickets.$inferInsert>) => {
      const [after] = await tx.update(tickets).set({ ...patch, updatedAt: now }).where(eq(tickets.id, before.id)).returning();
      return after;
    };
    const wantsTransfer =
      input.transf === true ||
      (input.whatsappId !== undefined && input.whatsappId !== before.whatsappId) ||
      (input.status === undefined && (input.userId !== undefined || input.queueId !== undefined));

    if (input.status === 'closed') {
      if (before.status === 'closed') throw new AppError('ERR_VALIDATION', 409, 'The ticket is already closed');
      if (before.status === 'pending' && before.userId == null) await startCycle(tx, before.id, now, actor.id, before.queueId);
      const finished = input.isFinished === true;
      const after = await set(finished ? { status: 'closed', isFinished: true } : { status: 'closed', isFinished: false, userId: before.userId ?? actor.id });
      const cycle = await finishCycle(tx, before.id, now, finished ? 'finished' : 'resolved', actor.id);
      return { action: finished ? 'finished' : 'resolved', ticket: after, before, finishedCycleId: cycle?.id };
    }

    if (wantsTransfer) return this.transfer(tx, actor, before, input, now, set);

    if (input.status === 'open' && before.status === 'pending') {
      const userId = input.userId ?? actor.id;
      if (before.userId != null && before.userId !== actor.id && !isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION', 403);
      if (userId !== actor.id && !isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION', 403);
      let queueId = before.queueId;
      if (queueId == null && input.queueId != null) {
        if (!isAdmin(actor) && !actor.queueIds.includes(input.queueId)) throw new AppError('ERR_NO_PERMISSION', 403);
        await this.assertExists(queues, input.queueId, 'ERR_VALIDATION', tx);
        queueId = input.queueId;
      }
      const after = await set({ status: 'open', userId, queueId, unreadMessages: 0, isTransfer: false });
      await startCycle(tx, before.id, now, userId, queueId);
      return { action: 'accepted', ticket: after, before };
    }

    if (input.status === 'open' && before.status === 'closed') {
      const after = await set({ status: 'open', userId: actor.id, isFinished: false });
      await openCycle(tx, before.id, now, { queueId: after.queueId, userId: actor.id, started: true });
      return { action: 'reopened', ticket: after, before };
    }

    if (input.status === 'pending' && before.status === 'open') {
      if (before.userId !== actor.id && !isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION', 403);
      const after = await set({ status: 'pending', userId: null });
      const cycle = await finishCycle(tx, before.id, now, 'returned', actor.id);
      await openCycle(tx, before.id, now, { queueId: after.queueId });
      return { action: 'returned', ticket: after, before, finishedCycleId: cycle?.id };
    }

    throw new AppError('ERR_VALIDATION', 400, `Nothing to do for status ${input.status ?? '(none)'} on a ${before.status} ticket`);
  }

  private async transfer(
    tx: Tx,
    actor: CurrentUser,
    before: TicketRow,
    input: ActionInput,
    now: Date,
    set: (patch: Partial<typeof tickets.$inferInsert>) => Promise<TicketRow>,
  ): Promise<Omit<TicketLifecycleEvent, 'actorId'>> {
    if (before.status === 'closed') throw new AppError('ERR_VALIDATION', 409, 'A closed ticket cannot be transferred');
    const patch: Partial<typeof tickets.$inferInsert> = { isTransfer: true };
    if (input.whatsappId !== undefined && input.whatsappId !== before.whatsappId) {
      if (!can(actor, 'ticket-options:transferWhatsapp')) throw new AppError('ERR_NO_PERMISSION', 403);
      await this.assertExists(whatsapps, input.whatsappId, 'ERR_NO_WAPP_FOUND', tx);
      patch.whatsappId = input.whatsappId;
    }
    const queueId = input.queueId !== undefined ? input.queueId : before.queueId;
    if (queueId != null && queueId !== before.queueId) await this.assertExists(queues, queueId, 'ERR_VALIDATION', tx);
    patch.queueId = queueId;
    const toUser = input.userId !== undefined && input.userId !== null ? input.userId : null;
    if (toUser != null) {
      await this.assertExists(users, toUser, 'ERR_NO_USER_FOUND', tx);
      patch.userId = toUser;
    } else {
      // Only a sector: the ticket waits in that sector's queue for anyone to accept it.
      patch.userId = null;
      patch.status = 'pending';
    }
    const after = await set(patch);
    const cycle = await finishCycle(tx, before.id, now, 'transferred', actor.id);
    await openCycle(tx, before.id, now, {
      queueId: after.queueId,
      userId: after.userId,
      started: after.status === 'open' && after.userId != null,
    });
    return { action: 'transferred', ticket: after, before, finishedCycleId: cycle?.id };
  }

  private async connectionFor(actor: CurrentUser): Promise<number> {
    const [me] = await this.ctx.db.select({ whatsappId: users.whatsappId }).from(users).where(eq(users.id, actor.id));
    const id = me?.whatsappId ?? (await defaultConnectionId(this.ctx));
    if (id == null) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 404);
    return id;
  }

  private async assertExists(
    table: typeof queues | typeof users | typeof whatsapps,
    id: number,
    code: 'ERR_VALIDATION' | 'ERR_NO_USER_FOUND' | 'ERR_NO_WAPP_FOUND',
    db: Tx | AppContext['db'] = this.ctx.db,
  ): Promise<void> {
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
    if (!row) throw new AppError(code, code === 'ERR_VALIDATION' ? 400 : 404, code === 'ERR_VALIDATION' ? 'Unknown sector' : undefined);
  }

  private async notify(event: TicketLifecycleEvent): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(event);
      } catch (err) {
        this.ctx.log.error({ err, ticketId: event.ticket.id, action: event.action }, 'ticket listener failed');
      }
    }
  }
}

type ActionInput = Omit<TicketUpdateInput, 'ticketData'>;

function stripTicketData(body: TicketUpdateInput): ActionInput {
  const { ticketData: _ignored, ...rest } = body;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
}
