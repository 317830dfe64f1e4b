/**
 * End-to-end tests in the system Chromium against the built product: the server started from
 * packages/server/dist serving packages/web/dist, on a fresh data directory — one server per
 * worker. Build first (`npm run build` at the repository root).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

// Overridable so two runs on one machine do not collide.
const BASE_PORT = Number(process.env.E2E_PORT ?? 18080);
/**
 * Test files run in this many workers at once, each against a server of its own (own port, own
 * data directory), so a file never shares a server with a file running beside it. Much of a
 * browser test is waiting (a scheduled message falls due, a reopening window passes, a restarted
 * server comes back); two workers overlap those waits. E2E_WORKERS=1 runs one file at a time.
 */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
/** Ports of one worker: its server, the Graph API stand-in (+1), the reference client's origin (+2). */
const PORTS_PER_WORKER = 10;
const portOf = (worker: number) => BASE_PORT + PORTS_PER_WORKER * worker;

// The config is evaluated by the runner and again by each worker, which Playwright tells its
// index (0 … workers - 1, kept by a worker that replaces a failed one): a worker's constants below
// are those of its own server.
const WORKER = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const E2E_PORT = portOf(WORKER);
export const ADMIN = { email: 'admin@e2e.local', password: 'e2e-admin-pass' };
/** The Graph API stand-in of whatsapp-cloud.spec.ts listens here; the server is pointed at it. */
export const GRAPH_STANDIN_PORT = E2E_PORT + 1;
/** The origin reference-client.spec.ts calls from, as the reference web client served elsewhere. */
export const REFERENCE_CLIENT_ORIGIN = `http://127.0.0.1:${E2E_PORT + 2}`;

// Only the runner (which starts the servers) may wipe the data directories, and it hands the path
// to the workers through the env.
if (!process.env.E2E_DATA_DIR) {
  const dataDir = path.join(os.tmpdir(), `switchboard-e2e-data-${BASE_PORT}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.env.E2E_DATA_DIR = dataDir;
}

/** The server of worker `worker`: the built product on a fresh data directory of its own. */
function server(worker: number) {
  const port = portOf(worker);
  return {
    command: 'node ../packages/server/dist/main.js',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // Servers start one after the other, each booting a fresh database: generous for a busy machine.
    timeout: 240_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      DATA_DIR: path.join(process.env.E2E_DATA_DIR!, String(worker)),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      WHATSAPP_CLOUD_GRAPH_URL: `http://127.0.0.1:${port + 1}/v21.0`,
      // The webhook spec's receiver runs on this machine.
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      // webchat-flood.spec.ts floods a connection past this many new conversations a minute.
      WEBCHAT_NEW_CONVERSATIONS_PER_MINUTE: '10',
      // reference-client.spec.ts: the reference web client is served from another origin and shows
      // media by absolute links.
      ALLOWED_ORIGINS: `http://127.0.0.1:${port + 2}`,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  };
}

export default defineConfig({
  testDir: './tests',
  workers: WORKERS,
  // In CI a failed browser test runs once more and is reported as "flaky" when the second run
  // passes: one is known to depend on timing under load (tickets.spec: the chat following a
  // 25-message burst).
  retries: process.env.CI ? 1 : 0,
  fullyParallel: false,
  reporter: 'list',
  // Generous: CI machines have two cores, and a slow answer is not a wrong one.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  outputDir: `./test-results/${BASE_PORT}`,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    // The product draws no motion when asked (theme.ts): a busy machine cannot click a menu mid-grow.
    reducedMotion: 'reduce',
    // Recording a trace costs every test CPU (snapshots at each action): in CI only a failed test's
    // retry records one (kept whether the retry passes or fails); elsewhere every failed test keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  },
  webServer: Array.from({ length: WORKERS }, (_, worker) => server(worker)),
});
