import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, tickets, whatsapps } from '../db/schema.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { customerWrites, waitFor } from '../test/simulator.js';

/**
 * A connection with no sectors, no greeting and no work hours has nothing to answer: its messages
 * are stored without a pending automatic-reply decision. One with a greeting still greets.
 */
describe('automatic replies on a connection with nothing to say', () => {
  let s: TestServer;
  const inbound = (connectionId: number, number: string, body: string) => customerWrites(s, connectionId, number, body);

  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(async () => {
    await s.stop();
  });

  it('stores the messages and decides nothing', async () => {
    const [{ id }] = await s.database.db.insert(whatsapps).values({ name: 'Quiet', channel: 'simulator' }).returning();
    const first = await inbound(id, '5511966000001', 'Olá');
    await inbound(id, '5511966000001', 'alguém?');
    const [ticket] = await s.database.db.select().from(tickets).where(eq(tickets.id, first!.ticket.id));
    expect(ticket.autoReplyDueAt).toBeNull();
    expect(ticket.unreadMessages).toBe(2);
    const sent = await s.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, true)));
    expect(sent).toHaveLength(0);
  });

  it('still greets on a connection with a greeting', async () => {
    const [{ id }] = await s.database.db
      .insert(whatsapps)
      .values({ name: 'Friendly', channel: 'simulator', greetingMessage: 'Bem-vindo!' })
      .returning();
    const first = await inbound(id, '5511966000002', 'Olá');
    const greeting = await waitFor(async () => {
      const rows = await s.database.db
        .select()
        .from(messages)
        .where(and(eq(messages.ticketId, first!.ticket.id), eq(messages.fromMe, true)));
      return rows[0];
    }, 30_000);
    expect(greeting.body).toBe('Bem-vindo!');
  });
});
