import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsapps } from '../db/schema.js';
import { openTestDatabase, type TestDatabase } from '../test/harness.js';
import { createDbAuthStore } from './auth-store.js';

describe('createDbAuthStore', () => {
  let testDb: TestDatabase;
  let connectionA: number;
  let connectionB: number;

  beforeAll(async () => {
    testDb = await openTestDatabase();
    await testDb.database.migrate();
    const rows = await testDb.database.db
      .insert(whatsapps)
      .values([{ name: 'auth-a' }, { name: 'auth-b' }])
      .returning({ id: whatsapps.id });
    [connectionA, connectionB] = rows.map((r) => r.id);
  });

  afterAll(async () => {
    await testDb.drop();
  });

  it('returns undefined for a key never set', async () => {
    const store = createDbAuthStore(testDb.database.db, connectionA);
    expect(await store.get('creds')).toBeUndefined();
  });

  it('inserts, then overwrites on a second set of the same key', async () => {
    const store = createDbAuthStore(testDb.database.db, connectionA);
    await store.set({ creds: '{"v":1}', 'session-1': 'one' });
    expect(await store.get('creds')).toBe('{"v":1}');
    await store.set({ creds: '{"v":2}' });
    expect(await store.get('creds')).toBe('{"v":2}');
    expect(await store.get('session-1')).toBe('one');
  });

  it('deletes a key set to null, in the same batch as upserts', async () => {
    const store = createDbAuthStore(testDb.database.db, connectionA);
    await store.set({ 'pre-key-1': 'k1', 'pre-key-2': 'k2' });
    await store.set({ 'pre-key-1': null, 'pre-key-3': 'k3' });
    expect(await store.get('pre-key-1')).toBeUndefined();
    expect(await store.get('pre-key-2')).toBe('k2');
    expect(await store.get('pre-key-3')).toBe('k3');
  });

  it('keeps connections apart and clears only its own rows', async () => {
    const a = createDbAuthStore(testDb.database.db, connectionA);
    const b = createDbAuthStore(testDb.database.db, connectionB);
    await a.set({ shared: 'from-a' });
    await b.set({ shared: 'from-b' });
    expect(await a.get('shared')).toBe('from-a');
    expect(await b.get('shared')).toBe('from-b');

    await a.clear();
    expect(await a.get('shared')).toBeUndefined();
    expect(await a.get('creds')).toBeUndefined();
    expect(await b.get('shared')).toBe('from-b');
  });

  it('accepts an empty batch', async () => {
    const store = createDbAuthStore(testDb.database.db, connectionB);
    await expect(store.set({})).resolves.toBeUndefined();
  });
});
