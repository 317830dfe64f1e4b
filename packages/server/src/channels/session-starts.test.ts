/**
 * Session actions on one connection run one after another: two overlapping "try again" (or
 * restart) requests must not open two sessions — two sockets — for one pairing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { waitFor } from '../test/simulator.js';
import type { ChannelDriver, DriverContext } from './driver.js';

/** A driver whose start takes a while, like a socket loading its auth state from the database. */
function slowDriverFactory(live: Set<ChannelDriver>) {
  return (ctx: DriverContext): ChannelDriver => {
    const driver: ChannelDriver = {
      kind: 'whatsapp',
      async start() {
        await new Promise((resolve) => setTimeout(resolve, 30));
        live.add(driver);
        void ctx.emit({ type: 'status', status: 'CONNECTED', number: '5511900000000' });
      },
      stop() {
        live.delete(driver);
        return Promise.resolve();
      },
      logout() {
        live.delete(driver);
        return Promise.resolve();
      },
      sendText: () => Promise.reject(new Error('not used')),
      sendMedia: () => Promise.reject(new Error('not used')),
      deleteForEveryone: () => Promise.reject(new Error('not used')),
      markRead: () => Promise.reject(new Error('not used')),
      checkNumber: () => Promise.reject(new Error('not used')),
      importContacts: () => Promise.resolve([]),
      rejectCall: () => Promise.reject(new Error('not used')),
    };
    return driver;
  };
}

describe('session starts per connection', () => {
  const live = new Set<ChannelDriver>();
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer({ factories: { whatsapp: slowDriverFactory(live) } });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('overlapping "try again" requests leave exactly one running session', async () => {
    const created = await s.app.inject({ method: 'POST', url: '/api/whatsapp', headers: bearer(s.adminToken), payload: { name: 'Loja' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    await waitFor(() => live.size === 1);

    const tryAgain = () => s.app.inject({ method: 'POST', url: `/api/whatsappsession/${id}`, headers: bearer(s.adminToken) });
    const answers = await Promise.all([tryAgain(), tryAgain(), tryAgain()]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await s.services.channels.idle();
    expect(live.size).toBe(1);
    expect(s.services.channels.connected(id)).toBe([...live][0]);
  });
});
