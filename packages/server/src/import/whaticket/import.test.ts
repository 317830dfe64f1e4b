/**
 * The Whaticket import against a real MariaDB (started here on a free port, Press-Ticket schema)
 * and a real PostgreSQL (whaticket-community schema), into this server's database of the kind
 * under test: what comes over, what is reported, idempotence, resuming, the dry run, passwords.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactExtraInfo, contactTags, contacts, importMap, messages, queues, settings, tags, tickets, userQueues, users, whatsapps } from '../../db/schema.js';
import { MediaStore } from '../../lib/media-store.js';
import { PDF } from '../../test/fixtures.js';
import { createTestServer, openTestDatabase, type TestDatabase } from '../../test/harness.js';
import { MARIADB_AVAILABLE, startMariaDb, type TestMariaDb } from '../../test/mariadb.js';
import { OLD_PASSWORD, createWhaticketDatabase } from '../../test/whaticket-fixture.js';
import { importWhaticket, type ImportResult } from './importer.js';
import { openSource, type SourceDb } from './source.js';
import { summaryText } from './summary.js';

function mediaFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-wt-public-'));
  fs.writeFileSync(path.join(dir, 'invoice.pdf'), PDF);
  return dir;
}

async function importInto(target: TestDatabase, sourceUrl: string, extra: { dryRun?: boolean; pageSize?: number; stopAfter?: number } = {}) {
  const source = await openSource(sourceUrl);
  const store = new MediaStore(fs.mkdtempSync(path.join(os.tmpdir(), 'sb-wt-media-')));
  let pages = 0;
  try {
    const result = await importWhaticket({
      source,
      db: target.database.db,
      media: { from: publicDir, store },
      dryRun: extra.dryRun,
      pageSize: extra.pageSize,
      onProgress: () => {
        if (extra.stopAfter !== undefined && ++pages >= extra.stopAfter) throw new Error('interrupted');
      },
    });
    return { result, store };
  } finally {
    await source.close();
  }
}

let publicDir: string;
beforeAll(() => {
  publicDir = mediaFolder();
});
afterAll(() => fs.rmSync(publicDir, { recursive: true, force: true }));

describe.skipIf(!MARIADB_AVAILABLE)('Whaticket import from MariaDB (Press-Ticket schema)', () => {
  let maria: TestMariaDb;
  let target: TestDatabase;
  let first: ImportResult;
  let store: MediaStore;

  beforeAll(async () => {
    maria = await startMariaDb();
    const conn = await mysql.createConnection(maria.url);
    await createWhaticketDatabase((sql) => conn.query(sql), 'mysql', 'press-ticket');
    await conn.end();
    target = await openTestDatabase();
    await target.database.migrate();
    ({ result: first, store } = await importInto(target, maria.url, { pageSize: 2 }));
  }, 180_000);
  afterAll(async () => {
    await target?.drop();
    await maria?.stop();
  });

  it('recognises the variant and reports what it does not know', () => {
    expect(first.survey.variant).toBe('press-ticket');
    expect(first.survey.unknownColumns).toEqual(['Contacts.favoriteColour']);
    expect(first.survey.otherTables).toEqual(['Schedules']);
    expect(first.survey.missingTables).toEqual([]);
  });

  it('brings sectors, connection, attendants, contacts, tags, quick answers, tickets and messages over', async () => {
    const db = target.database.db;
    expect((await db.select().from(queues)).map((q) => [q.name, q.color, q.startWork, q.absenceMessage])).toEqual(
      expect.arrayContaining([
        ['Sales', '#ff0000', '08:00', 'We are closed'],
        ['Support', '#00ff00', null, ''],
      ]),
    );
    const [connection] = await db.select().from(whatsapps);
    expect(connection).toMatchObject({ name: 'Main phone', status: 'DISCONNECTED', isDefault: true, greetingMessage: 'Hello!', farewellMessage: 'Bye!' });
    const ana = (await db.select().from(users).where(eq(users.email, 'ana@example.com')))[0];
    expect(ana).toMatchObject({ name: 'Agent Ana', profile: 'user', startWork: '09:00', endWork: '17:00' });
    expect(await db.select().from(userQueues).where(eq(userQueues.userId, ana.id))).toHaveLength(1);
    expect((await db.select().from(contacts)).map((c) => c.number).sort()).toEqual(['5511988880001', '5511988880002']);
    const [maria] = await db.select().from(contacts).where(eq(contacts.number, '5511988880001'));
    expect(await db.select({ name: contactExtraInfo.name, value: contactExtraInfo.value }).from(contactExtraInfo).where(eq(contactExtraInfo.contactId, maria.id))).toEqual([
      { name: 'CPF', value: '123.456.789-00' },
    ]);
    const [vip] = await db.select().from(tags);
    expect(vip).toMatchObject({ name: 'VIP customer', color: '#abcdef' });
    expect(await db.select().from(contactTags)).toEqual([{ contactId: maria.id, tagId: vip.id }]);
    expect((await db.select().from(settings).where(eq(settings.key, 'userCreation')))[0].value).toBe('disabled');

    const imported = await db.select().from(tickets);
    expect(imported.map((t) => t.status).sort()).toEqual(['closed', 'open']);
    const msgs = await db.select().from(messages);
    expect(msgs.map((m) => m.externalId).sort()).toEqual(['3EB0A1', '3EB0A2', '3EB0A3', '3EB0A4', '3EB0A5']);
    // Sent by the old install: never picked up by the outbox again.
    for (const m of msgs.filter((x) => x.fromMe)) expect(m.sendState).toBe('sent');
    const reply = msgs.find((m) => m.externalId === '3EB0A2')!;
    expect(reply.quotedMsgId).toBe(msgs.find((m) => m.externalId === '3EB0A1')!.id);
    const invoice = msgs.find((m) => m.externalId === '3EB0A3')!;
    expect(invoice.mediaPath).toBeTruthy();
    expect(fs.readFileSync(path.join(store.dir, invoice.mediaPath!))).toEqual(PDF);
    expect(msgs.find((m) => m.externalId === '3EB0A4')!.mediaPath).toBeNull();
  });

  it('reports every skipped row with its reason', () => {
    const reasons = first.skipped.map((s) => `${s.table} ${s.id}: ${s.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'Settings sourceType: no such setting here',
        expect.stringMatching(/^Settings call: value not accepted here/),
        'Contacts 3: no usable number',
        'ContactCustomFields 2: contact not imported',
        'Tags 2: name shorter than 3 characters',
        expect.stringMatching(/^ContactTags 2\/2: contact or tag not imported/),
        'Tickets 3: no connection (the ticket names none, or it was not imported)',
        'Messages 3EB0A6: ticket not imported',
      ]),
    );
    expect(first.skipped).toHaveLength(8);
    expect(first.notes.some((n) => n.includes('3EB0A4') && n.includes('lost-photo.jpg'))).toBe(true);
    expect(first.tables.Messages).toEqual({ imported: 5, already: 0, skipped: 1 });
    expect(summaryText(first)).toContain('Unknown columns (not imported): Contacts.favoriteColour');
  });

  it('imports nothing twice when run again', async () => {
    const again = (await importInto(target, maria.url)).result;
    for (const [table, summary] of Object.entries(again.tables)) {
      if (table.endsWith('Queues') || table === 'ContactTags') continue; // link tables are re-asserted, never doubled
      expect(summary.imported, table).toBe(0);
    }
    const db = target.database.db;
    expect(await db.select().from(messages)).toHaveLength(5);
    expect(await db.select().from(contacts)).toHaveLength(2);
    expect(await db.select().from(contactTags)).toHaveLength(1);
  });

  it('lets attendants sign in with their old password, which is then stored the current way', async () => {
    const server = await createTestServer({ database: target.database });
    try {
      // The admin works all day (Ana's hours would refuse a sign-in outside 09:00–17:00).
      const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'old.admin@example.com', password: OLD_PASSWORD } });
      expect(login.statusCode, login.body).toBe(200);
      const wrong = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'old.admin@example.com', password: 'not-it' } });
      expect(wrong.statusCode).toBe(401);
      const [admin] = await target.database.db.select().from(users).where(eq(users.email, 'old.admin@example.com'));
      expect(admin.passwordHash.startsWith('scrypt$')).toBe(true);
      const again = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'old.admin@example.com', password: OLD_PASSWORD } });
      expect(again.statusCode).toBe(200);
      const [ana] = await target.database.db.select().from(users).where(eq(users.email, 'ana@example.com'));
      expect(ana.passwordHash.startsWith('$2')).toBe(true);
    } finally {
      await server.app.close();
    }
  });

  it('a dry run writes nothing and says what it would import', async () => {
    const fresh = await openTestDatabase();
    try {
      await fresh.database.migrate();
      const { result } = await importInto(fresh, maria.url, { dryRun: true });
      expect(result.dryRun).toBe(true);
      expect(result.tables.Messages).toEqual({ imported: 5, already: 0, skipped: 1 });
      expect(result.skipped).toHaveLength(8);
      const db = fresh.database.db;
      expect(await db.select().from(messages)).toEqual([]);
      expect(await db.select().from(contacts)).toEqual([]);
      expect(await db.select().from(importMap)).toEqual([]);
    } finally {
      await fresh.drop();
    }
  });

  it('continues where an interrupted run stopped, without doubles', async () => {
    const fresh = await openTestDatabase();
    try {
      await fresh.database.migrate();
      await expect(importInto(fresh, maria.url, { pageSize: 1, stopAfter: 12 })).rejects.toThrow('interrupted');
      const partial = (await fresh.database.db.select().from(importMap)).length;
      expect(partial).toBeGreaterThan(0);
      const { result } = await importInto(fresh, maria.url, { pageSize: 1 });
      expect(result.tables.Users?.already).toBe(2);
      const db = fresh.database.db;
      expect(await db.select().from(messages)).toHaveLength(5);
      expect(await db.select().from(tickets)).toHaveLength(2);
      expect(await db.select().from(users)).toHaveLength(2);
    } finally {
      await fresh.drop();
    }
  });
});

const PG_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG_URL)('Whaticket import from PostgreSQL (whaticket-community schema)', () => {
  let sourceUrl: string;
  let dbName: string;
  let target: TestDatabase;
  let source: SourceDb;

  beforeAll(async () => {
    dbName = `wt_source_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(PG_URL!);
    url.pathname = `/${dbName}`;
    sourceUrl = url.toString();
    const client = new pg.Client({ connectionString: sourceUrl });
    await client.connect();
    await createWhaticketDatabase((sql) => client.query(sql), 'postgres', 'community');
    await client.end();
    target = await openTestDatabase();
    await target.database.migrate();
    source = await openSource(sourceUrl);
  }, 120_000);
  afterAll(async () => {
    await source?.close();
    await target?.drop();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  it('imports the community variant, which has no tags, and is idempotent', async () => {
    const first = (await importInto(target, sourceUrl)).result;
    expect(first.survey.variant).toBe('whaticket-community');
    expect(first.survey.missingTables).toEqual(['Tags', 'ContactTags']);
    expect(first.tables.Users).toEqual({ imported: 2, already: 0, skipped: 0 });
    expect(first.tables.Messages).toEqual({ imported: 5, already: 0, skipped: 1 });
    const db = target.database.db;
    const [sales] = await db.select().from(queues).where(eq(queues.name, 'Sales'));
    expect(sales).toMatchObject({ color: '#ff0000', greetingMessage: 'Welcome to sales', startWork: null });
    // Dates keep their instant across databases.
    const [closed] = await db.select().from(tickets).where(eq(tickets.status, 'closed'));
    expect(closed.createdAt.toISOString()).toBe('2024-05-01T12:00:00.000Z');

    const again = (await importInto(target, sourceUrl)).result;
    expect(again.tables.Messages).toEqual({ imported: 0, already: 5, skipped: 1 });
    expect(await db.select().from(messages)).toHaveLength(5);
  });

  it('names the source without its password', () => {
    expect(source.identity).toBe(`postgres://${new URL(sourceUrl).hostname}:${new URL(sourceUrl).port || '5432'}/${dbName}`);
  });
});
