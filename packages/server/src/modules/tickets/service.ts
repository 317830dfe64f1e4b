/**
 * Tickets (spec §4 "Ticket status"): list, create, show, the named actions (accept, return,
 * transfer, resolve, finish, reopen; the spec's PUT /tickets/:id is read as one of them by
 * commands.ts) and delete. Every entry checks that the actor may see
 * the ticket; every action records its step of the service cycle and is announced to exactly the
 * users who may see the ticket before and after.
 */
import {
  PAGE_SIZE,
  TICKETS_COUNT_CAP,
  type ContactPanelDTO,
  type TicketCreateInput,
  type TicketDTO,
  type TicketEventDTO,
  type TicketsPageDTO,
  type TicketsQuery,
  type TicketUpdateInput,
} from '@switchboard/shared';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { defaultConnectionId } from '../../channels/default-connection.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { contacts, queues, tickets, users, whatsapps } from '../../db/schema.js';
import { authorize } from '../../access/authorize.js';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import { Announcements, announceTicketDeleted, recordStory } from '../../messaging/ticket-events.js';
import type { CurrentUser } from '../../store/users.js';
import { finishCycle, openCycle, startCycle } from '../../store/ticket-cycles.js';
import { rollupForgetTickets } from '../../store/dashboard-rollups.js';
import { retriedTransaction } from '../../lib/retry-transaction.js';
import { insertTicketWithCycle } from './insert.js';
import {
  afterCursor,
  encodeCursor,
  contactScopeKeys,
  listScope,
  matchingTicketIdsUnordered,
  mergeInListOrder,
  sortKeyText,
  ticketMatchesTerm,
  ticketsOrder,
  ticketsWhere,
  ticketsWhereByBranch,
  type ListContext,
} from './list-query.js';
import { rowsOf } from '../../lib/sql.js';
import type { TicketLifecycleEvent, TicketLifecycleListener } from '../../store/ticket-lifecycle.js';
import { commandFromUpdate, type TicketCommand, type TicketUpdateFields } from './commands.js';
import { presentTickets, type TicketRow } from '../../store/ticket-present.js';
import { presentTicketEvents, ticketEventRows } from '../../store/ticket-log.js';
import { contactPanel } from './contact-panel.js';
import { storyOfAction } from './story.js';
import { loadReadableTicket, ticketFacts, withActions } from './visibility.js';

export type TicketsPage = TicketsPageDTO;

/** See TicketsService.searchProbe and searchWindow. */
const SEARCH_PROBE = 2_000;
/**
 * 500: the smallest window that still fills a page for a term in ~5% of tickets. A narrow term never
 * fills it and pays a check per ticket in it: at 2,000 a narrow search took 3–9× its time without a
 * window, at 500 2–3× (BENCHMARKS.md, "The search window's size").
 */
const SEARCH_WINDOW = 500;
/**
 * How far a walk may widen its window when the first one showed the term is common but did not fill
 * the page (a term in 1.5–4% of tickets finds 8–20 of 21 in 500). Beyond this the text indexes are
 * cheaper than checking each ticket.
 */
const SEARCH_WIDEST_WINDOW = 2_000;

const OTHER_OPEN = () => new AppError('ERR_OTHER_OPEN_TICKET', 409);

export class TicketsService {
  private listeners: TicketLifecycleListener[] = [];

  constructor(private readonly ctx: AppContext) {}

  onLifecycle(listener: TicketLifecycleListener): void {
    this.listeners.push(listener);
  }

  /**
   * How many matching ids a search reads from the text indexes before calling its term broad. Up to
   * this many, the page and the count are taken within the ids (cost follows the matches); beyond,
   * the page comes from a walk in list order that checks each ticket and stops at the page.
   * A field so that tests can make "broad" small.
   */
  searchProbe = SEARCH_PROBE;
  /**
   * How many tickets (in list order, after the cursor) a search first checks one by one. A term
   * common enough to fill the page among them (a few percent of tickets) is answered by that walk
   * alone, without touching the text indexes, whose work grows with the matches; a rarer term goes
   * on to the candidate ids. A field so that tests can change it.
   */
  searchWindow = SEARCH_WINDOW;
  /** See SEARCH_WIDEST_WINDOW; a field so that tests can change it (0: never widen). */
  searchWidestWindow = SEARCH_WIDEST_WINDOW;

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
    const after = query.cursor ? afterCursor(query.cursor, listContext) : undefined;
    const offset = query.cursor ? 0 : (query.pageNumber - 1) * PAGE_SIZE;
    const term = query.searchParam.trim();
    if (term) {
      const walked = await this.walkWindow(query, listContext, after, offset, term);
      if (walked) return walked;
    }
    const probe = term
      ? await this.searchCandidates(
          term,
          ticketsWhere({ ...query, searchParam: '' }, listContext),
          contactScopeKeys(listScope(query, listContext)),
        )
      : null;
    const inCandidates = (ids: number[]) => sql`${tickets.id} = any(${sql.param(ids)}::int[])`;
    // A narrow search is driven by its candidate ids (one part); a broad one walks the list order
    // checking each ticket (one part); a plain list pages each visibility branch.
    const parts = !probe
      ? ticketsWhereByBranch(query, listContext)
      : [ticketsWhere(query, listContext, probe.complete ? inCandidates(probe.ids) : ticketMatchesTerm(term))];
    // A narrow search's first page has read its whole candidate set to sort it: it counts in the
    // same statement. Other pages count on their own; a broad search counts within its candidates.
    const countInPage = !!probe?.complete && !after && offset === 0;
    const countParts = probe && !probe.complete ? [ticketsWhere(query, listContext, inCandidates(probe.ids))] : parts;
    // A narrow search reads its candidates by id, in a sub-query named like the table and kept apart
    // by its LIMIT (no more rows than ids, so it limits nothing): merged into the outer query,
    // PostgreSQL walked the whole list order instead, testing every ticket against the ids, as the
    // page's count (count over) reads every match.
    const source = probe?.complete
      ? this.ctx.db.select().from(tickets).where(inCandidates(probe.ids)).limit(probe.ids.length).as('tickets')
      : tickets;
    const [found, counted] = await Promise.all([
      Promise.all(
        parts.map((where) =>
          this.ctx.db
            .select({
              row: tickets,
              key: sortKeyText(listContext),
              total: countInPage ? sql<number>`count(*) over ()`.mapWith(Number) : sql<number>`0`.mapWith(Number),
            })
            .from(source)
            .where(and(where, after))
            .orderBy(...ticketsOrder(listContext))
            .limit(offset + PAGE_SIZE + 1),
        ),
      ),
      countInPage
        ? Promise.resolve(null)
        : Promise.all(
            countParts.map(async (where) => {
              const [c] = await this.ctx.db.select({ total: count() }).from(
                this.ctx.db
                  .select({ one: sql`1` })
                  .from(tickets)
                  .where(where)
                  .limit(TICKETS_COUNT_CAP + 1)
                  .as('matching'),
              );
              return c.total;
            }),
          ),
    ]);
    const merged = mergeInListOrder(found, listContext.ascending).slice(offset, offset + PAGE_SIZE + 1);
    const page = merged.slice(0, PAGE_SIZE);
    const hasMore = merged.length > PAGE_SIZE;
    const last = page.at(-1);
    let total = counted ? counted.reduce((sum, n) => sum + n, 0) : (found[0][0]?.total ?? 0);
    // A broad term's count is a lower bound: the visible tickets among its candidates, and at least
    // as many as the pages so far have shown.
    const broad = !!probe && !probe.complete;
    if (broad) total = Math.max(total, offset + merged.length);
    return {
      tickets: (
        await presentTickets(
          this.ctx.db,
          page.map((f) => f.row),
        )
      ).map((t) => withActions(this.ctx, actor, t)),
      count: Math.min(total, TICKETS_COUNT_CAP),
      countCapped: broad || total > TICKETS_COUNT_CAP,
      hasMore,
      nextCursor: hasMore && last ? encodeCursor(listContext, last.key, last.row.id) : null,
    };
  }

  /**
   * A search page from the first searchWindow tickets in list order (plus the offset), each checked
   * for the term; null when they do not fill the page (the caller then asks the text indexes).
   * A term that showed up often enough to fill the page within searchWidestWindow tickets gets one
   * wider walk, sized from how often it showed up: the text indexes' work for such a term grows with
   * the company (a 4% term is 40,000 index entries at a million tickets), the walk's does not.
   * The count is a lower bound: what this page and the ones before it showed.
   */
  private async walkWindow(
    query: TicketsQuery,
    listContext: ListContext,
    after: SQL | undefined,
    offset: number,
    term: string,
  ): Promise<TicketsPage | null> {
    if (this.searchWindow <= 0) return null;
    const want = offset + PAGE_SIZE + 1;
    const walked = this.searchWindow + offset;
    let found = await this.walkTickets(query, listContext, after, 0, walked, term, want);
    if (found.length < want && found.length > 0) {
      // Half as many tickets again as the density seen says the page needs, for the term's unevenness.
      // The wider walk goes on after the first window, whose matches are already in hand.
      const widened = Math.ceil((walked * want * 1.5) / found.length);
      if (widened <= this.searchWidestWindow + offset)
        found = [...found, ...(await this.walkTickets(query, listContext, after, walked, widened - walked, term, want - found.length))];
    }
    if (found.length < want) return null;
    const page = found.slice(offset, offset + PAGE_SIZE);
    const last = page.at(-1)!;
    return {
      tickets: (
        await presentTickets(
          this.ctx.db,
          page.map((f) => f.row),
        )
      ).map((t) => withActions(this.ctx, listContext.actor, t)),
      count: Math.min(found.length, TICKETS_COUNT_CAP),
      countCapped: true,
      hasMore: true,
      nextCursor: encodeCursor(listContext, last.key, last.row.id),
    };
  }

  /**
   * Up to `want` tickets matching the term among `size` tickets of the list (after the cursor), past
   * its first `skip`.
   */
  private walkTickets(
    query: TicketsQuery,
    listContext: ListContext,
    after: SQL | undefined,
    skip: number,
    size: number,
    term: string,
    want: number,
  ) {
    // The window is a sub-query named like the table, so the term's per-ticket check and the sort
    // key refer to its rows; its LIMIT bounds the walk, the outer LIMIT stops it at the page. The
    // tickets it skips are read in list order but not checked against the term (the costly part).
    const window = this.ctx.db
      .select()
      .from(tickets)
      .where(and(ticketsWhere({ ...query, searchParam: '' }, listContext), after))
      .orderBy(...ticketsOrder(listContext))
      .limit(size)
      .offset(skip)
      .as('tickets');
    return this.ctx.db
      .select({ row: tickets, key: sortKeyText(listContext) })
      .from(window)
      .where(ticketMatchesTerm(term))
      .orderBy(...ticketsOrder(listContext))
      .limit(want);
  }

  /**
   * Up to searchProbe + 1 matching rows from the text indexes, among the tickets `ticketFilter`
   * lets through, as distinct ticket ids; `complete` when the indexes had no more (the ids are then
   * every ticket of the list the term matches).
   */
  private async searchCandidates(
    term: string,
    ticketFilter: SQL | undefined,
    scopeKeys: number[] | undefined,
  ): Promise<{ ids: number[]; complete: boolean }> {
    const rows = rowsOf(
      await this.ctx.db.execute(
        sql`select m.ticket_id from (${matchingTicketIdsUnordered(term, ticketFilter, scopeKeys)}) m limit ${this.searchProbe + 1}`,
      ),
    );
    return { ids: [...new Set(rows.map((r) => Number(r.ticket_id)))], complete: rows.length <= this.searchProbe };
  }

  async show(actor: CurrentUser, id: number): Promise<TicketDTO> {
    // A user mentioned in a private note may open the ticket too (read and add notes).
    const { ticket: row, visible } = await loadReadableTicket(this.ctx, actor, id);
    return withActions(this.ctx, actor, (await presentTickets(this.ctx.db, [row]))[0], !visible);
  }

  /** GET /tickets/:id/events: the ticket's story for the chat timeline, to whoever may read the ticket. */
  async story(actor: CurrentUser, id: number): Promise<TicketEventDTO[]> {
    await loadReadableTicket(this.ctx, actor, id);
    return presentTicketEvents(this.ctx.db, await ticketEventRows(this.ctx.db, id));
  }

  /** GET /tickets/:id/contact-panel: the person in the chat, as the reader may know them. */
  contactPanel(actor: CurrentUser, id: number): Promise<ContactPanelDTO> {
    return contactPanel(this.ctx, actor, id);
  }

  /** An attendant starts a conversation with a contact (spec §7 POST /tickets). */
  async create(actor: CurrentUser, input: TicketCreateInput): Promise<TicketDTO> {
    const queueId = input.queueId ?? null;
    authorize(actor, 'ticket.create', { queueId, userId: input.userId });
    const [contact] = await this.ctx.db
      .select({ id: contacts.id, isGroup: contacts.isGroup })
      .from(contacts)
      .where(eq(contacts.id, input.contactId));
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
    const whatsappId = input.whatsappId ?? (await this.connectionFor(actor));
    if (queueId != null) await this.assertExists(queues, queueId, 'ERR_VALIDATION');
    const userId = input.status === 'pending' ? null : (input.userId ?? actor.id);
    if (userId != null && userId !== actor.id) await this.assertExists(users, userId, 'ERR_NO_USER_FOUND');
    const now = this.ctx.clock.now();
    let row: TicketRow;
    let dto: TicketDTO;
    let events: Announcements;
    try {
      // Presented in the transaction: once it commits, nothing left can fail the answer.
      ({ row, dto, events } = await retriedTransaction(this.ctx.db, async (tx) => {
        const inserted = await insertTicketWithCycle(
          tx,
          { contactId: contact.id, whatsappId, queueId, userId, status: input.status, isGroup: contact.isGroup },
          now,
        );
        const presented = (await presentTickets(tx, [inserted]))[0];
        const announcements = new Announcements(this.ctx, tx);
        await announcements.ticket('create', presented);
        return { row: inserted, dto: presented, events: announcements };
      }));
    } catch (err) {
      if (isUniqueViolation(err, 'tickets_one_active_per_contact')) throw OTHER_OPEN();
      throw err;
    }
    events.announce();
    await this.notify({ action: 'created', ticket: row, before: null, actorId: actor.id });
    return withActions(this.ctx, actor, dto);
  }

  /** PUT /tickets/:id (spec §7): the body is read as one named action (commands.ts). */
  async update(actor: CurrentUser, id: number, body: TicketUpdateInput): Promise<TicketDTO> {
    const input = { ...body.ticketData, ...stripTicketData(body) };
    return this.act(actor, id, (before) => commandFromUpdate(before, input));
  }

  accept(actor: CurrentUser, id: number, options: { userId?: number; queueId?: number } = {}): Promise<TicketDTO> {
    return this.act(actor, id, () => ({ action: 'accept', ...options }));
  }

  returnToQueue(actor: CurrentUser, id: number): Promise<TicketDTO> {
    return this.act(actor, id, () => ({ action: 'return' }));
  }

  transfer(
    actor: CurrentUser,
    id: number,
    to: { userId?: number | null; queueId?: number | null; whatsappId?: number },
  ): Promise<TicketDTO> {
    return this.act(actor, id, () => ({ action: 'transfer', ...to }));
  }

  resolve(actor: CurrentUser, id: number): Promise<TicketDTO> {
    return this.act(actor, id, () => ({ action: 'resolve' }));
  }

  finish(actor: CurrentUser, id: number): Promise<TicketDTO> {
    return this.act(actor, id, () => ({ action: 'finish' }));
  }

  reopen(actor: CurrentUser, id: number): Promise<TicketDTO> {
    return this.act(actor, id, () => ({ action: 'reopen' }));
  }

  /**
   * Runs one action: the row is read once (locked), checked against the actor's visibility in
   * memory, changed, and presented inside the transaction, so that once it commits the answer
   * cannot fail. Announcing and the lifecycle listeners (automation) come after the commit and
   * never turn the answer into an error (their failures are logged).
   */
  private async act(actor: CurrentUser, id: number, decide: (before: TicketRow) => TicketCommand): Promise<TicketDTO> {
    const now = this.ctx.clock.now();
    // Re-run whole on a deadlock: it rolled back, and nothing was announced yet.
    const { event, dto, announcements, story } = await retriedTransaction(this.ctx.db, async (tx) => {
      const [before] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
      if (!before) throw new AppError('ERR_NO_TICKET_FOUND', 404);
      // A ticket the actor may not see is not found, whatever the body asks of it.
      authorize(actor, 'ticket.reply', ticketFacts(this.ctx, before));
      const command = decide(before);
      authorize(actor, `ticket.${command.action}`, ticketFacts(this.ctx, before));
      const result = await this.applyAction(tx, actor, before, command, now);
      const presented = (await presentTickets(tx, [result.ticket]))[0];
      // The webhook event and the timeline's event are written with the change: they commit, or roll back, together.
      const announcements = new Announcements(this.ctx, tx);
      await announcements.ticketMoved(result.before ?? presented, presented);
      const told = storyOfAction(result.action, before, result.ticket, actor.id, now, command.action === 'transfer' ? command.reason : '');
      const story = await recordStory(this.ctx, tx, told ? [told] : []);
      return { event: result, dto: presented, announcements, story };
    }).catch((err) => {
      if (isUniqueViolation(err, 'tickets_one_active_per_contact')) throw OTHER_OPEN();
      throw err;
    });
    announcements.announce();
    story(dto);
    await this.notify({ ...event, actorId: actor.id });
    return withActions(this.ctx, actor, dto);
  }

  async remove(actor: CurrentUser, id: number): Promise<void> {
    authorize(actor, 'ticket.delete');
    const row = await retriedTransaction(this.ctx.db, async (tx) => {
      // Its cycles and ratings go by cascade: their figures leave the dashboard first.
      await rollupForgetTickets(tx, sql`${id}::int`);
      const [deleted] = await tx.delete(tickets).where(eq(tickets.id, id)).returning();
      return deleted;
    });
    if (!row) throw new AppError('ERR_NO_TICKET_FOUND', 404);
    announceTicketDeleted(this.ctx, row);
  }

  /** Closes a ticket on behalf of the system (inactivity, external API): no user action. */
  async closeBySystem(id: number, outcome: 'inactive' | 'api'): Promise<TicketRow | null> {
    const now = this.ctx.clock.now();
    const result = await retriedTransaction(this.ctx.db, async (tx) => {
      const [before] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
      if (!before || before.status === 'closed') return null;
      const [after] = await tx.update(tickets).set({ status: 'closed', updatedAt: now }).where(eq(tickets.id, id)).returning();
      await finishCycle(tx, id, now, outcome, null);
      const dto = (await presentTickets(tx, [after]))[0];
      const announcements = new Announcements(this.ctx, tx);
      await announcements.ticketMoved(before, dto);
      const story = await recordStory(this.ctx, tx, [
        { ticketId: id, kind: outcome === 'inactive' ? 'closed-inactive' : 'closed-api', at: now },
      ]);
      return { before, after, announcements, story, dto };
    });
    if (!result) return null;
    result.announcements.announce();
    result.story(result.dto);
    await this.notify({ action: 'closedBySystem', ticket: result.after, before: result.before, actorId: null });
    return result.after;
  }

  private async applyAction(
    tx: Tx,
    actor: CurrentUser,
    before: TicketRow,
    command: TicketCommand,
    now: Date,
  ): Promise<Omit<TicketLifecycleEvent, 'actorId'>> {
    const set = async (patch: Partial<typeof tickets.$inferInsert>) => {
      const [after] = await tx
        .update(tickets)
        .set({ ...patch, updatedAt: now })
        .where(eq(tickets.id, before.id))
        .returning();
      return after;
    };

    switch (command.action) {
      case 'resolve':
      case 'finish': {
        if (before.status === 'pending' && before.userId == null) await startCycle(tx, before.id, now, actor.id, before.queueId);
        const finished = command.action === 'finish';
        const after = await set(
          finished ? { status: 'closed', isFinished: true } : { status: 'closed', isFinished: false, userId: before.userId ?? actor.id },
        );
        const cycle = await finishCycle(tx, before.id, now, finished ? 'finished' : 'resolved', actor.id);
        return { action: finished ? 'finished' : 'resolved', ticket: after, before, finishedCycleId: cycle?.id };
      }

      case 'transfer':
        return this.transferIn(tx, actor, before, command, now, set);

      case 'accept': {
        const userId = command.userId ?? actor.id;
        authorize(actor, 'ticket.assignOther', { userId });
        let queueId = before.queueId;
        if (queueId == null && command.queueId != null) {
          authorize(actor, 'sector.pick', { id: command.queueId });
          await this.assertExists(queues, command.queueId, 'ERR_VALIDATION', tx);
          queueId = command.queueId;
        }
        const after = await set({ status: 'open', userId, queueId, unreadMessages: 0, isTransfer: false });
        await startCycle(tx, before.id, now, userId, queueId);
        return { action: 'accepted', ticket: after, before };
      }

      case 'reopen': {
        const after = await set({ status: 'open', userId: actor.id, isFinished: false });
        await openCycle(tx, before.id, now, { queueId: after.queueId, userId: actor.id, started: true });
        return { action: 'reopened', ticket: after, before };
      }

      case 'return': {
        const after = await set({ status: 'pending', userId: null });
        const cycle = await finishCycle(tx, before.id, now, 'returned', actor.id);
        await openCycle(tx, before.id, now, { queueId: after.queueId });
        return { action: 'returned', ticket: after, before, finishedCycleId: cycle?.id };
      }
    }
  }

  private async transferIn(
    tx: Tx,
    actor: CurrentUser,
    before: TicketRow,
    input: Extract<TicketCommand, { action: 'transfer' }>,
    now: Date,
    set: (patch: Partial<typeof tickets.$inferInsert>) => Promise<TicketRow>,
  ): Promise<Omit<TicketLifecycleEvent, 'actorId'>> {
    const patch: Partial<typeof tickets.$inferInsert> = { isTransfer: true };
    if (input.whatsappId !== undefined && input.whatsappId !== before.whatsappId) {
      authorize(actor, 'ticket.changeConnection');
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

function stripTicketData(body: TicketUpdateInput): TicketUpdateFields {
  const { ticketData: _ignored, ...rest } = body;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
}
