#!/usr/bin/env node
/**
 * Screenshots of the main screens for a visual check, written to $SHOTS_DIR (default /tmp/shots).
 *
 *   BASE_URL=http://localhost:8080 ADMIN_EMAIL=… ADMIN_PASSWORD=… node e2e/scripts/screenshots.mjs
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.js';

const baseURL = process.env.BASE_URL ?? 'http://localhost:8080';
const outDir = process.env.SHOTS_DIR ?? '/tmp/shots';
const email = process.env.ADMIN_EMAIL ?? 'admin@e2e.local';
const password = process.env.ADMIN_PASSWORD ?? 'e2e-admin-pass';
fs.mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage({ baseURL, viewport: { width: 1280, height: 800 } });
// Anything the app logs as an error is worth seeing next to the pictures.
page.on('console', (msg) => msg.type() === 'error' && console.error(`console: ${msg.text()}`));
page.on('pageerror', (err) => console.error(`page error: ${err.message}`));
const shot = async (name) => {
  await page.waitForTimeout(400); // let transitions settle
  await page.screenshot({ path: path.join(outDir, `${name}.png`) });
  console.log(path.join(outDir, `${name}.png`));
};

try {
  await page.goto('/login');
  await page.getByTestId('login-email').waitFor();
  await shot('login');

  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('greeting').waitFor();

  await page.goto('/users');
  await page.getByTestId('users-table').waitFor();
  await shot('attendants');

  await page.getByTestId('users-add').click();
  await page.getByTestId('user-modal-submit').click();
  await shot('user-modal');
  await page.getByTestId('user-modal-cancel').click();

  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-profile').click();
  await page.getByTestId('user-modal').waitFor();
  await shot('profile-modal');
  await page.getByTestId('user-modal-cancel').click();

  await page.goto('/settings');
  await page.getByTestId('settings-list').waitFor();
  await shot('settings');
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-pt').click();
  await shot('settings-pt');
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-en').click();

  const dark = page.getByTestId('setting-darkMode');
  if (!(await dark.isChecked())) await dark.click();
  await page.locator('[data-theme-mode="dark"]').waitFor();
  await shot('settings-dark');
  await page.goto('/users');
  await page.getByTestId('users-table').waitFor();
  await shot('attendants-dark');
  await page.goto('/tickets');
  await page.getByTestId('not-available').waitFor();
  await shot('not-available-dark');
  await page.setViewportSize({ width: 400, height: 800 });
  await page.goto('/users');
  await page.getByTestId('users-table').waitFor();
  await shot('attendants-mobile');
  await page.setViewportSize({ width: 1280, height: 800 });
  // Leave the instance as found.
  await page.goto('/settings');
  await page.getByTestId('setting-darkMode').click();
  await page.locator('[data-theme-mode="light"]').waitFor();
} finally {
  await browser.close();
}
