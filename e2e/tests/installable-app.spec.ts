/**
 * The installable app: a valid manifest with real icons, a service worker that keeps the app
 * shell so the app opens without a network and says it is offline (data is never answered from
 * a cache), and a new version announced with a reload.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN, login } from './helpers';

const WEB_DIST = path.resolve(import.meta.dirname, '../../packages/web/dist');

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

test('the page links a valid web manifest whose icons exist at their declared sizes', async ({ page, request }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const res = await request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest.name).toBe('Switchboard');
  expect(manifest.short_name).toBeTruthy();
  expect(manifest.display).toBe('standalone');
  expect(String(manifest.start_url).startsWith(String(manifest.scope))).toBe(true);
  // Installability in Chromium needs a 192 and a 512 PNG; a maskable one fills Android's shapes.
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of pngs) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    const body = await file.body();
    // PNG signature, then the IHDR chunk's width and height.
    expect(body.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(icon.sizes);
  }
});

test('the service worker keeps the shell: offline the app opens, says so, and loads no data from a cache', async ({ page, context }) => {
  await login(page, ADMIN.email, ADMIN.password);
  const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(scriptUrl).toMatch(/\/sw\.js$/);
  // The worker controls the page once it has claimed it.
  await page.waitForFunction(() => navigator.serviceWorker.controller != null);
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);

  await context.setOffline(true);
  await page.goto('/tickets');
  // The shell came from the worker's cache: the app ran and says it is offline.
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await expect(page.getByTestId('offline-notice')).toContainText('offline');
  // No screen data is shown as if it were current: the signed-in shell waits for the server.
  await expect(page.getByTestId('greeting')).toHaveCount(0);
  // The API is never answered from a cache.
  const api = await page.evaluate(() =>
    fetch('/api/health').then(
      (r) => `answered ${r.status}`,
      () => 'failed',
    ),
  );
  expect(api).toBe('failed');
  await page.screenshot({ path: test.info().outputPath('offline.png') });

  // Back online: the same session resumes (being offline did not sign the user out).
  await context.setOffline(false);
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  await expect(page.getByTestId('greeting')).toBeVisible();
});

test('a new version is announced and a reload moves the page onto it', async ({ page }) => {
  const swFile = path.join(WEB_DIST, 'sw.js');
  const original = fs.readFileSync(swFile, 'utf8');
  try {
    await login(page, ADMIN.email, ADMIN.password);
    await page.waitForFunction(() => navigator.serviceWorker.controller != null);
    const before = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    await expect(page.getByTestId('update-available')).toHaveCount(0);

    // A release: the worker's script changes (its build id does with every build).
    fs.writeFileSync(swFile, original.replace(/const BUILD_ID = "([0-9a-f]+)"/, 'const BUILD_ID = "$1-next"'));
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())!.update();
    });
    await expect(page.getByTestId('update-available')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('update.png') });

    await Promise.all([page.waitForEvent('load'), page.getByTestId('update-reload').click()]);
    await expect(page.getByTestId('greeting')).toBeVisible();
    await expect(page.getByTestId('update-available')).toHaveCount(0);
    const cacheNames = await page.evaluate(() => caches.keys());
    expect(cacheNames.some((key) => key.endsWith('-next'))).toBe(true);
    expect(before).toMatch(/\/sw\.js$/);
  } finally {
    fs.writeFileSync(swFile, original);
  }
});
