/**
 * schema.ts is the truth about the database: the migrations build exactly the tables, columns,
 * indexes and constraints it declares, and `npm run db:generate` on a clean tree writes nothing.
 * Compared on the catalog of two embedded databases: one built by the migrations, one by the SQL
 * drizzle-kit writes from schema.ts alone.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite-engine.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const migrationsDir = path.join(serverDir, 'drizzle');
const drizzleKit = path.resolve(serverDir, '../../node_modules/.bin/drizzle-kit');
const run = promisify(execFile);

/**
 * What the migrations build that drizzle cannot declare, each named by the start of its catalog
 * line: indexes over an SQL function (migration 0034, store/text-search.ts) and the covering
 * columns (INCLUDE) of the ticket-list and the dashboard's cycle indexes, which schema.ts declares
 * without them.
 */
const ONLY_IN_MIGRATIONS = [
  'index contacts.contacts_number_digits_idx CREATE INDEX contacts_number_digits_idx ON public.contacts USING gin (digit_grams(number))',
  'index messages.messages_body_digits_idx CREATE INDEX messages_body_digits_idx ON public.messages USING gin (digit_grams(body))',
  'index tickets.tickets_status_updated_idx CREATE INDEX tickets_status_updated_idx ON public.tickets USING btree (status, updated_at, id) INCLUDE (user_id, queue_id, is_group)',
  'index tickets.tickets_unassigned_status_idx CREATE INDEX tickets_unassigned_status_idx ON public.tickets USING btree (status, updated_at, id) INCLUDE (queue_id, is_group) WHERE (user_id IS NULL)',
  'index tickets.tickets_user_status_idx CREATE INDEX tickets_user_status_idx ON public.tickets USING btree (user_id, status, updated_at, id) INCLUDE (queue_id, is_group)',
  // A search's probe checks each matching contact's tickets against the viewer's visibility from the index alone (0065).
  'index tickets.tickets_contact_idx CREATE INDEX tickets_contact_idx ON public.tickets USING btree (contact_id) INCLUDE (id, user_id, queue_id, status, is_group)',
  'index tickets.tickets_assigned_status_idx CREATE INDEX tickets_assigned_status_idx ON public.tickets USING btree (status, updated_at, id) INCLUDE (queue_id, is_group) WHERE (user_id IS NOT NULL)',
  // Whose lists a contact's tickets are in, for a search's pre-filter (0066), kept by a trigger and read by no select.
  "column contacts.ticket_scope_keys ARRAY not null default '{-2147483647}'::integer[]",
  'index contacts.contacts_name_trgm_idx CREATE INDEX contacts_name_trgm_idx ON public.contacts USING gin (name gin_trgm_ops, ticket_scope_keys)',
  // The dashboard's raw reads of cycles (migration 0060): each date index carries what they count.
  'index ticket_cycles.ticket_cycles_finished_idx CREATE INDEX ticket_cycles_finished_idx ON public.ticket_cycles USING btree (finished_at) INCLUDE (ticket_id, user_id, queue_id)',
  'index ticket_cycles.ticket_cycles_queue_finished_idx CREATE INDEX ticket_cycles_queue_finished_idx ON public.ticket_cycles USING btree (queue_id, finished_at) INCLUDE (ticket_id, user_id)',
  'index ticket_cycles.ticket_cycles_queue_queued_idx CREATE INDEX ticket_cycles_queue_queued_idx ON public.ticket_cycles USING btree (queue_id, queued_at) INCLUDE (ticket_id, user_id)',
  'index ticket_cycles.ticket_cycles_queued_idx CREATE INDEX ticket_cycles_queued_idx ON public.ticket_cycles USING btree (queued_at) INCLUDE (ticket_id, user_id, queue_id)',
  'index ticket_cycles.ticket_cycles_user_finished_idx CREATE INDEX ticket_cycles_user_finished_idx ON public.ticket_cycles USING btree (user_id, finished_at) INCLUDE (ticket_id, queue_id)',
  'index ticket_cycles.ticket_cycles_user_queued_idx CREATE INDEX ticket_cycles_user_queued_idx ON public.ticket_cycles USING btree (user_id, queued_at) INCLUDE (ticket_id, queue_id)',
];
/** The index a line of ONLY_IN_MIGRATIONS replaces (schema.ts's declaration of the same name). */
const replacedName = (line: string) => line.split(' ')[1];

const temps: string[] = [];
const opened: PGlite[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

/** drizzle-kit generate into `out` (drizzle-kit takes the folder relative to its working directory). */
async function generate(out: string): Promise<string> {
  const { stdout } = await run(
    drizzleKit,
    ['generate', '--dialect', 'postgresql', '--schema', './src/db/schema.ts', '--out', path.relative(serverDir, out)],
    {
      cwd: serverDir,
      env: { ...process.env, FORCE_COLOR: '0' },
    },
  );
  return stdout;
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-schema-'));
  temps.push(dir);
  return dir;
}

async function emptyDatabase(): Promise<PGlite> {
  const db = await openPglite({ warn: () => undefined });
  opened.push(db);
  return db;
}

/** Every column, index and constraint of the public schema, one line each. */
async function catalog(db: PGlite): Promise<string[]> {
  const columns = await db.query<{ line: string }>(`
    select format('column %s.%s %s %s default %s', table_name, column_name, data_type, case when is_nullable = 'YES' then 'null' else 'not null' end, coalesce(column_default, '-')) as line
    from information_schema.columns where table_schema = 'public'`);
  const indexes = await db.query<{ line: string }>(`
    select format('index %s.%s %s', tablename, indexname, indexdef) as line from pg_indexes where schemaname = 'public'`);
  const constraints = await db.query<{ line: string }>(`
    select format('constraint %s.%s %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) as line
    from pg_constraint where connamespace = 'public'::regnamespace`);
  return [...columns.rows, ...indexes.rows, ...constraints.rows].map((r) => r.line).sort();
}

// Both databases are embedded ones made here: one run of the file is enough.
describe.skipIf(process.env.TEST_DB === 'postgres')('schema.ts and the migrations', () => {
  it('npm run db:generate on a clean tree finds nothing to migrate', async () => {
    const copy = tempDir();
    fs.cpSync(migrationsDir, copy, { recursive: true });
    const before = fs.readdirSync(copy).sort();
    const output = await generate(copy);
    expect(output).toContain('No schema changes');
    expect(fs.readdirSync(copy).sort()).toEqual(before);
  });

  it('the migrations build what schema.ts declares, constraints included', async () => {
    const fresh = tempDir();
    await generate(fresh);
    const [sqlFile] = fs.readdirSync(fresh).filter((f) => f.endsWith('.sql'));
    const fromSchema = await emptyDatabase();
    await fromSchema.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await fromSchema.exec(fs.readFileSync(path.join(fresh, sqlFile), 'utf8').replaceAll('--> statement-breakpoint', ''));

    const fromMigrations = await emptyDatabase();
    await migrate(drizzle(fromMigrations), { migrationsFolder: migrationsDir });

    const declared = await catalog(fromSchema);
    const built = await catalog(fromMigrations);
    const replaced = new Set(ONLY_IN_MIGRATIONS.map(replacedName));
    const missing = declared.filter((line) => !built.includes(line) && !(line.startsWith('index ') && replaced.has(replacedName(line))));
    const extra = built.filter((line) => !declared.includes(line) && !ONLY_IN_MIGRATIONS.some((known) => line.startsWith(known)));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  }, 180_000); // two databases built from scratch: slow on a loaded two-core machine
});
