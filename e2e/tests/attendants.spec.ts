import { expect, test } from '@playwright/test';
import { ADMIN, expectToast, login, logout, unique } from './helpers';

test('an admin creates an attendant, who then signs in without administration access', async ({ page }) => {
  const attendant = { name: `Ana ${unique()}`, email: `ana.${unique()}@e2e.local`, password: 'ana-secret' };

  await login(page, ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('menu-administration')).toBeVisible();
  await page.getByTestId('menu-users').click();
  await expect(page).toHaveURL(/\/users$/);

  await page.getByTestId('users-add').click();
  const modal = page.getByTestId('user-modal');
  await modal.getByTestId('user-modal-submit').click();
  await expect(modal.getByText('Required').first()).toBeVisible();

  await modal.getByTestId('user-name').fill(attendant.name);
  await modal.getByTestId('user-email').fill(attendant.email);
  await modal.getByTestId('user-password').fill(attendant.password);
  await modal.getByTestId('user-modal-submit').click();
  await expect(modal).toBeHidden();
  await expectToast(page, 'User saved successfully!');
  const row = page.getByTestId('users-table').getByRole('row', { name: new RegExp(attendant.email) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('User');

  // Search (from 3 characters, debounced) finds the new attendant only.
  await page.getByTestId('users-search').fill(attendant.email.slice(0, 12));
  await expect(page.getByTestId('users-table').getByRole('row')).toHaveCount(2);

  await logout(page);
  await login(page, attendant.email, attendant.password);
  await expect(page.getByTestId('greeting')).toHaveText(`Hello, ${attendant.name}`);
  await expect(page.getByTestId('menu-tickets')).toBeVisible();
  await expect(page.getByTestId('menu-administration')).toHaveCount(0);
  await expect(page.getByTestId('menu-users')).toHaveCount(0);
  await expect(page.getByTestId('menu-settings')).toHaveCount(0);

  for (const path of ['/users', '/settings', '/Settings', '/connections']) {
    await page.goto(path);
    await expect(page.getByTestId('no-permission')).toBeVisible();
    await expect(page.getByTestId('users-table')).toHaveCount(0);
  }
});
