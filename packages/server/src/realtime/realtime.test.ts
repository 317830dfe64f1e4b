import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TokenSigner } from '../modules/auth/tokens.js';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a socket payload as the client receives it: raw JSON, read field by field
type Payload = any;

type Transport = 'websocket' | 'polling';

describe('realtime', () => {
  let s: TestServer;
  let base: string;
  const open: Socket[] = [];

  function socketFor(token: string | undefined, opts: { origin?: string; transport?: Transport } = {}): Socket {
    const socket = ioClient(base, {
      path: '/socket.io',
      transports: [opts.transport ?? 'websocket'],
      reconnection: false,
      forceNew: true,
      auth: token === undefined ? {} : { token },
      ...(opts.origin ? { extraHeaders: { Origin: opts.origin } } : {}),
    });
    open.push(socket);
    return socket;
  }

  /** Resolves with 'connected', or with the connect_error message. */
  function outcome(socket: Socket): Promise<{ connected: true } | { connected: false; message: string }> {
    return new Promise((resolve) => {
      socket.once('connect', () => resolve({ connected: true }));
      socket.once('connect_error', (err) => resolve({ connected: false, message: err.message }));
    });
  }

  async function connected(token: string, opts: { origin?: string; transport?: Transport } = {}): Promise<Socket> {
    const socket = socketFor(token, opts);
    const result = await outcome(socket);
    if (!result.connected) throw new Error(`socket refused: ${result.message}`);
    return socket;
  }

  /** Records every event a socket receives, in order. */
  function record(socket: Socket): { event: string; payload: Payload }[] {
    const log: { event: string; payload: Payload }[] = [];
    socket.onAny((event, payload) => log.push({ event, payload }));
    return log;
  }

  function next(socket: Socket, event: string, match: (payload: Payload) => boolean = () => true): Promise<Payload> {
    return new Promise((resolve) => {
      const handler = (payload: Payload) => {
        if (!match(payload)) return;
        socket.off(event, handler);
        resolve(payload);
      };
      socket.on(event, handler);
    });
  }

  /** The disconnect reason; fails (instead of hanging to the test timeout) if it never comes. */
  const disconnected = (socket: Socket) =>
    new Promise<string>((resolve, reject) => {
      const bound = setTimeout(() => reject(new Error('socket was not disconnected')), 10_000);
      socket.once('disconnect', (reason) => {
        clearTimeout(bound);
        resolve(reason);
      });
    });

  const putSetting = (key: string, value: string) =>
    s.app.inject({ method: 'PUT', url: `/api/settings/${key}`, headers: bearer(s.adminToken), payload: { value } });

  beforeAll(async () => {
    s = await createTestServer();
    base = await s.listen();
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.disconnect();
  });
  afterAll(() => s.stop());

  describe('handshake', () => {
    it('refuses a connection without a token', async () => {
      const result = await outcome(socketFor(undefined));
      expect(result).toEqual({ connected: false, message: 'ERR_SESSION_EXPIRED' });
    });

    it('refuses a bad, forged or expired token, and a token passed in the query string', async () => {
      expect((await outcome(socketFor('garbage'))).connected).toBe(false);
      const forged = await new TokenSigner('not-the-server-secret-not-the-server-secret').sign(1, 'admin');
      expect((await outcome(socketFor(forged))).connected).toBe(false);
      const me = (await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(s.adminToken) })).json();
      const expired = await new TokenSigner(s.ctx.secrets.jwtSecret).sign(me.id, 'admin', -10);
      expect((await outcome(socketFor(expired))).connected).toBe(false);

      const viaQuery = ioClient(base, { transports: ['websocket'], reconnection: false, forceNew: true, query: { token: s.adminToken } });
      open.push(viaQuery);
      expect((await outcome(viaQuery)).connected).toBe(false);
    });

    it('accepts a valid token', async () => {
      const socket = await connected(s.adminToken);
      expect(socket.connected).toBe(true);
    });

    it.each(['websocket', 'polling'] as const)('refuses a browser Origin of another site (%s)', async (transport) => {
      const result = await outcome(socketFor(s.adminToken, { origin: 'http://evil.example', transport }));
      expect(result.connected).toBe(false);
    });

    it.each(['websocket', 'polling'] as const)('accepts the same origin (%s)', async (transport) => {
      const socket = await connected(s.adminToken, { origin: base, transport });
      expect(socket.connected).toBe(true);
    });

    it('refuses an origin that only looks like ours', async () => {
      const port = new URL(base).port;
      for (const origin of [`http://127.0.0.1.evil.example:${port}`, `http://127.0.0.1:${Number(port) + 1}`, 'null']) {
        expect((await outcome(socketFor(s.adminToken, { origin }))).connected, origin).toBe(false);
      }
    });
  });

  describe('forwarded host', () => {
    // A page of another site names its own host in X-Forwarded-Host; only a trusted proxy's word counts.
    const viaForwardedHost = (server: string, token: string) => {
      const socket = ioClient(server, {
        path: '/socket.io',
        transports: ['polling'],
        reconnection: false,
        forceNew: true,
        auth: { token },
        extraHeaders: { Origin: 'http://evil.example', 'X-Forwarded-Host': 'evil.example' },
      });
      open.push(socket);
      return outcome(socket);
    };

    it('is ignored without TRUST_PROXY', async () => {
      expect((await viaForwardedHost(base, s.adminToken)).connected).toBe(false);
    });

    it('is believed from a trusted proxy', async () => {
      const proxied = await createTestServer({ env: { TRUST_PROXY: 'true' } });
      try {
        const url = await proxied.listen();
        expect(await viaForwardedHost(url, proxied.adminToken)).toEqual({ connected: true });
      } finally {
        await proxied.stop();
      }
    });
  });

  describe('events', () => {
    it('a settings update reaches every signed-in user; the API token update reaches admins only', async () => {
      const agent = await s.createUser();
      const adminSocket = await connected(s.adminToken);
      const agentSocket = await connected(agent.token);
      const agentLog = record(agentSocket);

      const adminSawToken = next(adminSocket, 'settings', (p) => p.setting?.key === 'userApiToken');
      const regen = await s.app.inject({ method: 'POST', url: '/api/settings/userApiToken/regenerate', headers: bearer(s.adminToken) });
      expect(regen.statusCode).toBe(200);
      const tokenEvent = await adminSawToken;
      expect(tokenEvent).toMatchObject({ action: 'update', setting: { key: 'userApiToken', value: regen.json().value } });

      // Events on one socket arrive in order: once the agent has the later darkMode update,
      // it would already have had the token update if it had been sent to it.
      const agentSawDark = next(agentSocket, 'settings', (p) => p.setting?.key === 'darkMode');
      const adminSawDark = next(adminSocket, 'settings', (p) => p.setting?.key === 'darkMode');
      expect((await putSetting('darkMode', 'enabled')).statusCode).toBe(200);
      expect(await agentSawDark).toMatchObject({ action: 'update', setting: { key: 'darkMode', value: 'enabled' } });
      await adminSawDark;
      expect(agentLog.filter((e) => e.event === 'settings').map((e) => e.payload.setting.key)).toEqual(['darkMode']);
      expect(JSON.stringify(agentLog)).not.toContain(regen.json().value);
      await putSetting('darkMode', 'disabled');
    });

    it('a demoted admin stops receiving admin-only events at once', async () => {
      const second = await s.createUser({ profile: 'admin' });
      const socket = await connected(second.token);
      const log = record(socket);
      const sawFirst = next(socket, 'settings', (p) => p.setting?.key === 'userApiToken');
      await s.app.inject({ method: 'POST', url: '/api/settings/userApiToken/regenerate', headers: bearer(s.adminToken) });
      await sawFirst;

      const demoted = await s.app.inject({
        method: 'PUT',
        url: `/api/users/${second.id}`,
        headers: bearer(s.adminToken),
        payload: { profile: 'user' },
      });
      expect(demoted.statusCode).toBe(200);
      const regen = await s.app.inject({ method: 'POST', url: '/api/settings/userApiToken/regenerate', headers: bearer(s.adminToken) });
      const sawDark = next(socket, 'settings', (p) => p.setting?.key === 'darkMode');
      await putSetting('darkMode', 'enabled');
      await sawDark;
      expect(log.filter((e) => e.event === 'settings').map((e) => e.payload.setting.key)).toEqual(['userApiToken', 'darkMode']);
      expect(JSON.stringify(log)).not.toContain(regen.json().value);
      await putSetting('darkMode', 'disabled');
    });

    it('sends the user event on create, update and delete', async () => {
      const agent = await s.createUser();
      const socket = await connected(agent.token);

      const created = next(socket, 'user', (p) => p.action === 'create');
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: bearer(s.adminToken),
        payload: { name: 'Realtime Rita', email: 'rita@test.local', password: 'secret1' },
      });
      expect(res.statusCode).toBe(201);
      const id = res.json().id;
      const c = await created;
      expect(c.user).toMatchObject({ id, name: 'Realtime Rita', profile: 'user' });
      expect(JSON.stringify(c).toLowerCase()).not.toContain('password');

      const updated = next(socket, 'user', (p) => p.action === 'update');
      await s.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: bearer(s.adminToken), payload: { name: 'Rita Renamed' } });
      expect((await updated).user).toMatchObject({ id, name: 'Rita Renamed' });

      const deleted = next(socket, 'user', (p) => p.action === 'delete');
      await s.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: bearer(s.adminToken) });
      expect(await deleted).toEqual({ action: 'delete', userId: id });
    });
  });

  describe('disconnection', () => {
    it('disconnects a socket when its access token expires', async () => {
      const agent = await s.createUser();
      const shortLived = await new TokenSigner(s.ctx.secrets.jwtSecret).sign(agent.id, 'user', 2);
      const socket = await connected(shortLived);
      const reason = await disconnected(socket);
      expect(reason).toBe('io server disconnect');
      // A long-lived socket of the same user is untouched.
      const fresh = await connected(agent.token);
      expect(fresh.connected).toBe(true);
    });

    it("disconnects a deleted user's sockets, and only theirs", async () => {
      const agent = await s.createUser();
      const bystander = await s.createUser();
      const s1 = await connected(agent.token);
      const s2 = await connected(agent.token, { transport: 'polling' });
      const other = await connected(bystander.token);
      const gone = Promise.all([disconnected(s1), disconnected(s2)]);
      const bystanderSawDelete = next(other, 'user', (p) => p.action === 'delete' && p.userId === agent.id);
      const res = await s.app.inject({ method: 'DELETE', url: `/api/users/${agent.id}`, headers: bearer(s.adminToken) });
      expect(res.statusCode).toBe(200);
      expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
      await bystanderSawDelete;
      expect(other.connected).toBe(true);
      // Reconnecting with the old token fails: the user no longer exists.
      expect((await outcome(socketFor(agent.token))).connected).toBe(false);
    });
  });
});
