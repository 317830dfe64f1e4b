/**
 * An answer says what happened. When the database starts refusing writes part-way through a
 * request (read-only, a failing side write), a change that committed is answered as done, and one
 * that did not is answered as not done — never a 500 for a change that is in fact kept.
 * The refusal is a trigger raising read_only_sql_transaction (25006) on one table, so the same
 * test runs on PGlite and PostgreSQL.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authSessions, contacts, messages, tickets } from '../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { multipart, pdf } from '../test/multipart.js';
import { connectSimulator, customerSends, phoneNumber, waitFor } from '../test/simulator.js';

function refreshCookieOf(res: { headers: Record<string, unknown> }): string | null {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  const line = list.find((l) => l.startsWith('jrt='));
  return line ? line.split(';')[0].slice('jrt='.length) : null;
}

describe('answers after the database refuses writes', () => {
  let s: TestServer;
  let conn: { id: number; number: string };
  const refusing: string[] = [];

  /** From now on the table refuses `op` as a read-only database would (optionally only for some rows). */
  async function refuse(table: string, op: 'insert' | 'update', when = 'true'): Promise<void> {
    const name = `refuse_${table}_${op}`;
    await s.database.db.execute(
      sql.raw(`create trigger ${name} before ${op} on ${table} for each row when (${when}) execute function test_refuse_write()`),
    );
    refusing.push(`${name} on ${table}`);
  }

  beforeAll(async () => {
    s = await createTestServer();
    conn = await connectSimulator(s);
    await s.database.db.execute(
      sql.raw(`create function test_refuse_write() returns trigger language plpgsql as $$
        begin raise exception 'cannot execute in a read-only transaction' using errcode = '25006'; end $$`),
    );
  }, 180_000);
  afterEach(async () => {
    while (refusing.length) await s.database.db.execute(sql.raw(`drop trigger ${refusing.pop()}`));
    vi.restoreAllMocks();
  });
  afterAll(() => s.stop());

  async function ticketOfNewCustomer(body = 'hello'): Promise<number> {
    const from = phoneNumber();
    await customerSends(s, { from, to: conn.number, body });
    return waitFor(async () => {
      const [row] = await s.database.db
        .select({ id: tickets.id })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(and(eq(contacts.number, from), eq(tickets.whatsappId, conn.id)));
      return row?.id;
    });
  }

  it('a write the database refuses answers 503 ERR_DATABASE_UNAVAILABLE, not 500', async () => {
    await refuse('queues', 'insert');
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/queue',
      headers: bearer(s.adminToken),
      payload: { name: 'Refused', color: '#123456' },
    });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ error: 'ERR_DATABASE_UNAVAILABLE' });
    expect(res.headers['retry-after']).toBe('30');
  });

  it('a password change and the end of the old sessions commit together, or neither', async () => {
    const agent = await s.createUser();
    const login = await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: agent.email, password: agent.password } });
    const cookie = refreshCookieOf(login)!;
    await refuse('auth_sessions', 'update');
    const res = await s.app.inject({
      method: 'PUT',
      url: `/api/users/${agent.id}`,
      headers: bearer(s.adminToken),
      payload: { password: 'changed1' },
    });
    // Before: the new password committed, then ending the sessions failed and the answer was 500.
    expect(res.statusCode, res.body).toBe(503);
    expect(await s.login(agent.email, agent.password)).toBeTruthy();
    const [session] = await s.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, cookie.split('.')[0]));
    expect(session.revokedAt).toBeNull();
  });

  it('a refresh whose cookie rotation cannot be written still signs in, keeping the current cookie', async () => {
    const agent = await s.createUser();
    const login = await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: agent.email, password: agent.password } });
    const cookie = refreshCookieOf(login)!;
    await refuse('auth_sessions', 'update');
    const warn = vi.spyOn(s.ctx.log, 'warn');
    const refresh = () => s.app.inject({ method: 'POST', url: '/api/auth/refresh_token', cookies: { jrt: cookie } });
    const first = await refresh();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().token).toEqual(expect.any(String));
    expect(refreshCookieOf(first)).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ userId: agent.id }), expect.stringContaining('not rotated'));
    // The cookie the browser keeps still works.
    expect((await refresh()).statusCode).toBe(200);
  });

  it('opening a chat whose "mark as read" cannot be written still shows the messages, and says why it stayed unread', async () => {
    const ticketId = await ticketOfNewCustomer('are you there?');
    await refuse('tickets', 'update');
    const error = vi.spyOn(s.ctx.log, 'error');
    const res = await s.app.inject({ method: 'GET', url: `/api/messages/${ticketId}`, headers: bearer(s.adminToken) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages.map((m: { body: string }) => m.body)).toContain('are you there?');
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ step: 'mark ticket read', ticketId }), expect.any(String));
  });

  it('a send with several files stores all of them or none: a refused second file leaves nothing queued', async () => {
    const ticketId = await ticketOfNewCustomer();
    await s.app.inject({ method: 'PUT', url: `/api/tickets/${ticketId}`, headers: bearer(s.adminToken), payload: { status: 'open' } });
    await refuse('messages', 'insert', `new.media_name = 'second.pdf'`);
    const form = multipart({ body: 'two files' }, [
      { filename: 'first.pdf', data: pdf(2_000), type: 'application/pdf' },
      { filename: 'second.pdf', data: pdf(2_000), type: 'application/pdf' },
    ]);
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/messages/${ticketId}`,
      headers: { ...form.headers, ...bearer(s.adminToken) },
      payload: form.payload,
    });
    // Before: 500 while first.pdf was stored and went out to the customer.
    expect(res.statusCode, res.body).toBe(503);
    const sent = await s.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)));
    expect(sent).toEqual([]);
  });
});
