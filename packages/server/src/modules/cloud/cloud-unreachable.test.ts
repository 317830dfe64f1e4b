/**
 * A Cloud API connection whose Graph API cannot be reached says why on the Connections screen:
 * the connection is DISCONNECTED with the reason 'cloud-unreachable' (not a bare "Disconnected").
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { apiCaller } from '../../test/http.js';
import { waitFor } from '../../test/simulator.js';

/** A port nothing listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

describe('Cloud API connection that cannot reach Meta', () => {
  let s: TestServer;
  const api = apiCaller(() => s);

  beforeAll(async () => {
    s = await createTestServer({ env: { WHATSAPP_CLOUD_GRAPH_URL: `http://127.0.0.1:${await closedPort()}/v21.0` } });
  });
  afterAll(() => s.stop());

  it('is disconnected with the reason shown', async () => {
    const res = await api('POST', '/whatsapp', s.adminToken, {
      name: 'Cloud',
      channel: 'whatsapp-cloud',
      cloud: {
        phoneNumberId: '106540352242922',
        businessAccountId: '102290129340398',
        accessToken: 'EAAGtoken',
        appSecret: 'app-secret-0123456789',
        verifyToken: 'verify-token-x',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;
    const shown = await waitFor(async () => {
      const list = (await api('GET', '/whatsapp', s.adminToken)).json<{ id: number; status: string; statusReason: string }[]>();
      const c = list.find((x) => x.id === id);
      return c?.status === 'DISCONNECTED' && c.statusReason ? c : undefined;
    }, 15_000);
    expect(shown.statusReason).toBe('cloud-unreachable');
  });
});
