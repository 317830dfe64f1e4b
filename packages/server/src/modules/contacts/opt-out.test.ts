/**
 * Opt-out of bulk messages: a customer who writes STOP (SAIR, PARAR, BAJA…) alone is marked opted
 * out and told so once; a sentence containing the word changes nothing; START (VOLTAR…) or an
 * admin opts them back in; an attendant may not.
 */
import type { ContactDTO } from '@switchboard/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, tickets } from '../../db/schema.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { apiCaller } from '../../test/http.js';
import { connectSimulator, customerSends, phoneNumber, waitFor } from '../../test/simulator.js';
import { OPT_OUT_TEXTS } from './opt-out.js';

describe('opt-out of bulk messages', () => {
  let s: TestServer;
  let conn: { id: number; number: string };
  let agent: { id: number; token: string };
  const api = apiCaller(() => s);

  beforeAll(async () => {
    s = await createTestServer();
    await api('PUT', '/settings/language', s.adminToken, { value: 'en' });
    conn = await connectSimulator(s);
    agent = await s.createUser();
  });
  afterAll(() => s.stop());

  const contactOf = async (number: string) => (await s.database.db.select().from(contacts).where(eq(contacts.number, number)))[0];
  const sentTexts = async (number: string, body: string) =>
    s.database.db
      .select({ id: messages.id })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(and(eq(contacts.number, number), eq(messages.fromMe, true), eq(messages.body, body)));
  /** The customer writes; resolves once the message is stored (the listeners ran). */
  const writes = async (from: string, body: string) => {
    const { id } = await customerSends(s, { from, to: conn.number, body });
    await waitFor(async () => (await s.database.db.select({ id: messages.id }).from(messages).where(eq(messages.body, body))).length > 0);
    return id;
  };

  it('opts out on the word alone, confirms once, and opts back in on START', async () => {
    const from = phoneNumber();
    await writes(from, 'Hello, where is my order?');
    await writes(from, 'I will not stop asking');
    expect((await contactOf(from)).optedOutAt).toBeNull();

    await writes(from, '  Stop! ');
    await waitFor(async () => (await contactOf(from)).optedOutAt);
    await waitFor(async () => (await sentTexts(from, OPT_OUT_TEXTS.en.out)).length === 1);
    const shown = await api('GET', `/contacts/${(await contactOf(from)).id}`, s.adminToken);
    expect(shown.json<ContactDTO>().optedOutAt).not.toBeNull();

    // Said again (in Portuguese, with an accent-free spelling): no second confirmation.
    await writes(from, 'sair');
    await writes(from, 'ok thanks');
    expect(await sentTexts(from, OPT_OUT_TEXTS.en.out)).toHaveLength(1);

    await writes(from, 'START');
    await waitFor(async () => (await contactOf(from)).optedOutAt === null);
    await waitFor(async () => (await sentTexts(from, OPT_OUT_TEXTS.en.in)).length === 1);
  });

  it('lets an admin opt a contact back in, and refuses an attendant', async () => {
    const from = phoneNumber();
    await writes(from, 'BAJA');
    await waitFor(async () => (await contactOf(from)).optedOutAt);
    const { id } = await contactOf(from);

    const refused = await api('POST', `/contacts/${id}/opt-in`, agent.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('ERR_NO_PERMISSION');
    expect((await contactOf(from)).optedOutAt).not.toBeNull();
    expect((await api('POST', '/contacts/2147483647/opt-in', s.adminToken)).statusCode).toBe(404);
    expect((await api('POST', '/contacts/abc/opt-in', s.adminToken)).statusCode).toBe(400);
    expect((await api('POST', `/contacts/${id}/opt-in`, null)).statusCode).toBe(401);

    const done = await api('POST', `/contacts/${id}/opt-in`, s.adminToken);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<ContactDTO>().optedOutAt).toBeNull();
    expect((await contactOf(from)).optedOutAt).toBeNull();
  });
});
