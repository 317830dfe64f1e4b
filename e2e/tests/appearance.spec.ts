import { expect, test, type Page } from '@playwright/test';
import { ADMIN, expectToast, login } from './helpers';

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('dark mode from Settings is applied to the whole interface', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await page.getByTestId('menu-settings').click();
  const darkMode = page.getByTestId('setting-darkMode');
  await expect(darkMode).not.toBeChecked();
  expect(await bodyBackground(page)).toBe('rgb(255, 255, 255)');

  await darkMode.click();
  await expectToast(page, 'Settings saved successfully.');
  await expect(darkMode).toBeChecked();
  // Spec §9 dark background #080d14.
  await expect.poll(() => bodyBackground(page)).toBe('rgb(8, 13, 20)');

  // The setting is the server's: a reload keeps the dark theme.
  await page.reload();
  await expect(page.getByTestId('settings-list')).toBeVisible();
  await expect.poll(() => bodyBackground(page)).toBe('rgb(8, 13, 20)');

  await page.getByTestId('setting-darkMode').click();
  await expect.poll(() => bodyBackground(page)).toBe('rgb(255, 255, 255)');
});

test('switching the language translates the interface and is remembered', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('menu-users')).toHaveText('Attendants');

  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-pt').click();
  await expect(page.getByTestId('menu-users')).toHaveText('Atendentes');
  await expect(page.getByTestId('menu-settings')).toHaveText('Configurações');
  await expect(page.getByTestId('greeting')).toHaveText('Olá, Admin');
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('pt');

  await page.reload();
  await expect(page.getByTestId('menu-users')).toHaveText('Atendentes');

  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-es').click();
  await expect(page.getByTestId('menu-users')).toHaveText('Agentes');
});
