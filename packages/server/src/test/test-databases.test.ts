/**
 * The test databases' lifecycle (test/test-databases.ts): a template per migration set, and the
 * cleanup that must hold even after an interrupted run without touching a concurrent run's
 * databases.
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
  migrationsHash,
  newRunTag,
  preparePostgresTemplate,
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

    const first = fs.readdirSync(copy).filter((f) => f.endsWith('.sql')).sort()[0];
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

  it('builds a template per migration set and reuses it while the set is unchanged', async () => {
    const hash = `0000${newRunTag()}`;
    let migrations = 0;
    const migrate = async (url: string) => {
      migrations++;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query('create table marker (id int)');
      await client.end();
    };
    const template = await preparePostgresTemplate(baseUrl, migrate, hash);
    made.push(template);
    expect(template).toBe(`sb_template_${hash}`);
    expect(await preparePostgresTemplate(baseUrl, migrate, hash)).toBe(template);
    expect(migrations).toBe(1);

    // A build that fails leaves neither a template nor its build database.
    // (A build time of its own, so the build database's name is known but for its random part.)
    const failing = `0001${newRunTag()}`;
    const buildTime = 1_000_000_000_000 + Math.floor(Math.random() * 1e9);
    await expect(
      preparePostgresTemplate(baseUrl, () => Promise.reject(new Error('migration failed')), failing, buildTime),
    ).rejects.toThrow('migration failed');
    expect(await exists(`sb_template_${failing}`)).toBe(false);
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    const builds = await admin.query(`select datname from pg_database where datname like 'sb\\_build\\_${Math.floor(buildTime / 1000)}\\_%'`);
    await admin.end();
    expect(builds.rows).toEqual([]);
  });

  it('drops its own run’s databases at the end, and other runs’ only once they are stale', async () => {
    const now = Date.now();
    const run = newRunTag();
    const other = newRunTag();
    const mine = testDatabaseName(run, now);
    const concurrent = testDatabaseName(other, now - 10 * 60 * 1000);
    const interrupted = testDatabaseName(other, now - 2 * HOUR);
    const unusedTemplate = `sb_template_0002${newRunTag()}`;
    const recentTemplate = `sb_template_0003${newRunTag()}`;
    for (const name of [mine, concurrent, interrupted, unusedTemplate, recentTemplate]) {
      made.push(name);
      await createDatabase(baseUrl, name);
    }
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`COMMENT ON DATABASE ${unusedTemplate} IS 'last used ${now - 2 * 24 * HOUR}'`);
    await admin.query(`COMMENT ON DATABASE ${recentTemplate} IS 'last used ${now - HOUR}'`);
    await admin.end();

    const stale = await dropStaleDatabases(baseUrl, inject('testDatabaseTemplate').replace('sb_template_', ''), now);
    expect(stale).toContain(interrupted);
    expect(stale).toContain(unusedTemplate);
    expect(stale).not.toContain(concurrent);
    expect(stale).not.toContain(recentTemplate);
    expect(stale).not.toContain(inject('testDatabaseTemplate'));
    expect(await exists(interrupted)).toBe(false);
    expect(await exists(unusedTemplate)).toBe(false);
    expect(await exists(concurrent)).toBe(true);
    expect(await exists(inject('testDatabaseTemplate'))).toBe(true);

    expect(await dropRunDatabases(baseUrl, run)).toEqual([mine]);
    expect(await exists(mine)).toBe(false);
    expect(await exists(concurrent)).toBe(true);
  });
});
