import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelHealthEvents, whatsapps } from '../../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { connectSimulator, phoneNumber, waitFor } from '../../test/simulator.js';

describe('linking by pairing code and channel health', () => {
  let s: TestServer;
  let agent: { token: string };

  beforeAll(async () => {
    s = await createTestServer({ env: { CHANNEL_HEALTH_ALERT_REFUSALS: '3', CHANNEL_HEALTH_ALERT_RECONNECTS: '2' } });
    agent = await s.createUser();
  });
  afterAll(() => s.stop());

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown, token = s.adminToken) =>
    s.app.inject({ method, url, headers: bearer(token), payload: payload as never });

  async function waitingSimulator(): Promise<number> {
    const created = await api('POST', '/api/whatsapp', { name: `Code ${phoneNumber()}`, channel: 'simulator' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().canPairByCode).toBe(true);
    const id = created.json().id as number;
    await waitFor(async () => (await api('GET', `/api/whatsapp/${id}`)).json().status === 'qrcode');
    return id;
  }

  it('links a simulator connection with the code typed on the phone with that number', async () => {
    const id = await waitingSimulator();
    const number = phoneNumber();
    const res = await api('POST', `/api/whatsappsession/${id}/pairing-code`, { number: `+${number}` });
    expect(res.statusCode, res.body).toBe(200);
    const { code } = res.json<{ code: string }>();
    expect(code).toMatch(/^[1-9A-HJ-NP-TV-Z]{8}$/);

    // Another phone, or a wrong code, links nothing.
    const otherPhone = await api('POST', '/api/simulator/pairing-code', { number: phoneNumber(), code });
    expect(otherPhone.statusCode).toBe(404);
    expect(otherPhone.json().error).toBe('ERR_PAIRING_CODE_INVALID');
    const wrong = await api('POST', '/api/simulator/pairing-code', { number, code: code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA' });
    expect(wrong.statusCode).toBe(404);
    expect((await api('GET', `/api/whatsapp/${id}`)).json().status).toBe('qrcode');

    // Typed as WhatsApp shows it (ABCD-EFGH), in lower case.
    const typed = await api('POST', '/api/simulator/pairing-code', { number, code: `${code.slice(0, 4)}-${code.slice(4)}`.toLowerCase() });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toEqual({ connectionId: id, number });
    const linked = await waitFor(async () => {
      const c = (await api('GET', `/api/whatsapp/${id}`)).json();
      return c.status === 'CONNECTED' && c;
    });
    expect(linked.number).toBe(number);
    // The code was used up.
    expect((await api('POST', '/api/simulator/pairing-code', { number, code })).statusCode).toBe(404);
  });

  it('refuses a non-admin, a bad number, a linked connection and a channel that cannot', async () => {
    const id = await waitingSimulator();
    const asAgent = await api('POST', `/api/whatsappsession/${id}/pairing-code`, { number: phoneNumber() }, agent.token);
    expect(asAgent.statusCode).toBe(403);
    expect(asAgent.json().error).toBe('ERR_NO_PERMISSION');
    for (const number of ['123', 'abc12345678', '1234567890123456', '']) {
      const bad = await api('POST', `/api/whatsappsession/${id}/pairing-code`, { number });
      expect(bad.statusCode, number).toBe(400);
      expect(bad.json().error).toBe('ERR_VALIDATION');
    }
    const missing = await api('POST', '/api/whatsappsession/999999/pairing-code', { number: phoneNumber() });
    expect(missing.statusCode).toBe(404);

    const { id: connected } = await connectSimulator(s);
    const already = await api('POST', `/api/whatsappsession/${connected}/pairing-code`, { number: phoneNumber() });
    expect(already.statusCode).toBe(409);

    const webchat = await api('POST', '/api/whatsapp', { name: `Site ${phoneNumber()}`, channel: 'webchat' });
    expect(webchat.statusCode, webchat.body).toBe(201);
    expect(webchat.json().canPairByCode).toBe(false);
    const refused = await api('POST', `/api/whatsappsession/${webchat.json().id}/pairing-code`, { number: phoneNumber() });
    expect(refused.statusCode).toBe(400);
    // Nothing was bound: the simulator connection still waits, with no code for anyone.
    expect((await api('GET', `/api/whatsapp/${id}`)).json().status).toBe('qrcode');
  });

  it("counts a connection's refusals by code, undecryptables, reconnects and its last close, and raises the alert", async () => {
    const { id } = await connectSimulator(s);
    const manager = s.services.channels;
    // An hour-old refusal no longer counts.
    await s.database.db
      .insert(channelHealthEvents)
      .values({ whatsappId: id, kind: 'refused', code: '463', at: new Date(Date.now() - 2 * 60 * 60 * 1000) });
    await manager.deliver(id, { type: 'failed', externalId: 'gone-1', error: 'ERR_SENDING_WAPP_MSG', code: '463' });
    await manager.deliver(id, { type: 'failed', externalId: 'gone-2', error: 'ERR_SENDING_WAPP_MSG', code: '463' });
    await manager.deliver(id, { type: 'failed', externalId: 'gone-3', error: 'ERR_SENDING_WAPP_MSG', code: '479' });
    await manager.deliver(id, { type: 'health', kind: 'undecryptable' });
    await manager.deliver(id, { type: 'health', kind: 'reconnect', reason: 'closed (500)' });
    await manager.deliver(id, { type: 'health', kind: 'rate-limited', reason: 'rate-overlimit' });

    const asAgent = await api('GET', '/api/whatsapp-health', undefined, agent.token);
    expect(asAgent.statusCode).toBe(403);

    const res = await api('GET', '/api/whatsapp-health');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().thresholds).toEqual({ refusals: 3, reconnects: 2 });
    const health = res.json().connections.find((c: { connectionId: number }) => c.connectionId === id);
    expect(health).toMatchObject({
      refused: 3,
      refusedByCode: { '463': 2, '479': 1 },
      undecryptable: 1,
      reconnects: 1,
      rateLimited: 1,
      lastCloseReason: 'closed (500)',
      alert: true,
    });

    // /api/health, anonymous: the counts per connection, no codes or reasons.
    const open = await s.app.inject({ method: 'GET', url: '/api/health' });
    expect(open.statusCode).toBe(200);
    const entry = open.json().channels.find((c: { id: number }) => c.id === id);
    expect(entry).toEqual({ id, alert: true, refused: 3, undecryptable: 1, reconnects: 1, rateLimited: 1 });
    expect(open.body).not.toContain('463');
    expect(open.body).not.toContain('closed (500)');
  });

  it("takes a stopped session's reason as the last close, and alerts on reconnects alone", async () => {
    const { id } = await connectSimulator(s);
    const manager = s.services.channels;
    await manager.deliver(id, { type: 'health', kind: 'reconnect', reason: 'closed (428)' });
    let health = (await api('GET', '/api/whatsapp-health')).json().connections.find((c: { connectionId: number }) => c.connectionId === id);
    expect(health).toMatchObject({ reconnects: 1, refused: 0, alert: false, lastCloseReason: 'closed (428)' });
    await manager.deliver(id, { type: 'health', kind: 'reconnect', reason: 'closed (503)' });
    await manager.deliver(id, { type: 'status', status: 'DISCONNECTED', reason: 'banned' });
    health = (await api('GET', '/api/whatsapp-health')).json().connections.find((c: { connectionId: number }) => c.connectionId === id);
    expect(health).toMatchObject({ reconnects: 2, alert: true, lastCloseReason: 'banned' });
    expect(health.lastCloseAt).toEqual(expect.any(String));
    // The record goes with the connection.
    await s.database.db.delete(whatsapps).where(eq(whatsapps.id, id));
    expect(await s.database.db.select().from(channelHealthEvents).where(eq(channelHealthEvents.whatsappId, id))).toEqual([]);
  });
  it("a simulated phone's connection that drops and comes back is a reconnect with its reason", async () => {
    const { id, number } = await connectSimulator(s);
    for (let i = 0; i < 2; i++) {
      const lost = await api('POST', '/api/simulator/connection-lost', { to: number });
      expect(lost.statusCode, lost.body).toBe(200);
    }
    expect((await api('POST', '/api/simulator/connection-lost', { to: number }, agent.token)).statusCode).toBe(403);
    const health = (await api('GET', '/api/whatsapp-health'))
      .json()
      .connections.find((c: { connectionId: number }) => c.connectionId === id);
    expect(health).toMatchObject({ reconnects: 2, lastCloseReason: 'connection lost', alert: true });
    expect((await api('GET', `/api/whatsapp/${id}`)).json().status).toBe('CONNECTED');
  });
});
