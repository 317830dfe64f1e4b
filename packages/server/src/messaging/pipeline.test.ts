import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, tickets } from '../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { b64, MP3, MP4, PDF, PNG, WEBP } from '../test/fixtures.js';
import { connectSimulator, customerChat, customerSends, phoneNumber, waitFor } from '../test/simulator.js';

describe('message pipeline through the simulator', () => {
  let s: TestServer;
  let conn: { id: number; number: string };

  beforeAll(async () => {
    s = await createTestServer();
    conn = await connectSimulator(s);
  });
  afterAll(() => s.stop());

  const ticketsOf = async (number: string) => {
    const [c] = await s.database.db.select().from(contacts).where(eq(contacts.number, number));
    if (!c) return [];
    return s.database.db.select().from(tickets).where(eq(tickets.contactId, c.id));
  };

  it('pairs: the connection is CONNECTED with the scanned number and no QR', async () => {
    const res = await s.app.inject({ method: 'GET', url: `/api/whatsapp/${conn.id}`, headers: bearer(s.adminToken) });
    expect(res.json()).toMatchObject({ status: 'CONNECTED', number: conn.number, qrcode: '' });
  });

  it('a first text creates the contact (push name) and a pending ticket with the preview', async () => {
    const from = phoneNumber();
    await customerSends(s, { from, to: conn.number, name: 'Maria Souza', body: 'Olá, preciso de ajuda' });
    const [c] = await s.database.db.select().from(contacts).where(eq(contacts.number, from));
    expect(c.name).toBe('Maria Souza');
    const [t] = await ticketsOf(from);
    expect(t).toMatchObject({
      status: 'pending',
      userId: null,
      lastMessage: 'Olá, preciso de ajuda',
      unreadMessages: 1,
      whatsappId: conn.id,
    });
    // A later push name never renames the contact.
    await customerSends(s, { from, to: conn.number, name: 'Someone Else', body: 'oi' });
    const [again] = await s.database.db.select().from(contacts).where(eq(contacts.number, from));
    expect(again.name).toBe('Maria Souza');
    expect((await ticketsOf(from))[0].unreadMessages).toBe(2);
  });

  it.each([
    [
      'image',
      { type: 'image' as const, body: 'foto', media: { mimetype: 'image/png', filename: 'a.png', data: b64(PNG) } },
      'image',
      '📷 foto',
      'image/png',
    ],
    ['audio', { type: 'audio' as const, media: { mimetype: 'audio/mpeg', data: b64(MP3) } }, 'audio', '🎤', 'audio/mpeg'],
    ['video', { type: 'video' as const, media: { mimetype: 'video/mp4', data: b64(MP4) } }, 'video', '🎥', 'video/mp4'],
    [
      'document',
      { type: 'document' as const, media: { mimetype: 'application/pdf', filename: 'boleto.pdf', data: b64(PDF) } },
      'document',
      '📄 boleto.pdf',
      'application/pdf',
    ],
    ['sticker', { type: 'sticker' as const, media: { mimetype: 'image/webp', data: b64(WEBP) } }, 'sticker', '🏷️', 'image/webp'],
    ['location', { type: 'location' as const, body: '-23.55,-46.63' }, 'location', '📍 -23.55,-46.63', null],
    [
      'vcard',
      { type: 'vcard' as const, body: 'BEGIN:VCARD\nVERSION:3.0\nFN:João Lima\nTEL:+5511988887777\nEND:VCARD' },
      'vcard',
      '👤 João Lima',
      null,
    ],
  ])('inbound %s → message of the right type, ticket preview, media served', async (_n, payload, mediaType, preview, mime) => {
    const from = phoneNumber();
    const { id } = await customerSends(s, { from, to: conn.number, ...payload });
    const [m] = await s.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.whatsappId, conn.id), eq(messages.externalId, id)));
    expect(m.mediaType).toBe(mediaType);
    expect(m.mediaMime).toBe(mime);
    const [t] = await ticketsOf(from);
    expect(t.lastMessage).toBe(preview);
    if (mime) {
      const res = await s.app.inject({ method: 'GET', url: `/api/messages/${m.id}/media`, headers: bearer(s.adminToken) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain(mime);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toMatch(mediaType === 'document' ? /^attachment/ : /^inline/);
    }
  });

  it('a redelivered event is a no-op', async () => {
    const from = phoneNumber();
    const msg = {
      externalId: 'REDELIVERED-1',
      chat: { id: from, isGroup: false },
      sender: { number: from, name: 'Re' },
      fromMe: false,
      timestamp: new Date(),
      kind: 'chat' as const,
      body: 'once',
    };
    const first = await s.services.inbound.message(conn.id, msg);
    const second = await s.services.inbound.message(conn.id, msg);
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    const rows = await s.database.db.select().from(messages).where(eq(messages.externalId, 'REDELIVERED-1'));
    expect(rows).toHaveLength(1);
    expect((await ticketsOf(from))[0].unreadMessages).toBe(1);
  });

  it('50 concurrent messages from one new customer make one contact and one ticket', async () => {
    const from = phoneNumber();
    await Promise.all(Array.from({ length: 50 }, (_, i) => customerSends(s, { from, to: conn.number, name: 'Burst', body: `msg ${i}` })));
    const cs = await s.database.db.select().from(contacts).where(eq(contacts.number, from));
    expect(cs).toHaveLength(1);
    const ts = await ticketsOf(from);
    expect(ts).toHaveLength(1);
    const ms = await s.database.db.select().from(messages).where(eq(messages.ticketId, ts[0].id));
    expect(ms).toHaveLength(50);
    expect(ts[0].unreadMessages).toBe(50);
  });

  it('the database keeps one open ticket per contact even when the pipeline is bypassed concurrently', async () => {
    const from = phoneNumber();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        s.services.inbound.message(conn.id, {
          externalId: `PAR-${from}-${i}`,
          chat: { id: from, isGroup: false },
          sender: { number: from },
          fromMe: false,
          timestamp: new Date(),
          kind: 'chat',
          body: `p${i}`,
        }),
      ),
    );
    expect(results.every(Boolean)).toBe(true);
    expect(await ticketsOf(from)).toHaveLength(1);
  });

  it('an attendant reply reaches the customer; acks advance to delivered, then read', async () => {
    const from = phoneNumber();
    await customerSends(s, { from, to: conn.number, body: 'hello' });
    const [t] = await ticketsOf(from);
    const sent = await s.app.inject({
      method: 'POST',
      url: `/api/messages/${t.id}`,
      headers: bearer(s.adminToken),
      payload: { body: 'Olá! Como posso ajudar?' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ ack: 0, sendState: 'pending', fromMe: true });
    const id = sent.json().id as string;
    await waitFor(async () => {
      const [m] = await s.database.db.select().from(messages).where(eq(messages.id, id));
      return m.ack === 2 && m.sendState === 'sent';
    });
    const chat = await customerChat(s, from, conn.number);
    expect(chat.filter((m) => m.sender === 'connection').map((m) => m.body)).toEqual(['Olá! Como posso ajudar?']);
    await s.app.inject({
      method: 'POST',
      url: '/api/simulator/read',
      headers: bearer(s.adminToken),
      payload: { customer: from, to: conn.number },
    });
    const [m] = await s.database.db.select().from(messages).where(eq(messages.id, id));
    expect(m.ack).toBe(3);
  });

  it('opening a chat sends read receipts for exactly its unread customer messages', async () => {
    const from = phoneNumber();
    const { id: first } = await customerSends(s, { from, to: conn.number, body: 'primeira' });
    const { id: second } = await customerSends(s, { from, to: conn.number, body: 'segunda' });
    const [t] = await ticketsOf(from);
    const opened = await s.app.inject({ method: 'GET', url: `/api/messages/${t.id}`, headers: bearer(s.adminToken) });
    expect(opened.statusCode, opened.body).toBe(200);
    // The blue ticks reach the customer's phone for both messages, named by their ids.
    await waitFor(async () => (await customerChat(s, from, conn.number)).every((m) => m.ack === 3));
    const later = (await customerSends(s, { from, to: conn.number, body: 'terceira' })).id;
    const chat = await customerChat(s, from, conn.number);
    expect(chat.map((m) => [m.id, m.ack])).toEqual([
      [first, 3],
      [second, 3],
      [later, 2],
    ]);
  });

  it('a customer delete-for-everyone marks the message deleted, text kept for staff', async () => {
    const from = phoneNumber();
    const { id } = await customerSends(s, { from, to: conn.number, body: 'oops wrong chat' });
    const res = await s.app.inject({ method: 'POST', url: `/api/simulator/messages/${id}/revoke`, headers: bearer(s.adminToken) });
    expect(res.statusCode).toBe(200);
    const [m] = await s.database.db.select().from(messages).where(eq(messages.externalId, id));
    expect(m).toMatchObject({ isDeleted: true, body: 'oops wrong chat' });
  });

  it('a send while the channel is down waits, and is delivered once when the channel is back', async () => {
    const from = phoneNumber();
    await customerSends(s, { from, to: conn.number, body: 'are you there?' });
    const [t] = await ticketsOf(from);
    await s.app.inject({ method: 'POST', url: '/api/simulator/disconnect', headers: bearer(s.adminToken), payload: { to: conn.number } });
    await waitFor(
      async () =>
        (await s.app.inject({ method: 'GET', url: `/api/whatsapp/${conn.id}`, headers: bearer(s.adminToken) })).json().status ===
        'DISCONNECTED',
    );
    const sent = await s.app.inject({
      method: 'POST',
      url: `/api/messages/${t.id}`,
      headers: bearer(s.adminToken),
      payload: { body: 'yes, here' },
    });
    expect(sent.statusCode).toBe(201);
    await s.services.outbox.idle();
    const [pending] = await s.database.db.select().from(messages).where(eq(messages.id, sent.json().id));
    expect(pending).toMatchObject({ ack: 0, sendState: 'pending' });
    expect((await customerChat(s, from, conn.number)).some((m) => m.body === 'yes, here')).toBe(false);

    const retry = await s.app.inject({ method: 'POST', url: `/api/whatsappsession/${conn.id}`, headers: bearer(s.adminToken) });
    expect(retry.statusCode).toBe(200);
    await waitFor(async () => {
      const [m] = await s.database.db.select().from(messages).where(eq(messages.id, sent.json().id));
      return m.sendState === 'sent';
    });
    await s.services.outbox.kick(conn.id);
    expect((await customerChat(s, from, conn.number)).filter((m) => m.body === 'yes, here')).toHaveLength(1);
  });

  it("a customer's messages while the session is away are kept, like WhatsApp's offline queue, and arrive once, in order, when it is back", async () => {
    const from = phoneNumber();
    await s.app.inject({ method: 'POST', url: '/api/simulator/disconnect', headers: bearer(s.adminToken), payload: { to: conn.number } });
    await waitFor(
      async () =>
        (await s.app.inject({ method: 'GET', url: `/api/whatsapp/${conn.id}`, headers: bearer(s.adminToken) })).json().status ===
        'DISCONNECTED',
    );
    for (const body of ['first while away', 'second while away']) {
      const kept = await s.app.inject({
        method: 'POST',
        url: '/api/simulator/messages',
        headers: bearer(s.adminToken),
        payload: { from, to: conn.number, body },
      });
      expect(kept.statusCode, kept.body).toBe(202);
      expect(kept.json()).toMatchObject({ delivered: false });
    }
    expect(await ticketsOf(from)).toHaveLength(0);

    const retry = await s.app.inject({ method: 'POST', url: `/api/whatsappsession/${conn.id}`, headers: bearer(s.adminToken) });
    expect(retry.statusCode).toBe(200);
    const [t] = await waitFor(async () => {
      const found = await ticketsOf(from);
      return found.length > 0 && found;
    });
    const bodies = await waitFor(async () => {
      const rows = await s.database.db.select().from(messages).where(eq(messages.ticketId, t.id)).orderBy(messages.createdAt, messages.id);
      const inbound = rows.filter((m) => !m.fromMe).map((m) => m.body);
      return inbound.length >= 2 && inbound;
    });
    expect(bodies).toEqual(['first while away', 'second while away']);
  });

  it('the same idempotency key sends once', async () => {
    const from = phoneNumber();
    await customerSends(s, { from, to: conn.number, body: 'hi' });
    const [t] = await ticketsOf(from);
    const send = () =>
      s.app.inject({
        method: 'POST',
        url: `/api/messages/${t.id}`,
        headers: { ...bearer(s.adminToken), 'idempotency-key': 'click-123456' },
        payload: { body: 'double click' },
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.json().id).toBe(b.json().id);
    await waitFor(async () => (await customerChat(s, from, conn.number)).some((m) => m.body === 'double click'));
    await s.services.outbox.idle();
    expect((await customerChat(s, from, conn.number)).filter((m) => m.body === 'double click')).toHaveLength(1);
  });
});
