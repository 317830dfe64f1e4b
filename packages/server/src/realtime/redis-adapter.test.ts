/**
 * Several server processes share realtime through Redis: an event emitted by one server reaches a
 * browser connected to another, and presence is seen across both. Runs when TEST_REDIS_URL is set.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { bearer } from '../test/harness.js';
import { processGroup } from '../test/processes.js';
import { waitFor } from '../test/simulator.js';
import { connectedClient } from '../test/sockets.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('realtime across server processes (Redis adapter)', () => {
  const group = processGroup();
  afterAll(() => group.close());

  it('delivers an event emitted on one server to a client of the other, and shares presence', async () => {
    const secrets = { JWT_SECRET: 'x'.repeat(40), JWT_REFRESH_SECRET: 'y'.repeat(40) };
    const a = await group.start({ env: { REDIS_URL: redisUrl!, ...secrets } });
    const b = await group.start({ env: { REDIS_URL: redisUrl!, ...secrets } });
    const baseB = await b.listen();

    const { socket } = await connectedClient(baseB, a.adminToken, group.sockets);
    const got = new Promise<unknown>((resolve) => socket.on('settings', resolve));
    const res = await a.app.inject({
      method: 'PUT',
      url: '/api/settings/darkMode',
      headers: bearer(a.adminToken),
      payload: { value: 'enabled' },
    });
    expect(res.statusCode).toBe(200);
    expect(await got).toMatchObject({ action: 'update', setting: { key: 'darkMode', value: 'enabled' } });
    await waitFor(async () => (await a.ctx.realtime.onlineUserIds()).size > 0);
  });

  it('keeps two installations sharing one Redis apart: no events, no presence of the other', async () => {
    // Each installation has its own database; both use the same Redis, as a staging copy beside
    // production (or two companies on one managed Redis) would.
    const secrets = { JWT_SECRET: 'i'.repeat(40), JWT_REFRESH_SECRET: 'j'.repeat(40) };
    const ownInstallation = processGroup();
    const otherInstallation = processGroup();
    try {
      const own = await ownInstallation.start({ env: { REDIS_URL: redisUrl!, ...secrets } });
      const other = await otherInstallation.start({ env: { REDIS_URL: redisUrl!, ...secrets } });
      const otherBase = await other.listen();

      // The other installation's admin is signed in; their user id and rooms match this one's admin.
      const { socket: otherSocket } = await connectedClient(otherBase, other.adminToken, otherInstallation.sockets);
      const leaked: unknown[] = [];
      otherSocket.on('settings', (e) => leaked.push(e));
      const heard = new Promise<unknown>((resolve) => otherSocket.on('settings', resolve));

      // A settings change here is announced to this installation's users only.
      const res = await own.app.inject({
        method: 'PUT',
        url: '/api/settings/darkMode',
        headers: bearer(own.adminToken),
        payload: { value: 'enabled' },
      });
      expect(res.statusCode).toBe(200);
      // The other installation still hears its own changes (so the silence above is not a dead socket).
      const mine = await other.app.inject({
        method: 'PUT',
        url: '/api/settings/darkMode',
        headers: bearer(other.adminToken),
        payload: { value: 'disabled' },
      });
      expect(mine.statusCode).toBe(200);
      expect(await heard).toMatchObject({ setting: { key: 'darkMode', value: 'disabled' } });
      expect(leaked).toEqual([{ action: 'update', setting: expect.objectContaining({ key: 'darkMode', value: 'disabled' }) }]);
      // Presence counts this installation's sockets only.
      expect((await own.ctx.realtime.onlineUserIds()).size).toBe(0);
      expect((await other.ctx.realtime.onlineUserIds()).size).toBe(1);
    } finally {
      await ownInstallation.close();
      await otherInstallation.close();
    }
  });
});
