/**
 * The test databases' lifecycle (test/test-databases.ts): a template per run, and the cleanup
 * that must hold even after an interrupted run without touching a concurrent run's databases.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { deploymentId } from '../store/deployment.js';
import { openTestDatabase, TEST_DB_KIND } from './harness.js';
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  dropRunDatabases,
  dropStaleDatabases,
  holdRun,
  migrationsHash,
  newRunTag,
  preparePostgresTemplate,
  templateName,
  testDatabaseName,
} from './test-databases.js';

const drizzleFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const HOUR = 60 * 60 * 1000;

describe('migrationsHash', () => {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-migrations-'));
  afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

  it('is the same for the same files and changes with any migration or the journal', () => {
    fs.cpSync(drizzleFolder, copy, { recursive: true });
    const original = migrationsHash(copy);
    expect(migrationsHash(copy)).toBe(original);
    expect(migrationsHash(copy)).toBe(migrationsHash(drizzleFolder));

    const first = fs
      .readdirSync(copy)
      .filter((f) => f.endsWith('.sql'))
      .sort()[0];
    fs.appendFileSync(path.join(copy, first), '\n-- edited\n');
    const edited = migrationsHash(copy);
    expect(edited).not.toBe(original);

    fs.writeFileSync(path.join(copy, '9999_added.sql'), 'select 1;');
    const added = migrationsHash(copy);
    expect(added).not.toBe(edited);

    fs.appendFileSync(path.join(copy, 'meta', '_journal.json'), ' ');
    expect(migrationsHash(copy)).not.toBe(added);
  });
});

describe('a test database', () => {
  it('is an installation of its own, as a freshly migrated database is', async () => {
    const [first, second] = [await openTestDatabase(), await openTestDatabase()];
    try {
      const ids = await Promise.all([deploymentId(first.database.db), deploymentId(second.database.db)]);
      expect(ids[0]).not.toBe(ids[1]);
    } finally {
      await first.drop();
      await second.drop();
    }
  });
});

describe.skipIf(TEST_DB_KIND !== 'postgres')('PostgreSQL test databases', () => {
  const baseUrl = process.env.TEST_DATABASE_URL ?? '';
  const made: string[] = [];
  afterAll(async () => {
    for (const name of made) await dropDatabase(baseUrl, name);
  });

  const exists = async (name: string) => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      return (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    } finally {
      await admin.end();
    }
  };

  it('a test database is a copy of the migrated template', async () => {
    const name = testDatabaseName(inject('testDatabaseRun'));
    made.push(name);
    await createDatabase(baseUrl, name, inject('testDatabaseTemplate'));
    const client = new pg.Client({ connectionString: databaseUrl(baseUrl, name) });
    await client.connect();
    try {
      const applied = await client.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
      const journal = JSON.parse(fs.readFileSync(path.join(drizzleFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      expect(Number(applied.rows[0].n)).toBe(journal.entries.length);
    } finally {
      await client.end();
    }
  });

  const marker = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('create table marker (id int)');
    await client.end();
  };

  it('builds a template of its own for each run, and a failed build leaves nothing', async () => {
    const hash = `0000${newRunTag()}`;
    const [first, second] = [newRunTag(), newRunTag()];
    const releases = [await holdRun(baseUrl, first), await holdRun(baseUrl, second)];
    try {
      const a = await preparePostgresTemplate(baseUrl, marker, first, hash);
      const b = await preparePostgresTemplate(baseUrl, marker, second, hash);
      made.push(a, b);
      expect(a).toMatch(new RegExp(`^sb_template_${hash}_\\d+_${first}$`));
      expect(b).toMatch(new RegExp(`^sb_template_${hash}_\\d+_${second}$`));
      expect(await exists(a)).toBe(true);
      expect(await exists(b)).toBe(true);
    } finally {
      for (const release of releases) await release();
    }

    // (A build time of its own, so the build database's name is known but for its random part.)
    const failing = newRunTag();
    const buildTime = 1_000_000_000_000 + Math.floor(Math.random() * 1e9);
    await expect(
      preparePostgresTemplate(baseUrl, () => Promise.reject(new Error('migration failed')), failing, hash, buildTime),
    ).rejects.toThrow('migration failed');
    expect(await exists(`sb_template_${hash}_${Math.floor(buildTime / 1000)}_${failing}`)).toBe(false);
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    const builds = await admin.query(
      `select datname from pg_database where datname like 'sb\\_build\\_${Math.floor(buildTime / 1000)}\\_%'`,
    );
    await admin.end();
    expect(builds.rows).toEqual([]);
  }, 120_000);

  it('a run that ends drops its databases and its template, and a concurrent run still copies its own', async () => {
    const hash = migrationsHash();
    const [ending, going] = [newRunTag(), newRunTag()];
    const releases = [await holdRun(baseUrl, ending), await holdRun(baseUrl, going)];
    try {
      const endingTemplate = await preparePostgresTemplate(baseUrl, marker, ending, hash);
      const goingTemplate = await preparePostgresTemplate(baseUrl, marker, going, hash);
      made.push(endingTemplate, goingTemplate);
      const endingCopy = testDatabaseName(ending);
      const goingCopy = testDatabaseName(going);
      made.push(endingCopy, goingCopy);
      await createDatabase(baseUrl, endingCopy, endingTemplate);
      await createDatabase(baseUrl, goingCopy, goingTemplate);

      expect((await dropRunDatabases(baseUrl, ending)).sort()).toEqual([endingCopy, endingTemplate].sort());
      expect(await exists(endingTemplate)).toBe(false);
      expect(await exists(goingTemplate)).toBe(true);
      expect(await exists(goingCopy)).toBe(true);
      // The run that goes on keeps making copies after the other ended.
      const later = testDatabaseName(going);
      made.push(later);
      await createDatabase(baseUrl, later, goingTemplate);
      expect(await exists(later)).toBe(true);
    } finally {
      for (const release of releases) await release();
    }
  }, 120_000);

  it('at its start drops what runs no longer alive left, and nothing of a live run', async () => {
    const now = Date.now();
    const hash = migrationsHash();
    const live = newRunTag();
    const dead = newRunTag();
    const lockless = newRunTag();
    const release = await holdRun(baseUrl, live);
    let liveTemplate = '';
    try {
      liveTemplate = await preparePostgresTemplate(baseUrl, marker, live, hash);
      made.push(liveTemplate);
      const deadTemplate = templateName(hash, dead, now - 60_000);
      // A live run's test database outlasting the hour (a slow machine) is still its own.
      const liveOld = testDatabaseName(live, now - 2 * HOUR);
      const deadOld = testDatabaseName(dead, now - 2 * HOUR);
      // Young and without a live run: perhaps a run of code that holds no lock.
      const locklessYoung = testDatabaseName(lockless, now - 10 * 60 * 1000);
      const unusedShared = `sb_template_0002${newRunTag()}`;
      const recentShared = `sb_template_0003${newRunTag()}`;
      for (const name of [deadTemplate, liveOld, deadOld, locklessYoung, unusedShared, recentShared]) {
        made.push(name);
        await createDatabase(baseUrl, name);
      }
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`COMMENT ON DATABASE ${unusedShared} IS 'last used ${now - 2 * 24 * HOUR}'`);
      await admin.query(`COMMENT ON DATABASE ${recentShared} IS 'last used ${now - HOUR}'`);
      await admin.end();

      const stale = await dropStaleDatabases(baseUrl, now);
      expect(stale).toEqual(expect.arrayContaining([deadTemplate, deadOld, unusedShared]));
      for (const kept of [liveTemplate, liveOld, locklessYoung, recentShared, inject('testDatabaseTemplate')]) {
        expect(stale).not.toContain(kept);
        expect(await exists(kept)).toBe(true);
      }
      for (const dropped of [deadTemplate, deadOld, unusedShared]) expect(await exists(dropped)).toBe(false);
    } finally {
      await release();
    }

    // Once the run is gone (its lock session ended), its template goes with the next sweep.
    // (The server releases the lock when the session's backend exits, a moment after the client closed.)
    await expect.poll(async () => (await dropStaleDatabases(baseUrl), await exists(liveTemplate))).toBe(false);
  }, 120_000);
});
