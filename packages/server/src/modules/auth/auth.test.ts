import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestServer, type TestServer } from '../../test/harness.js';

describe('auth', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(() => s.stop());

  it('signs in with the right password and returns token and user without secrets', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ email: ADMIN_EMAIL, profile: 'admin' });
    expect(JSON.stringify(body)).not.toContain('password');
    expect(res.headers['set-cookie']).toMatch(/jrt=.*HttpOnly/i);
  });

  it('refuses a wrong password with ERR_INVALID_CREDENTIALS', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL, password: 'nope-nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'ERR_INVALID_CREDENTIALS' });
  });
});
