import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { TestClock } from '../../test/clock.js';
import { createTestServer, type TestServer } from '../../test/harness.js';

const loginFrom = (s: TestServer, email: string, password: string, remoteAddress: string, forwardedFor?: string) =>
  s.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
  });

describe('TRUST_PROXY and the account-wide sign-in bound', () => {
  const clock = new TestClock('2024-03-04T12:00:00Z');
  let viaNginx: TestServer; // TRUST_PROXY=true, nginx on this machine (docs/operations.md)
  let viaListedProxy: TestServer; // TRUST_PROXY=10.1.0.0/16,127.0.0.1

  beforeAll(async () => {
    viaNginx = await createTestServer({ clock, env: { TRUST_PROXY: 'true' } });
    viaListedProxy = await createTestServer({ clock, env: { TRUST_PROXY: '10.1.0.0/16, 127.0.0.1' } });
  });
  afterAll(async () => {
    await viaNginx.stop();
    await viaListedProxy.stop();
  });

  it('behind the documented nginx, an address the client writes into X-Forwarded-For is not its address', async () => {
    const u = await viaNginx.createUser();
    // nginx's $proxy_add_x_forwarded_for keeps what the client sent and appends the real address.
    for (let i = 0; i < 10; i++) {
      const res = await loginFrom(viaNginx, u.email, `wrong-${i}`, '127.0.0.1', `192.0.2.${i + 1}, 198.51.100.77`);
      expect(res.statusCode).toBe(401);
    }
    // The 11th try is from the same client (198.51.100.77), whatever it claims: locked from there.
    const locked = await loginFrom(viaNginx, u.email, u.password, '127.0.0.1', '192.0.2.200, 198.51.100.77');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: 'ERR_TOO_MANY_REQUESTS' });
    // Another client behind the same nginx is not locked out by it.
    expect((await loginFrom(viaNginx, u.email, u.password, '127.0.0.1', '198.51.100.78')).statusCode).toBe(200);
  });

  it('a client that reaches the server directly cannot choose its address with X-Forwarded-For', async () => {
    const u = await viaNginx.createUser();
    for (let i = 0; i < 10; i++) {
      expect((await loginFrom(viaNginx, u.email, `wrong-${i}`, '198.51.100.90', `192.0.2.${i + 1}`)).statusCode).toBe(401);
    }
    expect((await loginFrom(viaNginx, u.email, u.password, '198.51.100.90', '192.0.2.99')).statusCode).toBe(429);
  });

  it('60 wrong passwords for one account, each from a new address, lock it everywhere until the window passes', async () => {
    const u = await viaListedProxy.createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      // Each a real, different client behind a trusted proxy (10.1.0.4, then the local balancer).
      const res = await loginFrom(viaListedProxy, u.email, `wrong-${i}`, '127.0.0.1', `203.0.113.${i + 1}, 10.1.0.4`);
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((c) => c === 401)).toBe(true);
    expect(statuses.slice(20).every((c) => c === 429)).toBe(true);
    // The right password, from an address that never failed, is refused too…
    const right = await loginFrom(viaListedProxy, u.email, u.password, '127.0.0.1', '198.51.100.5, 10.1.0.4');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ error: 'ERR_TOO_MANY_REQUESTS' });
    // …while other accounts sign in from those same addresses.
    const other = await viaListedProxy.createUser();
    expect((await loginFrom(viaListedProxy, other.email, other.password, '127.0.0.1', '203.0.113.1, 10.1.0.4')).statusCode).toBe(200);
    // Once the window has passed the owner signs in.
    clock.advance(16 * 60 * 1000);
    expect((await loginFrom(viaListedProxy, u.email, u.password, '127.0.0.1', '198.51.100.5, 10.1.0.4')).statusCode).toBe(200);
  });

  it('reads TRUST_PROXY as false, true, a hop count or addresses/CIDRs, and refuses anything else', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/x' } as const;
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toEqual({ addresses: ['loopback'] });
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, fd00::/8' }).trustProxy).toEqual({ addresses: ['10.0.0.1', 'fd00::/8'] });
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });
});
