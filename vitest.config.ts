import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const shared = path.resolve(import.meta.dirname, 'packages/shared/src/index.ts');
const alias = { '@switchboard/shared': shared };

// Server tests run on embedded PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
const serverProject = (db: 'pglite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name: `server-${db}`,
    root: path.resolve(import.meta.dirname, 'packages/server'),
    include: ['src/**/*.test.ts'],
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
    // Vitest's default is one worker per core but one (so one on two cores); a test process mostly
    // uses one core (PGlite runs in it), so two keep both busy (e.g. PGlite and PostgreSQL side by side).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
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
