/**
 * Outgoing webhooks never reach this machine or a private network unless the installation allows
 * it: an obviously private address is refused when saved, and every delivery checks the address
 * it connects to (a name is checked on what it resolves to at that moment).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhooks } from '../../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { isNonPublicAddress, isObviouslyPrivateUrl } from './target-guard.js';

const SECRET = 'a-very-secret-secret-1234';

describe('which addresses are private', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '100.100.100.200',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fd00:ec2::254',
    'fc00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
  ])('%s is refused', (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.63.255.255', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(isNonPublicAddress(address)).toBe(false);
  });

  it('URLs plainly aimed at this machine or a private network', () => {
    for (const url of [
      'http://127.0.0.1:8080/x',
      'http://localhost/hook',
      'https://api.localhost/',
      'http://[::1]:9000/',
      'http://169.254.169.254/latest/meta-data',
      'http://[::ffff:10.0.0.1]/',
      'http://2130706433/',
      'http://0x7f.1/',
    ]) {
      expect(isObviouslyPrivateUrl(url), url).toBe(true);
    }
    for (const url of ['https://hooks.example.com/in', 'http://8.8.8.8/x', 'https://crm.example.org:8443/hook']) {
      expect(isObviouslyPrivateUrl(url), url).toBe(false);
    }
  });
});

describe('webhook targets', () => {
  let s: TestServer;
  let receiver: http.Server;
  let port: number;
  let hits = 0;

  const api = (token: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) =>
    s.app.inject({ method, url: path, headers: bearer(token), payload: payload as never });

  beforeAll(async () => {
    receiver = http.createServer((_req, res) => {
      hits += 1;
      res.writeHead(200).end();
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    port = (receiver.address() as AddressInfo).port;
    s = await createTestServer();
  }, 60_000);
  afterAll(async () => {
    await s.stop();
    await new Promise((r) => receiver.close(r));
  });
  beforeEach(async () => {
    await s.database.db.delete(webhooks);
    hits = 0;
  });

  it('refuses to save a loopback, private, link-local or metadata address, storing nothing', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/hook`,
      'http://localhost/hook',
      'http://[::1]/hook',
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest/meta-data',
    ]) {
      const res = await api(s.adminToken, 'POST', '/api/webhooks', { url, events: ['ticket.created'], secret: SECRET });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ error: 'ERR_WEBHOOK_PRIVATE_TARGET' });
    }
    expect(await s.database.db.select().from(webhooks)).toHaveLength(0);

    const ok = await api(s.adminToken, 'POST', '/api/webhooks', {
      url: 'https://hooks.example.com/in',
      events: ['ticket.created'],
      secret: SECRET,
    });
    expect(ok.statusCode).toBe(201);
    const moved = await api(s.adminToken, 'PUT', `/api/webhooks/${ok.json<{ id: number }>().id}`, { url: 'http://192.168.0.10/hook' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ error: 'ERR_WEBHOOK_PRIVATE_TARGET' });
    const [row] = await s.database.db.select().from(webhooks);
    expect(row.url).toBe('https://hooks.example.com/in');
  });

  it('an attendant cannot register a webhook at all', async () => {
    const agent = await s.createUser();
    const res = await api(agent.token, 'POST', '/api/webhooks', {
      url: 'https://hooks.example.com/in',
      events: ['ticket.created'],
      secret: SECRET,
    });
    expect(res.statusCode).toBe(403);
  });

  // Stored directly: a webhook saved before this rule, or a name that resolved elsewhere when saved.
  it.each([
    ['an address', () => `http://127.0.0.1:${port}/hook`, 'ERR_WEBHOOK_PRIVATE_TARGET: 127.0.0.1'],
    ['a name resolving to loopback', () => `http://localhost:${port}/hook`, 'ERR_WEBHOOK_PRIVATE_TARGET: '],
  ])(
    'a delivery to %s on this machine is refused at connect time, shown with its reason, never retried',
    async (_label, target, reason) => {
      const [hook] = await s.database.db
        .insert(webhooks)
        .values({ url: target(), events: ['ticket.created'], secret: SECRET, enabled: true })
        .returning();
      expect((await api(s.adminToken, 'POST', `/api/webhooks/${hook.id}/test`)).statusCode).toBe(201);
      await s.services.webhookDispatcher.idle();
      expect(hits).toBe(0);
      const log = await api(s.adminToken, 'GET', `/api/webhooks/${hook.id}/deliveries`);
      const [delivery] = log.json<{ deliveries: { status: string; lastError: string | null; attempts: number }[] }>().deliveries;
      expect(delivery).toMatchObject({ status: 'failed', attempts: 1 });
      expect(delivery.lastError).toContain(reason);
      expect(delivery.lastError).toContain('WEBHOOKS_ALLOW_PRIVATE');
      const [row] = await s.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id));
      expect(row.status).toBe('failed');
    },
  );

  it('with WEBHOOKS_ALLOW_PRIVATE=true the same targets are saved and delivered', async () => {
    const allowed = await createTestServer({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    try {
      for (const url of [`http://127.0.0.1:${port}/hook`, `http://localhost:${port}/hook`]) {
        const res = await allowed.app.inject({
          method: 'POST',
          url: '/api/webhooks',
          headers: bearer(allowed.adminToken),
          payload: { url, events: ['ticket.created'], secret: SECRET },
        });
        expect(res.statusCode, res.body).toBe(201);
        const id = res.json<{ id: number }>().id;
        await allowed.app.inject({ method: 'POST', url: `/api/webhooks/${id}/test`, headers: bearer(allowed.adminToken) });
      }
      await allowed.services.webhookDispatcher.idle();
      expect(hits).toBe(2);
    } finally {
      await allowed.stop();
    }
  });
});
