/**
 * Linking through the product on the real baileys driver over the protocol test server: the
 * admin's pairing code (the route, the session manager, the driver, WhatsApp's link_code exchange)
 * and a passkey request shown as the connection's state and its last close.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { waitFor } from '../../test/simulator.js';
import { createWhatsappDriver } from '../whatsapp/driver.js';
import { WhatsAppTestServer } from '../whatsapp/test-server/server.js';

interface Connection {
  id: number;
  status: string;
  statusReason?: string;
  qrcode: string;
  number: string;
  canPairByCode?: boolean;
}

describe('linking a WhatsApp connection through the product', () => {
  let wa: WhatsAppTestServer;
  let s: TestServer;
  let agentToken: string;

  beforeAll(async () => {
    wa = await WhatsAppTestServer.start();
    s = await createTestServer({
      factories: { whatsapp: (ctx) => createWhatsappDriver(ctx, { waWebSocketUrl: wa.url, reconnectDelays: [100, 500] }) },
    });
    agentToken = (await s.createUser()).token;
  });
  afterAll(async () => {
    await s.stop();
    await wa.close();
  });

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown, token = s.adminToken) =>
    s.app.inject({ method, url, headers: bearer(token), payload: payload as never });
  const connection = async (id: number) => (await api('GET', `/api/whatsapp/${id}`)).json<Connection>();
  const waitingConnection = async (name: string) => {
    const created = await api('POST', '/api/whatsapp', { name, channel: 'whatsapp' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Connection>().id;
    await waitFor(async () => (await connection(id)).qrcode, 20_000);
    return id;
  };

  it('links with the pairing code the admin asked for, typed on the phone with that number', { timeout: 60_000 }, async () => {
    const company = '5511960000101';
    const id = await waitingConnection('By code');
    expect((await connection(id)).canPairByCode).toBe(true);
    expect((await api('POST', `/api/whatsappsession/${id}/pairing-code`, { number: company }, agentToken)).statusCode).toBe(403);

    const res = await api('POST', `/api/whatsappsession/${id}/pairing-code`, { number: `+55 11 96000-0101` });
    expect(res.statusCode, res.body).toBe(200);
    const { code } = res.json<{ code: string }>();
    expect(code).toMatch(/^[1-9A-HJ-NP-TV-Z]{8}$/);

    await waitFor(() => wa.hasCodeRequest(company), 20_000);
    await wa.enterPairingCode(company, code);
    const linked = await waitFor(async () => {
      const c = await connection(id);
      return c.status === 'CONNECTED' && c;
    }, 20_000);
    expect(linked.number).toBe(company);
    // Linked: no code is made for a connected session.
    expect((await api('POST', `/api/whatsappsession/${id}/pairing-code`, { number: company })).statusCode).toBe(409);
  });

  it('shows a passkey request as its own state and last close, instead of linking for ever', { timeout: 60_000 }, async () => {
    const company = '5511960000102';
    const id = await waitingConnection('Passkey');
    wa.requirePasskey(company);
    wa.scan((await connection(id)).qrcode, company);
    const stopped = await waitFor(async () => {
      const c = await connection(id);
      return c.status === 'DISCONNECTED' && c;
    }, 20_000);
    expect(stopped.statusReason).toBe('passkey-required');
    // The close is recorded just after the status is saved.
    const lastClose = async () =>
      (await api('GET', '/api/whatsapp-health'))
        .json<{ connections: { connectionId: number; lastCloseReason: string }[] }>()
        .connections.find((c) => c.connectionId === id)?.lastCloseReason;
    await waitFor(async () => (await lastClose()) === 'passkey-required', 20_000);
  });
});
