/** POST /contacts/import/csv: rows of a contacts CSV, checked one by one with the shared rules. */
import { contactRowsFromCsv, EVENTS, parseCsv } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contacts } from '../../db/schema.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { apiCaller } from '../../test/http.js';

describe('contacts CSV import', () => {
  let s: TestServer;
  let agent: { token: string };
  const api = apiCaller(() => s);
  let seq = 0;
  const nextNumber = () => `5521${String(30_000_000 + ++seq * 7919).padStart(8, '0')}`;

  beforeAll(async () => {
    s = await createTestServer();
    agent = await s.createUser();
  });
  afterAll(() => s.stop());

  it('refuses a non-admin (drawer-admin-items:view) and one without a session, adding nothing', async () => {
    const before = (await s.database.db.select().from(contacts)).length;
    const rows = [{ name: 'Nobody', number: nextNumber() }];
    const res = await api('POST', '/contacts/import/csv', agent.token, { rows });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('ERR_NO_PERMISSION');
    expect((await api('POST', '/contacts/import/csv', null, { rows })).statusCode).toBe(401);
    expect(await s.database.db.select().from(contacts)).toHaveLength(before);
  });

  it('adds the valid rows, keeps existing numbers, and reports every bad row with its reason', async () => {
    const existing = nextNumber();
    expect((await api('POST', '/contacts', s.adminToken, { name: 'Already here', number: existing })).statusCode).toBe(201);
    const emit = vi.spyOn(s.ctx.realtime, 'emitToAll');
    const good = nextNumber();
    const res = await api('POST', '/contacts/import/csv', s.adminToken, {
      rows: [
        { name: 'Bruna Lima', number: `+${good.slice(0, 2)} (${good.slice(2, 4)}) ${good.slice(4)}`, email: 'Bruna@Example.com' },
        { name: 'Renamed?', number: existing, email: '' },
        { name: 'X', number: nextNumber() },
        { name: 'No Number', number: '' },
        { name: 'Bad Mail', number: nextNumber(), email: 'not-an-email' },
        { name: 'Twice', number: good },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      imported: 1,
      existing: 1,
      errors: [
        { row: 2, field: 'name', message: 'Too Short!' },
        { row: 3, field: 'number', message: 'Required' },
        { row: 4, field: 'email', message: 'Invalid email' },
        { row: 5, field: 'number', message: 'Duplicated in file' },
      ],
    });
    const all = await s.database.db.select().from(contacts);
    expect(all.find((c) => c.number === good)).toMatchObject({ name: 'Bruna Lima', email: 'bruna@example.com' });
    expect(all.find((c) => c.number === existing)?.name).toBe('Already here');
    expect(all.some((c) => c.name === 'Bad Mail' || c.name === 'X')).toBe(false);
    expect(
      emit.mock.calls.some(
        ([event, payload]) => event === EVENTS.contact && (payload as { contact: { number: string } }).contact.number === good,
      ),
    ).toBe(true);
    emit.mockRestore();
  });

  it('reads back its own export: every contact exists already, nothing is duplicated', async () => {
    const number = nextNumber();
    await api('POST', '/contacts', s.adminToken, { name: '=Formula; "quoted"', number, email: 'f@example.com' });
    const csv = (await api('GET', '/contacts/export', s.adminToken)).body;
    const { rows, missingColumns } = contactRowsFromCsv(parseCsv(csv));
    expect(missingColumns).toEqual([]);
    expect(rows).toContainEqual({ name: '=Formula; "quoted"', number, email: 'f@example.com' });
    const before = (await s.database.db.select().from(contacts)).length;
    const res = await api('POST', '/contacts/import/csv', s.adminToken, { rows });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 0, existing: rows.length, errors: [] });
    expect(await s.database.db.select().from(contacts)).toHaveLength(before);
  });

  it('answers a body that is no list of rows with ERR_VALIDATION, never a 500', async () => {
    for (const payload of [{}, { rows: [] }, { rows: 'a;b' }, { rows: [{ name: 5 }] }]) {
      const res = await api('POST', '/contacts/import/csv', s.adminToken, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe('ERR_VALIDATION');
    }
  });
});
