/**
 * Outgoing webhooks against a real HTTP receiver started here: signed bodies, retries after a
 * 500, each ticket's events in order (also with two delivering processes), nothing lost across a
 * restart of the dispatcher, the log with manual retry and test delivery, admins only.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contacts, tickets, webhookDeliveries, webhooks, whatsapps } from '../../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { phoneNumber, waitFor } from '../../test/simulator.js';
import { WebhookDispatcher } from './dispatcher.js';

interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: { id: string; event: string; timestamp: string; data: { message?: { body: string }; ticket?: { id: number } } };
  status: number;
}

const SECRET = 'a-very-secret-secret-1234';

describe('outgoing webhooks', () => {
  let s: TestServer;
  let connId: number;
  let receiver: http.Server;
  let url: string;
  let received: Received[] = [];
  /** The receiver's answer for a request (default 200). */
  let answer: (body: Received['body'], seenBefore: number) => number = () => 200;
  let seq = 0;

  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
    s.app.inject({ method, url: path, headers: bearer(token), payload: payload as never });

  async function customerWrites(number: string, body: string) {
    seq += 1;
    const r = await s.services.inbound.message(connId, {
      externalId: `W${seq}-${number}`,
      chat: { id: number, isGroup: false },
      sender: { number, name: `Customer ${number}` },
      fromMe: false,
      timestamp: new Date(),
      kind: 'chat',
      body,
    });
    return r!.ticket.id;
  }

  async function createWebhook(events: string[], secret = SECRET) {
    const res = await api(s.adminToken, 'POST', '/api/webhooks', { url, events, secret });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  }

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as Received['body'];
        const status = answer(body, received.filter((r) => r.body.id === body.id).length);
        received.push({ headers: req.headers, raw, body, status });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    s = await createTestServer({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    [{ id: connId }] = await s.database.db.insert(whatsapps).values({ name: 'Main', channel: 'simulator', isDefault: true }).returning();
    s.services.webhookDispatcher.options.backoffMs = [150];
  }, 60_000);
  afterAll(async () => {
    await s.stop();
    await new Promise((r) => receiver.close(r));
  });
  beforeEach(async () => {
    await s.database.db.delete(webhooks);
    received = [];
    answer = () => 200;
  });

  it('only admins manage webhooks; bad input is refused and stores nothing', async () => {
    const user = await s.createUser();
    const id = await createWebhook(['ticket.created']);
    for (const [method, path, payload] of [
      ['GET', '/api/webhooks'],
      ['POST', '/api/webhooks', { url, events: ['ticket.created'], secret: SECRET }],
      ['PUT', `/api/webhooks/${id}`, { enabled: false }],
      ['DELETE', `/api/webhooks/${id}`],
      ['GET', `/api/webhooks/${id}/deliveries`],
      ['POST', `/api/webhooks/${id}/test`],
      ['POST', `/api/webhooks/${id}/deliveries/1/retry`],
    ] as const) {
      const res = await api(user.token, method, path, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect((await s.app.inject({ method, url: path, payload: payload as never })).statusCode).toBe(401);
    }
    for (const bad of [
      { url: 'ftp://x.test/', events: ['ticket.created'], secret: SECRET },
      { url, events: [], secret: SECRET },
      { url, events: ['ticket.exploded'], secret: SECRET },
      { url, events: ['ticket.created'], secret: 'short' },
    ]) {
      expect((await api(s.adminToken, 'POST', '/api/webhooks', bad)).statusCode).toBe(400);
    }
    expect((await api(s.adminToken, 'PUT', '/api/webhooks/999999', { enabled: false })).statusCode).toBe(404);
    const list = (await api(s.adminToken, 'GET', '/api/webhooks')).json().webhooks as { id: number; secretHint: string }[];
    expect(list.map((w) => w.id)).toEqual([id]);
    expect(JSON.stringify(list)).not.toContain(SECRET);
  });

  it('a change and its webhook event commit, or roll back, together', async () => {
    await createWebhook(['ticket.updated', 'message.created', 'contact.created']);
    const number = phoneNumber();
    const ticketId = await customerWrites(number, 'about my order');
    const eventsOf = async (key: string) =>
      (
        await s.database.db.select({ event: webhookDeliveries.event }).from(webhookDeliveries).where(eq(webhookDeliveries.orderingKey, key))
      ).map((d) => d.event);
    await waitFor(async () => (await eventsOf(`ticket:${ticketId}`)).includes('message.created'), 15_000);

    // The database refuses every delivery: the changes that would report one do not happen.
    await s.database.db.execute(
      sql`create function refuse_delivery() returns trigger language plpgsql as $$ begin raise exception 'deliveries refused'; end $$`,
    );
    await s.database.db.execute(
      sql`create trigger refuse_delivery before insert on webhook_deliveries for each row execute function refuse_delivery()`,
    );
    try {
      expect((await api(s.adminToken, 'PUT', `/api/tickets/${ticketId}`, { status: 'open' })).statusCode).toBe(500);
      const [still] = await s.database.db.select().from(tickets).where(eq(tickets.id, ticketId));
      expect(still).toMatchObject({ status: 'pending', userId: null });

      const other = phoneNumber();
      expect((await api(s.adminToken, 'POST', '/api/contacts', { name: 'Never stored', number: other })).statusCode).toBe(500);
      expect(await s.database.db.select().from(contacts).where(eq(contacts.number, other))).toEqual([]);
    } finally {
      await s.database.db.execute(sql`drop trigger refuse_delivery on webhook_deliveries`);
      await s.database.db.execute(sql`drop function refuse_delivery()`);
    }

    // Accepted now: the event is stored by the time the change is answered (same commit).
    expect((await api(s.adminToken, 'PUT', `/api/tickets/${ticketId}`, { status: 'open' })).statusCode).toBe(200);
    expect(await eventsOf(`ticket:${ticketId}`)).toContain('ticket.updated');
    const reply = await api(s.adminToken, 'POST', `/api/messages/${ticketId}`, { body: 'on its way' });
    expect(reply.statusCode, reply.body).toBe(201);
    expect((await eventsOf(`ticket:${ticketId}`)).filter((e) => e === 'message.created')).toHaveLength(2);
    // Delivered: the customer's message, the acceptance and the reply (none left for the next test).
    await waitFor(() => received.filter((r) => r.status === 200 && r.body.data.ticket?.id === ticketId).length === 3, 15_000);
    expect(received.filter((r) => r.body.data.ticket?.id === ticketId).map((r) => r.body.event)).toEqual([
      'message.created',
      'ticket.updated',
      'message.created',
    ]);
  });

  it('signs each delivery so the receiver can verify it, with the event id and timestamp', async () => {
    await createWebhook(['ticket.created', 'message.created', 'contact.created']);
    const number = phoneNumber();
    const ticketId = await customerWrites(number, 'hello there');
    await waitFor(() => received.length >= 3, 15_000);
    expect(received.map((r) => r.body.event).sort()).toEqual(['contact.created', 'message.created', 'ticket.created']);
    for (const r of received) {
      const t = r.headers['x-switchboard-timestamp'] as string;
      const expected = `sha256=${createHmac('sha256', SECRET).update(`${t}.${r.raw}`).digest('hex')}`;
      expect(r.headers['x-switchboard-signature']).toBe(expected);
      expect(r.headers['x-switchboard-event-id']).toBe(r.body.id);
      expect(r.headers['x-switchboard-event']).toBe(r.body.event);
      expect(Number.isNaN(Date.parse(r.body.timestamp))).toBe(false);
    }
    const message = received.find((r) => r.body.event === 'message.created')!;
    expect(message.body.data.message?.body).toBe('hello there');
    expect(message.body.data.ticket?.id).toBe(ticketId);
    // A wrong secret does not verify.
    const forged = `sha256=${createHmac('sha256', 'another-secret-entirely')
      .update(`${message.headers['x-switchboard-timestamp'] as string}.${message.raw}`)
      .digest('hex')}`;
    expect(message.headers['x-switchboard-signature']).not.toBe(forged);
  });

  it('retries after a 500 with the same event id, and the log shows it', async () => {
    const id = await createWebhook(['message.created']);
    answer = (_body, seenBefore) => (seenBefore === 0 ? 500 : 200);
    await customerWrites(phoneNumber(), 'please retry');
    await waitFor(() => received.filter((r) => r.status === 200).length === 1, 15_000);
    expect(received.map((r) => r.status)).toEqual([500, 200]);
    expect(received[0].body.id).toBe(received[1].body.id);
    const log = (await api(s.adminToken, 'GET', `/api/webhooks/${id}/deliveries`)).json().deliveries as {
      status: string;
      attempts: number;
      responseCode: number;
    }[];
    expect(log[0]).toMatchObject({ status: 'delivered', attempts: 2, responseCode: 200 });
  });

  it("keeps each ticket's events in order while one of them is being retried", async () => {
    await createWebhook(['message.created']);
    // The second message fails twice; the later ones must wait for it.
    answer = (body, seenBefore) => (body.data.message?.body === 'm2' && seenBefore < 2 ? 500 : 200);
    const number = phoneNumber();
    for (const body of ['m1', 'm2', 'm3', 'm4', 'm5']) await customerWrites(number, body);
    await waitFor(() => received.filter((r) => r.status === 200).length === 5, 20_000);
    const accepted = received.filter((r) => r.status === 200).map((r) => r.body.data.message?.body);
    expect(accepted).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    // Nothing after m2 was even attempted before m2 got through.
    const firstOk2 = received.findIndex((r) => r.body.data.message?.body === 'm2' && r.status === 200);
    expect(received.slice(0, firstOk2).map((r) => r.body.data.message?.body)).not.toContain('m3');
  });

  it('with two delivering processes, each event is delivered once and in order', async () => {
    const second = new WebhookDispatcher(s.ctx, { pollMs: 50 });
    second.start();
    try {
      await createWebhook(['message.created']);
      const number = phoneNumber();
      const bodies = Array.from({ length: 12 }, (_, i) => `p${i}`);
      for (const body of bodies) await customerWrites(number, body);
      await waitFor(() => received.length >= bodies.length, 20_000);
      await s.services.webhookDispatcher.idle();
      await second.idle();
      expect(received.map((r) => r.body.data.message?.body)).toEqual(bodies);
    } finally {
      await second.stop();
    }
  });

  it("another process's cached subscriptions follow a new webhook at once", async () => {
    const other = new WebhookDispatcher(s.ctx);
    await other.follow(s.database);
    try {
      // Warm the other process's cache while no webhook exists: it queues nothing.
      other.publish('message.created', 'ticket:515151', { message: { body: 'before' } });
      await other.idle();
      await createWebhook(['message.created']);
      await waitFor(async () => {
        other.publish('message.created', 'ticket:515151', { message: { body: 'after' } });
        await other.idle();
        return (await s.database.db.select().from(webhookDeliveries)).length > 0;
      }, 10_000);
      await waitFor(() => received.find((r) => r.body.data.message?.body === 'after'), 15_000);
      expect(received.some((r) => r.body.data.message?.body === 'before')).toBe(false);
    } finally {
      await other.stop();
    }
  });

  it('queued deliveries survive a restart of the dispatcher', async () => {
    const id = await createWebhook(['message.created']);
    await s.services.webhookDispatcher.stop();
    const stopped = new WebhookDispatcher(s.ctx);
    // Not started: it only writes to the queue, as a process that dies right after would.
    stopped.publish('message.created', 'ticket:424242', { message: { body: 'while down' } });
    await stopped.idle();
    const [queued] = await s.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id));
    expect(queued.status).toBe('pending');
    expect(received).toHaveLength(0);
    s.services.webhookDispatcher.start();
    await waitFor(() => received.find((r) => r.body.data.message?.body === 'while down'), 15_000);
  });

  it('gives up after the last attempt; a manual retry and a test delivery send again', async () => {
    const id = await createWebhook(['message.created']);
    s.services.webhookDispatcher.options.maxAttempts = 2;
    try {
      answer = () => 503;
      await customerWrites(phoneNumber(), 'doomed');
      const failed = await waitFor(async () => {
        const log = (await api(s.adminToken, 'GET', `/api/webhooks/${id}/deliveries`)).json().deliveries as {
          id: number;
          status: string;
          responseCode: number;
        }[];
        return log.find((d) => d.status === 'failed');
      }, 15_000);
      expect(failed.responseCode).toBe(503);
      answer = () => 200;
      const retried = await api(s.adminToken, 'POST', `/api/webhooks/${id}/deliveries/${failed.id}/retry`);
      expect(retried.statusCode).toBe(200);
      await waitFor(() => received.find((r) => r.status === 200 && r.body.data.message?.body === 'doomed'), 15_000);
      expect((await api(s.adminToken, 'POST', `/api/webhooks/${id}/deliveries/99999999/retry`)).statusCode).toBe(404);

      const test = await api(s.adminToken, 'POST', `/api/webhooks/${id}/test`);
      expect(test.statusCode).toBe(201);
      await waitFor(() => received.find((r) => r.body.event === 'webhook.test'), 15_000);
    } finally {
      s.services.webhookDispatcher.options.maxAttempts = 10;
    }
  });

  it('a disabled webhook gets nothing; deleting it removes its log', async () => {
    const id = await createWebhook(['message.created']);
    expect((await api(s.adminToken, 'PUT', `/api/webhooks/${id}`, { enabled: false })).json()).toMatchObject({ enabled: false });
    await customerWrites(phoneNumber(), 'unheard');
    await s.services.webhookDispatcher.idle();
    expect(received).toHaveLength(0);
    expect((await api(s.adminToken, 'DELETE', `/api/webhooks/${id}`)).statusCode).toBe(200);
    expect((await api(s.adminToken, 'GET', `/api/webhooks/${id}/deliveries`)).statusCode).toBe(404);
  });
});
