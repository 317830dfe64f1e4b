/**
 * Backup and restore: a backup taken while the server runs and receives messages, restored into
 * a fresh data directory, holds every ticket, every message and every media file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { afterAll, describe, expect, it } from 'vitest';
import { messages, tickets } from '../db/schema.js';
import { openDatabase, type Database } from '../db/client.js';
import { bearer, createTestServer, openTestDatabase, TEST_DB_KIND } from '../test/harness.js';
import { multipart, pdf } from '../test/multipart.js';
import { connectSimulator, customerSends, phoneNumber, waitFor } from '../test/simulator.js';
import { PNG } from '../test/fixtures.js';
import { databaseUrl, testDatabaseName, createDatabase, dropDatabase } from '../test/test-databases.js';
import { rowsOf } from '../lib/sql.js';
import { loadSecrets } from '../lib/data-dir.js';
import { createBackup, readManifest, restoreBackup } from './backup.js';

const folders: string[] = [];
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sb-${name}-`));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** A running installation on `database` and `dataDir` with conversations holding media; resolves to it. */
async function busyInstallation(database: Database, dataDir: string) {
  const s = await createTestServer({ database, env: { DATA_DIR: dataDir } });
  const conn = await connectSimulator(s);
  for (let i = 0; i < 3; i++) {
    const customer = phoneNumber();
    await customerSends(s, { from: customer, to: conn.number, body: `hello ${i}` });
    await customerSends(s, {
      from: customer,
      to: conn.number,
      type: 'image',
      body: '',
      media: { mimetype: 'image/png', filename: `photo-${i}.png`, data: PNG.toString('base64') },
    });
  }
  const ticketRows = await waitFor(async () => {
    const rows = await database.db.select().from(tickets);
    return rows.length === 3 && rows;
  });
  // An attendant's reply with a document, stored through the upload route.
  const form = multipart({ body: '' }, [{ filename: 'terms.pdf', data: pdf(20_000), type: 'application/pdf' }]);
  const sent = await s.app.inject({
    method: 'POST',
    url: `/api/messages/${ticketRows[0].id}`,
    headers: { ...form.headers, ...bearer(s.adminToken) },
    payload: form.payload,
  });
  expect(sent.statusCode, sent.body).toBe(201);
  await waitFor(async () => (await database.db.select().from(messages)).filter((m) => m.mediaPath).length === 4);
  return s;
}

/** Every ticket and message id, and the media files the messages name. */
async function contents(database: Database) {
  const t = await database.db.select({ id: tickets.id }).from(tickets);
  const m = await database.db.select({ id: messages.id, mediaPath: messages.mediaPath }).from(messages);
  return {
    tickets: t.map((r) => r.id).sort(),
    messages: m.map((r) => r.id).sort(),
    media: m.flatMap((r) => (r.mediaPath ? [r.mediaPath] : [])).sort(),
  };
}

describe('backup and restore', () => {
  it(
    'embedded database: a backup taken while running restores into a fresh data directory with every ticket, message and file',
    { timeout: 180_000 },
    async () => {
      const dataDir = tempDir('live');
      const database = await openDatabase({ dataDir: path.join(dataDir, 'pg') });
      // The secrets a first start generates into the data directory (the test server is given its own).
      loadSecrets(dataDir, {});
      const s = await busyInstallation(database, dataDir);
      const before = await contents(database);
      const target = path.join(tempDir('backups'), 'backup-1');
      let manifest;
      try {
        // Taken while the server runs (its sessions, outbox and scheduler all live).
        manifest = await createBackup({ database, dataDir, target });
      } finally {
        await s.stop();
        await database.close();
      }
      expect(manifest).toMatchObject({ kind: 'pglite', tickets: 3, messages: before.messages.length });
      expect(readManifest(target).files).toBeGreaterThanOrEqual(4);

      const fresh = tempDir('restored');
      await restoreBackup({ source: target, dataDir: fresh });
      const restored = await openDatabase({ dataDir: path.join(fresh, 'pg') });
      try {
        const after = await contents(restored);
        expect(after).toEqual(before);
        for (const name of after.media) {
          expect(fs.readFileSync(path.join(fresh, 'media', name))).toEqual(fs.readFileSync(path.join(dataDir, 'media', name)));
        }
        // The generated secrets come back too: sessions signed before the backup stay valid.
        expect(fs.readFileSync(path.join(fresh, 'secrets.json'), 'utf8')).toBe(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
      } finally {
        await restored.close();
      }
      // A data directory that already holds a database is never overwritten.
      await expect(restoreBackup({ source: target, dataDir: fresh })).rejects.toThrow(/already holds a database/);
      // Nor is a backup written over another.
      await expect(createBackup({ database: restored, dataDir: fresh, target })).rejects.toThrow(/not empty/);
    },
  );

  it(
    "a backup written inside DATA_DIR (a container's only volume) holds neither itself nor earlier backups",
    { timeout: 60_000 },
    async () => {
      const dataDir = tempDir('inside');
      const database = await openDatabase({ dataDir: path.join(dataDir, 'pg') });
      try {
        fs.mkdirSync(path.join(dataDir, 'media'), { recursive: true });
        fs.writeFileSync(path.join(dataDir, 'media', 'a.png'), PNG);
        const first = await createBackup({ database, dataDir, target: path.join(dataDir, 'backups', 'first') });
        const second = await createBackup({ database, dataDir, target: path.join(dataDir, 'backups', 'second') });
        expect(first.files).toBe(1);
        expect(second.files).toBe(1);
        expect(fs.readdirSync(path.join(dataDir, 'backups', 'second', 'files'))).toEqual(['media']);
        // Elsewhere in DATA_DIR too: the folder being written is never copied into itself.
        const odd = await createBackup({ database, dataDir, target: path.join(dataDir, 'media', 'backup') });
        expect(odd.files).toBe(1);
        expect(fs.readdirSync(path.join(dataDir, 'media', 'backup', 'files', 'media'))).toEqual(['a.png']);
      } finally {
        await database.close();
      }
    },
  );

  it.runIf(TEST_DB_KIND === 'postgres')(
    'PostgreSQL: pg_dump while running, pg_restore into a new database, files alongside',
    { timeout: 180_000 },
    async () => {
      const baseUrl = process.env.TEST_DATABASE_URL!;
      const { database, drop } = await openTestDatabase();
      const dataDir = tempDir('pg-live');
      const s = await busyInstallation(database, dataDir);
      const before = await contents(database);
      const current = String(rowsOf(await database.db.execute(sql`select current_database() as name`))[0]?.name);
      const target = path.join(tempDir('pg-backups'), 'backup');
      try {
        await createBackup({ database, dataDir, target, databaseUrl: databaseUrl(baseUrl, current) });
      } finally {
        await s.stop();
        await drop();
      }
      const restoredName = `${testDatabaseName(inject('testDatabaseRun'))}_restore`;
      await createDatabase(baseUrl, restoredName);
      const fresh = tempDir('pg-restored');
      try {
        await restoreBackup({ source: target, dataDir: fresh, databaseUrl: databaseUrl(baseUrl, restoredName) });
        const restored = await openDatabase({ url: databaseUrl(baseUrl, restoredName), poolSize: 2 });
        try {
          const after = await contents(restored);
          expect(after).toEqual(before);
          for (const file of after.media) expect(fs.existsSync(path.join(fresh, 'media', file))).toBe(true);
        } finally {
          await restored.close();
        }
      } finally {
        await dropDatabase(baseUrl, restoredName);
      }
    },
  );
});
