/**
 * Private notes stay on the staff side: every read that answers the customer side — the web-chat
 * visitor's history, its media and message answers, WhatsApp asking a message back, the quote a
 * channel send carries, the outgoing webhooks' message events — is given a conversation holding
 * notes and must not return one.
 */
import type { WebchatMessageDTO } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, tickets, webhookDeliveries } from '../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { waitFor } from '../test/simulator.js';

const SITE = 'https://shop.example.com';
const SECRET = 'INTERNAL: customer is on the fraud list';

describe('private notes never reach the customer side', () => {
  let s: TestServer;
  let conn: { id: number; webchat: { publicKey: string } };
  let visitor: { token: string; visitorId: string };
  let ticketId: number;
  let noteId: string;

  const visitorApi = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
    s.app.inject({ method, url, headers: { origin: SITE, ...bearer(token) }, payload: payload as never });

  beforeAll(async () => {
    s = await createTestServer();
    const created = await s.app.inject({
      method: 'POST',
      url: '/api/whatsapp',
      headers: bearer(s.adminToken),
      payload: { name: 'Website', channel: 'webchat', webchat: { allowedSites: [SITE] } },
    });
    expect(created.statusCode, created.body).toBe(201);
    conn = created.json();
    await waitFor(() => s.services.channels.connected(conn.id));
    // A webhook for message events: what it would be sent is written before any delivery.
    const hook = await s.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: bearer(s.adminToken),
      payload: {
        url: 'https://crm.example.com/hook',
        events: ['message.created', 'message.updated'],
        secret: 'a-webhook-secret-of-some-length',
      },
    });
    expect(hook.statusCode, hook.body).toBe(201);

    const started = await s.app.inject({
      method: 'POST',
      url: `/api/webchat/${conn.webchat.publicKey}/visitors`,
      headers: { origin: SITE },
      payload: {},
    });
    visitor = started.json();
    expect((await visitorApi('POST', '/api/webchat/messages', visitor.token, { id: 'hello-0001', body: 'Hello?' })).statusCode).toBe(201);
    const [row] = await s.database.db
      .select({ id: tickets.id })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(eq(contacts.number, `${visitor.visitorId}@webchat`));
    ticketId = row.id;
    const note = await s.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/notes`,
      headers: bearer(s.adminToken),
      payload: { body: SECRET },
    });
    expect(note.statusCode, note.body).toBe(201);
    noteId = note.json<{ id: string }>().id;
    // A note that carries a channel id and a file (as one brought by an import could): the reads
    // by channel id and the media read must still refuse it.
    await s.database.db
      .update(messages)
      .set({ externalId: 'NOTE-EXT-1', mediaPath: 'note-file.bin', rawPayload: SECRET })
      .where(eq(messages.id, noteId));
    const reply = await s.app.inject({
      method: 'POST',
      url: `/api/messages/${ticketId}`,
      headers: bearer(s.adminToken),
      payload: { body: 'How can we help?' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
  });
  afterAll(() => s.stop());

  it('the staff sees the note (the conversation does hold one)', async () => {
    const res = await s.app.inject({ method: 'GET', url: `/api/messages/${ticketId}`, headers: bearer(s.adminToken) });
    expect(res.body).toContain(SECRET);
  });

  it('the web-chat history after a reload', async () => {
    const res = await visitorApi('GET', '/api/webchat/messages', visitor.token);
    expect(res.statusCode).toBe(200);
    const shown = res.json<WebchatMessageDTO[]>();
    expect(shown.map((m) => m.body)).toContain('How can we help?');
    expect(res.body).not.toContain(SECRET);
  });

  it('the web-chat media of the note, by its channel id or our id', async () => {
    for (const id of ['NOTE-EXT-1', noteId]) {
      const res = await visitorApi('GET', `/api/webchat/media/${id}`, visitor.token);
      expect(res.statusCode).toBe(404);
    }
  });

  it('the answer to a visitor message whose channel id a note carries', async () => {
    const second = await s.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/notes`,
      headers: bearer(s.adminToken),
      payload: { body: `${SECRET} (2)` },
    });
    await s.database.db
      .update(messages)
      .set({ externalId: `WEB${visitor.visitorId}again-0001` })
      .where(eq(messages.id, second.json<{ id: string }>().id));
    const res = await visitorApi('POST', '/api/webchat/messages', visitor.token, { id: 'again-0001', body: 'Still there?' });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain(SECRET);
  });

  it('WhatsApp asking for the message again (getMessage) and the quote of a channel send', async () => {
    const context = s.services.channels['driverContext'](conn.id);
    expect(await context.getMessage('NOTE-EXT-1')).toBeUndefined();
    expect(await s.services.outbox['externalIdOf'](noteId)).toBeUndefined();
  });

  it('a reply quoting the note is refused and nothing is sent', async () => {
    const before = await s.database.db.select({ id: messages.id }).from(messages).where(eq(messages.ticketId, ticketId));
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/messages/${ticketId}`,
      headers: bearer(s.adminToken),
      payload: { body: 'quoting', quotedMsg: noteId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'ERR_QUOTED_MSG_NOT_FOUND' });
    expect(await s.database.db.select({ id: messages.id }).from(messages).where(eq(messages.ticketId, ticketId))).toHaveLength(
      before.length,
    );
  });

  it('a reply quotes only a message of its own ticket: another customer’s message is refused, its own is quoted', async () => {
    const other = (
      await s.app.inject({ method: 'POST', url: `/api/webchat/${conn.webchat.publicKey}/visitors`, headers: { origin: SITE }, payload: {} })
    ).json<{ token: string }>();
    const theirs = await visitorApi('POST', '/api/webchat/messages', other.token, { id: 'other-0001', body: 'my card number is 4242' });
    const [theirRow] = await s.database.db.select().from(messages).where(eq(messages.externalId, theirs.json<{ id: string }>().id));
    expect(theirRow.ticketId).not.toBe(ticketId);
    const before = await s.database.db.select({ id: messages.id }).from(messages).where(eq(messages.ticketId, ticketId));
    const refused = await s.app.inject({
      method: 'POST',
      url: `/api/messages/${ticketId}`,
      headers: bearer(s.adminToken),
      payload: { body: 'see this', quotedMsg: theirRow.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'ERR_QUOTED_MSG_NOT_FOUND' });
    expect(await s.database.db.select({ id: messages.id }).from(messages).where(eq(messages.ticketId, ticketId))).toHaveLength(
      before.length,
    );

    const [own] = await s.database.db
      .select()
      .from(messages)
      .where(eq(messages.externalId, `WEB${visitor.visitorId}hello-0001`));
    const quoted = await s.app.inject({
      method: 'POST',
      url: `/api/messages/${ticketId}`,
      headers: bearer(s.adminToken),
      payload: { body: 'about this', quotedMsg: own.id },
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    expect(quoted.json<{ quotedMsg: { id: string } | null }>().quotedMsg?.id).toBe(own.id);
  });

  it('the outgoing webhooks’ message events', async () => {
    const rows = await s.database.db.select({ payload: webhookDeliveries.payload }).from(webhookDeliveries);
    expect(rows.some((r) => r.payload.includes('How can we help?'))).toBe(true);
    expect(rows.some((r) => r.payload.includes(SECRET))).toBe(false);
  });
});
