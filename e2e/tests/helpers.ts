import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@e2e.local', password: 'e2e-admin-pass' };

/** Sign in through the login form and wait for the signed-in shell. */
export async function login(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('greeting')).toBeVisible();
}

export async function logout(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);
}

/** A unique suffix so reruns against the same data never collide. */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}
