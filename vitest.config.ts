import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const shared = path.resolve(import.meta.dirname, 'packages/shared/src/index.ts');
const alias = { '@switchboard/shared': shared };

const serverRoot = path.resolve(import.meta.dirname, 'packages/server');

/**
 * The test modules that open the database under test, on the engine TEST_DB names: the harness and
 * its databases, and the server processes started on one. (A test that opens an embedded database
 * of its own through db/client is PGlite whatever TEST_DB says.)
 */
const ENGINE_MODULES = new Set(
  ['src/test/harness.ts', 'src/test/test-databases.ts', 'src/test/processes.ts'].map((f) => path.join(serverRoot, f)),
);
/** Relative imports that load a module at run time (type-only imports do not). */
const RUNTIME_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?'(\.{1,2}\/[^']+)\.js'|import\('(\.{1,2}\/[^']+)\.js'\)/gm;

/** Whether `file` loads, directly or through other server modules, one that opens the database under test. */
function reachesDatabase(file: string, seen = new Set<string>()): boolean {
  if (ENGINE_MODULES.has(file)) return true;
  if (seen.has(file) || !fs.existsSync(file)) return false;
  seen.add(file);
  for (const m of fs.readFileSync(file, 'utf8').matchAll(RUNTIME_IMPORT)) {
    const target = path.resolve(path.dirname(file), `${m[1] ?? m[2]}.ts`);
    if (reachesDatabase(target, seen)) return true;
  }
  return false;
}

/**
 * Server test files that never open the database under test (rules, parsers, drivers against
 * doubles, the embedded engine's own tests): nothing of theirs depends on the engine, so they run
 * once, in the PGlite project.
 */
function serverTestsWithoutDatabase(): string[] {
  return fs
    .readdirSync(path.join(serverRoot, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join('src', file))
    .filter((file) => !reachesDatabase(path.join(serverRoot, file)));
}

/**
 * Test files running at once (UNIT_WORKERS to change): one more than the cores, for every project.
 * A PGlite file keeps a core busy, but a PostgreSQL file waits for the server's answers, and with
 * one worker per core the cores sat idle about a quarter of the stage; a third worker fills those
 * waits: on two cores the whole stage took 505 s with three against 536–547 s with two
 * (BENCHMARKS.md, "Test suite").
 */
const WORKERS = Number(process.env.UNIT_WORKERS ?? os.availableParallelism() + 1);

// Server tests run on embedded PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set
// (all but those that open no database).
const serverProject = (db: 'pglite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name: `server-${db}`,
    root: serverRoot,
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(db === 'postgres' ? serverTestsWithoutDatabase() : [])],
    environment: 'node',
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    // Test files share a worker process and its loaded modules: importing the server's module graph
    // cost more than most files spend testing. Each file still has its own database and app.
    isolate: false,
    // Every answer is checked against its route's declared response schema (test/response-contract.ts).
    setupFiles: ['src/test/response-contract.setup.ts', 'src/test/password-cost.setup.ts'],
    // Migrates once per run; each test file's database is a copy (test/test-databases.ts).
    globalSetup: ['src/test/global-setup.ts'],
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one (so one on two cores): see WORKERS.
    maxWorkers: WORKERS,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'shared',
          root: path.resolve(import.meta.dirname, 'packages/shared'),
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      'packages/web/vitest.config.ts',
    ],
  },
});
