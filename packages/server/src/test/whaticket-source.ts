/** Whaticket-family source databases for the import tests, named so the test cleanup finds them. */
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, databaseUrl, dropDatabase, newRunTag, testDatabaseName } from './test-databases.js';
import { createWhaticketDatabase } from './whaticket-fixture.js';

/**
 * A whaticket-community source on the PostgreSQL server at `baseUrl`, named as the run's test
 * databases (sb_test_…): the run drops it at its end, and a later run's sweep if this one was
 * interrupted.
 */
export async function createPostgresSource(baseUrl: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  // Provided by the global setup whenever TEST_DATABASE_URL is set; a tag of its own otherwise
  // (swept once stale, as no live run holds it).
  const name = testDatabaseName(inject('testDatabaseRun') ?? newRunTag());
  await createDatabase(baseUrl, name);
  const url = databaseUrl(baseUrl, name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await createWhaticketDatabase((sql) => client.query(sql), 'postgres');
  } finally {
    await client.end();
  }
  return { url, name, drop: () => dropDatabase(baseUrl, name) };
}
