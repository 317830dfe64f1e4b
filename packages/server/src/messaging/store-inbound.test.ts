import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboundMessage } from '../channels/driver.js';
import { contactTags, contacts, messages, ratingRequests, tags, tickets } from '../db/schema.js';
import { findConnection, type ConnectionRow } from '../store/connections.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { connectSimulator, phoneNumber } from '../test/simulator.js';
import { storeBatch, storeInbound, type BatchItem, type BatchStored, type Held } from './store-batch.js';

/**
 * Storing a batch directly (below the pipeline): known chats are written in one statement, the
 * rest in a transaction, and a batch mixing both comes back item by item as if stored one at a time.
 */
describe('storing a batch of inbound messages', () => {
  let s: TestServer;
  let connection: ConnectionRow;

  beforeAll(async () => {
    s = await createTestServer();
    const conn = await connectSimulator(s);
    connection = (await findConnection(s.database.db, conn.id))!;
  });
  afterAll(() => s.stop());

  const message = (from: string, body: string, extra: Partial<InboundMessage> = {}): BatchItem => ({
    connection,
    media: null,
    msg: {
      externalId: randomUUID(),
      chat: { id: from, isGroup: false },
      sender: { number: from, name: `Name ${from}` },
      fromMe: false,
      timestamp: new Date(),
      kind: 'chat',
      body,
      ...extra,
    },
  });
  const store = (items: BatchItem[]) => storeInbound(s.database, items, new Date(), 0, () => undefined);
  const stored = (r: BatchStored | Held | null | Error | undefined): BatchStored => {
    if (!r || r === 'held' || r instanceof Error) throw new Error(`not stored: ${String(r)}`);
    return r;
  };

  it('one batch mixing known chats, a new customer, a group with a new member, a quote and a redelivery', async () => {
    const known = phoneNumber();
    const first = message(known, 'first');
    const [firstStored] = await store([first]);
    expect(stored(firstStored)).toMatchObject({ contactCreated: true, ticketCreated: true });

    const newcomer = phoneNumber();
    const group = `${phoneNumber()}-group`;
    const member = phoneNumber();
    const quoting = message(known, 'answering your question', { quotedExternalId: first.msg.externalId });
    const fromPhone = message(known, 'sent from the phone', { fromMe: true, sender: { number: known } });
    const batch = [
      quoting,
      message(newcomer, 'hello, I am new'),
      { ...first }, // redelivered
      message(group, 'hi all', { chat: { id: group, isGroup: true }, chatName: 'Team', sender: { number: member, name: 'Member' } }),
      fromPhone,
    ];
    const [q, n, dup, g, mine] = await store(batch);

    // The known chat: same contact and ticket, the quote resolved to our id of the quoted message.
    expect(stored(q)).toMatchObject({ contactCreated: false, ticketCreated: false, ticket: { id: stored(firstStored).ticket.id } });
    expect(stored(q).message.quotedMsgId).toBe(stored(firstStored).message.id);
    expect(stored(q).message.contactId).toBe(stored(firstStored).contact.id);
    // The new customer: contact and ticket created.
    expect(stored(n)).toMatchObject({ contactCreated: true, ticketCreated: true, contact: { number: newcomer, name: `Name ${newcomer}` } });
    // Already stored: nothing.
    expect(dup).toBeNull();
    // The group: its contact named after the subject, the member a contact of their own, the sender.
    expect(stored(g)).toMatchObject({
      contact: { number: group, name: 'Team', isGroup: true },
      sender: { number: member, name: 'Member' },
    });
    expect(stored(g).message.contactId).toBe(stored(g).sender!.id);
    // Ours, from the phone: no sender contact, read, acked; the ticket's last line but not unread.
    expect(stored(mine).message).toMatchObject({ fromMe: true, contactId: null, read: true, ack: 1 });
    expect(stored(mine).ticket).toMatchObject({ lastMessage: 'sent from the phone', lastMessageFromMe: true, unreadMessages: 2 });

    const [t] = await s.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, stored(firstStored).ticket.id));
    expect(t).toMatchObject({ lastMessage: 'sent from the phone', unreadMessages: 2, lastMessageFromMe: true });
    expect(t.lastCustomerMessageAt?.getTime()).toBe(quoting.msg.timestamp.getTime());
    const rows = await s.database.db.select().from(messages).where(eq(messages.ticketId, t.id));
    expect(rows.map((r) => r.body).sort()).toEqual(['answering your question', 'first', 'sent from the phone']);
  });

  it('a second batch of the same known chats is written without creating anything, and brings their tags', async () => {
    const a = phoneNumber();
    const b = phoneNumber();
    const [first] = await store([message(a, 'a1'), message(b, 'b1')]);
    const [vip] = await s.database.db.insert(tags).values({ name: 'VIP', color: '#aa0000' }).returning();
    await s.database.db.insert(contactTags).values({ contactId: stored(first).contact.id, tagId: vip.id });
    const results = await store([message(a, 'a2'), message(b, 'b2'), message(a, 'a3')]);
    expect(results.map((r) => stored(r).ticketCreated || stored(r).contactCreated)).toEqual([false, false, false]);
    // Read along with the contacts, so presenting the tickets needs no read of its own.
    expect(results.map((r) => stored(r).contactTags)).toEqual([
      [{ id: vip.id, name: 'VIP', color: '#aa0000' }],
      [],
      [{ id: vip.id, name: 'VIP', color: '#aa0000' }],
    ]);
    const ts = await s.database.db
      .select({ number: contacts.number, last: tickets.lastMessage, unread: tickets.unreadMessages })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(inArray(contacts.number, [a, b]));
    expect(ts.sort((x, y) => x.number.localeCompare(y.number))).toEqual(
      [
        { number: a, last: 'a3', unread: 3 },
        { number: b, last: 'b2', unread: 2 },
      ].sort((x, y) => x.number.localeCompare(y.number)),
    );
  });

  it('a customer writing where a rating request waits is held back, unstored, when the item asks; both ways of storing', async () => {
    const waiting = phoneNumber();
    const other = phoneNumber();
    const [w, o] = await store([message(waiting, 'before'), message(other, 'before')]);
    await s.database.db.insert(ratingRequests).values({
      ticketId: stored(w).ticket.id,
      contactId: stored(w).contact.id,
      whatsappId: connection.id,
      deadline: new Date(Date.now() + 60_000),
    });
    const asking = (from: string, body: string) => ({ ...message(from, body), holdIfAwaited: true });
    const bodiesOf = async (ticketId: number) =>
      (await s.database.db.select({ body: messages.body }).from(messages).where(eq(messages.ticketId, ticketId))).map((m) => m.body).sort();

    // Known chats with an open ticket: the one-statement write holds the waiting chat's message only.
    const [held, storedOther, notAsking] = await store([asking(waiting, '9'), asking(other, 'hello'), message(waiting, 'asked already')]);
    expect(held).toBe('held');
    expect(notAsking).toBe('held'); // the chat's messages wait together, so their order holds
    expect(stored(storedOther).message.body).toBe('hello');
    expect(await bodiesOf(stored(w).ticket.id)).toEqual(['before']);

    // The transaction (what the one-statement write leaves, or all of it should that write fail).
    const inTransaction = await s.database.db.transaction((tx) =>
      storeBatch(tx, [asking(waiting, '8'), asking(other, 'again'), message(waiting, 'not asking')], new Date(), 0),
    );
    expect(inTransaction[0]).toBe('held');
    expect(inTransaction[2]).toBe('held');
    expect(stored(inTransaction[1]).message.body).toBe('again');
    expect(await bodiesOf(stored(o).ticket.id)).toEqual(['again', 'before', 'hello']);

    // Not asking (the interceptors had their say): stored like any other message.
    const [after] = await store([message(waiting, 'stored now')]);
    expect(stored(after).ticket.id).toBe(stored(w).ticket.id);
    expect(await bodiesOf(stored(w).ticket.id)).toEqual(['before', 'stored now']);
  });

  it('a message arriving while its ticket is being closed is not written into the closed ticket', async ({ skip }) => {
    // Needs a second connection holding the ticket's lock, which the single-connection PGlite has not.
    if (s.database.kind !== 'postgres') skip();
    const from = phoneNumber();
    const [before] = await store([message(from, 'before the close')]);
    const closedId = stored(before).ticket.id;

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const lockTaken = new Promise<void>((r) => (locked = r));
    const closing = s.database.db.transaction(async (tx) => {
      await tx.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, closedId));
      locked();
      await held;
    });
    await lockTaken;
    const arriving = store([message(from, 'during the close')]);
    await new Promise((r) => setTimeout(r, 200)); // the write now waits on the ticket's lock
    release();
    await closing;
    const [during] = await arriving;

    expect(stored(during).ticket.id).not.toBe(closedId);
    expect(stored(during)).toMatchObject({ ticketCreated: true, ticket: { status: 'pending', lastMessage: 'during the close' } });
    const inClosed = await s.database.db.select({ body: messages.body }).from(messages).where(eq(messages.ticketId, closedId));
    expect(inClosed.map((m) => m.body)).toEqual(['before the close']);
  });
});
