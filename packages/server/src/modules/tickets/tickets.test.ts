import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactTags, queues, tags, ticketCycles, tickets, users, whatsapps } from '../../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { customerWrites, phoneNumber } from '../../test/simulator.js';

describe('tickets API', () => {
  let s: TestServer;
  let connId: number;
  let sales: number;
  let support: number;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  let carol: { id: number; token: string };

  /** A customer writes: a pending ticket appears (through the real inbound pipeline). */
  async function inbound(body = 'hello', name = 'Customer', number = phoneNumber()) {
    const r = await customerWrites(s, connId, number, body, name);
    return { ticketId: r!.ticket.id, contactId: r!.contact.id, number };
  }
  const setQueue = (id: number, queueId: number | null) => s.database.db.update(tickets).set({ queueId }).where(eq(tickets.id, id));
  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    s.app.inject({ method, url, headers: bearer(token), payload: payload as never });
  const listIds = async (token: string, query = '') =>
    (await api(token, 'GET', `/api/tickets${query}`)).json().tickets.map((t: { id: number }) => t.id) as number[];

  beforeAll(async () => {
    s = await createTestServer();
    [{ id: connId }] = await s.database.db.insert(whatsapps).values({ name: 'Main', channel: 'simulator', isDefault: true }).returning();
    [{ id: sales }] = await s.database.db.insert(queues).values({ name: 'Sales', color: '#00aa00' }).returning();
    [{ id: support }] = await s.database.db.insert(queues).values({ name: 'Support', color: '#0000aa' }).returning();
    alice = await s.createUser({ queueIds: [sales] });
    bob = await s.createUser({ queueIds: [sales] });
    carol = await s.createUser({ queueIds: [support] });
  });
  afterAll(() => s.stop());

  describe('visibility', () => {
    it('users see unassigned tickets of their sectors and their own; admins see all with showAll', async () => {
      const a = await inbound();
      await setQueue(a.ticketId, sales);
      const b = await inbound();
      await setQueue(b.ticketId, support);
      const sectorless = await inbound();

      expect(await listIds(alice.token)).toContain(a.ticketId);
      expect(await listIds(alice.token)).not.toContain(b.ticketId);
      expect(await listIds(alice.token)).not.toContain(sectorless.ticketId);
      expect(await listIds(carol.token)).toContain(b.ticketId);
      expect(await listIds(s.adminToken, '?showAll=true')).toEqual(expect.arrayContaining([a.ticketId, b.ticketId, sectorless.ticketId]));
      // showAll is an admin privilege: ignored for others.
      expect(await listIds(alice.token, '?showAll=true')).not.toContain(b.ticketId);

      // Single reads and messages follow the same rule.
      expect((await api(alice.token, 'GET', `/api/tickets/${b.ticketId}`)).statusCode).toBe(404);
      expect((await api(alice.token, 'GET', `/api/messages/${b.ticketId}`)).statusCode).toBe(404);
      expect((await api(alice.token, 'GET', `/api/tickets/${a.ticketId}`)).json()).toMatchObject({
        id: a.ticketId,
        queue: { name: 'Sales' },
      });
    });

    it("an admin without sectors sees every sector's unassigned tickets without show-all; others' tickets only with it", async () => {
      const routed = await inbound();
      await setQueue(routed.ticketId, support);
      const taken = await inbound();
      await setQueue(taken.ticketId, sales);
      expect((await api(bob.token, 'PUT', `/api/tickets/${taken.ticketId}`, { status: 'open' })).statusCode).toBe(200);

      expect(await listIds(s.adminToken, '?status=pending')).toContain(routed.ticketId);
      expect(await listIds(s.adminToken, '?status=open')).not.toContain(taken.ticketId);
      expect(await listIds(s.adminToken, '?status=open&showAll=true')).toContain(taken.ticketId);
    });

    it("history shows the contact's earlier tickets: all of them with allHistoric, else only those the user may see", async () => {
      // A first conversation in Support, closed; the customer comes back and lands in Sales.
      const first = await inbound('secret support talk');
      await setQueue(first.ticketId, support);
      expect((await api(carol.token, 'PUT', `/api/tickets/${first.ticketId}`, { status: 'open' })).statusCode).toBe(200);
      expect((await api(carol.token, 'PUT', `/api/tickets/${first.ticketId}`, { status: 'closed' })).statusCode).toBe(200);
      // Long ago, so the customer's return opens a new ticket instead of reopening this one.
      await s.database.db
        .update(tickets)
        .set({ updatedAt: new Date(Date.now() - 90 * 86_400_000) })
        .where(eq(tickets.id, first.ticketId));
      const again = await inbound('back again', 'Customer', first.number);
      expect(again.ticketId).not.toBe(first.ticketId);
      await setQueue(again.ticketId, sales);

      const bodies = async (token: string) =>
        (await api(token, 'GET', `/api/messages/${again.ticketId}`)).json().messages.map((m: { body: string }) => m.body) as string[];
      expect(await bodies(s.adminToken)).toEqual(['secret support talk', 'back again']);
      expect(await bodies(alice.token)).toEqual(['secret support talk', 'back again']);
      await s.database.db.update(users).set({ allHistoric: false }).where(eq(users.id, alice.id));
      try {
        expect(await bodies(alice.token)).toEqual(['back again']);
      } finally {
        await s.database.db.update(users).set({ allHistoric: true }).where(eq(users.id, alice.id));
      }
    });

    it('sectorless tickets are visible with the allTicket setting', async () => {
      const t = await inbound();
      expect(await listIds(alice.token)).not.toContain(t.ticketId);
      await api(s.adminToken, 'PUT', '/api/settings/allTicket', { value: 'enabled' });
      expect(await listIds(alice.token)).toContain(t.ticketId);
      await api(s.adminToken, 'PUT', '/api/settings/allTicket', { value: 'disabled' });
    });

    it('once accepted by someone, a ticket leaves the other sector members’ view', async () => {
      const t = await inbound();
      await setQueue(t.ticketId, sales);
      expect(await listIds(bob.token)).toContain(t.ticketId);
      const spy = vi.spyOn(s.ctx.realtime, 'emitExcept');
      expect((await api(alice.token, 'PUT', `/api/tickets/${t.ticketId}`, { status: 'open', userId: alice.id })).statusCode).toBe(200);
      expect(await listIds(bob.token)).not.toContain(t.ticketId);
      expect(spy).toHaveBeenCalledWith(expect.arrayContaining([`queue:${sales}`]), expect.arrayContaining([`user:${alice.id}`]), 'ticket', {
        action: 'delete',
        ticketId: t.ticketId,
        moved: true,
      });
      spy.mockRestore();
    });
  });

  describe('filters', () => {
    it('searches contact name, number and message text', async () => {
      const byName = await inbound('first contact', 'Zebedeu Quaresma');
      const byText = await inbound('my order number is XK-4471 please');
      // Random digits: the numbers phoneNumber() makes share their structure (time and sequence), so
      // eight of one's digits can also occur inside another's.
      const byNumber = await inbound('x', 'Customer', `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
      const all = '?showAll=true&searchParam=';
      expect(await listIds(s.adminToken, `${all}zebedeu`)).toEqual([byName.ticketId]);
      expect(await listIds(s.adminToken, `${all}xk-4471`)).toEqual([byText.ticketId]);
      expect(await listIds(s.adminToken, `${all}${byNumber.number.slice(-8)}`)).toEqual([byNumber.ticketId]);
      expect(await listIds(s.adminToken, `${all}${encodeURIComponent('%')}`)).toEqual([]);
      // Long numbers (order, protocol) inside a message, by any part of six digits or more.
      const byOrder = await inbound('pedido 20261127883 confirmado');
      expect(await listIds(s.adminToken, `${all}1127883`)).toEqual([byOrder.ticketId]);
      expect(await listIds(s.adminToken, `${all}20261127883`)).toEqual([byOrder.ticketId]);
      expect(await listIds(s.adminToken, `${all}20261127884`)).toEqual([]);
    });

    it('filters by status, sectors, tags, unread and date, and counts', async () => {
      const t = await inbound();
      await setQueue(t.ticketId, support);
      const [tag] = await s.database.db.insert(tags).values({ name: 'VIP', color: '#ff0000' }).returning();
      await s.database.db.insert(contactTags).values({ contactId: t.contactId, tagId: tag.id });
      const res = await api(
        s.adminToken,
        'GET',
        `/api/tickets?showAll=true&status=pending&queueIds=${encodeURIComponent(JSON.stringify([support]))}&tags=${encodeURIComponent(JSON.stringify([tag.id]))}&withUnreadMessages=true`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ count: 1, hasMore: false });
      expect(res.json().tickets[0]).toMatchObject({ id: t.ticketId, contact: { tags: [{ name: 'VIP' }] } });
      const today = new Date().toISOString().slice(0, 10);
      expect(await listIds(s.adminToken, `?showAll=true&date=${today}`)).toContain(t.ticketId);
      expect(await listIds(s.adminToken, '?showAll=true&date=2001-01-01')).toEqual([]);
    });

    it('answers 400 for malformed filters, never a database error', async () => {
      for (const q of [
        '?queueIds=notjson',
        '?queueIds=[1,%22x%22]',
        '?status=weird',
        '?date=2020-13-45x',
        '?pageNumber=0',
        "?userId=1'or'1'='1",
      ]) {
        expect((await api(s.adminToken, 'GET', `/api/tickets${q}`)).statusCode, q).toBe(400);
      }
    });
  });

  describe('actions', () => {
    it('accept → return → accept → resolve → reopen records the service cycles', async () => {
      const t = await inbound();
      await setQueue(t.ticketId, sales);
      const put = (token: string, body: object) => api(token, 'PUT', `/api/tickets/${t.ticketId}`, body);

      let r = await put(alice.token, { status: 'open', userId: alice.id });
      expect(r.json()).toMatchObject({ status: 'open', userId: alice.id, unreadMessages: 0 });
      r = await put(alice.token, { status: 'pending' });
      expect(r.json()).toMatchObject({ status: 'pending', userId: null });
      r = await put(bob.token, { status: 'open', userId: bob.id });
      expect(r.json()).toMatchObject({ status: 'open', userId: bob.id });
      const resolved = vi.fn();
      s.services.tickets.onLifecycle((e) => {
        if (e.action === 'resolved') resolved(e.ticket.id);
      });
      r = await put(bob.token, { status: 'closed', userId: bob.id });
      expect(r.json()).toMatchObject({ status: 'closed', userId: bob.id });
      expect(resolved).toHaveBeenCalledWith(t.ticketId);
      r = await put(alice.token, { status: 'open', userId: alice.id });
      expect(r.statusCode).toBe(404); // closed tickets of others are not alice's to see
      r = await put(bob.token, { status: 'open', userId: bob.id });
      expect(r.json()).toMatchObject({ status: 'open', userId: bob.id });

      const cycles = await s.database.db.select().from(ticketCycles).where(eq(ticketCycles.ticketId, t.ticketId)).orderBy(ticketCycles.id);
      expect(cycles.map((c) => [c.userId, !!c.startedAt, c.outcome])).toEqual([
        [alice.id, true, 'returned'],
        [bob.id, true, 'resolved'],
        [bob.id, true, null],
      ]);
    });

    it('a pending ticket is presented with Accept, not Resolve, and resolving it is refused, changing nothing (spec §4)', async () => {
      const t = await inbound();
      await setQueue(t.ticketId, sales);
      const shown = (await api(alice.token, 'GET', `/api/tickets/${t.ticketId}`)).json();
      expect(shown.allowedActions).toContain('accept');
      expect(shown.allowedActions).toContain('finish');
      expect(shown.allowedActions).not.toContain('resolve');
      expect(shown.allowedActions).not.toContain('return');
      const refused = await api(alice.token, 'PUT', `/api/tickets/${t.ticketId}`, { status: 'closed' });
      expect(refused.statusCode).toBe(409);
      const [row] = await s.database.db.select().from(tickets).where(eq(tickets.id, t.ticketId));
      expect(row).toMatchObject({ status: 'pending', userId: null });
      // Once accepted it is Resolve that is offered, and Accept no more.
      const accepted = (await api(alice.token, 'PUT', `/api/tickets/${t.ticketId}`, { status: 'open', userId: alice.id })).json();
      expect(accepted.allowedActions).toEqual(expect.arrayContaining(['resolve', 'return']));
      expect(accepted.allowedActions).not.toContain('accept');
    });

    it('accepting a sectorless ticket chooses one of the user’s sectors', async () => {
      await api(s.adminToken, 'PUT', '/api/settings/allTicket', { value: 'enabled' });
      const t = await inbound();
      const refused = await api(alice.token, 'PUT', `/api/tickets/${t.ticketId}`, { status: 'open', userId: alice.id, queueId: support });
      expect(refused.statusCode).toBe(403);
      const ok = await api(alice.token, 'PUT', `/api/tickets/${t.ticketId}`, { status: 'open', userId: alice.id, queueId: sales });
      expect(ok.json()).toMatchObject({ status: 'open', queueId: sales });
      await api(s.adminToken, 'PUT', '/api/settings/allTicket', { value: 'disabled' });
    });

    it('an attendant cannot take a ticket for someone else', async () => {
      const t = await inbound();
      await setQueue(t.ticketId, sales);
      const r = await api(alice.token, 'PUT', `/api/tickets/${t.ticketId}`, { status: 'open', userId: bob.id });
      expect(r.statusCode).toBe(403);
      const [row] = await s.database.db.select().from(tickets).where(eq(tickets.id, t.ticketId));
      expect(row.status).toBe('pending');
    });

    it('finish closes without resolution; the cycle says so', async () => {
      const t = await inbound();
      await setQueue(t.ticketId, sales);
      await api(alice.token, 'PUT', `/api/tickets/${t.ticketId}`, { status: 'open', userId: alice.id });
      const r = await api(alice.token, 'PUT', `/api/tickets/${t.ticketId}`, { status: 'closed', isFinished: true });
      expect(r.json()).toMatchObject({ status: 'closed', userId: alice.id });
      const [c] = await s.database.db.select().from(ticketCycles).where(eq(ticketCycles.ticketId, t.ticketId));
      expect(c.outcome).toBe('finished');
    });

    it('transfer to a sector only: pending, no attendant, flagged; to a user: theirs', async () => {
      const t = await inbound();
      await setQueue(t.ticketId, sales);
      await api(alice.token, 'PUT', `/api/tickets/${t.ticketId}`, { status: 'open', userId: alice.id });
      let r = await api(alice.token, 'PUT', `/api/tickets/${t.ticketId}`, { transf: true, queueId: support, userId: null });
      expect(r.json()).toMatchObject({ status: 'pending', userId: null, queueId: support, isTransfer: true });
      expect(await listIds(carol.token)).toContain(t.ticketId);
      expect(await listIds(alice.token)).not.toContain(t.ticketId);
      r = await api(carol.token, 'PUT', `/api/tickets/${t.ticketId}`, { transf: true, userId: bob.id, queueId: sales });
      expect(r.json()).toMatchObject({ userId: bob.id, queueId: sales });
    });

    it('only admins move a ticket to another connection; the one-open-ticket rule holds', async () => {
      const [{ id: other }] = await s.database.db.insert(whatsapps).values({ name: 'Other', channel: 'simulator' }).returning();
      const t = await inbound();
      await setQueue(t.ticketId, sales);
      await api(alice.token, 'PUT', `/api/tickets/${t.ticketId}`, { status: 'open', userId: alice.id });
      expect((await api(alice.token, 'PUT', `/api/tickets/${t.ticketId}`, { transf: true, whatsappId: other })).statusCode).toBe(403);
      const r = await api(s.adminToken, 'PUT', `/api/tickets/${t.ticketId}`, { transf: true, whatsappId: other, userId: alice.id });
      expect(r.json()).toMatchObject({ whatsappId: other });
      // Another ticket of the same contact on that connection now conflicts.
      const dup = await api(s.adminToken, 'POST', '/api/tickets', { contactId: t.contactId, whatsappId: other, queueId: sales });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error).toBe('ERR_OTHER_OPEN_TICKET');
    });
  });

  describe('one action per update', () => {
    it('a body asking for two contradictory things is refused with ERR_TICKET_CONFLICTING_UPDATE and changes nothing', async () => {
      const t = await inbound();
      await setQueue(t.ticketId, sales);
      await api(alice.token, 'PUT', `/api/tickets/${t.ticketId}`, { status: 'open', userId: alice.id });
      const cycles = async () => (await s.database.db.select().from(ticketCycles).where(eq(ticketCycles.ticketId, t.ticketId))).length;
      const before = await cycles();
      const bodies = [
        // Back to the queue and to another sector: today's silent drop of the sector change.
        { status: 'pending', queueId: support },
        { status: 'pending', userId: bob.id },
        { status: 'closed', queueId: support },
        { status: 'closed', transf: true, userId: bob.id },
        { status: 'pending', transf: true, userId: bob.id },
        { ticketData: { status: 'pending', queueId: support } },
      ];
      for (const body of bodies) {
        const r = await api(alice.token, 'PUT', `/api/tickets/${t.ticketId}`, body);
        expect(r.statusCode, JSON.stringify(body)).toBe(400);
        expect(r.json().error).toBe('ERR_TICKET_CONFLICTING_UPDATE');
      }
      const [row] = await s.database.db.select().from(tickets).where(eq(tickets.id, t.ticketId));
      expect(row).toMatchObject({ status: 'open', userId: alice.id, queueId: sales });
      expect(await cycles()).toBe(before);
      // Each half alone is an action: back to the queue, and a transfer to the other sector.
      expect((await api(alice.token, 'PUT', `/api/tickets/${t.ticketId}`, { status: 'pending' })).json()).toMatchObject({
        status: 'pending',
        queueId: sales,
      });
      expect((await api(s.adminToken, 'PUT', `/api/tickets/${t.ticketId}`, { transf: true, queueId: support })).json()).toMatchObject({
        status: 'pending',
        queueId: support,
      });
    });

    it('accepting a ticket that already has a sector cannot move it to another; restating its sector is fine', async () => {
      const t = await inbound();
      await setQueue(t.ticketId, sales);
      const moved = await api(alice.token, 'PUT', `/api/tickets/${t.ticketId}`, { status: 'open', userId: alice.id, queueId: support });
      expect(moved.json().error).toBe('ERR_TICKET_CONFLICTING_UPDATE');
      const ok = await api(alice.token, 'PUT', `/api/tickets/${t.ticketId}`, { status: 'open', userId: alice.id, queueId: sales });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ status: 'open', userId: alice.id, queueId: sales });
    });

    it('the service names each action: accept, return, transfer, resolve, reopen, finish', async () => {
      const t = await inbound();
      await setQueue(t.ticketId, sales);
      const actor = (await s.services.auth.authenticate(alice.token)) as {
        status: 'ok';
        user: Parameters<typeof s.services.tickets.accept>[0];
      };
      const admin = (await s.services.auth.authenticate(s.adminToken)) as typeof actor;
      const tk = s.services.tickets;
      expect(await tk.accept(actor.user, t.ticketId)).toMatchObject({ status: 'open', userId: alice.id });
      expect(await tk.returnToQueue(actor.user, t.ticketId)).toMatchObject({ status: 'pending', userId: null });
      expect(await tk.transfer(admin.user, t.ticketId, { userId: bob.id })).toMatchObject({ userId: bob.id, isTransfer: true });
      expect(await tk.transfer(admin.user, t.ticketId, { userId: alice.id })).toMatchObject({
        userId: alice.id,
        isTransfer: true,
        status: 'pending',
      });
      // Transferred while waiting, it still waits: the one it was given accepts it before resolving.
      expect(await tk.accept(actor.user, t.ticketId)).toMatchObject({ status: 'open', userId: alice.id });
      expect(await tk.resolve(admin.user, t.ticketId)).toMatchObject({ status: 'closed', userId: alice.id });
      expect(await tk.reopen(actor.user, t.ticketId)).toMatchObject({ status: 'open', userId: alice.id });
      expect(await tk.finish(actor.user, t.ticketId)).toMatchObject({ status: 'closed' });
      const [row] = await s.database.db.select().from(tickets).where(eq(tickets.id, t.ticketId));
      expect(row.isFinished).toBe(true);
      // An action the ticket's state does not allow is refused, not guessed at.
      await expect(tk.returnToQueue(actor.user, t.ticketId)).rejects.toMatchObject({ status: 409 });
    });
  });

  describe('create and delete', () => {
    it('creates an open ticket for the attendant; a sector is required unless admin', async () => {
      const t = await inbound();
      await api(s.adminToken, 'PUT', `/api/tickets/${t.ticketId}`, { status: 'closed', isFinished: true });
      const noQueue = await api(alice.token, 'POST', '/api/tickets', { contactId: t.contactId, status: 'open' });
      expect(noQueue.statusCode).toBe(400);
      expect(noQueue.json().message).toBe('Selecione uma fila');
      const r = await api(alice.token, 'POST', '/api/tickets', {
        contactId: t.contactId,
        queueId: sales,
        userId: alice.id,
        status: 'open',
      });
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json()).toMatchObject({ status: 'open', userId: alice.id, queueId: sales, contactId: t.contactId });
      const again = await api(alice.token, 'POST', '/api/tickets', { contactId: t.contactId, queueId: sales, status: 'open' });
      expect(again.json().error).toBe('ERR_OTHER_OPEN_TICKET');
      expect((await api(alice.token, 'POST', '/api/tickets', { contactId: 999999, queueId: sales })).json().error).toBe(
        'ERR_NO_CONTACT_FOUND',
      );
    });

    it('deleting is for admins only', async () => {
      const t = await inbound();
      await setQueue(t.ticketId, sales);
      expect((await api(alice.token, 'DELETE', `/api/tickets/${t.ticketId}`)).statusCode).toBe(403);
      const spy = vi.spyOn(s.ctx.realtime, 'emit');
      expect((await api(s.adminToken, 'DELETE', `/api/tickets/${t.ticketId}`)).statusCode).toBe(200);
      expect(spy).toHaveBeenCalledWith(expect.arrayContaining([`queue:${sales}`]), 'ticket', { action: 'delete', ticketId: t.ticketId });
      spy.mockRestore();
      expect((await api(s.adminToken, 'GET', `/api/tickets/${t.ticketId}`)).statusCode).toBe(404);
    });

    it('refuses unauthenticated calls', async () => {
      expect((await s.app.inject({ method: 'GET', url: '/api/tickets' })).statusCode).toBe(401);
      expect((await s.app.inject({ method: 'PUT', url: '/api/tickets/1', payload: { status: 'open' } })).statusCode).toBe(401);
    });
  });
});
