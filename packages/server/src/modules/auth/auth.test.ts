import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../test/clock.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { TokenSigner } from './tokens.js';

function refreshCookieOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : [typeof raw === 'string' ? raw : ''];
  const line = list.find((l: string) => l.startsWith('jrt='));
  if (!line) throw new Error(`no refresh cookie in ${JSON.stringify(raw)}`);
  return line.split(';')[0].slice('jrt='.length);
}

describe('auth', () => {
  let s: TestServer;
  const clock = new TestClock('2024-03-04T12:00:00Z'); // a Monday, noon UTC (moved by hand: work-hours rules)

  const login = (email: string, password: string, remoteAddress?: string) =>
    s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, ...(remoteAddress ? { remoteAddress } : {}) });
  const refresh = (cookie?: string) =>
    s.app.inject({ method: 'POST', url: '/api/auth/refresh_token', ...(cookie !== undefined ? { cookies: { jrt: cookie } } : {}) });
  const setSetting = async (key: string, value: string) => {
    const res = await s.app.inject({ method: 'PUT', url: `/api/settings/${key}`, headers: bearer(s.adminToken), payload: { value } });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    s = await createTestServer({ clock });
    await setSetting('timezone', 'UTC');
  });
  afterAll(() => s.stop());

  describe('login', () => {
    it('signs in with the right password: token, user without secrets, strict httpOnly refresh cookie', async () => {
      const res = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.token).toEqual(expect.any(String));
      expect(body.user).toMatchObject({ email: ADMIN_EMAIL, profile: 'admin' });
      expect(JSON.stringify(body).toLowerCase()).not.toContain('password');
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^jrt=/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
      expect(cookie).toMatch(/Path=\/api\/auth(;|$)/);
      // The token works on a protected route.
      const me = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.token) });
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe(ADMIN_EMAIL);
    });

    it('accepts the e-mail in any letter case', async () => {
      const u = await s.createUser();
      const res = await login(u.email.toUpperCase(), u.password);
      expect(res.statusCode).toBe(200);
    });

    it('refuses a wrong password and an unknown e-mail alike with 401 ERR_INVALID_CREDENTIALS', async () => {
      const u = await s.createUser();
      const wrong = await login(u.email, 'nope-nope');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: 'ERR_INVALID_CREDENTIALS' });
      expect(wrong.headers['set-cookie']).toBeUndefined();
      const unknown = await login('nobody@test.local', 'whatever');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ error: 'ERR_INVALID_CREDENTIALS' });
    });

    it('answers a malformed login with a validation error, not a 500', async () => {
      const res = await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'not-an-email' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('ERR_VALIDATION');
      const bad = await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('work hours', () => {
    it('refuses an attendant outside work time with ERR_OUT_OF_HOURS, but only after a correct password', async () => {
      const u = await s.createUser({ startWork: '08:00', endWork: '18:00' });
      clock.set('2024-03-04T20:00:00Z');
      try {
        const out = await login(u.email, u.password);
        expect(out.statusCode).toBe(401);
        expect(out.json()).toEqual({ error: 'ERR_OUT_OF_HOURS' });
        expect(out.headers['set-cookie']).toBeUndefined();
        // A wrong password learns nothing about work hours.
        const wrong = await login(u.email, 'wrong-password');
        expect(wrong.json()).toEqual({ error: 'ERR_INVALID_CREDENTIALS' });
      } finally {
        clock.set('2024-03-04T12:00:00Z');
      }
      expect((await login(u.email, u.password)).statusCode).toBe(200);
    });

    it('reads work time in the timezone setting', async () => {
      const u = await s.createUser({ startWork: '08:00', endWork: '18:00' });
      clock.set('2024-03-04T20:00:00Z'); // 20:00 UTC, 17:00 in São Paulo (UTC-3)
      try {
        expect((await login(u.email, u.password)).json()).toEqual({ error: 'ERR_OUT_OF_HOURS' });
        await setSetting('timezone', 'America/Sao_Paulo');
        expect((await login(u.email, u.password)).statusCode).toBe(200);
        clock.set('2024-03-04T10:00:00Z'); // 07:00 in São Paulo
        expect((await login(u.email, u.password)).json()).toEqual({ error: 'ERR_OUT_OF_HOURS' });
      } finally {
        await setSetting('timezone', 'UTC');
        clock.set('2024-03-04T12:00:00Z');
      }
    });

    it('handles work time that spans midnight', async () => {
      clock.set('2024-03-04T23:30:00Z');
      try {
        const u = await s.createUser({ startWork: '22:00', endWork: '06:00' });
        clock.set('2024-03-05T05:59:00Z');
        expect((await login(u.email, u.password)).statusCode).toBe(200);
        clock.set('2024-03-04T12:00:00Z');
        expect((await login(u.email, u.password)).json()).toEqual({ error: 'ERR_OUT_OF_HOURS' });
      } finally {
        clock.set('2024-03-04T12:00:00Z');
      }
    });

    it('never locks an admin out by work hours', async () => {
      const a = await s.createUser({ profile: 'admin', startWork: '08:00', endWork: '09:00' });
      clock.set('2024-03-04T23:00:00Z');
      try {
        const res = await login(a.email, a.password);
        expect(res.statusCode).toBe(200);
        expect((await refresh(refreshCookieOf(res))).statusCode).toBe(200);
      } finally {
        clock.set('2024-03-04T12:00:00Z');
      }
    });

    it('re-checks work hours on refresh', async () => {
      const u = await s.createUser({ startWork: '08:00', endWork: '18:00' });
      const res = await login(u.email, u.password);
      expect(res.statusCode).toBe(200);
      clock.set('2024-03-04T19:00:00Z');
      try {
        const r = await refresh(refreshCookieOf(res));
        expect(r.statusCode).toBe(401);
        expect(r.json()).toEqual({ error: 'ERR_OUT_OF_HOURS' });
      } finally {
        clock.set('2024-03-04T12:00:00Z');
      }
    });
  });

  describe('access token', () => {
    it('answers 401 ERR_SESSION_EXPIRED without a token', async () => {
      const res = await s.app.inject({ method: 'GET', url: '/api/users' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    });

    it('answers 403 ERR_INVALID_TOKEN for a garbage, forged or expired token', async () => {
      const garbage = await s.app.inject({ method: 'GET', url: '/api/users', headers: bearer('garbage') });
      expect(garbage.statusCode).toBe(403);
      expect(garbage.json()).toEqual({ error: 'ERR_INVALID_TOKEN' });

      const forged = await new TokenSigner('another-secret-another-secret-another').sign(1, 'admin');
      const f = await s.app.inject({ method: 'GET', url: '/api/users', headers: bearer(forged) });
      expect(f.statusCode).toBe(403);
      expect(f.json()).toEqual({ error: 'ERR_INVALID_TOKEN' });

      const signer = new TokenSigner(s.ctx.secrets.jwtSecret);
      const adminId = (await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(s.adminToken) })).json().id;
      const valid = await signer.sign(adminId, 'admin', 60);
      expect((await s.app.inject({ method: 'GET', url: '/api/users', headers: bearer(valid) })).statusCode).toBe(200);
      const expired = await signer.sign(adminId, 'admin', -60);
      const e = await s.app.inject({ method: 'GET', url: '/api/users', headers: bearer(expired) });
      expect(e.statusCode).toBe(403);
      expect(e.json()).toEqual({ error: 'ERR_INVALID_TOKEN' });
    });

    it('refuses a valid token of a user that no longer exists', async () => {
      const u = await s.createUser();
      const del = await s.app.inject({ method: 'DELETE', url: `/api/users/${u.id}`, headers: bearer(s.adminToken) });
      expect(del.statusCode).toBe(200);
      const res = await s.app.inject({ method: 'GET', url: '/api/users', headers: bearer(u.token) });
      // The session ended with the user: 401, not the refreshable 403.
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    });

    it.each([
      ['the user changes their own password', 'self'],
      ['an admin resets it', 'admin'],
    ])('a password change ends every live session at once when %s (old access tokens answer 401)', async (_label, who) => {
      const u = await s.createUser();
      const signedIn = await login(u.email, u.password);
      const oldToken = signedIn.json().token as string;
      const cookie = refreshCookieOf(signedIn);
      expect((await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(oldToken) })).statusCode).toBe(200);

      const by = who === 'self' ? oldToken : s.adminToken;
      const change = await s.app.inject({
        method: 'PUT',
        url: `/api/users/${u.id}`,
        headers: bearer(by),
        payload: { password: 'a-brand-new-pass' },
      });
      expect(change.statusCode).toBe(200);

      for (const token of [oldToken, u.token]) {
        const res = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'ERR_SESSION_EXPIRED' });
      }
      expect((await refresh(cookie)).statusCode).toBe(401);
      // Signing in with the new password starts a working session.
      const again = await login(u.email, 'a-brand-new-pass');
      expect(again.statusCode).toBe(200);
      expect((await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(again.json().token) })).statusCode).toBe(200);
    });

    it('other edits keep the session (only a password change ends it)', async () => {
      const u = await s.createUser();
      const res = await s.app.inject({
        method: 'PUT',
        url: `/api/users/${u.id}`,
        headers: bearer(s.adminToken),
        payload: { name: 'Renamed Person' },
      });
      expect(res.statusCode).toBe(200);
      expect((await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(u.token) })).statusCode).toBe(200);
    });
  });

  describe('refresh and logout', () => {
    it('refresh with the cookie gives a new token and rotates the cookie; the old cookie stops working', async () => {
      const u = await s.createUser();
      const res = await login(u.email, u.password);
      const first = refreshCookieOf(res);
      const r1 = await refresh(first);
      expect(r1.statusCode).toBe(200);
      expect(r1.json().token).toEqual(expect.any(String));
      expect(r1.json().user).toMatchObject({ id: u.id, email: u.email });
      const second = refreshCookieOf(r1);
      expect(second).not.toBe(first);
      const me = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(r1.json().token) });
      expect(me.json().id).toBe(u.id);

      // A request already in flight with the old cookie (another tab) still gets a token, briefly,
      // and the cookie now current (the same one); after the grace period the old cookie is refused.
      const inFlight = await refresh(first);
      expect(inFlight.statusCode).toBe(200);
      expect(refreshCookieOf(inFlight)).toBe(second);
      clock.advance(31_000);
      const replay = await refresh(first);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual({ error: 'ERR_SESSION_EXPIRED' });
      expect((await refresh(second)).statusCode).toBe(200);
      clock.advance(-31_000);
    });

    it("a browser that never got a rotation's answer (reloaded mid-refresh) is handed the new cookie and stays signed in", async () => {
      const u = await s.createUser();
      const first = refreshCookieOf(await login(u.email, u.password));
      // The page's refresh rotates the cookie, but the reload aborts it before the answer arrives:
      // the browser still holds the first cookie.
      expect((await refresh(first)).statusCode).toBe(200);
      // The reloaded page refreshes with it, within the grace, and gets the current cookie back.
      const reloaded = await refresh(first);
      expect(reloaded.statusCode).toBe(200);
      const current = refreshCookieOf(reloaded);
      expect(current).not.toBe(first);
      // Long after the grace, the next load refreshes with that cookie and is still signed in.
      clock.advance(10 * 60_000);
      try {
        const later = await refresh(current);
        expect(later.statusCode).toBe(200);
        expect((await refresh(first)).statusCode).toBe(401);
      } finally {
        clock.advance(-10 * 60_000);
      }
    });

    it('two refreshes at once with one cookie (two tabs) end with one and the same new cookie', async () => {
      const u = await s.createUser();
      const first = refreshCookieOf(await login(u.email, u.password));
      const [a, b] = await Promise.all([refresh(first), refresh(first)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(refreshCookieOf(a)).toBe(refreshCookieOf(b));
      expect((await refresh(refreshCookieOf(a))).statusCode).toBe(200);
    });

    it('refresh without a cookie or with a garbage cookie answers 401 ERR_SESSION_EXPIRED', async () => {
      for (const cookie of [undefined, '', 'garbage', 'a.b', 'x.y.z', '%%%']) {
        const res = await refresh(cookie);
        expect(res.statusCode, String(cookie)).toBe(401);
        expect(res.json()).toEqual({ error: 'ERR_SESSION_EXPIRED' });
      }
    });

    it('logout ends the refresh session', async () => {
      const u = await s.createUser();
      const cookie = refreshCookieOf(await login(u.email, u.password));
      const out = await s.app.inject({ method: 'DELETE', url: '/api/auth/logout', cookies: { jrt: cookie } });
      expect(out.statusCode).toBeLessThan(300);
      expect(String(out.headers['set-cookie'])).toMatch(/jrt=;/);
      const r = await refresh(cookie);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    });

    it('logout without a cookie is harmless', async () => {
      const out = await s.app.inject({ method: 'DELETE', url: '/api/auth/logout' });
      expect(out.statusCode).toBeLessThan(300);
    });

    it('a password change ends every refresh session of that user, and only of that user', async () => {
      const u = await s.createUser();
      const other = await s.createUser();
      const c1 = refreshCookieOf(await login(u.email, u.password));
      const c2 = refreshCookieOf(await login(u.email, u.password));
      const cOther = refreshCookieOf(await login(other.email, other.password));
      const put = await s.app.inject({
        method: 'PUT',
        url: `/api/users/${u.id}`,
        headers: bearer(u.token),
        payload: { password: 'brand-new' },
      });
      expect(put.statusCode).toBe(200);
      expect((await refresh(c1)).statusCode).toBe(401);
      expect((await refresh(c2)).statusCode).toBe(401);
      expect((await refresh(cOther)).statusCode).toBe(200);
      // The new password works, the old one does not.
      expect((await login(u.email, u.password)).statusCode).toBe(401);
      expect((await login(u.email, 'brand-new')).statusCode).toBe(200);
    });

    it('an update without a password keeps refresh sessions', async () => {
      const u = await s.createUser();
      const c = refreshCookieOf(await login(u.email, u.password));
      const put = await s.app.inject({
        method: 'PUT',
        url: `/api/users/${u.id}`,
        headers: bearer(u.token),
        payload: { name: 'Renamed', password: '' },
      });
      expect(put.statusCode).toBe(200);
      expect((await refresh(c)).statusCode).toBe(200);
    });

    it('refresh fails once the user is deleted', async () => {
      const u = await s.createUser();
      const c = refreshCookieOf(await login(u.email, u.password));
      expect((await s.app.inject({ method: 'DELETE', url: `/api/users/${u.id}`, headers: bearer(s.adminToken) })).statusCode).toBe(200);
      const r = await refresh(c);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    });

    it('refresh gives the current profile after a demotion', async () => {
      const a = await s.createUser({ profile: 'admin' });
      const c = refreshCookieOf(await login(a.email, a.password));
      await s.app.inject({ method: 'PUT', url: `/api/users/${a.id}`, headers: bearer(s.adminToken), payload: { profile: 'user' } });
      const r = await refresh(c);
      expect(r.statusCode).toBe(200);
      expect(r.json().user.profile).toBe('user');
      // Permissions are read live: the old admin token no longer creates users.
      const create = await s.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: bearer(a.token),
        payload: { name: 'Nope', email: 'nope-demoted@test.local', password: 'secret1' },
      });
      expect(create.statusCode).toBe(403);
    });
  });

  describe('rate limit', () => {
    it('never slows down people who sign in successfully', async () => {
      for (let i = 0; i < 15; i++) expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(200);
    });

    it('locks an account out after 10 failures, even for the right password, until the window passes', async () => {
      const u = await s.createUser();
      for (let i = 0; i < 10; i++) expect((await login(u.email, `wrong-${i}`)).statusCode).toBe(401);
      const locked = await login(u.email, u.password);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ error: 'ERR_TOO_MANY_REQUESTS' });
      // Other accounts from the same address are not locked out.
      expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(200);
      clock.advance(16 * 60 * 1000);
      expect((await login(u.email, u.password)).statusCode).toBe(200);
      clock.advance(-16 * 60 * 1000);
    });

    it('never locks other accounts out of an address with many failures; their guesses drop to 3', async () => {
      const office = '203.0.113.7';
      // An office behind one address: someone sprays 60 wrong passwords over many e-mails.
      for (let i = 0; i < 60; i++) expect((await login(`spray-${i}@test.local`, 'wrong', office)).statusCode).toBe(401);
      // A colleague with the right password still signs in from the same address.
      const colleague = await s.createUser();
      expect((await login(colleague.email, colleague.password, office)).statusCode).toBe(200);
      // From the hot address each account gets 3 failures before it is locked (instead of 10).
      const target = await s.createUser();
      for (let i = 0; i < 3; i++) expect((await login(target.email, `guess-${i}`, office)).statusCode).toBe(401);
      expect((await login(target.email, target.password, office)).statusCode).toBe(429);
      clock.advance(16 * 60 * 1000);
      expect((await login(target.email, target.password, office)).statusCode).toBe(200);
      clock.advance(-16 * 60 * 1000);
    });

    it('answers 429 ERR_TOO_MANY_REQUESTS after too many failed attempts', async () => {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 15; i++) {
        last = await login('victim@test.local', `guess-${i}`);
        statuses.push(last.statusCode);
      }
      expect(statuses.slice(0, 5).every((c) => c === 401)).toBe(true);
      expect(statuses).toContain(429);
      expect(last?.statusCode).toBe(429);
      expect(last?.json()).toEqual({ error: 'ERR_TOO_MANY_REQUESTS' });
    });
  });

  describe('sign-up', () => {
    it('GET /auth/config tells whether sign-up is allowed', async () => {
      const res = await s.app.inject({ method: 'GET', url: '/api/auth/config' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ signupAllowed: false });
    });

    it('is refused with ERR_USER_CREATION_DISABLED by default', async () => {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: 'Walk In', email: 'walkin@test.local', password: 'secret1' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'ERR_USER_CREATION_DISABLED' });
      const list = await s.app.inject({ method: 'GET', url: '/api/users?searchParam=walkin', headers: bearer(s.adminToken) });
      expect(list.json().count).toBe(0);
    });

    it('creates an attendant with profile user and default flags when userCreation is enabled', async () => {
      await setSetting('userCreation', 'enabled');
      try {
        expect((await s.app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toEqual({ signupAllowed: true });
        const res = await s.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          // A sign-up cannot make itself admin.
          payload: { name: 'Walk In', email: 'walkin2@test.local', password: 'secret1', profile: 'admin', allTicket: 'enabled' },
        });
        expect(res.statusCode).toBe(201);
        const user = res.json();
        expect(JSON.stringify(user).toLowerCase()).not.toContain('password');
        expect(user).toMatchObject({
          email: 'walkin2@test.local',
          profile: 'user',
          allTicket: 'desabled',
          allHistoric: 'enabled',
          viewTags: 'enabled',
          startWork: '00:00',
          endWork: '23:59',
        });
        expect((await login('walkin2@test.local', 'secret1')).statusCode).toBe(200);

        const invalid = await s.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'W', email: 'x', password: '1' } });
        expect(invalid.statusCode).toBe(400);
      } finally {
        await setSetting('userCreation', 'disabled');
      }
    });
  });
});
