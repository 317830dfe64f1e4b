/**
 * What the session manager does with a driver's events: a session that stopped for a reason shows
 * it (spec §4 Connection status: DISCONNECTED); an event whose handling failed is tried again.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { waitFor } from '../test/simulator.js';
import type { ChannelDriver, DriverContext } from './driver.js';

describe('session events', () => {
  const contexts: DriverContext[] = [];
  let s: TestServer;
  beforeAll(async () => {
    const factory = (ctx: DriverContext): ChannelDriver => {
      contexts.push(ctx);
      const refuse = () => Promise.reject(new Error('not used'));
      return {
        kind: 'whatsapp',
        start: () => Promise.resolve(),
        stop: () => Promise.resolve(),
        logout: () => Promise.resolve(),
        sendText: refuse,
        sendMedia: refuse,
        deleteForEveryone: refuse,
        markRead: refuse,
        checkNumber: refuse,
        importContacts: () => Promise.resolve([]),
        rejectCall: refuse,
      };
    };
    s = await createTestServer({ factories: { whatsapp: factory } });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('is shown while DISCONNECTED and cleared once the session runs again', async () => {
    const created = await s.app.inject({ method: 'POST', url: '/api/whatsapp', headers: bearer(s.adminToken), payload: { name: 'Loja' } });
    const id = created.json().id as number;
    const get = async () => (await s.app.inject({ method: 'GET', url: `/api/whatsapp/${id}`, headers: bearer(s.adminToken) })).json();
    const ctx = await waitFor(() => contexts.find((c) => c.connectionId === id));

    await ctx.emit({ type: 'status', status: 'DISCONNECTED', reason: 'banned' });
    expect(await get()).toMatchObject({ status: 'DISCONNECTED', statusReason: 'banned' });

    await ctx.emit({ type: 'status', status: 'CONNECTED', number: '5511900000000' });
    expect(await get()).toMatchObject({ status: 'CONNECTED', statusReason: '' });
  });

  it('a channel event whose handling failed is tried again, not lost', async () => {
    const ctx = contexts[0];
    const handled: string[] = [];
    let failures = 1;
    // The manager hands events to the inbound pipeline: replaced here by one that fails once.
    vi.spyOn(s.services.inbound, 'handle').mockImplementation((_id, event) => {
      if (failures-- > 0) return Promise.reject(new Error('database unavailable'));
      if (event.type === 'edit') handled.push(event.body);
      return Promise.resolve();
    });
    await ctx.emit({ type: 'edit', externalId: 'X1', body: 'primeira' });
    await ctx.emit({ type: 'edit', externalId: 'X2', body: 'segunda' });
    expect(handled).toEqual(['primeira', 'segunda']);
  });
});
