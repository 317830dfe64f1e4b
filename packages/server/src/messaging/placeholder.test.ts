/**
 * A message the channel could not decrypt is a placeholder in the chat until the phone's resend
 * (same external id) replaces it, announced in realtime; one that never comes stays visible.
 */
import type { Socket } from 'socket.io-client';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboundMessage } from '../channels/driver.js';
import { messages, tickets, whatsapps } from '../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { phoneNumber, waitFor } from '../test/simulator.js';
import { connectedClient } from '../test/sockets.js';
import { PNG } from '../test/fixtures.js';
import { Readable } from 'node:stream';

describe('messages waiting for the phone to send them again', () => {
  let s: TestServer;
  let base: string;
  let connId: number;
  const sockets: Socket[] = [];
  let seq = 0;

  const placeholder = (number: string, externalId = `UNDEC${++seq}`): InboundMessage => ({
    externalId,
    chat: { id: number, isGroup: false },
    sender: { number, name: 'Cliente' },
    fromMe: false,
    timestamp: new Date(),
    kind: 'chat',
    body: '',
    awaitingResend: true,
  });
  const resend = (p: InboundMessage, body: string): InboundMessage => {
    const { awaitingResend: _, ...rest } = p;
    return { ...rest, body };
  };
  const rowOf = async (externalId: string) =>
    (
      await s.database.db
        .select()
        .from(messages)
        .where(and(eq(messages.whatsappId, connId), eq(messages.externalId, externalId)))
    )[0];
  const pageOf = async (ticketId: number) =>
    (await s.app.inject({ method: 'GET', url: `/api/messages/${ticketId}`, headers: bearer(s.adminToken) })).json<{
      messages: Record<string, unknown>[];
    }>();

  beforeAll(async () => {
    s = await createTestServer();
    base = await s.listen();
    [{ id: connId }] = await s.database.db.insert(whatsapps).values({ name: 'WA', channel: 'simulator', isDefault: true }).returning();
  });
  afterAll(async () => {
    for (const so of sockets) so.close();
    await s.stop();
  });

  it('shows the placeholder, then the resend replaces it in place and is announced as an update', async () => {
    const admin = await connectedClient(base, s.adminToken, sockets);
    const number = phoneNumber();
    const p = placeholder(number);
    const stored = await s.services.inbound.message(connId, p);
    expect(stored).not.toBeNull();
    const page = await pageOf(stored!.ticket.id);
    expect(page.messages).toHaveLength(1);
    expect(page.messages[0]).toMatchObject({ body: '', awaitingResend: true, mediaType: 'chat' });

    const replaced = await s.services.inbound.message(connId, resend(p, 'meu pedido não chegou'));
    expect(replaced?.message.id).toBe(stored!.message.id);
    const after = await pageOf(stored!.ticket.id);
    expect(after.messages).toHaveLength(1);
    expect(after.messages[0]).toMatchObject({ id: stored!.message.id, body: 'meu pedido não chegou' });
    expect(after.messages[0].awaitingResend).toBeUndefined();
    const [ticket] = await s.database.db.select().from(tickets).where(eq(tickets.id, stored!.ticket.id));
    expect(ticket.lastMessage).toBe('meu pedido não chegou');
    await waitFor(() =>
      admin.events.some(
        (e) =>
          e.event === 'appMessage' &&
          e.payload.action === 'update' &&
          e.payload.message.id === stored!.message.id &&
          e.payload.message.body === 'meu pedido não chegou',
      ),
    );

    // A second delivery of the same resend is an ordinary redelivery: nothing changes.
    expect(await s.services.inbound.message(connId, resend(p, 'something else'))).toBeNull();
    expect((await rowOf(p.externalId)).body).toBe('meu pedido não chegou');
  });

  it('a placeholder whose resend never comes stays visible; a repeated stub adds nothing', async () => {
    const number = phoneNumber();
    const p = placeholder(number);
    const stored = await s.services.inbound.message(connId, p);
    expect(await s.services.inbound.message(connId, p)).toBeNull();
    const page = await pageOf(stored!.ticket.id);
    expect(page.messages).toEqual([expect.objectContaining({ awaitingResend: true })]);
  });

  it('a resent image replaces its placeholder with the media', async () => {
    const number = phoneNumber();
    const p = placeholder(number);
    const stored = await s.services.inbound.message(connId, p);
    const { awaitingResend: _, ...rest } = p;
    await s.services.inbound.message(connId, {
      ...rest,
      kind: 'image',
      body: 'a foto',
      media: { mimetype: 'image/png', filename: 'foto.png', open: () => Promise.resolve(Readable.from([PNG])) },
    });
    const row = await rowOf(p.externalId);
    expect(row).toMatchObject({ id: stored!.message.id, mediaType: 'image', body: 'a foto', lastError: null });
    const media = await s.app.inject({ method: 'GET', url: `/api/messages/${row.id}/media`, headers: bearer(s.adminToken) });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload).toEqual(PNG);
  });

  it('an ordinary message is never overwritten by a redelivery with other content', async () => {
    const number = phoneNumber();
    const p = resend(placeholder(number), 'original');
    await s.services.inbound.message(connId, p);
    expect(await s.services.inbound.message(connId, { ...p, body: 'changed' })).toBeNull();
    expect((await rowOf(p.externalId)).body).toBe('original');
  });
});
