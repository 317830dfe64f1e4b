/**
 * A ticket's conversation: keyset pages that continue into the contact's earlier tickets with
 * their boundaries, the allHistoric rule, search inside the conversation, and readers refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, queues, ticketCycles, tickets, users, whatsapps } from '../../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { phoneNumber } from '../../test/simulator.js';
import { eq } from 'drizzle-orm';

interface Page {
  messages: { id: string; ticketId: number; body: string }[];
  hasMore: boolean;
  count: number;
  nextCursor: string | null;
  tickets: {
    id: number;
    protocol: string;
    status: string;
    openedAt: string;
    closedAt: string | null;
    user: { id: number; name: string } | null;
  }[];
}

describe('conversation across tickets', () => {
  let s: TestServer;
  let connId: number;
  let sales: number;
  let support: number;
  /** Sales, allHistoric on (the default). */
  let alice: { id: number; token: string };
  /** Sales, allHistoric off. */
  let bob: { id: number; token: string };
  /** Support: attended the earlier ticket. */
  let carol: { id: number; token: string };
  /** Support, allHistoric on: may not see the current (Sales) ticket. */
  let dave: { id: number; token: string };
  let earlier: number;
  let current: number;
  let otherContactTicket: number;
  const finishedAt = new Date('2026-01-10T12:00:00.000Z');

  const get = (token: string, url: string) => s.app.inject({ method: 'GET', url, headers: bearer(token) });
  const page = async (token: string, ticketId: number, query = '') => {
    const res = await get(token, `/api/messages/${ticketId}${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<Page>();
  };
  /** Every page from the newest to the start of the conversation, following the cursor. */
  const wholeConversation = async (token: string, ticketId: number) => {
    const pages: Page[] = [await page(token, ticketId)];
    while (pages[pages.length - 1].nextCursor) pages.push(await page(token, ticketId, `?before=${pages[pages.length - 1].nextCursor}`));
    return pages;
  };
  const bodies = (pages: Page[]) => pages.toReversed().flatMap((p) => p.messages.map((m) => m.body));

  async function ticketWith(contactId: number, fields: Partial<typeof tickets.$inferInsert>, prefix: string, n: number, from: Date) {
    const [t] = await s.database.db
      .insert(tickets)
      .values({ contactId, whatsappId: connId, createdAt: from, updatedAt: from, ...fields })
      .returning();
    if (n > 0) {
      await s.database.db.insert(messages).values(
        Array.from({ length: n }, (_, i) => ({
          id: `${prefix}-${String(i + 1).padStart(2, '0')}-${t.id}`,
          ticketId: t.id,
          whatsappId: connId,
          body: `${prefix} message ${i + 1}`,
          fromMe: i % 2 === 1,
          sendState: i % 2 === 1 ? 'sent' : 'received',
          createdAt: new Date(from.getTime() + (i + 1) * 60_000),
        })),
      );
    }
    return t.id;
  }

  beforeAll(async () => {
    s = await createTestServer();
    [{ id: connId }] = await s.database.db.insert(whatsapps).values({ name: 'Main', channel: 'simulator', isDefault: true }).returning();
    [{ id: sales }] = await s.database.db.insert(queues).values({ name: 'Sales', color: '#00aa00' }).returning();
    [{ id: support }] = await s.database.db.insert(queues).values({ name: 'Support', color: '#0000aa' }).returning();
    alice = await s.createUser({ queueIds: [sales] });
    bob = await s.createUser({ queueIds: [sales], allHistoric: 'desabled' });
    carol = await s.createUser({ queueIds: [support], name: 'Carol Support' });
    dave = await s.createUser({ queueIds: [support], name: 'Dave Support' });
    const [contact] = await s.database.db.insert(contacts).values({ name: 'Returning customer', number: phoneNumber() }).returning();
    // A first conversation in Support, attended by Carol and closed; the customer comes back to Sales.
    earlier = await ticketWith(
      contact.id,
      { status: 'closed', queueId: support, userId: carol.id, protocol: '20260110-0001' },
      'old',
      25,
      new Date('2026-01-10T10:00:00.000Z'),
    );
    await s.database.db.insert(ticketCycles).values({
      ticketId: earlier,
      queueId: support,
      userId: carol.id,
      queuedAt: new Date('2026-01-10T10:00:00.000Z'),
      finishedAt,
      outcome: 'resolved',
    });
    // A ticket with no messages between them is skipped, not shown empty.
    await ticketWith(contact.id, { status: 'closed', queueId: sales }, 'empty', 0, new Date('2026-01-11T10:00:00.000Z'));
    current = await ticketWith(
      contact.id,
      { status: 'pending', queueId: sales, protocol: '20260201-0002' },
      'new',
      25,
      new Date('2026-02-01T10:00:00.000Z'),
    );
    const [stranger] = await s.database.db.insert(contacts).values({ name: 'Someone else', number: phoneNumber() }).returning();
    otherContactTicket = await ticketWith(
      stranger.id,
      { status: 'pending', queueId: sales },
      'stranger',
      3,
      new Date('2026-01-05T10:00:00.000Z'),
    );
  });
  afterAll(() => s.stop());

  it('pages continue upward from the ticket into the earlier one, each page naming its tickets', async () => {
    const pages = await wholeConversation(s.adminToken, current);
    expect(pages.map((p) => p.messages.length)).toEqual([20, 20, 10]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
    expect(pages[2].nextCursor).toBeNull();
    // Oldest first, each message once, the earlier ticket entirely above the current one.
    const all = bodies(pages);
    expect(all).toEqual([
      ...Array.from({ length: 25 }, (_, i) => `old message ${i + 1}`),
      ...Array.from({ length: 25 }, (_, i) => `new message ${i + 1}`),
    ]);
    expect(pages[0].count).toBe(25);

    expect(pages[0].tickets.map((t) => t.id)).toEqual([current]);
    expect(pages[1].tickets.map((t) => t.id)).toEqual([current, earlier]);
    expect(pages[1].tickets[1]).toEqual({
      id: earlier,
      protocol: '20260110-0001',
      status: 'closed',
      openedAt: '2026-01-10T10:00:00.000Z',
      closedAt: finishedAt.toISOString(),
      user: { id: carol.id, name: 'Carol Support' },
    });
    expect(pages[1].tickets[0]).toMatchObject({ id: current, protocol: '20260201-0002', status: 'pending', closedAt: null, user: null });
  });

  it('pageNumber (the spec’s paging) walks the same pages', async () => {
    const byCursor = await wholeConversation(s.adminToken, current);
    for (const n of [1, 2, 3]) {
      expect((await page(s.adminToken, current, `?pageNumber=${n}`)).messages).toEqual(byCursor[n - 1].messages);
    }
    expect(await page(s.adminToken, current, '?pageNumber=4')).toMatchObject({ messages: [], hasMore: false, nextCursor: null });
  });

  it('allHistoric shows every earlier ticket of the contact; without it only the ones the user could open', async () => {
    expect(bodies(await wholeConversation(alice.token, current))).toHaveLength(50);
    // Bob (no allHistoric) may not open Carol's closed Support ticket: the chat ends at the ticket's first message.
    const bobs = await wholeConversation(bob.token, current);
    expect(bodies(bobs)).toEqual(Array.from({ length: 25 }, (_, i) => `new message ${i + 1}`));
    expect(bobs.flatMap((p) => p.tickets.map((t) => t.id))).not.toContain(earlier);
    // Once the earlier ticket is his own, it is his history too.
    await s.database.db.update(tickets).set({ userId: bob.id }).where(eq(tickets.id, earlier));
    try {
      expect(bodies(await wholeConversation(bob.token, current))).toHaveLength(50);
    } finally {
      await s.database.db.update(tickets).set({ userId: carol.id }).where(eq(tickets.id, earlier));
    }
    // Switching the flag off takes the history away at once (read live on every request).
    await s.database.db.update(users).set({ allHistoric: false }).where(eq(users.id, alice.id));
    try {
      expect(bodies(await wholeConversation(alice.token, current))).toHaveLength(25);
    } finally {
      await s.database.db.update(users).set({ allHistoric: true }).where(eq(users.id, alice.id));
    }
  });

  it('refuses a reader who may not see the ticket, and cursors from outside the conversation', async () => {
    // Dave has allHistoric, and could open neither ticket: the flag widens history, not access.
    expect((await get(dave.token, `/api/messages/${current}`)).json()).toEqual({ error: 'ERR_NO_TICKET_FOUND' });
    expect((await get(dave.token, `/api/messages/${current}`)).statusCode).toBe(404);
    expect((await get(dave.token, `/api/messages/${current}/search?q=message`)).statusCode).toBe(404);

    // A cursor of another contact's conversation, of an unknown message, or of history the reader may not see.
    const foreign = (await page(s.adminToken, otherContactTicket)).messages[0].id;
    const oldOne = (await wholeConversation(s.adminToken, current))[2].messages[0].id;
    for (const [token, before] of [
      [s.adminToken, foreign],
      [s.adminToken, 'no-such-message'],
      [bob.token, oldOne],
    ] as const) {
      const res = await get(token, `/api/messages/${current}?before=${encodeURIComponent(before)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    }
    // The same cursor is fine for a reader whose history holds it.
    expect((await get(alice.token, `/api/messages/${current}?before=${oldOne}`)).statusCode).toBe(200);
    // Carol may open her closed ticket, but the later Sales ticket is not hers: its history gives her nothing.
    expect((await get(carol.token, `/api/messages/${current}`)).statusCode).toBe(404);
  });

  it("an earlier ticket's media opens for the readers its chat shows it to, and no one else", async () => {
    const file = await s.services.media.save(Buffer.from('%PDF-1.4 invoice'), {
      filename: 'invoice.pdf',
      kindHint: 'document',
      purpose: 'received',
    });
    const id = `old-media-${earlier}`;
    await s.database.db.insert(messages).values({
      id,
      ticketId: earlier,
      whatsappId: connId,
      body: 'invoice.pdf',
      mediaType: 'document',
      mediaPath: file.name,
      mediaName: 'invoice.pdf',
      mediaMime: 'application/pdf',
      createdAt: new Date('2026-01-10T10:30:30.000Z'),
    });
    try {
      const media = (token: string) => get(token, `/api/messages/${id}/media`);
      // Alice cannot open the earlier ticket itself, but her chat of the current one shows it (allHistoric).
      expect((await get(alice.token, `/api/tickets/${earlier}`)).statusCode).toBe(404);
      const res = await media(alice.token);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('%PDF-1.4 invoice');
      // Bob's chat does not show it (no allHistoric); Dave sees no ticket of the contact at all.
      expect((await media(bob.token)).statusCode).toBe(404);
      expect((await media(dave.token)).statusCode).toBe(404);
    } finally {
      await s.database.db.delete(messages).where(eq(messages.id, id));
    }
  });

  it('search finds messages of the ticket and of its visible history, newest first', async () => {
    const search = async (token: string, q: string) => {
      const res = await get(token, `/api/messages/${current}/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      return res.json<{ matches: { id: string; ticketId: number; body: string; createdAt: string }[]; hasMore: boolean }>();
    };
    const found = await search(alice.token, 'MESSAGE 2');
    // "message 2", "message 20".."25" in both tickets; the current ticket's (newer) first.
    expect(found.matches.map((m) => m.body)).toEqual([
      ...['25', '24', '23', '22', '21', '20', '2'].map((n) => `new message ${n}`),
      ...['25', '24', '23', '22', '21', '20', '2'].map((n) => `old message ${n}`),
    ]);
    expect(found.matches[7]).toMatchObject({ ticketId: earlier, id: `old-25-${earlier}` });
    expect(found.hasMore).toBe(false);
    // Bob's conversation has no earlier ticket; nobody's search reaches another contact.
    expect((await search(bob.token, 'old message')).matches).toEqual([]);
    expect((await search(s.adminToken, 'stranger')).matches).toEqual([]);
    // LIKE wildcards are text.
    expect((await search(s.adminToken, 'message%')).matches).toEqual([]);
    // Too short for the index, or missing: a validation answer.
    expect((await get(alice.token, `/api/messages/${current}/search?q=ab`)).statusCode).toBe(400);
    expect((await get(alice.token, `/api/messages/${current}/search`)).statusCode).toBe(400);
    // A match found, the chat can load pages down to it with the cursor.
    const target = found.matches[10];
    const pages = await wholeConversation(alice.token, current);
    expect(pages.flatMap((p) => p.messages.map((m) => m.id))).toContain(target.id);
  });

  it("a user mentioned on the ticket reads that ticket only, not the contact's history", async () => {
    const note = await s.app.inject({
      method: 'POST',
      url: `/api/tickets/${current}/notes`,
      headers: bearer(s.adminToken),
      payload: { body: '@Dave Support could you look at this?' },
    });
    expect(note.statusCode, note.body).toBe(201);
    try {
      const pages = await wholeConversation(dave.token, current);
      expect(bodies(pages)).toHaveLength(26);
      expect(pages.flatMap((p) => p.tickets.map((t) => t.id))).not.toContain(earlier);
      expect((await get(dave.token, `/api/messages/${current}/search?q=old%20message`)).json()).toEqual({ matches: [], hasMore: false });
    } finally {
      await s.database.db.delete(messages).where(eq(messages.id, note.json<{ id: string }>().id));
    }
  });
});
