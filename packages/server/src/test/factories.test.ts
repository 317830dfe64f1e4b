/**
 * The data factories (test/factories.ts) under a TestClock (test/clock.ts): what they write is a
 * valid record for the product (the API lists and serves it, the attendant signs in), and its
 * times are the test's clock, not the machine's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from './clock.js';
import { factories } from './factories.js';
import { bearer, createTestServer, type TestServer } from './harness.js';

describe('data factories', () => {
  const clock = new TestClock('2025-03-10T13:00:00Z');
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer({ clock });
  });
  afterAll(() => s.stop());

  it('make records the API serves, dated by the test clock', async () => {
    const make = factories(s);
    const sector = await make.sector();
    const agent = await make.user();
    const ticket = await make.ticket({ status: 'open', userId: agent.id, queueId: sector.id });
    clock.advance(60_000);
    const hello = await make.message(ticket, { body: 'hello from the customer' });
    const reply = await make.message(ticket, { body: 'hello from us', fromMe: true, userId: agent.id });

    expect(ticket.createdAt.toISOString()).toBe('2025-03-10T13:00:00.000Z');
    expect(hello.createdAt.toISOString()).toBe('2025-03-10T13:01:00.000Z');

    // The attendant signed in, and sees the ticket assigned to them with both messages in order.
    const me = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(agent.token) });
    expect(me.json()).toMatchObject({ id: agent.id, profile: 'user' });
    const list = await s.app.inject({ method: 'GET', url: '/api/tickets?status=open', headers: bearer(agent.token) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ tickets: { id: number }[] }>().tickets.map((t) => t.id)).toContain(ticket.id);
    const chat = await s.app.inject({ method: 'GET', url: `/api/messages/${ticket.id}`, headers: bearer(agent.token) });
    expect(chat.statusCode, chat.body).toBe(200);
    const ids = chat.json<{ messages: { id: string; fromMe: boolean }[] }>().messages.map((m) => [m.id, m.fromMe]);
    expect(ids).toEqual(
      expect.arrayContaining([
        [hello.id, false],
        [reply.id, true],
      ]),
    );
  });

  it('give every contact a number of its own and every ticket a contact of its own', async () => {
    const make = factories(s);
    const [a, b] = [await make.ticket(), await make.ticket()];
    expect(a.contactId).not.toBe(b.contactId);
    expect(a.whatsappId).toBe(b.whatsappId);
    const contacts = [await make.contact(), await make.contact()];
    expect(contacts[0].number).not.toBe(contacts[1].number);
  });
});
