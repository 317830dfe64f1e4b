/**
 * The audit log: the audited changes are recorded with who, what, before/after (no secrets), when
 * and from where; a refused change is not; admins list, filter and export it; nobody else may.
 */
import { parseCsv } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { customerWrites, phoneNumber } from '../../test/simulator.js';

interface Rec {
  id: number;
  at: string;
  actorId: number | null;
  actorName: string;
  action: string;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  address: string;
}

describe('audit log', () => {
  let s: TestServer;
  let agent: Awaited<ReturnType<TestServer['createUser']>>;
  const WEBHOOK_SECRET = 'a-webhook-secret-never-logged';
  const API_TOKEN = 'an-api-token-never-logged-123';

  beforeAll(async () => {
    s = await createTestServer({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    agent = await s.createUser({ name: 'Ana' });
  });
  afterAll(() => s?.stop());

  const call = (method: string, url: string, payload?: object, token = s.adminToken) =>
    s.app.inject({
      method: method as never,
      url,
      headers: { ...bearer(token), 'x-forwarded-for': '203.0.113.9' },
      payload: payload as never,
      remoteAddress: '198.51.100.7',
    });
  const log = async (query = '') => {
    const res = await call('GET', `/api/audit-log${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ records: Rec[]; hasMore: boolean }>();
  };

  it("records a user's permissions changing: who, before and after, from which address, no password hash", async () => {
    const res = await call('PUT', `/api/users/${agent.id}`, { profile: 'admin', password: 'new-secret-1' });
    expect(res.statusCode, res.body).toBe(200);
    const [rec] = (await log('?action=user.update')).records;
    expect(rec).toMatchObject({
      actorName: 'Admin',
      action: 'user.update',
      targetType: 'user',
      targetId: String(agent.id),
      address: '198.51.100.7',
    });
    expect(rec.actorId).toBeGreaterThan(0);
    expect(rec.before).toMatchObject({ profile: 'user', name: 'Ana', queues: [] });
    // The password's change is named, its value never kept.
    expect(rec.after).toMatchObject({ profile: 'admin', confidentialFieldsSet: ['password'] });
    expect(JSON.stringify(rec)).not.toContain('new-secret-1');
    // Back to an attendant for the tests below.
    expect((await call('PUT', `/api/users/${agent.id}`, { profile: 'user' })).statusCode).toBe(200);
    agent.token = await s.login(agent.email, 'new-secret-1');
  });

  it('records settings and webhooks without their secrets', async () => {
    expect((await call('PUT', '/api/settings/userCreation', { value: 'enabled' })).statusCode).toBe(200);
    expect((await call('PUT', '/api/settings/userApiToken', { value: API_TOKEN })).statusCode).toBe(200);
    const hook = await call('POST', '/api/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['ticket.created'],
      secret: WEBHOOK_SECRET,
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const hookId = hook.json<{ id: number }>().id;
    expect((await call('DELETE', `/api/webhooks/${hookId}`)).statusCode).toBe(200);

    const { records } = await log();
    const setting = records.find((r) => r.action === 'setting.update' && r.targetId === 'userCreation');
    expect(setting?.before).toEqual({ key: 'userCreation', value: 'disabled' });
    expect(setting?.after).toMatchObject({ key: 'userCreation', value: 'enabled' });
    const token = records.find((r) => r.action === 'setting.update' && r.targetId === 'userApiToken');
    expect(token?.after).toMatchObject({ key: 'userApiToken', value: '[hidden]' });
    const created = records.find((r) => r.action === 'webhook.create');
    expect(created).toMatchObject({ targetType: 'webhook', targetId: String(hookId) });
    const deleted = records.find((r) => r.action === 'webhook.delete');
    expect(deleted?.before).toMatchObject({ url: 'http://127.0.0.1:9/hook', secret: '[hidden]' });
    expect(deleted?.after).toBeNull();
    const everything = JSON.stringify(await s.database.db.select().from(auditLog));
    expect(everything).not.toContain(WEBHOOK_SECRET);
    expect(everything).not.toContain(API_TOKEN);
  });

  it('records a deleted ticket with what it was, and the connection created', async () => {
    const connection = await call('POST', '/api/whatsapp', { name: 'Audit sim', channel: 'simulator' });
    expect(connection.statusCode, connection.body).toBe(201);
    const stored = await customerWrites(s, connection.json<{ id: number }>().id, phoneNumber(), 'a message to delete');
    const ticketId = stored!.ticket.id;
    expect((await call('DELETE', `/api/tickets/${ticketId}`)).statusCode).toBe(200);
    const [rec] = (await log('?action=ticket.delete')).records;
    expect(rec).toMatchObject({ targetType: 'ticket', targetId: String(ticketId) });
    expect(rec.before).toMatchObject({ id: ticketId, contactId: stored!.contact.id });
    expect((await log('?action=connection.create')).records).toHaveLength(1);
  });

  it('does not record a refused change, and refuses the log to attendants', async () => {
    const before = (await log()).records.length;
    const refused = await call('PUT', '/api/settings/userCreation', { value: 'disabled' }, agent.token);
    expect(refused.statusCode).toBe(403);
    const invalid = await call('PUT', '/api/settings/userCreation', { value: 'maybe' });
    expect(invalid.statusCode).toBe(400);
    expect((await log()).records.length).toBe(before);

    for (const url of ['/api/audit-log', '/api/audit-log/export']) {
      const res = await call('GET', url, undefined, agent.token);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toBe('ERR_NO_PERMISSION');
    }
  });

  it('filters by user, action and day; refuses bad filters', async () => {
    const all = (await log()).records;
    expect(all.length).toBeGreaterThanOrEqual(6);
    // Newest first.
    expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort((a, b) => b - a));
    const mine = (await log(`?actorId=${all[0].actorId}`)).records;
    expect(mine.length).toBe(all.length);
    expect((await log(`?actorId=${agent.id}`)).records).toEqual([]);
    const tomorrow = new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10);
    expect((await log(`?dateFrom=2000-01-01&dateTo=${tomorrow}`)).records.length).toBe(all.length);
    expect((await log('?dateFrom=2000-01-01&dateTo=2000-01-02')).records).toEqual([]);
    expect((await log(`?dateFrom=${tomorrow}`)).records).toEqual([]);

    for (const query of [
      '?action=user.explode',
      '?dateFrom=2024-02-30',
      '?dateFrom=2024-03-02&dateTo=2024-03-01',
      '?actorId=abc',
      '?pageNumber=0',
    ]) {
      const res = await call('GET', `/api/audit-log${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe('ERR_VALIDATION');
    }
  });

  it('exports the filtered log as CSV', async () => {
    const res = await call('GET', '/api/audit-log/export?action=webhook.delete');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(['at', 'actorId', 'actorName', 'action', 'targetType', 'targetId', 'address', 'before', 'after']);
    expect(rows).toHaveLength(1);
    expect(rows[0][3]).toBe('webhook.delete');
    expect(JSON.parse(rows[0][7])).toMatchObject({ secret: '[hidden]' });
    expect(res.body).not.toContain(WEBHOOK_SECRET);
  });
});
