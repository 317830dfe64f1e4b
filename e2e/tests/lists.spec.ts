/**
 * Sectors, tags, quick answers and contacts through the UI (issue 5): create each, see a creation
 * and a deletion arrive live in a second browser signed in as the same admin, search, export.
 *
 * Login is rate-limited, so the admin signs in once; the second browser starts from a copy of that
 * session. Refreshing rotates the refresh cookie, so after the copy the first browser only moves
 * through the menu (no reloads), while the second — whose cookie chain is now its own — may reload.
 */
import fs from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { ADMIN, expectToast, login, unique } from './helpers';

test.describe.configure({ mode: 'serial' });

const id = unique();
const names = {
  sector: `Sector ${id}`,
  tag: `Tag ${id}`,
  shortcut: `qa${id}`,
  contact: `Contact ${id}`,
};
// Sector colours are unique: a hex made from the run's suffix keeps reruns apart.
const sectorColor = `#${(Date.now() % 0xffffff).toString(16).padStart(6, '0')}`;
const contactNumber = `55${String(Date.now()).slice(-11)}`;

let main: Page;
let mainContext: BrowserContext;
let watcherContext: BrowserContext;
let watcher: Page;

test.beforeAll(async ({ browser }) => {
  mainContext = await browser.newContext();
  main = await mainContext.newPage();
  await login(main, ADMIN.email, ADMIN.password);
  watcherContext = await browser.newContext({ storageState: await mainContext.storageState() });
  watcher = await watcherContext.newPage();
});

test.afterAll(async () => {
  await watcherContext?.close();
  await mainContext?.close();
});

test('a sector is created with the palette and hours, and appears live in the other browser', async () => {
  await watcher.goto('/Queues');
  await expect(watcher.getByTestId('queues-table')).toBeVisible();

  await main.getByTestId('menu-queues').click();
  await expect(main).toHaveURL(/\/queues$/);
  await main.getByTestId('queues-add').click();
  const modal = main.getByTestId('queue-modal');
  await expect(modal.getByTestId('queue-start')).toHaveValue('08:00');
  await expect(modal.getByTestId('queue-end')).toHaveValue('18:00');
  await modal.getByTestId('queue-name').fill(names.sector);
  await modal.getByTestId('queue-color-palette').click();
  await main.getByTestId('palette-teal').click();
  await expect(modal.getByTestId('queue-color')).toHaveValue('teal');
  await modal.getByTestId('queue-color').fill(sectorColor);
  await modal.getByTestId('queue-greeting').fill('Welcome to sales');
  await modal.getByTestId('queue-modal-submit').click();
  await expect(modal).toBeHidden();
  await expectToast(main, 'Sector saved successfully!');
  await expect(main.getByTestId('queues-table').getByRole('row', { name: new RegExp(names.sector) })).toContainText('08:00');

  await expect(watcher.getByTestId('queues-table').getByRole('row', { name: new RegExp(names.sector) })).toBeVisible();
});

test('a tag is created and appears live in the other browser', async () => {
  await watcher.goto('/Tags');
  await expect(watcher.getByTestId('tags-table')).toBeVisible();

  await main.getByTestId('menu-tags').click();
  await main.getByTestId('tags-add').click();
  const modal = main.getByTestId('tag-modal');
  await modal.getByTestId('tag-name').fill('ab');
  await modal.getByTestId('tag-modal-submit').click();
  await expect(modal.getByText('Too Short!')).toBeVisible();
  await modal.getByTestId('tag-name').fill(names.tag);
  await modal.getByTestId('tag-color').fill('#12AB34');
  await modal.getByTestId('tag-modal-submit').click();
  await expect(modal).toBeHidden();
  await expectToast(main, 'Tag saved successfully!');
  await expect(main.getByTestId('tags-table').getByRole('row', { name: new RegExp(names.tag) })).toBeVisible();

  await expect(watcher.getByTestId('tags-table').getByRole('row', { name: new RegExp(names.tag) })).toBeVisible();
});

test('a quick answer gets a variable inserted at the cursor from the picker', async () => {
  await watcher.goto('/quickAnswers');
  await expect(watcher.getByTestId('quick-answers-table')).toBeVisible();

  await main.getByTestId('menu-quick-answers').click();
  await main.getByTestId('quick-answers-add').click();
  const modal = main.getByTestId('quick-answer-modal');
  await modal.getByTestId('quick-answer-shortcut').fill(names.shortcut);
  const message = modal.getByTestId('quick-answer-message');
  await message.fill('Hello , how can we help?');
  await message.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(6, 6));
  await modal.getByTestId('variables-picker').click();
  await main.getByTestId('variable-firstName').click();
  await expect(main.getByTestId('variables-menu')).toBeHidden();
  await expect(message).toHaveValue('Hello {{firstName}}, how can we help?');
  await modal.getByTestId('quick-answer-modal-submit').click();
  await expect(modal).toBeHidden();
  await expectToast(main, 'Quick answer saved successfully!');
  await expect(main.getByTestId('quick-answers-table').getByRole('row', { name: new RegExp(names.shortcut) })).toContainText(
    'Hello {{firstName}}, how can we help?',
  );
  await expect(watcher.getByTestId('quick-answers-table').getByRole('row', { name: new RegExp(names.shortcut) })).toBeVisible();
});

test('a quick answer deleted in one browser disappears from the other', async () => {
  const row = main.getByTestId('quick-answers-table').getByRole('row', { name: new RegExp(names.shortcut) });
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(main.getByTestId('confirmation-modal')).toContainText(names.shortcut);
  await main.getByTestId('confirmation-confirm').click();
  await expectToast(main, 'Quick answer deleted successfully!');
  await expect(row).toHaveCount(0);
  await expect(watcher.getByTestId('quick-answers-table').getByRole('row', { name: new RegExp(names.shortcut) })).toHaveCount(0);
});

test('a contact with a tag and extra information is created, found by search and counted on its tag', async () => {
  await watcher.goto('/contacts');
  await expect(watcher.getByTestId('contacts-table')).toBeVisible();

  await main.getByTestId('menu-contacts').click();
  await main.getByTestId('contacts-add').click();
  const modal = main.getByTestId('contact-modal');
  await modal.getByTestId('contact-name').fill(names.contact);
  await modal.getByTestId('contact-number').fill(contactNumber);
  await modal.getByTestId('contact-email').fill(`c.${id}@e2e.local`);
  await modal.getByTestId('extra-info-add').click();
  await modal.getByTestId('extra-info-name-0').fill('Company');
  await modal.getByTestId('extra-info-value-0').fill('ACME');
  await modal.getByTestId('contact-tags').fill(names.tag);
  await main.getByRole('option', { name: names.tag }).click();
  await modal.getByTestId('contact-modal-submit').click();
  await expect(modal).toBeHidden();
  await expectToast(main, 'Contact saved successfully!');
  const row = main.getByTestId('contacts-table').getByRole('row', { name: new RegExp(names.contact) });
  await expect(row).toContainText(contactNumber);
  await expect(watcher.getByTestId('contacts-table').getByRole('row', { name: new RegExp(names.contact) })).toBeVisible();

  // Reopened, the contact shows what was saved.
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(modal.getByTestId('extra-info-value-0')).toHaveValue('ACME');
  await expect(modal.getByRole('button', { name: names.tag })).toBeVisible();
  await modal.getByTestId('contact-modal-cancel').click();

  // Search (lower-cased, from 3 characters, debounced) narrows the list to this contact.
  await main.getByTestId('contacts-search').fill(names.contact.toUpperCase());
  await expect(main.getByTestId('contacts-search')).toHaveValue(names.contact.toLowerCase());
  await expect(main.getByTestId('contacts-table').getByRole('row')).toHaveCount(2);
  await main.getByTestId('contacts-search').fill(`zz-none-${id}`);
  await expect(main.getByTestId('contacts-table')).toContainText('No contacts found.');

  await main.getByTestId('menu-tags').click();
  const tagRow = main.getByTestId('tags-table').getByRole('row', { name: new RegExp(names.tag) });
  await expect(tagRow.locator('[data-testid^="tag-contacts-"]')).toHaveText('1');
});

test('contacts export downloads contacts.csv with the new contact', async () => {
  await main.getByTestId('menu-contacts').click();
  const [download] = await Promise.all([main.waitForEvent('download'), main.getByTestId('contacts-export').click()]);
  expect(download.suggestedFilename()).toBe('contacts.csv');
  const text = fs.readFileSync(await download.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).split(/\r?\n/);
  expect(lines[0]).toBe('name;number;email');
  expect(lines).toContain(`${names.contact};${contactNumber};c.${id}@e2e.local`);
});
