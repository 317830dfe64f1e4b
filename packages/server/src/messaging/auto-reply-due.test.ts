/**
 * The store statement records a ticket's automatic-reply recovery time exactly when the listener
 * would decide a reply (`replyNeed`): for a customer's message on a pending, unassigned, one-to-one
 * ticket whose connection has something to say — and for nothing else.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboundMessage } from '../channels/driver.js';
import { queues, tickets, users, whatsappQueues, whatsapps } from '../db/schema.js';
import { findConnection, type ConnectionRow } from '../store/connections.js';
import { ADMIN_EMAIL, createTestServer, type TestServer } from '../test/harness.js';
import { phoneNumber } from '../test/simulator.js';
import { AUTO_REPLY_RECOVERY_MS, replyNeed, TRIMMED_CHARACTERS } from './auto-reply-due.js';
import { storeInbound, type BatchItem, type BatchStored, type Held, type TicketRow } from './store-batch.js';

type Connections = Record<'greeting' | 'quiet' | 'blankGreeting' | 'sectors' | 'hours' | 'groups', ConnectionRow>;

interface Case {
  name: string;
  on: keyof Connections;
  /** The ticket's state before the customer writes. */
  ticket?: (ids: { admin: number; sector: number }) => Partial<TicketRow>;
  msg?: Partial<InboundMessage>;
  due: boolean;
}

const CASES: Case[] = [
  { name: 'a customer on a sectorless ticket, the connection greets', on: 'greeting', due: true },
  { name: 'our own message, sent from the phone', on: 'greeting', msg: { fromMe: true }, due: false },
  { name: 'a call', on: 'greeting', msg: { kind: 'call_log', body: 'voice' }, due: false },
  { name: 'a placeholder awaiting its resend', on: 'greeting', msg: { awaitingResend: true, body: '' }, due: false },
  { name: 'a group', on: 'groups', due: false },
  { name: 'an accepted ticket', on: 'greeting', ticket: ({ admin }) => ({ status: 'open', userId: admin }), due: false },
  { name: 'a pending ticket given to an attendant', on: 'greeting', ticket: ({ admin }) => ({ userId: admin }), due: false },
  { name: 'an open ticket without attendant', on: 'greeting', ticket: () => ({ status: 'open' }), due: false },
  { name: 'a ticket in a sector, always open', on: 'sectors', ticket: ({ sector }) => ({ queueId: sector }), due: false },
  {
    name: '`#` in a sector: back to the menu',
    on: 'sectors',
    ticket: ({ sector }) => ({ queueId: sector }),
    msg: { body: '#' },
    due: true,
  },
  {
    name: '`#` typed with spaces and a newline',
    on: 'sectors',
    ticket: ({ sector }) => ({ queueId: sector }),
    msg: { body: ' #\n' },
    due: true,
  },
  { name: 'a ticket in a sector, the connection keeps hours', on: 'hours', ticket: ({ sector }) => ({ queueId: sector }), due: true },
  { name: 'nothing to say: no sectors, greeting, or hours', on: 'quiet', due: false },
  { name: 'a greeting of blanks only', on: 'blankGreeting', due: false },
  { name: 'the greeting already sent', on: 'greeting', ticket: () => ({ chatbot: true }), due: false },
  { name: 'sectors to offer', on: 'sectors', due: true },
  { name: 'an answer to the menu', on: 'sectors', ticket: () => ({ chatbot: true }), due: true },
  { name: 'work hours to keep', on: 'hours', due: true },
];

describe('the recovery time recorded with a stored message', () => {
  let s: TestServer;
  let conns: Connections;
  let ids: { admin: number; sector: number };
  const now = new Date('2025-03-10T13:00:00Z');

  beforeAll(async () => {
    s = await createTestServer();
    const db = s.database.db;
    const connection = async (fields: Partial<typeof whatsapps.$inferInsert>) => {
      const [w] = await db
        .insert(whatsapps)
        .values({ name: `Due ${randomUUID()}`, channel: 'simulator', ...fields })
        .returning();
      return (await findConnection(db, w.id))!;
    };
    const sectors = await db
      .insert(queues)
      .values([
        { name: 'Due A', color: '#0a0b0c' },
        { name: 'Due B', color: '#0c0b0a' },
      ])
      .returning();
    const withSectors = await connection({});
    await db.insert(whatsappQueues).values(sectors.map((q) => ({ whatsappId: withSectors.id, queueId: q.id })));
    conns = {
      greeting: await connection({ greetingMessage: 'Bem-vindo!' }),
      quiet: await connection({}),
      blankGreeting: await connection({ greetingMessage: ' \n\u00a0' }),
      sectors: withSectors,
      hours: await connection({ defineWorkHours: true }),
      groups: await connection({ isGroup: true, greetingMessage: 'Bem-vindo!' }),
    };
    const [admin] = await db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    ids = { admin: admin.id, sector: sectors[0].id };
  });
  afterAll(() => s.stop());

  const item = (connection: ConnectionRow, chat: string, msg: Partial<InboundMessage> = {}): BatchItem => {
    const isGroup = chat.endsWith('-group');
    const sender = isGroup ? `${chat.slice(0, -'-group'.length)}1` : chat;
    return {
      connection,
      media: null,
      msg: {
        externalId: randomUUID(),
        chat: { id: chat, isGroup },
        sender: { number: sender, name: 'Cliente' },
        fromMe: false,
        timestamp: now,
        kind: 'chat',
        body: 'Olá',
        ...msg,
      },
    };
  };
  const store = (items: BatchItem[]) =>
    storeInbound(s.database, items, now, 0, (err) => {
      throw err;
    });
  const stored = (r: BatchStored | Held | null | Error | undefined): BatchStored => {
    if (!r || r === 'held' || r instanceof Error) throw new Error(`not stored: ${String(r)}`);
    return r;
  };
  const dueOf = async (ticketIds: number[]) =>
    new Map((await s.database.db.select().from(tickets).where(inArray(tickets.id, ticketIds))).map((t) => [t.id, t.autoReplyDueAt]));
  const due = new Date(now.getTime() + AUTO_REPLY_RECOVERY_MS);

  it('for each case, in one batch: recorded exactly when the listener would decide a reply', async () => {
    const chats = CASES.map((c) => (c.on === 'groups' ? `${phoneNumber()}-group` : phoneNumber()));
    // The tickets, opened by a message of ours (which asks for no reply), then set to each case's state.
    const opened = (await store(CASES.map((c, i) => item(conns[c.on], chats[i], { fromMe: true, body: 'Oi' })))).map(stored);
    expect(opened.map((r) => r.autoReplyDueRecorded)).toEqual(CASES.map(() => false));
    for (const [i, c] of CASES.entries()) {
      if (c.ticket) await s.database.db.update(tickets).set(c.ticket(ids)).where(eq(tickets.id, opened[i].ticket.id));
    }

    const results = (await store(CASES.map((c, i) => item(conns[c.on], chats[i], c.msg)))).map(stored);
    const dues = await dueOf(results.map((r) => r.ticket.id));
    for (const [i, c] of CASES.entries()) {
      const r = results[i];
      expect({ case: c.name, recorded: r.autoReplyDueRecorded, dueAt: dues.get(r.ticket.id) }).toEqual({
        case: c.name,
        recorded: c.due,
        dueAt: c.due ? due : null,
      });
      // The listener's own condition agrees (it never sees a placeholder: it waits for the resend).
      if (c.msg?.awaitingResend) continue;
      const need = replyNeed(r.connection, r.ticket, r.message);
      const sectorCount = c.on === 'sectors' ? 2 : 0;
      expect({ case: c.name, listener: need === 'yes' || (need === 'if-sectors' && sectorCount > 0) }).toEqual({
        case: c.name,
        listener: c.due,
      });
    }
  });

  it('a new customer’s ticket, created in the transaction, gets it; one on a connection with nothing to say does not', async () => {
    const [greeted, quiet] = (await store([item(conns.greeting, phoneNumber()), item(conns.quiet, phoneNumber())])).map(stored);
    expect([greeted.ticketCreated, quiet.ticketCreated]).toEqual([true, true]);
    expect([greeted.autoReplyDueRecorded, quiet.autoReplyDueRecorded]).toEqual([true, false]);
    const dues = await dueOf([greeted.ticket.id, quiet.ticket.id]);
    expect([dues.get(greeted.ticket.id), dues.get(quiet.ticket.id)]).toEqual([due, null]);
  });

  it('a redelivered message records nothing again', async () => {
    const hello = item(conns.greeting, phoneNumber());
    const first = stored((await store([hello]))[0]);
    await s.database.db.update(tickets).set({ autoReplyDueAt: null }).where(eq(tickets.id, first.ticket.id));
    expect(await store([hello])).toEqual([null]);
    expect((await dueOf([first.ticket.id])).get(first.ticket.id)).toBeNull();
  });

  it('trims what String.prototype.trim trims', () => {
    const blanks = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).filter((c) => c.trim() === '');
    expect([...TRIMMED_CHARACTERS].sort()).toEqual(blanks.sort());
  });
});
