/**
 * GET /metrics: refused without its token, off when not configured, and its figures follow what
 * happens — requests by route pattern, sockets, the outbox, connections' states.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { connectedClient } from '../test/sockets.js';
import { customerWrites, phoneNumber } from '../test/simulator.js';

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample, by metric name and exact labels; undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.keys(found).length === Object.keys(labels).length && Object.entries(labels).every(([k, v]) => found[k] === v))
      return Number(match[3]);
  }
  return undefined;
}

describe('metrics behind a token', () => {
  let s: TestServer;
  let base: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    s = await createTestServer({ env: { METRICS_TOKEN: TOKEN } });
    base = await s.listen();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await s?.stop();
  });
  const scrape = async () => {
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    return res.text();
  };

  it("refuses a missing or wrong token, and a user's session token", async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: TOKEN }, bearer(s.adminToken)]) {
      const res = await fetch(`${base}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'ERR_INVALID_TOKEN' });
    }
  });

  it('counts requests by route pattern and status', async () => {
    const route = { method: 'GET', route: '/api/tickets/:id', status: '404' };
    const before = sample(await scrape(), 'switchboard_http_request_duration_seconds_count', route) ?? 0;
    for (const id of [999_991, 999_992]) {
      const res = await fetch(`${base}/api/tickets/${id}`, { headers: bearer(s.adminToken) });
      expect(res.status).toBe(404);
    }
    const text = await scrape();
    expect(sample(text, 'switchboard_http_request_duration_seconds_count', route)).toBe(before + 2);
    expect(sample(text, 'switchboard_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(before + 2);
    // The raw URL never becomes a label (a sample's value may hold those digits: only labels are read).
    const labels = [...text.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((l) => l.includes('999991') || l.includes('999992'))).toEqual([]);
  });

  it('follows the realtime sockets, the outbox and the connections', async () => {
    const first = await scrape();
    expect(sample(first, 'switchboard_realtime_sockets', { namespace: '/' })).toBe(0);
    expect(sample(first, 'switchboard_outbox_depth')).toBe(0);
    expect(sample(first, 'switchboard_outbox_oldest_age_seconds')).toBe(0);
    expect(sample(first, 'switchboard_inbound_journal_depth', { state: 'pending' })).toBe(0);
    expect(sample(first, 'switchboard_job_leader')).toBeDefined();
    expect(sample(first, 'switchboard_database_pool_connections', { state: 'total' })).toBeGreaterThan(0);

    await connectedClient(base, s.adminToken, sockets);
    // A simulator connection never paired: a reply to its customer waits in the outbox.
    const created = await fetch(`${base}/api/whatsapp`, {
      method: 'POST',
      headers: { ...bearer(s.adminToken), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Unpaired', channel: 'simulator' }),
    });
    expect(created.status).toBe(201);
    const connectionId = ((await created.json()) as { id: number }).id;
    const stored = await customerWrites(s, connectionId, phoneNumber(), 'olá');
    const ticketId = stored!.ticket.id;
    const sent = await fetch(`${base}/api/messages/${ticketId}`, {
      method: 'POST',
      headers: { ...bearer(s.adminToken), 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'resposta' }),
    });
    expect(sent.status).toBe(201);

    const after = await scrape();
    expect(sample(after, 'switchboard_realtime_sockets', { namespace: '/' })).toBe(1);
    expect(sample(after, 'switchboard_outbox_depth')).toBe(1);
    expect(sample(after, 'switchboard_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    const states = after.split('\n').filter((l) => l.startsWith(`switchboard_connection_status{connection="${connectionId}"`));
    expect(states).toHaveLength(1);
    expect(sample(after, 'switchboard_connection_session_here', { connection: String(connectionId) })).toBeDefined();
    expect(sample(after, 'switchboard_connection_sends_refused_last_hour', { connection: String(connectionId) })).toBe(0);
    expect(sample(after, 'switchboard_connection_reconnects_last_hour', { connection: String(connectionId) })).toBe(0);
  });
});

describe('metrics off, or on their own address', () => {
  it('is not served when neither METRICS_TOKEN nor METRICS_LISTEN is set', async () => {
    const s = await createTestServer();
    try {
      const res = await s.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(s.metricsPort).toBeUndefined();
    } finally {
      await s.stop();
    }
  });

  it("METRICS_LISTEN serves it on its own port, not on the app's", async () => {
    const s = await createTestServer({ env: { METRICS_LISTEN: '127.0.0.1:0' } });
    try {
      expect((await s.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const res = await fetch(`http://127.0.0.1:${s.metricsPort}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE switchboard_outbox_depth gauge');
      expect((await fetch(`http://127.0.0.1:${s.metricsPort}/other`)).status).toBe(404);
    } finally {
      await s.stop();
    }
  });
});
