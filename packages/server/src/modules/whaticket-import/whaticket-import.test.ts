/** The import started from the admin page: who may, what input is refused, and the job's outcome. */
import fs from 'node:fs';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contacts, messages } from '../../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { MARIADB_AVAILABLE, startMariaDb, type TestMariaDb } from '../../test/mariadb.js';
import { createWhaticketDatabase } from '../../test/whaticket-fixture.js';
import { createPostgresSource } from '../../test/whaticket-source.js';

const PG_URL = process.env.TEST_DATABASE_URL;

/** A Whaticket-shaped source: on this machine's PostgreSQL when there is one, else a MariaDB started here. */
async function makeSource(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (PG_URL) return createPostgresSource(PG_URL);
  const maria: TestMariaDb = await startMariaDb();
  const conn = await mysql.createConnection(maria.url);
  await createWhaticketDatabase((sql) => conn.query(sql), 'mysql');
  await conn.end();
  return { url: maria.url, drop: () => maria.stop() };
}

describe('Whaticket import from the admin page', () => {
  let s: TestServer;
  let agent: { token: string };
  const post = (token: string | null, payload: object) =>
    s.app.inject({ method: 'POST', url: '/api/imports/whaticket', headers: token ? bearer(token) : {}, payload });
  const get = (token: string | null) => s.app.inject({ method: 'GET', url: '/api/imports/whaticket', headers: token ? bearer(token) : {} });
  const verify = (token: string | null) =>
    s.app.inject({ method: 'POST', url: '/api/imports/whaticket/verify', headers: token ? bearer(token) : {} });

  beforeAll(async () => {
    s = await createTestServer();
    agent = await s.createUser();
  });
  afterAll(() => s.stop());

  it('refuses anyone but an admin, starting nothing', async () => {
    expect((await post(null, { from: 'postgres://x/y' })).statusCode).toBe(401);
    expect((await get(null)).statusCode).toBe(401);
    const refused = await post(agent.token, { from: 'postgres://127.0.0.1:1/none' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('ERR_NO_PERMISSION');
    expect((await get(agent.token)).statusCode).toBe(403);
    expect((await get(s.adminToken)).statusCode).toBe(404);
    const cancel = (token: string | null) =>
      s.app.inject({ method: 'POST', url: '/api/imports/whaticket/cancel', headers: token ? bearer(token) : {} });
    expect((await cancel(null)).statusCode).toBe(401);
    expect((await cancel(agent.token)).json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect((await cancel(s.adminToken)).statusCode).toBe(404);
    expect((await verify(null)).statusCode).toBe(401);
    expect((await verify(agent.token)).json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    // Nothing imported yet: nothing to verify.
    expect((await verify(s.adminToken)).json()).toMatchObject({ error: 'ERR_NOT_FOUND' });
  });

  it('refuses a source that is not a database URL and a media folder outside the import folder', async () => {
    for (const payload of [
      { from: 'http://example.com/db' },
      { from: '' },
      { from: 'postgres://h/db', media: '../../etc' },
      { from: 'postgres://h/db', media: '/etc' },
      { from: 'mysql://h/db', sourceTimeZone: 'America/Sao_Paulo' },
      { from: 'mysql://h/db', sourceTimeZone: '-3' },
    ]) {
      const res = await post(s.adminToken, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const missing = await post(s.adminToken, { from: 'postgres://h/db', media: 'not-there' });
    expect(missing.statusCode).toBe(400);
    expect((await get(s.adminToken)).statusCode).toBe(404);
  });

  it('shows a source it cannot reach as a failed import, with the reason', async () => {
    const started = await post(s.adminToken, { from: 'postgres://postgres@127.0.0.1:1/nothing' });
    expect(started.statusCode).toBe(202);
    expect(started.json().status).toBe('running');
    await s.services.whaticketImport.settled();
    const job = (await get(s.adminToken)).json();
    expect(job.status).toBe('failed');
    expect(job.error).toBeTruthy();
    expect(job.verification).toBeNull();
    expect((await verify(s.adminToken)).statusCode).toBe(404);
  });

  describe.skipIf(!PG_URL && !MARIADB_AVAILABLE)('with a Whaticket database', () => {
    let source: { url: string; drop: () => Promise<void> };
    beforeAll(async () => {
      source = await makeSource();
    }, 120_000);
    afterAll(() => source?.drop());

    it('runs one import at a time', () => {
      const admin = { id: 1, profile: 'admin' } as never;
      s.services.whaticketImport.start(admin, { from: source.url, media: '', dryRun: true });
      expect(() => s.services.whaticketImport.start(admin, { from: source.url, media: '', dryRun: true })).toThrow(
        expect.objectContaining({ code: 'ERR_IMPORT_RUNNING', status: 409 }),
      );
    });

    it('a dry run reports per table and writes nothing; the real run imports, with media from the import folder', async () => {
      await s.services.whaticketImport.settled();
      const before = (await s.database.db.select().from(contacts)).length;
      expect((await post(s.adminToken, { from: source.url, dryRun: true })).statusCode).toBe(202);
      await s.services.whaticketImport.settled();
      const dry = (await get(s.adminToken)).json();
      expect(dry).toMatchObject({ status: 'done', dryRun: true, variant: PG_URL ? 'whaticket-community' : 'press-ticket', error: null });
      // Times of a MySQL source are read in the default zone; PostgreSQL's carry theirs.
      expect(dry.sourceTimeZone).toBe(source.url.startsWith('mysql') ? '-03:00' : null);
      expect(dry.changed).toEqual(expect.arrayContaining([expect.objectContaining({ table: 'Queues', id: '3', field: 'name' })]));
      expect(dry.summary).toEqual(expect.arrayContaining([{ table: 'Messages', imported: 9, already: 0, skipped: 1 }]));
      expect(dry.progress.find((p: { table: string }) => p.table === 'Messages')).toEqual({ table: 'Messages', done: 10, total: 10 });
      expect(dry.skippedTotal).toBeGreaterThan(0);
      // A dry run wrote nothing to compare.
      expect(dry.verification).toBeNull();
      expect((await verify(s.adminToken)).statusCode).toBe(404);
      expect((await s.database.db.select().from(contacts)).length).toBe(before);

      const folder = path.join(s.services.whaticketImport.mediaRoot, 'public');
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, 'invoice.pdf'), '%PDF-1.4\n%%EOF\n');
      expect((await post(s.adminToken, { from: source.url, media: 'public', dryRun: false })).statusCode).toBe(202);
      await s.services.whaticketImport.settled();
      const real = (await get(s.adminToken)).json();
      expect(real).toMatchObject({ status: 'done', dryRun: false });
      expect((await s.database.db.select().from(contacts)).length).toBe(before + 3);
    });

    it('a real import is then verified against its source; an admin verifies it again and sees what changed since', async () => {
      const job = (await get(s.adminToken)).json();
      expect(job.verification).toMatchObject({ status: 'done', unexplained: 0, error: null, media: { compared: 1, identical: 1 } });
      const messagesCheck = job.verification.tables.find((t: { table: string }) => t.table === 'Messages');
      // The texts differ only where the import said why (a location kept as coordinates).
      expect(messagesCheck).toEqual({ table: 'Messages', sourceRows: 10, imported: 9, notImported: 1, timesSame: true, textsSame: false });
      expect(job.verification.differences).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ table: 'Messages', id: '3EA003', field: 'body', explained: expect.any(String) }),
        ]),
      );
      // The sector name cut to the limit here is listed, with why.
      expect(job.verification.differences).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ table: 'Queues', id: '3', field: 'name', explained: 'longer than 50 characters (the limit here)' }),
        ]),
      );
      expect(job.verification.differencesTotal).toBe(job.verification.differences.length);

      const db = s.database.db;
      const [msg] = await db.select().from(messages).where(eq(messages.externalId, '3EB0A5'));
      await db.update(messages).set({ body: 'changed here' }).where(eq(messages.id, msg.id));
      try {
        expect((await verify(agent.token)).statusCode).toBe(403);
        const again = await verify(s.adminToken);
        expect(again.statusCode).toBe(202);
        expect(again.json().verification.status).toBe('running');
        // One import or verification at a time.
        expect((await post(s.adminToken, { from: source.url })).json()).toMatchObject({ error: 'ERR_IMPORT_RUNNING' });
        await s.services.whaticketImport.settled();
        const verified = (await get(s.adminToken)).json().verification;
        expect(verified).toMatchObject({ status: 'done', unexplained: 1 });
        // Unexplained differences come first.
        expect(verified.differences[0]).toEqual({
          table: 'Messages',
          id: '3EB0A5',
          field: 'body',
          source: 'Where is my order?',
          imported: 'changed here',
          explained: null,
          reason: null,
        });
      } finally {
        await db.update(messages).set({ body: msg.body }).where(eq(messages.id, msg.id));
      }
    });

    it('the last import and its verification survive a restart of the server on the same database', async () => {
      const before = (await get(s.adminToken)).json();
      expect(before.verification).toMatchObject({ status: 'done', unexplained: 1 });
      const restarted = await createTestServer({ database: s.database });
      try {
        const res = await restarted.app.inject({ method: 'GET', url: '/api/imports/whaticket', headers: bearer(restarted.adminToken) });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual(before);
        expect(res.json().verification.differences[0]).toMatchObject({
          table: 'Messages',
          id: '3EB0A5',
          field: 'body',
          reason: null,
        });
        // Still for admins only.
        const agentThere = await restarted.createUser();
        const refused = await restarted.app.inject({ method: 'GET', url: '/api/imports/whaticket', headers: bearer(agentThere.token) });
        expect(refused.statusCode).toBe(403);
      } finally {
        await restarted.app.close();
      }
    });

    it('an admin cancels a running verification: it says so, and the import stays finished', async () => {
      const admin = { id: 1, profile: 'admin' } as never;
      s.services.whaticketImport.verify(admin);
      s.services.whaticketImport.cancel(admin);
      await s.services.whaticketImport.settled();
      const job = (await get(s.adminToken)).json();
      expect(job.status).toBe('done');
      expect(job.verification).toMatchObject({ status: 'cancelled', error: null });
      // Nothing runs any more: nothing to cancel.
      expect((await s.app.inject({ method: 'POST', url: '/api/imports/whaticket/cancel', headers: bearer(s.adminToken) })).statusCode).toBe(
        404,
      );
    });
  });
});
