/**
 * The databases of the server tests: migrated once per run, copied for every test file.
 *
 * Applying the migrations to a new database costs more than most test files spend testing, so the
 * run's global setup (test/global-setup.ts) migrates one database per engine and every test file
 * starts from a copy of it: on PostgreSQL a template database (`CREATE DATABASE … TEMPLATE`), on
 * PGlite a dump of the migrated data directory loaded into a new in-memory instance. The migrations
 * still run on both engines in every run, once, in the global setup.
 *
 * A copy is a fresh installation, as a newly migrated database is: what a migration generated for
 * the installation it ran in (the deployment id) is generated again in each copy (newInstallation).
 *
 * Several runs may share one PostgreSQL server (engineers on one machine, CI), so each run has a
 * template of its own: a template shared by the runs of one migration set was dropped by the first
 * run to finish while the others were still copying it. Names carry what cleaning up needs:
 *   sb_template_<migrations hash>_<created, epoch s>_<run>  one run's migrated template
 *   sb_build_<created, epoch s>_<random>                    a template being migrated (renamed when complete)
 *   sb_test_<created, epoch s>_<run>_<random>               one test file's database
 * A run is alive while it holds its advisory lock (holdRun): a session of the global setup keeps
 * it, and the server releases it when that session ends, however the run ended. A run drops its own
 * databases at the end, and at its start whatever runs no longer alive left behind: their templates
 * at once, their test databases and stale builds once over an hour old (older code holds no lock, so
 * a young database without a live run may be such a run's). Templates of the older, shared naming
 * (`sb_template_<hash>`) are dropped when no run has marked them used for a day, and test
 * databases of the older, undated naming when the server's own record of their creation (the
 * database directory's PG_VERSION file) is over an hour old.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Test and build databases older than this are an interrupted run's. */
export const STALE_AFTER_MS = 60 * 60 * 1000;
/** A template of the older, shared naming that no run has used for this long is dropped. */
export const UNUSED_TEMPLATE_AFTER_MS = 24 * 60 * 60 * 1000;

const TEST_NAME = /^sb_test_(\d+)_([0-9a-f]+)_[0-9a-f]+$/;
const BUILD_NAME = /^sb_build_(\d+)_[0-9a-f]+$/;
const RUN_TEMPLATE_NAME = /^sb_template_[0-9a-f]+_(\d+)_([0-9a-f]{8})$/;
const SHARED_TEMPLATE_NAME = /^sb_template_[0-9a-f]+$/;
const LAST_USED = /^last used (\d+)$/;
/** Test databases named before names carried their creation time (random hex only). */
const UNDATED_TEST_NAME = /^sb_test_[0-9a-f]{12}$/;

/**
 * A digest of every file under the migrations folder (paths and contents), so a template made
 * from one set of migrations is never used for another: added, edited or renamed migrations and
 * a changed journal all give a new template.
 */
export function migrationsHash(folder = migrationsFolder): string {
  const hash = createHash('sha256');
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        visit(full);
        continue;
      }
      hash.update(path.relative(folder, full)).update('\0').update(fs.readFileSync(full)).update('\0');
    }
  };
  visit(folder);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Makes a copy of the migrated database its own installation: a new deployment id (migration
 * 0032), so two test databases never look like one installation (e.g. to a shared Redis).
 */
export async function newInstallation(db: Db): Promise<void> {
  await db.execute(sql`update deployment set id = gen_random_uuid()::text, created_at = now()`);
}

/** A tag naming one run's databases (8 hex digits: it is also the key of the run's lock). */
export function newRunTag(): string {
  return randomBytes(4).toString('hex');
}

/** Advisory lock class of test runs (pg_advisory_lock(class, run)); any constant unlikely elsewhere. */
const RUN_LOCK_CLASS = 0x5b7e57;

/**
 * Marks run `run` alive on the server until the returned function is called (or this process
 * ends): a session holding the advisory lock keyed by the run's tag. Other runs' cleanup keeps the
 * databases of live runs.
 */
export async function holdRun(baseUrl: string, run: string): Promise<() => Promise<void>> {
  const session = new pg.Client({ connectionString: baseUrl, application_name: `sb_test_run_${run}` });
  // A lost session only ends the claim early (cleanup then waits an hour for test databases);
  // the run itself goes on, so the error is reported, not thrown from an event handler.
  session.on('error', (error) => console.warn(`test run ${run}: lock session lost: ${String(error)}`));
  await session.connect();
  await session.query('select pg_advisory_lock($1, $2)', [RUN_LOCK_CLASS, Number.parseInt(run, 16) | 0]);
  return () => session.end();
}

/** The tags of the runs alive now (holding their lock) on the server `admin` is connected to. */
async function liveRuns(admin: pg.Client): Promise<Set<string>> {
  // Two-key advisory locks show the keys in classid and objid (as unsigned oids), objsubid 2.
  const { rows } = await admin.query<{ key: string }>(
    "select objid::text as key from pg_locks where locktype = 'advisory' and objsubid = 2 and classid = $1::oid and granted",
    [RUN_LOCK_CLASS],
  );
  return new Set(rows.map((r) => Number(r.key).toString(16).padStart(8, '0')));
}

export function testDatabaseName(run: string, now = Date.now()): string {
  return `sb_test_${Math.floor(now / 1000)}_${run}_${randomBytes(4).toString('hex')}`;
}

export function templateName(hash: string, run: string, now = Date.now()): string {
  return `sb_template_${hash}_${Math.floor(now / 1000)}_${run}`;
}

/** The URL of another database on the same server. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(baseUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Creates an empty database, or a copy of `template`. */
/**
 * A test database, a copy of `template` when given. Its commits do not wait for the WAL to reach the
 * disk (`synchronous_commit = off`, for every session on it, child server processes included): a
 * committed row is seen by every other session all the same, and only a crash of the PostgreSQL
 * server itself, which no test causes, could lose one. Waiting for the disk was most of a small
 * transaction's time.
 */
export async function createDatabase(baseUrl: string, name: string, template?: string): Promise<void> {
  await withAdmin(baseUrl, async (admin) => {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
}

export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  await withAdmin(baseUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/**
 * Run `run`'s template of the current migrations. It is migrated under a build name and renamed
 * when complete, so an interrupted build is never taken for a template. The run must hold its lock
 * (holdRun) first, or another run's cleanup takes the template for a dead run's.
 */
export async function preparePostgresTemplate(
  baseUrl: string,
  migrate: (url: string) => Promise<void>,
  run: string,
  hash = migrationsHash(),
  now = Date.now(),
): Promise<string> {
  const name = templateName(hash, run, now);
  return withAdmin(baseUrl, async (admin) => {
    const building = `sb_build_${Math.floor(now / 1000)}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    try {
      await migrate(databaseUrl(baseUrl, building));
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      throw error;
    }
    return name;
  });
}

/** Drops the test databases of run `run`, then its template. Returns their names. */
export async function dropRunDatabases(baseUrl: string, run: string): Promise<string[]> {
  return withAdmin(baseUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'sb\\_t%'");
    const names = rows.map((r) => r.datname);
    const tests = names.filter((name) => TEST_NAME.exec(name)?.[2] === run);
    const templates = names.filter((name) => RUN_TEMPLATE_NAME.exec(name)?.[2] === run);
    for (const name of [...tests, ...templates]) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    return [...tests, ...templates];
  });
}

/**
 * Drops what runs no longer alive left: their templates; their test databases and build databases
 * created more than STALE_AFTER_MS ago; templates of the shared naming no run has marked used
 * within UNUSED_TEMPLATE_AFTER_MS. Returns the names dropped.
 */
export async function dropStaleDatabases(baseUrl: string, now = Date.now()): Promise<string[]> {
  return withAdmin(baseUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string; comment: string | null }>(
      "select datname, shobj_description(oid, 'pg_database') as comment from pg_database where datname like 'sb\\_%'",
    );
    const live = await liveRuns(admin);
    const stale = rows.flatMap(({ datname, comment }) => {
      const test = TEST_NAME.exec(datname);
      if (test) return !live.has(test[2]) && now - Number(test[1]) * 1000 > STALE_AFTER_MS ? [datname] : [];
      const build = BUILD_NAME.exec(datname);
      if (build) return now - Number(build[1]) * 1000 > STALE_AFTER_MS ? [datname] : [];
      const template = RUN_TEMPLATE_NAME.exec(datname);
      if (template) return live.has(template[2]) ? [] : [datname];
      if (!SHARED_TEMPLATE_NAME.test(datname)) return [];
      const lastUsed = Number(LAST_USED.exec(comment ?? '')?.[1] ?? 0);
      return now - lastUsed > UNUSED_TEMPLATE_AFTER_MS ? [datname] : [];
    });
    stale.push(
      ...(await undatedStale(
        admin,
        rows.map((r) => r.datname).filter((name) => UNDATED_TEST_NAME.test(name)),
        now,
      )),
    );
    for (const name of stale) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    return stale;
  });
}

/**
 * Which of the undated test databases were created over STALE_AFTER_MS ago, by the modification
 * time of their PG_VERSION file (written once, when the database is created). Reading server
 * files needs a superuser or pg_read_server_files; without either, none are taken for stale.
 */
async function undatedStale(admin: pg.Client, names: string[], now: number): Promise<string[]> {
  if (!names.length) return [];
  try {
    const { rows } = await admin.query<{ datname: string; created: Date }>(
      "select datname, (pg_stat_file('base/' || oid || '/PG_VERSION')).modification as created from pg_database where datname = any($1)",
      [names],
    );
    return rows.filter((r) => now - r.created.getTime() > STALE_AFTER_MS).map((r) => r.datname);
  } catch (error) {
    // 42501 insufficient_privilege: not allowed to read server files.
    if ((error as { code?: string }).code === '42501') return [];
    throw error;
  }
}
