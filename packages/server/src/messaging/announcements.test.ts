/**
 * Every write path of contacts, tickets and messages is announced both ways: the realtime event
 * reaches an admin's socket and the webhook event reaches a subscribed receiver (a real HTTP
 * server). Bulk contact imports send a webhook event per contact; past the live limit their
 * realtime events are left out on purpose (the contacts screen reloads).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_EVENTS } from '@switchboard/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorMessages } from '../db/schema.js';
import { LIVE_IMPORT_LIMIT } from '../modules/contacts/announce-import.js';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { connectSimulator, customerWrites, phoneNumber, waitFor } from '../test/simulator.js';
import { connectedClient, type ReceivedEvent } from '../test/sockets.js';

interface Delivery {
  event: string;
  data: { contact?: { id: number; number: string }; ticket?: { id: number }; message?: { id: string } };
}

/** A realtime event by name and action, and the webhook event the same change must send. */
type Expected = { realtime: [string, string][]; webhooks: string[] };

describe('one announcement: the realtime event and the webhook event', () => {
  let s: TestServer;
  let conn: { id: number; number: string };
  let admin: { id: number; token: string };
  let agent: { id: number; token: string };
  let receiver: http.Server;
  const deliveries: Delivery[] = [];
  let events: ReceivedEvent[] = [];
  const sockets: Socket[] = [];

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin.token) =>
    s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

  /** Runs a change and waits until each expected realtime event and webhook event came since it started. */
  async function expectAnnounced<T>(change: () => Promise<T>, expected: Expected): Promise<T> {
    const [eventsFrom, deliveriesFrom] = [events.length, deliveries.length];
    const result = await change();
    await waitFor(() => {
      const heard = events.slice(eventsFrom).map((e) => `${e.event}:${(e.payload as { action: string }).action}`);
      const delivered = deliveries.slice(deliveriesFrom).map((d) => d.event);
      return (
        expected.realtime.every(([name, action]) => heard.includes(`${name}:${action}`)) &&
        expected.webhooks.every((w) => delivered.includes(w))
      );
    }, 15_000).catch(() => {
      throw new Error(
        `expected ${JSON.stringify(expected)}; heard ${JSON.stringify(events.slice(eventsFrom).map((e) => e.event))}, ` +
          `delivered ${JSON.stringify(deliveries.slice(deliveriesFrom).map((d) => d.event))}`,
      );
    });
    return result;
  }

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        deliveries.push(JSON.parse(raw) as Delivery);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    s = await createTestServer({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const hook = await s.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: bearer(s.adminToken),
      payload: { url, events: WEBHOOK_EVENTS, secret: 'a-very-secret-secret-1234' },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    conn = await connectSimulator(s);
    admin = await s.createUser({ profile: 'admin' });
    agent = await s.createUser();
    const base = await s.listen();
    ({ events } = await connectedClient(base, admin.token, sockets));
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await s.stop();
    await new Promise((r) => receiver.close(r));
  });

  it('contacts: created, quick-created, edited, tagged', async () => {
    const created = await expectAnnounced(() => api('POST', '/contacts', { name: 'Maria', number: phoneNumber() }), {
      realtime: [['contact', 'create']],
      webhooks: ['contact.created'],
    });
    expect(created.statusCode, created.body).toBe(201);
    await expectAnnounced(() => api('POST', '/contact', { name: 'Quick', number: phoneNumber() }), {
      realtime: [['contact', 'create']],
      webhooks: ['contact.created'],
    });
    const id = created.json<{ id: number }>().id;
    await expectAnnounced(() => api('PUT', `/contacts/${id}`, { name: 'Maria Silva' }), {
      realtime: [['contact', 'update']],
      webhooks: ['contact.updated'],
    });
    const tag = await api('POST', '/tags', { name: 'VIP', color: '#ff0000' });
    expect(tag.statusCode, tag.body).toBe(201);
    await expectAnnounced(() => api('POST', '/tags/sync', { contactId: id, tags: [{ id: tag.json<{ id: number }>().id }] }), {
      realtime: [['contact', 'update']],
      webhooks: ['contact.updated'],
    });
  });

  it("contacts: the phone's contacts imported through the default connection", async () => {
    const fresh = phoneNumber();
    await s.database.db
      .insert(simulatorMessages)
      .values({ id: `ANN${fresh}`, connectionNumber: conn.number, customer: fresh, sender: 'customer', body: 'hi' });
    const res = await expectAnnounced(() => api('POST', '/contacts/import'), {
      realtime: [['contact', 'create']],
      webhooks: ['contact.created'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(deliveries.filter((d) => d.event === 'contact.created' && d.data.contact?.number === fresh)).toHaveLength(1);
  });

  it('contacts: a CSV file, small (live) and past the live limit (a webhook event for every contact)', async () => {
    const small = [{ name: 'Csv One', number: phoneNumber() }];
    await expectAnnounced(() => api('POST', '/contacts/import/csv', { rows: small }), {
      realtime: [['contact', 'create']],
      webhooks: ['contact.created'],
    });

    const count = LIVE_IMPORT_LIMIT + 1;
    const rows = Array.from({ length: count }, (_, i) => ({ name: `Bulk ${i}`, number: `5521${String(900_000_000 + i)}` }));
    const [eventsFrom, deliveriesFrom] = [events.length, deliveries.length];
    const res = await api('POST', '/contacts/import/csv', { rows });
    expect(res.json()).toMatchObject({ imported: count });
    const numbers = new Set(rows.map((r) => r.number));
    await waitFor(
      () =>
        deliveries.slice(deliveriesFrom).filter((d) => d.event === 'contact.created' && numbers.has(d.data.contact!.number)).length ===
        count,
      60_000,
    );
    expect(
      events
        .slice(eventsFrom)
        .filter((e) => e.event === 'contact' && numbers.has((e.payload as { contact?: { number: string } }).contact?.number ?? '')),
    ).toHaveLength(0);
  }, 90_000);

  it('a customer writes first: the contact, the ticket and the message', async () => {
    await expectAnnounced(() => customerWrites(s, conn.id, phoneNumber(), 'hello'), {
      realtime: [
        ['contact', 'create'],
        ['ticket', 'create'],
        ['appMessage', 'create'],
      ],
      webhooks: ['contact.created', 'ticket.created', 'message.created'],
    });
  });

  it('tickets: started, accepted, transferred, resolved; messages: sent, delivered, deleted', async () => {
    const contact = await api('POST', '/contacts', { name: 'Ticket Contact', number: phoneNumber() });
    const started = await expectAnnounced(
      () => api('POST', '/tickets', { contactId: contact.json<{ id: number }>().id, whatsappId: conn.id, status: 'pending' }),
      {
        realtime: [['ticket', 'create']],
        webhooks: ['ticket.created'],
      },
    );
    expect(started.statusCode, started.body).toBe(201);
    const ticketId = started.json<{ id: number }>().id;

    await expectAnnounced(() => api('PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.id }), {
      realtime: [['ticket', 'update']],
      webhooks: ['ticket.updated'],
    });

    // Sent by the attendant, then delivered (the simulated phone acknowledges it).
    const sent = await expectAnnounced(() => api('POST', `/messages/${ticketId}`, { body: 'how can I help?' }), {
      realtime: [
        ['appMessage', 'create'],
        ['appMessage', 'update'],
      ],
      webhooks: ['message.created', 'message.updated'],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const messageId = sent.json<{ id: string }>().id;
    await expectAnnounced(() => api('DELETE', `/messages/${messageId}`), {
      realtime: [['appMessage', 'update']],
      webhooks: ['message.updated'],
    });

    await expectAnnounced(() => api('PUT', `/tickets/${ticketId}`, { userId: agent.id, transf: true }), {
      realtime: [['ticket', 'update']],
      webhooks: ['ticket.transferred'],
    });
    await expectAnnounced(() => api('PUT', `/tickets/${ticketId}`, { status: 'closed' }), {
      realtime: [['ticket', 'update']],
      webhooks: ['ticket.closed'],
    });
  });
});
