/**
 * Vitest global setup of a server test project: migrates the database every test file of the run
 * copies (test/test-databases.ts), hands its whereabouts to the test files, and cleans up after the
 * run — and, on PostgreSQL, after earlier runs that were interrupted before they could. Tests that
 * need a database of another product (a Whaticket source for the import) make it on the same
 * servers under the same names, so the same cleanup finds it: on PostgreSQL (also from the PGlite
 * project, when TEST_DATABASE_URL is set) a test database of the run; a throw-away MariaDB server
 * by its directory (sweepMariaDbServers).
 */
import type { PGlite } from '@electric-sql/pglite';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import {
  dropRunDatabases,
  dropStaleDatabases,
  holdRun,
  migrationsHash,
  newRunTag,
  preparePostgresTemplate,
  UNUSED_TEMPLATE_AFTER_MS,
} from './test-databases.js';
import { sweepMariaDbServers } from './mariadb.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tag of this run's test database names (PostgreSQL). */
    testDatabaseRun: string;
    /** The migrated template every test database copies (PostgreSQL). */
    testDatabaseTemplate: string;
    /** File holding the dump of a migrated PGlite data directory (PGlite). */
    pgliteSnapshot: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  sweepMariaDbServers();
  const hash = migrationsHash();
  if (project.config.env.TEST_DB === 'postgres') {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    // Alive before anything of the run exists, so no other run's cleanup takes it for a dead one's.
    const run = newRunTag();
    const release = await holdRun(baseUrl, run);
    try {
      await dropStaleDatabases(baseUrl);
      const template = await preparePostgresTemplate(
        baseUrl,
        async (url) => {
          const database = await openDatabase({ url, poolSize: 1 });
          try {
            await database.migrate();
          } finally {
            await database.close();
          }
        },
        run,
        hash,
      );
      project.provide('testDatabaseRun', run);
      project.provide('testDatabaseTemplate', template);
    } catch (error) {
      await release();
      throw error;
    }
    return async () => {
      // Nothing stays on the shared server after a run: its test databases and its own template
      // (no other run copies it; each migrates its own, in seconds).
      try {
        await dropRunDatabases(baseUrl, run);
      } finally {
        await release();
      }
    };
  }

  // An interrupted run leaves its dump behind; one written a day ago belongs to no running run
  // (a run's test processes may read it until the run ends, hours on a busy machine).
  for (const entry of fs.readdirSync(os.tmpdir())) {
    const old = path.join(os.tmpdir(), entry);
    if (entry.startsWith('sb-test-pglite-') && Date.now() - fs.statSync(old).mtimeMs > UNUSED_TEMPLATE_AFTER_MS)
      fs.rmSync(old, { recursive: true, force: true });
  }
  // Whaticket sources on PostgreSQL are this run's test databases there, held, swept and dropped alike.
  const sourceServer = process.env.TEST_DATABASE_URL;
  let releaseSources = (): Promise<void> => Promise.resolve();
  if (sourceServer) {
    const run = newRunTag();
    releaseSources = await holdRun(sourceServer, run);
    await dropStaleDatabases(sourceServer);
    project.provide('testDatabaseRun', run);
    const release = releaseSources;
    releaseSources = async () => {
      try {
        await dropRunDatabases(sourceServer, run);
      } finally {
        await release();
      }
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sb-test-pglite-${hash}-`));
  const snapshot = path.join(dir, 'migrated.tar');
  const database = await openDatabase({});
  try {
    await database.migrate();
    // PGlite's own dump of the data directory (uncompressed: loading it is the per-file cost).
    const client = (database.db as unknown as { $client: PGlite }).$client;
    fs.writeFileSync(snapshot, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteSnapshot', snapshot);
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await releaseSources();
  };
}
