import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../lib/sql.js';
import { openDatabase } from './client.js';
import { PGLITE_SHARED_BUFFERS, resizeArgument } from './pglite-engine.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('embedded database sizing', () => {
  it('runs with the smaller buffer pool', async () => {
    const database = await openDatabase({});
    try {
      const [row] = rowsOf(await database.db.execute(sql`show shared_buffers`));
      expect(row.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
    } finally {
      await database.close();
    }
  });

  it('creates and migrates a new data directory in a child process, then opens it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-pglite-'));
    dirs.push(dir);
    const dataDir = path.join(dir, 'pg');
    const database = await openDatabase({ dataDir });
    try {
      expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      // The child applied every migration: the tables are there before migrate() runs here.
      const [row] = rowsOf(
        await database.db.execute(
          sql`select count(*)::int as n from information_schema.tables where table_name in ('tickets', 'messages', 'contacts')`,
        ),
      );
      expect(row.n).toBe(3);
      await database.migrate();
    } finally {
      await database.close();
    }
  }, 120_000);

  it('replaces a start-up argument only where it occurs exactly once and fits', () => {
    const once = Buffer.from('\0abc\0shared_buffers=128MB\0xyz\0', 'latin1');
    expect(resizeArgument(once, 'shared_buffers=128MB', 'shared_buffers=16MB')).toBe(true);
    expect(once.toString('latin1')).toBe('\0abc\0shared_buffers=16MB\0\0xyz\0');
    const twice = Buffer.from('shared_buffers=128MB\0shared_buffers=128MB\0', 'latin1');
    expect(resizeArgument(twice, 'shared_buffers=128MB', 'shared_buffers=16MB')).toBe(false);
    const absent = Buffer.from('work_mem=4MB\0', 'latin1');
    expect(resizeArgument(absent, 'shared_buffers=128MB', 'shared_buffers=16MB')).toBe(false);
    expect(resizeArgument(Buffer.from('a=1\0'), 'a=1', 'a=1234')).toBe(false);
  });
});

describe('embedded database and the event loop', () => {
  it('lets timers and I/O run while a stream of queries is under way', async () => {
    const database = await openDatabase({});
    try {
      const total = 2000;
      let done = 0;
      let doneWhenTimerRan = -1;
      setTimeout(() => (doneWhenTimerRan = done), 0);
      // 20 callers, each issuing its next statement as soon as the previous one answered.
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          for (let k = 0; k < total / 20; k++) {
            await database.db.execute(sql`select ${k}::int as k`);
            done += 1;
          }
        }),
      );
      expect(doneWhenTimerRan).toBeGreaterThanOrEqual(0);
      expect(doneWhenTimerRan).toBeLessThan(total);
    } finally {
      await database.close();
    }
  });
});
