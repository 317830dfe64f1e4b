/**
 * The audit log in the browser: an admin finds who made an attendant an admin and who deleted a
 * sector, filters by action, exports the filtered log; an attendant has no such page.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { ADMIN, Api, login, logout, randomColor, unique } from './helpers';

test('an admin reads, filters and exports the audit log; an attendant cannot open it', async ({ page, request }) => {
  const api = await Api.login(request, ADMIN.email, ADMIN.password);
  const name = `Audited ${unique()}`;
  const password = 'agent-pass-1';
  const email = `audited-${unique()}@e2e.local`;
  const user = await api.call<{ id: number }>('POST', '/api/users', { name, email, password });
  await api.call('PUT', `/api/users/${user.id}`, { profile: 'admin' });
  await api.call('PUT', `/api/users/${user.id}`, { profile: 'user' });
  const sector = await api.call<{ id: number }>('POST', '/api/queue', { name: `Sector ${unique()}`, color: randomColor() });
  await api.call('DELETE', `/api/queue/${sector.id}`);

  await login(page, ADMIN.email, ADMIN.password);
  await page.getByTestId('menu-audit').click();
  await expect(page).toHaveURL(/\/audit$/);
  const table = page.getByTestId('audit-table');
  await expect(table.locator('[data-action="sector.delete"]').first()).toContainText('Sector deleted');

  // Only the attendant changes, newest first: back to attendant, then made an admin.
  await page.getByTestId('audit-filters').getByRole('combobox', { name: 'Action' }).click();
  await page.getByTestId('audit-action-option-user.update').click();
  await page.getByTestId('audit-filter-submit').click();
  const rows = table.locator('[data-testid^="audit-row-"]');
  await expect(rows.first()).toHaveAttribute('data-action', 'user.update');
  await expect(table.locator('[data-action]:not([data-action="user.update"])')).toHaveCount(0);
  await expect(rows.nth(0).getByTestId('audit-changes')).toContainText('profile: admin → user');
  await expect(rows.nth(1).getByTestId('audit-changes')).toContainText('profile: user → admin');
  await expect(rows.nth(0)).toContainText(`Attendant ${user.id}`);
  await page.screenshot({ path: `test-results/audit-log-${E2E_PORT}.png`, fullPage: true });

  // The export holds what the filter shows.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()]);
  expect(download.suggestedFilename()).toBe('audit-log.csv');
  const csv = fs.readFileSync(await download.path(), 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toContain('at;actorId;actorName;action;targetType;targetId;address;before;after');
  expect(lines.slice(1).every((l) => l.includes(';user.update;'))).toBe(true);
  expect(csv).toContain(`;user;${user.id};`);
  expect(csv).not.toContain(password);

  // An attendant: no menu entry, and the address shows the no-permission page.
  await logout(page);
  await login(page, email, password);
  await expect(page.getByTestId('menu-audit')).toHaveCount(0);
  await page.goto('/audit');
  await expect(page.getByTestId('no-permission')).toBeVisible();
  await expect(page.getByTestId('audit-table')).toHaveCount(0);
});
