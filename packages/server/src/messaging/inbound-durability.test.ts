import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages } from '../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { connectSimulator, phoneNumber } from '../test/simulator.js';

describe('an inbound message is acknowledged only once it is durably kept', () => {
  let s: TestServer;
  let conn: { id: number; number: string };

  beforeAll(async () => {
    s = await createTestServer();
    // The same three tries before journalling, without their 12.5 s of waiting.
    s.services.channels.events.retryDelaysMs = [20, 40, 80];
    conn = await connectSimulator(s);
  });
  afterAll(() => s.stop());

  const send = (payload: Record<string, unknown>) =>
    s.app.inject({
      method: 'POST',
      url: '/api/simulator/messages',
      headers: bearer(s.adminToken),
      payload: { to: conn.number, ...payload },
    });
  const storedMessage = async (externalId: string) =>
    (
      await s.database.db
        .select()
        .from(messages)
        .where(and(eq(messages.whatsappId, conn.id), eq(messages.externalId, externalId)))
    )[0];
  const failures = async (token = s.adminToken) => s.app.inject({ method: 'GET', url: '/api/inbound-failures', headers: bearer(token) });
  /** Breaks storing messages for real (the table is gone) while `run` executes. */
  const withMessagesTableGone = async <T>(run: () => Promise<T>): Promise<T> => {
    await s.database.db.execute(sql`alter table messages rename to messages_away`);
    try {
      return await run();
    } finally {
      await s.database.db.execute(sql`alter table messages_away rename to messages`);
    }
  };

  it('a display name and a text with NUL bytes are stored cleaned, not lost', async () => {
    const from = phoneNumber();
    const res = await send({ from, name: 'Ma\u0000ria', body: 'ol\u0000á' });
    expect(res.statusCode, res.body).toBe(201);
    const m = await storedMessage(res.json().id);
    expect(m?.body).toBe('olá');
    const [c] = await s.database.db.select().from(contacts).where(eq(contacts.number, from));
    expect(c.name).toBe('Maria');
  });

  it('when storing fails the event is journalled in the data directory, then replayed', async () => {
    const from = phoneNumber();
    const res = await withMessagesTableGone(() => send({ from, body: 'kept while the database fails' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(await storedMessage(res.json().id)).toBeUndefined();
    const pending = await failures();
    expect(pending.json()).toMatchObject({ pending: 1, poisoned: 0 });
    expect(fs.readdirSync(path.join(s.config.dataDir, 'inbound-journal', 'pending'))).toHaveLength(1);

    await s.services.channels.replayJournal();
    expect((await storedMessage(res.json().id))?.body).toBe('kept while the database fails');
    expect((await failures()).json()).toMatchObject({ pending: 0, poisoned: 0, events: [] });
  });

  it('an event that keeps failing is set aside, listed for admins, and can be retried', async () => {
    const from = phoneNumber();
    const res = await withMessagesTableGone(async () => {
      const r = await send({ from, body: 'poison for now' });
      for (let i = 0; i < 10; i++) await s.services.channels.replayJournal();
      return r;
    });
    expect(res.statusCode).toBe(201);
    const list = (await failures()).json();
    expect(list).toMatchObject({ pending: 0, poisoned: 1 });
    expect(list.events[0]).toMatchObject({ state: 'poisoned', connectionId: conn.id, type: 'message' });
    expect(list.events[0].error).toMatch(/messages/);

    const attendant = await s.createUser();
    expect((await failures(attendant.token)).statusCode).toBe(403);
    const retryByAttendant = await s.app.inject({
      method: 'POST',
      url: `/api/inbound-failures/${list.events[0].id}/retry`,
      headers: bearer(attendant.token),
    });
    expect(retryByAttendant.statusCode).toBe(403);

    const retry = await s.app.inject({
      method: 'POST',
      url: `/api/inbound-failures/${list.events[0].id}/retry`,
      headers: bearer(s.adminToken),
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await storedMessage(res.json().id))?.body).toBe('poison for now');
    expect((await failures()).json()).toMatchObject({ pending: 0, poisoned: 0 });
  });

  it('a refused send that was journalled counts in the channel health once it is replayed', async () => {
    const health = async () =>
      (await s.app.inject({ method: 'GET', url: '/api/whatsapp-health', headers: bearer(s.adminToken) }))
        .json()
        .connections.find((c: { connectionId: number }) => c.connectionId === conn.id);
    const before = await health();
    await s.services.channels.journal.keep(
      conn.id,
      { type: 'failed', externalId: 'OUT-REFUSED-1', error: 'ERR_SENDING_WAPP_MSG', code: '463' },
      new Error('database away'),
    );
    await s.services.channels.replayJournal();
    expect((await failures()).json()).toMatchObject({ pending: 0, poisoned: 0 });
    const after = await health();
    expect(after.refused).toBe(before.refused + 1);
    expect(after.refusedByCode['463']).toBe((before.refusedByCode['463'] ?? 0) + 1);
  });

  it('when neither the database nor the journal can keep it, the sender is not told it arrived', async () => {
    const journal = path.join(s.config.dataDir, 'inbound-journal');
    fs.rmSync(journal, { recursive: true, force: true });
    fs.writeFileSync(journal, 'not a directory');
    try {
      const res = await withMessagesTableGone(() => send({ from: phoneNumber(), body: 'nowhere to keep it' }));
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      fs.rmSync(journal, { force: true });
    }
  });
});
