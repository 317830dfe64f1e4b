/**
 * The desk by keyboard: a customer's ticket walked to, accepted, answered with a quick answer and
 * resolved without the mouse; keys typed in the message box stay text; the help dialog lists the
 * shortcuts in Portuguese, English and Spanish.
 */
import { expect, test, type Page } from '@playwright/test';
import en from '../../packages/web/src/i18n/en';
import es from '../../packages/web/src/i18n/es';
import pt from '../../packages/web/src/i18n/pt';
import { ADMIN, Api, login, pairSimulator, phoneNumber, randomColor, unique } from './helpers';

const LOCALES = { pt, en, es } as const;

/** An attendant of one new sector (so the only tickets they see are this test's) and its connection. */
async function world(api: Api) {
  const id = unique();
  const sector = await api.call<{ id: number }>('POST', '/api/queue', {
    name: `Keys ${id}`,
    color: randomColor(),
    startWork: '00:00',
    endWork: '23:59',
  });
  const user = { name: `Kai ${id}`, email: `kai.${id}@e2e.local`, password: 'keyboard-pass' };
  await api.call('POST', '/api/users', { ...user, profile: 'user', queueIds: [sector.id] });
  const number = phoneNumber('5511');
  const connection = await api.call<{ id: number }>('POST', '/api/whatsapp', {
    name: `Keys ${id}`,
    channel: 'simulator',
    queueIds: [sector.id],
  });
  await pairSimulator(api, connection.id, number);
  return { id, user, number };
}

async function ticketStatus(api: Api, ticketId: number): Promise<string> {
  return (await api.call<{ status: string }>('GET', `/api/tickets/${ticketId}`)).status;
}

async function acceptSectorIfAsked(page: Page) {
  // A ticket still without sector asks for the attendant's sector first: the same dialog as the button.
  const dialog = page.getByTestId('accept-dialog');
  await expect(dialog.or(page.getByTestId('chat-header').locator('[data-testid^="ticket-resolve-"]'))).toBeVisible();
  if (await dialog.isVisible()) {
    const sector = dialog.getByRole('combobox');
    if (await sector.isVisible()) {
      await sector.click();
      await page.getByRole('option').first().click();
    }
    await dialog.getByTestId('accept-start').click();
  }
}

test('a ticket is reached, accepted, answered and resolved from the keyboard', async ({ page, request }) => {
  const admin = await Api.login(request, ADMIN.email, ADMIN.password);
  const w = await world(admin);
  const answer = `Thanks for writing, we are on it ${w.id}`;
  await admin.call('POST', '/api/quickAnswers', { shortcut: `thanks${w.id}`, message: answer });
  const customer = { number: phoneNumber('5521'), name: `Keyboard customer ${w.id}` };
  await admin.call('POST', '/api/simulator/messages', {
    from: customer.number,
    to: w.number,
    name: customer.name,
    body: 'Hello, anyone there?',
  });

  await login(page, w.user.email, w.user.password);
  await page.goto('/tickets');
  await page.getByTestId('tab-pending').click();
  const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: customer.name });
  await expect(item).toBeVisible();
  const ticketId = Number((await item.getAttribute('data-testid'))!.replace('ticket-item-', ''));
  const user = await Api.of(page);

  // J opens the first ticket of the list.
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticketId}$`));
  await expect(page.getByTestId('chat-header')).toContainText(customer.name);

  // R resolves only what the header offers: a pending ticket has no Resolve, so nothing happens.
  await page.keyboard.press('r');
  await expect(page.getByTestId('chat-header').getByTestId(`ticket-accept-${ticketId}`)).toBeVisible();
  expect(await ticketStatus(user, ticketId)).toBe('pending');

  await page.keyboard.press('a');
  await acceptSectorIfAsked(page);
  await expect(page.getByTestId('chat-header').getByTestId(`ticket-resolve-${ticketId}`)).toBeVisible();
  await expect.poll(() => ticketStatus(user, ticketId)).toBe('open');

  // C puts the cursor in the message box; letters typed there are text, not shortcuts.
  await page.keyboard.press('c');
  const input = page.getByTestId('composer-input');
  await expect(input).toBeFocused();
  await page.keyboard.type('ready');
  await expect(input).toHaveValue('Ready');
  expect(await ticketStatus(user, ticketId)).toBe('open');
  await page.keyboard.press('Escape');
  await expect(input).not.toBeFocused();
  await input.fill('');
  await input.blur();

  // / opens the quick answers; typed on, they narrow; Enter picks the answer and Enter again sends it.
  await page.keyboard.press('/');
  await expect(input).toBeFocused();
  await expect(page.getByRole('listbox')).toContainText(answer);
  await page.keyboard.type(`thanks${w.id}`);
  await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('listbox').getByRole('option')).toContainText(answer);
  await page.keyboard.press('Enter');
  await expect(input).toHaveValue(answer);
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-from-me="true"]').filter({ hasText: answer })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.screenshot({ path: `test-results/keyboard-chat.png` });
  await page.keyboard.press('r');
  await expect(page).toHaveURL(/\/tickets$/);
  await expect.poll(() => ticketStatus(user, ticketId)).toBe('closed');
});

test('the shortcuts help opens with ? in Portuguese, English and Spanish', async ({ browser, request }) => {
  const admin = await Api.login(request, ADMIN.email, ADMIN.password);
  const w = await world(admin);
  for (const language of ['pt', 'en', 'es'] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
    const page = await context.newPage();
    await login(page, w.user.email, w.user.password);
    await page.goto('/tickets');
    await expect(page.getByTestId('tickets-list-pane')).toBeVisible();

    // Typed into the search box, ? is text and the dialog stays shut.
    await page.getByTestId('tickets-search').fill('?');
    await expect(page.getByTestId('shortcuts-dialog')).toHaveCount(0);
    await page.getByTestId('tickets-search').fill('');
    await page.keyboard.press('Escape');

    await page.keyboard.press('?');
    const dialog = page.getByTestId('shortcuts-dialog');
    const texts = LOCALES[language].tickets.shortcuts;
    await expect(dialog.getByRole('heading')).toHaveText(texts.title);
    for (const action of ['next', 'previous', 'accept', 'resolve', 'composer', 'quickAnswers', 'help', 'leave'] as const) {
      await expect(dialog.getByTestId(`shortcut-${action}`)).toContainText(texts[action]);
    }
    await page.screenshot({ path: `test-results/keyboard-help-${language}.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await context.close();
  }
});
