/**
 * The Whaticket import does not hold the server: a dry run is a plan outside any transaction, a
 * real run commits page by page, and requests are answered between pages; a locked source table
 * or a named pipe in the media folder ends in an error or a note, not a freeze; an administrator
 * (and the server's shutdown) can cancel it. Security settings from the source are listed and
 * only taken when chosen. The source is a MariaDB started here (Press-Ticket schema) with a few
 * thousand generated messages, so an import spans many pages.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJobDTO } from '@switchboard/shared';
import { messages, settings } from '../../db/schema.js';
import { WhaticketImportService } from '../../modules/whaticket-import/service.js';
import { bearer, createTestServer, openTestDatabase, type TestServer } from '../../test/harness.js';
import { MARIADB_AVAILABLE, startMariaDb, type TestMariaDb } from '../../test/mariadb.js';
import { createWhaticketDatabase } from '../../test/whaticket-fixture.js';
import { importWhaticket } from './importer.js';
import { DEFAULT_SOURCE_TIMEOUTS, openSource } from './source.js';

/** Generated on top of the fixture's 9 importable messages. */
const GENERATED = 3000;
const FIXTURE_MESSAGES = 9;
const SOURCE_TOKEN = 'source-api-token-0123456789';

async function bigSource(maria: TestMariaDb): Promise<void> {
  const conn = await mysql.createConnection(maria.url);
  try {
    await createWhaticketDatabase((sql) => conn.query(sql), 'mysql');
    // The old install had sign-up and allTicket on, and its own API token.
    await conn.query("UPDATE `Settings` SET `value` = 'enabled' WHERE `key` = 'userCreation'");
    await conn.query(
      `INSERT INTO \`Settings\` VALUES ('allTicket', 'enabled', NOW(), NOW()), ('userApiToken', '${SOURCE_TOKEN}', NOW(), NOW()), ('darkMode', 'enabled', NOW(), NOW())`,
    );
    for (let start = 0; start < GENERATED; start += 1000) {
      const rows: string[] = [];
      for (let i = start; i < Math.min(GENERATED, start + 1000); i++) {
        // The second quotes a message whose ticket is not imported (its contact has no number).
        const quote = i === 1 ? "'3EA004'" : 'NULL';
        rows.push(
          `('GEN${String(i).padStart(7, '0')}', 'generated message ${i}', 3, 1, ${i % 2}, NULL, 'chat', 0, 1, 1, ${quote}, '2024-05-03 10:00:00', '2024-05-03 10:00:00')`,
        );
      }
      await conn.query(
        `INSERT INTO \`Messages\` (\`id\`, \`body\`, \`ack\`, \`read\`, \`fromMe\`, \`mediaUrl\`, \`mediaType\`, \`isDeleted\`, \`ticketId\`, \`contactId\`, \`quotedMsgId\`, \`createdAt\`, \`updatedAt\`) VALUES ${rows.join(', ')}`,
      );
    }
    // The first quotes the last (a later page); the schema's foreign key wants the quoted row first.
    await conn.query(
      `UPDATE \`Messages\` SET \`quotedMsgId\` = 'GEN${String(GENERATED - 1).padStart(7, '0')}' WHERE \`id\` = 'GEN0000000'`,
    );
  } finally {
    await conn.end();
  }
}

describe.skipIf(!MARIADB_AVAILABLE)('Whaticket import: the server keeps answering, and security settings stay', () => {
  let maria: TestMariaDb;
  let s: TestServer;

  const post = (token: string | null, url: string, payload?: object) =>
    s.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const job = async (): Promise<ImportJobDTO> =>
    (await s.app.inject({ method: 'GET', url: '/api/imports/whaticket', headers: bearer(s.adminToken) })).json();
  const storedMessages = async () => (await s.database.db.select({ n: count() }).from(messages))[0].n;
  const setting = async (key: string) => (await s.database.db.select().from(settings).where(eq(settings.key, key)))[0].value;

  beforeAll(async () => {
    maria = await startMariaDb();
    await bigSource(maria);
    s = await createTestServer();
  }, 180_000);
  afterAll(async () => {
    await s?.stop();
    await maria?.stop();
  });

  it('a dry run holds no transaction: health and the ticket list are answered between its pages', async () => {
    const imports = new WhaticketImportService(s.ctx, s.services.media, { pageSize: 100 });
    const admin = { id: 1, profile: 'admin' } as never;
    imports.start(admin, { from: maria.url, media: '', dryRun: true, takeSettings: [] });
    // Rows read when each answer came, while the import was still running.
    const seen: number[] = [];
    while (imports.current(admin).status === 'running') {
      const health = await s.app.inject({ method: 'GET', url: '/api/health' });
      const list = await s.app.inject({ method: 'GET', url: '/api/tickets?status=open', headers: bearer(s.adminToken) });
      expect(health.statusCode).toBe(200);
      expect(list.statusCode).toBe(200);
      const done = imports.current(admin).progress.reduce((sum, p) => sum + p.done, 0);
      if (imports.current(admin).status === 'running') seen.push(done);
    }
    await imports.settled();
    const finished = imports.current(admin);
    expect(finished.status, finished.error ?? '').toBe('done');
    expect(finished.summary.find((t) => t.table === 'Messages')).toEqual({
      table: 'Messages',
      imported: GENERATED + FIXTURE_MESSAGES,
      already: 0,
      skipped: 1,
    });
    // Answers came at many points of the run: pages were read (and planned) between them.
    expect(seen.length).toBeGreaterThanOrEqual(10);
    expect(new Set(seen).size).toBeGreaterThanOrEqual(5);
    expect(await storedMessages()).toBe(0);
  }, 300_000);

  it('lists the security settings the source would change, old → new, and a dry run writes none', async () => {
    const before = {
      token: await setting('userApiToken'),
      userCreation: await setting('userCreation'),
      allTicket: await setting('allTicket'),
    };
    expect((await post(s.adminToken, '/api/imports/whaticket', { from: maria.url, dryRun: true })).statusCode).toBe(202);
    await s.services.whaticketImport.settled();
    const dry = await job();
    expect(dry.status).toBe('done');
    expect(dry.settingChoices).toEqual([
      { key: 'allTicket', current: 'disabled', incoming: 'enabled', taken: false },
      { key: 'userApiToken', current: `${before.token.slice(0, 4)}…`, incoming: 'sour…', taken: false },
      { key: 'userCreation', current: 'disabled', incoming: 'enabled', taken: false },
    ]);
    expect(await setting('userApiToken')).toBe(before.token);
    expect(await setting('userCreation')).toBe(before.userCreation);
    expect(await setting('allTicket')).toBe(before.allTicket);
  }, 120_000);

  it('cancelling is for admins only; an admin cancels, what was committed stays, and the next run continues without doubles', async () => {
    const agent = await s.createUser();
    expect((await post(null, '/api/imports/whaticket/cancel')).statusCode).toBe(401);
    const nothing = await post(s.adminToken, '/api/imports/whaticket/cancel');
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json().error).toBe('ERR_NOT_FOUND');

    expect((await post(s.adminToken, '/api/imports/whaticket', { from: maria.url, dryRun: false })).statusCode).toBe(202);
    const refused = await post(agent.token, '/api/imports/whaticket/cancel');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('ERR_NO_PERMISSION');
    expect((await job()).status).toBe('running');
    const cancelled = await post(s.adminToken, '/api/imports/whaticket/cancel');
    expect(cancelled.statusCode).toBe(202);
    await s.services.whaticketImport.settled();
    expect((await job()).status).toBe('cancelled');
    expect(await storedMessages()).toBeLessThan(GENERATED + FIXTURE_MESSAGES);

    // Run again (real, default choices) to the end: every message exactly once.
    expect((await post(s.adminToken, '/api/imports/whaticket', { from: maria.url, dryRun: false })).statusCode).toBe(202);
    const seen: number[] = [];
    while ((await job()).status === 'running') {
      expect((await s.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await s.app.inject({ method: 'GET', url: '/api/tickets?status=closed', headers: bearer(s.adminToken) })).statusCode).toBe(
        200,
      );
      const committed = await storedMessages();
      if ((await job()).status === 'running') seen.push(committed);
    }
    await s.services.whaticketImport.settled();
    const real = await job();
    expect(real.status, real.error ?? '').toBe('done');
    expect(await storedMessages()).toBe(GENERATED + FIXTURE_MESSAGES);
    // Committed page by page: the count of stored messages grew between answers.
    expect(new Set(seen).size).toBeGreaterThanOrEqual(3);
  }, 300_000);

  it('a real run keeps every security setting unless chosen; a chosen one is in force at once', async () => {
    const token = await setting('userApiToken');
    expect(await setting('userCreation')).toBe('disabled');
    // The run above took the ordinary settings and kept the security ones.
    expect(await setting('darkMode')).toBe('enabled');
    expect(token).not.toBe(SOURCE_TOKEN);
    expect(await setting('allTicket')).toBe('disabled');
    expect((await job()).settingChoices.map((c) => [c.key, c.taken])).toEqual([
      ['allTicket', false],
      ['userApiToken', false],
      ['userCreation', false],
    ]);

    expect(
      (
        await post(s.adminToken, '/api/imports/whaticket', {
          from: maria.url,
          dryRun: false,
          takeSettings: ['userApiToken', 'userCreation'],
        })
      ).statusCode,
    ).toBe(202);
    await s.services.whaticketImport.settled();
    const chosen = await job();
    expect(chosen.status, chosen.error ?? '').toBe('done');
    expect(chosen.settingChoices.map((c) => [c.key, c.taken])).toEqual([
      ['allTicket', false],
      ['userApiToken', true],
      ['userCreation', true],
    ]);
    expect(await setting('userApiToken')).toBe(SOURCE_TOKEN);
    expect(await setting('userCreation')).toBe('enabled');
    expect(await setting('allTicket')).toBe('disabled');
    // The API-key page shows the token that is in force, without a restart.
    const shown = await s.app.inject({ method: 'GET', url: '/api/settings/userApiToken', headers: bearer(s.adminToken) });
    expect(shown.json().value).toBe(SOURCE_TOKEN);
  }, 300_000);

  it('refuses a setting choice that is not a security setting', async () => {
    const res = await post(s.adminToken, '/api/imports/whaticket', { from: maria.url, dryRun: true, takeSettings: ['darkMode'] });
    expect(res.statusCode).toBe(400);
  });

  it('skips a named pipe in the media folder (and says so) instead of waiting on it forever; quotes of later pages are linked', async () => {
    const folder = path.join(s.services.whaticketImport.mediaRoot, 'with-pipe');
    fs.mkdirSync(folder, { recursive: true });
    const made = spawnSync('mkfifo', [path.join(folder, 'invoice.pdf')]);
    expect(made.status).toBe(0);
    const source = await openSource(maria.url);
    const target = await openTestDatabase();
    try {
      await target.database.migrate();
      for (const dryRun of [true, false]) {
        const result = await importWhaticket({ source, db: target.database.db, media: { from: folder, store: s.services.media }, dryRun });
        expect(result.tables.Messages).toEqual({ imported: GENERATED + FIXTURE_MESSAGES, already: 0, skipped: 1 });
        expect(result.notes).toContain(
          'Message 3EB0A3: media file invoice.pdf is not a regular file (skipped); imported without its file.',
        );
        if (!dryRun)
          expect(result.notes).toContain(
            'Message GEN0000001: the message it quotes (3EA004) was not imported; imported without the quote.',
          );
      }
      const db = target.database.db;
      const [invoice] = await db.select().from(messages).where(eq(messages.externalId, '3EB0A3'));
      expect(invoice.mediaPath).toBeNull();
      // Messages come in pages by their (random) WhatsApp id: the quoted one was written 5 pages later.
      const [quoting] = await db.select().from(messages).where(eq(messages.externalId, 'GEN0000000'));
      const [quotedOne] = await db
        .select()
        .from(messages)
        .where(eq(messages.externalId, `GEN${String(GENERATED - 1).padStart(7, '0')}`));
      expect(quoting.quotedMsgId).toBe(quotedOne.id);
      const [lost] = await db.select().from(messages).where(eq(messages.externalId, 'GEN0000001'));
      expect(lost.quotedMsgId).toBeNull();
    } finally {
      await source.close();
      await target.drop();
    }
  }, 300_000);

  it('a locked source table ends the import with a timeout instead of holding it', async () => {
    const locker = await mysql.createConnection(maria.url);
    const source = await openSource(maria.url, { connectMs: 5_000, statementMs: 1_000 });
    try {
      await locker.query('LOCK TABLES `Messages` WRITE');
      await expect(
        importWhaticket({ source: { ...source, identity: `${source.identity}#locked` }, db: s.database.db, dryRun: true }),
      ).rejects.toThrow(/timeout|timed out/i);
      expect((await s.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await locker.query('UNLOCK TABLES');
      await locker.end();
      await source.close();
    }
  }, 120_000);

  it('reads MySQL DATETIMEs in the source time zone, -03:00 unless told otherwise', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, '2024-05-01T15:00:00.000Z'],
      ['+00:00', '2024-05-01T12:00:00.000Z'],
      ['+05:30', '2024-05-01T06:30:00.000Z'],
    ];
    for (const [timeZone, instant] of cases) {
      const source = await openSource(maria.url, DEFAULT_SOURCE_TIMEOUTS, timeZone ? { timeZone } : {});
      try {
        const [ticket] = await source.page('Tickets', ['id', 'createdAt'], 'id', null, 1);
        expect((ticket.createdAt as Date).toISOString(), timeZone).toBe(instant);
        expect(source.timeZone).toBe(timeZone ?? '-03:00');
      } finally {
        await source.close();
      }
    }
    await expect(openSource(maria.url, DEFAULT_SOURCE_TIMEOUTS, { timeZone: 'America/Sao_Paulo' })).rejects.toThrow('offset');
  });

  it('closing the server (as SIGTERM does) cancels a running import', async () => {
    const other = await createTestServer({ database: s.database });
    other.services.whaticketImport.start({ id: 1, profile: 'admin' } as never, {
      from: maria.url,
      media: '',
      dryRun: true,
      takeSettings: [],
    });
    await other.stop();
    expect(other.services.whaticketImport.current({ id: 1, profile: 'admin' } as never).status).toBe('cancelled');
  }, 120_000);
});

describe('Whaticket import: a source that never answers', () => {
  it('ends connecting with a timeout, on MySQL and PostgreSQL alike', async () => {
    // Accepts connections and says nothing: neither server greeting nor answer ever comes.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      for (const url of [`mysql://root@127.0.0.1:${port}/whaticket`, `postgres://postgres@127.0.0.1:${port}/whaticket`]) {
        const source = await openSource(url, { connectMs: 500, statementMs: 60_000 });
        try {
          await expect(source.columns(), url).rejects.toThrow(/timeout|timed out|ETIMEDOUT/i);
        } finally {
          await source.close().catch(() => undefined);
        }
      }
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 60_000);
});
