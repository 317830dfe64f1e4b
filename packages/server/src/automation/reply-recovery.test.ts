/**
 * A process killed right after committing a customer's message, before any listener ran: WhatsApp
 * redelivers the message to the process that takes the session over, where it is a duplicate and
 * runs no listener. The recovery time stored with the message still brings the menu and the
 * sector's greeting, from the scheduler, once each.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, queues, tickets, whatsappQueues, whatsapps } from '../db/schema.js';
import { storeInbound, type BatchItem, type BatchStored, type Held } from '../messaging/store-batch.js';
import { findConnection, type ConnectionRow } from '../store/connections.js';
import { TestClock } from '../test/clock.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { phoneNumber } from '../test/simulator.js';
import { AUTO_REPLY_RECOVERY_MS } from './auto-reply.js';

describe('a customer message stored by a process that died before its listeners ran', () => {
  let s: TestServer;
  let connection: ConnectionRow;
  const clock = new TestClock('2025-03-10T10:00:00-03:00');

  beforeAll(async () => {
    // The scheduler is driven by the test.
    s = await createTestServer({ clock, automation: { scheduler: false } });
    const db = s.database.db;
    const [w] = await db
      .insert(whatsapps)
      .values({ name: 'Recovery', channel: 'simulator', greetingMessage: 'Bem-vindo! Escolha um setor:' })
      .returning();
    const sectors = await db
      .insert(queues)
      .values([
        { name: 'Suporte', color: '#10a0f0', greetingMessage: 'Suporte: em que podemos ajudar?' },
        { name: 'Vendas', color: '#f0a010', greetingMessage: 'Vendas: olá!' },
      ])
      .returning();
    await db.insert(whatsappQueues).values(sectors.map((q) => ({ whatsappId: w.id, queueId: q.id })));
    connection = (await findConnection(db, w.id))!;
  });
  afterAll(() => s.stop());

  const customerMessage = (from: string, body: string): BatchItem => ({
    connection,
    media: null,
    msg: {
      externalId: randomUUID(),
      chat: { id: from, isGroup: false },
      sender: { number: from, name: 'Cliente' },
      fromMe: false,
      timestamp: clock.now(),
      kind: 'chat',
      body,
    },
  });
  /** The real store path, and then the process is gone: no listener runs. */
  const storeAndDie = async (item: BatchItem): Promise<BatchStored> => {
    const [r] = await storeInbound(s.database, [item], clock.now(), 0, (err) => {
      throw err;
    });
    if (!r || r === 'held' || r instanceof Error) throw new Error(`not stored: ${String(r)}`);
    return r;
  };
  const redeliver = async (item: BatchItem): Promise<(BatchStored | Held | null | Error)[]> =>
    storeInbound(s.database, [item], clock.now(), 0, (err) => {
      throw err;
    });
  const sent = async (ticketId: number) =>
    (
      await s.database.db
        .select({ body: messages.body })
        .from(messages)
        .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))
        .orderBy(asc(messages.createdAt), asc(messages.id))
    ).map((m) => m.body);
  const ticket = async (id: number) => (await s.database.db.select().from(tickets).where(eq(tickets.id, id)))[0];
  /** The surviving process's scheduler, run several times at once and again: it must answer once. */
  const recover = async () => {
    const replies = s.services.automation.replies;
    const now = clock.now();
    const runs = await Promise.all([replies.runDue(now), replies.runDue(now), replies.runDue(now)]);
    return runs.reduce((a, b) => a + b, 0) + (await replies.runDue(now));
  };

  it('sends the menu once, then the chosen sector’s greeting once', async () => {
    const from = phoneNumber();
    const hello = customerMessage(from, 'Olá');
    // A new customer: the ticket is created in the store's transaction.
    const first = await storeAndDie(hello);
    expect(first.ticketCreated).toBe(true);
    const id = first.ticket.id;
    expect((await ticket(id)).autoReplyDueAt).toEqual(new Date(clock.now().getTime() + AUTO_REPLY_RECOVERY_MS));
    // WhatsApp redelivers it to the next process: a duplicate, stored once and answered by no listener.
    expect(await redeliver(hello)).toEqual([null]);

    // Not before the recovery time: the process may still be deciding.
    expect(await recover()).toBe(0);
    expect(await sent(id)).toEqual([]);
    clock.advance(AUTO_REPLY_RECOVERY_MS);
    expect(await recover()).toBe(1);
    const menu = 'Bem-vindo! Escolha um setor:\n\n*1* - Suporte\n*2* - Vendas';
    expect(await sent(id)).toEqual([menu]);
    expect(await ticket(id)).toMatchObject({ autoReplyDueAt: null, chatbot: true, queueId: null });

    // The answer, written into the known ticket by the one-statement store; the process dies again.
    clock.advance(60_000);
    const answer = await storeAndDie(customerMessage(from, '2'));
    expect(answer).toMatchObject({ ticketCreated: false, connectionSectors: 2 });
    clock.advance(AUTO_REPLY_RECOVERY_MS);
    expect(await recover()).toBe(1);
    expect(await sent(id)).toEqual([menu, 'Vendas: olá!']);
    const [sales] = await s.database.db.select().from(queues).where(eq(queues.name, 'Vendas'));
    expect(await ticket(id)).toMatchObject({ autoReplyDueAt: null, chatbot: false, queueId: sales.id });

    // Nothing more is due.
    clock.advance(AUTO_REPLY_RECOVERY_MS);
    expect(await recover()).toBe(0);
    expect(await sent(id)).toHaveLength(2);
  });

  it('a listener slower than the recovery time does not answer again what the scheduler answered', async () => {
    const from = phoneNumber();
    const hello = await storeAndDie(customerMessage(from, 'Olá'));
    const id = hello.ticket.id;
    // The process is alive but its decision is held up past the recovery time: the scheduler answers.
    clock.advance(AUTO_REPLY_RECOVERY_MS);
    expect(await recover()).toBe(1);
    const menu = 'Bem-vindo! Escolha um setor:\n\n*1* - Suporte\n*2* - Vendas';
    expect(await sent(id)).toEqual([menu]);
    // Then the held-up listener decides the same message.
    await s.services.automation.replies.onInbound(hello);
    expect(await sent(id)).toEqual([menu]);
    expect(await ticket(id)).toMatchObject({ autoReplyDueAt: null, chatbot: true });
  });

  it('a decision that runs after a later message was stored leaves that message’s recovery time', async () => {
    const from = phoneNumber();
    const hello = await storeAndDie(customerMessage(from, 'Olá'));
    clock.advance(1000);
    // The choice is stored while the greeting is still being decided; then the process dies
    // before the choice's own listener runs.
    await storeAndDie(customerMessage(from, '1'));
    await s.services.automation.replies.onInbound(hello);
    const id = hello.ticket.id;
    const menu = 'Bem-vindo! Escolha um setor:\n\n*1* - Suporte\n*2* - Vendas';
    expect(await sent(id)).toEqual([menu]);
    expect((await ticket(id)).autoReplyDueAt).toEqual(new Date(clock.now().getTime() + AUTO_REPLY_RECOVERY_MS));

    clock.advance(AUTO_REPLY_RECOVERY_MS);
    expect(await recover()).toBe(1);
    expect(await sent(id)).toEqual([menu, 'Suporte: em que podemos ajudar?']);
    expect((await ticket(id)).autoReplyDueAt).toBeNull();
  });
});
