/**
 * A server restart under an open page: the server is stopped with SIGTERM (it disconnects every
 * socket on its way down, so Socket.IO does not reconnect by itself, and the page's session
 * refresh finds nobody there), stays down a while, and is started again on the same port and
 * data. The page says it is reconnecting, recovers on its own once the server is back, and shows
 * live what happens next — without a reload.
 *
 * This spec runs its own server process (the built packages/server/dist/main.js on embedded
 * PGlite): the shared server of the other specs cannot be stopped under them.
 */
import { expect, request, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Api, freePort, pairSimulator } from './helpers';

const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.resolve(here, '../../packages/server/dist/main.js');
const ADMIN = { email: 'admin@restart.local', password: 'restart-admin-pass' };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-restart-'));
let port = 0;
let base = '';
let server: ChildProcess | null = null;
const log: string[] = [];

async function startServer(): Promise<void> {
  // Embedded PGlite and no Redis, whatever the caller's environment says.
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...env } = process.env;
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
  server = child;
  await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, { timeout: 90_000 }).toBe(200);
}

async function stopServer(): Promise<void> {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The admin's API, with a token of its own (the page keeps its session). */
async function adminApi(): Promise<Api> {
  return Api.login(await request.newContext({ baseURL: base }), ADMIN.email, ADMIN.password);
}

test.beforeAll(async () => {
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  await startServer();
});

test.afterAll(async () => {
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test.afterEach(({ page }, testInfo) => {
  // The server's own output says why a page did not recover (it is not Playwright's webServer).
  if (testInfo.status !== testInfo.expectedStatus) console.log(`page at ${page.url()}; server log:\n${log.join('').slice(-4000)}`);
});

async function signIn(page: Page): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByTestId('login-email').fill(ADMIN.email);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('greeting')).toBeVisible();
}

test('after a server restart the open page reconnects by itself and shows new messages live', async ({ page }) => {
  let api = await adminApi();
  const sector = await api.call<{ id: number }>('POST', '/api/queue', {
    name: 'Restart',
    color: '#3366cc',
    startWork: '00:00',
    endWork: '23:59',
  });
  const connection = await api.call<{ id: number }>('POST', '/api/whatsapp', {
    name: 'Restart line',
    channel: 'simulator',
    queueIds: [sector.id],
  });
  const connectionNumber = '5511900001111';
  await pairSimulator(api, connection.id, connectionNumber);

  await signIn(page);
  await page.goto(`${base}/tickets`);
  await page.getByTestId('tab-pending').click();
  await api.call('POST', '/api/simulator/messages', {
    from: '5521900002222',
    to: connectionNumber,
    name: 'Before Restart',
    body: 'before the restart',
  });
  await expect(page.locator('[data-testid^="ticket-item-"]').filter({ hasText: 'Before Restart' })).toBeVisible();
  await expect(page.getByTestId('reconnecting')).toBeHidden();

  await stopServer();
  await expect(page.getByTestId('reconnecting')).toBeVisible();
  // Down long enough for the page's first attempts (session refresh included) to fail.
  await page.waitForTimeout(3000);
  await page.screenshot({ path: 'test-results/restart-reconnecting.png' });
  await startServer();

  await expect(page.getByTestId('reconnecting')).toBeHidden({ timeout: 60_000 });
  api = await adminApi();
  await expect
    .poll(async () => (await api.call<{ status: string }>('GET', `/api/whatsapp/${connection.id}`)).status, { timeout: 60_000 })
    .toBe('CONNECTED');
  await api.call('POST', '/api/simulator/messages', {
    from: '5521900003333',
    to: connectionNumber,
    name: 'After Restart',
    body: 'after the restart',
  });
  const after = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: 'After Restart' });
  await expect(after).toBeVisible();
  await expect(after).toContainText('after the restart');
  // Still signed in: the session outlived the restart.
  await expect(page.getByTestId('greeting')).toBeVisible();
});
