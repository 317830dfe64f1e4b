import { expect, test } from '@playwright/test';
import { ADMIN, login, logout } from './helpers';

test('a wrong password shows the translated ERR_INVALID_CREDENTIALS message', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(ADMIN.email);
  await page.getByTestId('login-password').fill('not-the-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('toast-error')).toHaveText('Authentication error. Please try again.');
  await expect(page).toHaveURL(/\/login$/);
});

test('the login form shows the spec messages before calling the server', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-email').fill('not-an-email');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await expect(page.getByText('Required')).toBeVisible();
});

test('a signed-out visitor is sent to /login and back to the page they asked for', async ({ page }) => {
  await page.goto('/users');
  await expect(page).toHaveURL(/\/login$/);
  await login(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByTestId('users-table')).toBeVisible();

  // Signed in, /login leads home; a reload keeps the session (refresh cookie).
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(page.getByTestId('greeting')).toHaveText('Hello, Admin');
  await expect(page.getByTestId('dashboard-filters')).toBeVisible();

  await logout(page);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
});
