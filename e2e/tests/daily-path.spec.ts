/**
 * A day's work in each language, and on a phone: sign in, take a customer's ticket, reply, resolve,
 * look at the dashboard and the settings. Every screen is scanned for texts that bypassed the
 * translation: a raw i18n key (what i18next shows for a missing key) in any language, and in pt/es
 * any English text of the interface. On a 390×844 phone, the screens of an attendant's and an
 * admin's day keep what they show and their buttons on screen.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import en from '../../packages/web/src/i18n/en';
import es from '../../packages/web/src/i18n/es';
import pt from '../../packages/web/src/i18n/pt';
import { ADMIN, Api, pairSimulator, phoneNumber, randomColor, unique } from './helpers';

type Language = 'pt' | 'en' | 'es';
const LOCALES = { pt, en, es } as const;

function flatten(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as object).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
}

const EN_TEXTS = new Map(flatten(en));
const NAMESPACES = Object.keys(en).join('|');
/** A key as i18next prints it when the key is missing, e.g. "tickets.chat.empty". */
const RAW_KEY = new RegExp(`\\b(?:${NAMESPACES})\\.[A-Za-z_]+(?:\\.[A-Za-z_]+)*\\b`);

/**
 * English interface texts that must not appear in another language: every English value of a key
 * whose translation differs, with at least two words (single words such as "OK" or "WhatsApp" are
 * shared) and without placeholders.
 */
function englishTexts(language: Language): string[] {
  if (language === 'en') return [];
  const translated = new Map(flatten(LOCALES[language]));
  return [...EN_TEXTS]
    .filter(([key, text]) => translated.get(key) !== text && /\S\s+\S/.test(text) && !text.includes('{{'))
    .map(([, text]) => text);
}

async function expectTranslated(page: Page, language: Language, screen: string): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(RAW_KEY.exec(text)?.[0], `${screen} (${language}): raw i18n key`).toBeUndefined();
  const english = englishTexts(language).filter((s) => text.includes(s));
  expect(english, `${screen} (${language}): English texts`).toEqual([]);
}

interface World {
  api: Api;
  sectorName: string;
  connectionNumber: string;
  user: { email: string; password: string; name: string };
}

/** An admin of one sector and a paired simulator connection of that sector. */
async function setUp(request: APIRequestContext): Promise<World> {
  const api = await Api.login(request, ADMIN.email, ADMIN.password);
  const id = unique();
  const sectorName = `Daily ${id}`;
  const sector = await api.call<{ id: number }>('POST', '/api/queue', {
    name: sectorName,
    color: randomColor(),
    startWork: '00:00',
    endWork: '23:59',
  });
  const user = { name: `Rita ${id}`, email: `rita.${id}@e2e.local`, password: 'daily-path-pass' };
  await api.call('POST', '/api/users', { ...user, profile: 'admin', queueIds: [sector.id] });
  const connectionNumber = phoneNumber('5511');
  const connection = await api.call<{ id: number }>('POST', '/api/whatsapp', {
    name: `Daily ${id}`,
    channel: 'simulator',
    queueIds: [sector.id],
  });
  await pairSimulator(api, connection.id, connectionNumber);
  return { api, sectorName, connectionNumber, user };
}

async function signIn(page: Page, world: World, language: Language): Promise<void> {
  await page.goto('/login');
  await expectTranslated(page, language, 'login');
  await page.getByTestId('login-email').fill(world.user.email);
  await page.getByTestId('login-password').fill(world.user.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('greeting')).toBeVisible();
}

/** Open a customer's ticket, reply, resolve; then the dashboard and the settings. */
async function dailyPath(page: Page, world: World, language: Language, shot: string): Promise<void> {
  const phone = (page.viewportSize()?.width ?? 1280) < 600;
  const customer = { number: phoneNumber('5521'), name: `Cliente ${language} ${unique()}` };
  await page.goto('/tickets');
  await page.getByTestId('tab-pending').click();
  await world.api.call('POST', '/api/simulator/messages', {
    from: customer.number,
    to: world.connectionNumber,
    name: customer.name,
    body: 'Bom dia, *preciso* de ajuda',
  });
  const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: customer.name });
  await expect(item).toBeVisible();
  await expectTranslated(page, language, 'tickets');
  await item.locator('[data-testid^="ticket-accept-"]').click();
  // A ticket still without sector asks for one of the user's sectors first.
  const acceptDialog = page.getByTestId('accept-dialog');
  await expect(acceptDialog.or(page.getByTestId('chat-pane'))).toBeVisible();
  if (await acceptDialog.isVisible()) {
    await expectTranslated(page, language, 'accept dialog');
    await acceptDialog.getByRole('combobox').click();
    await page.getByRole('option', { name: world.sectorName }).click();
    await acceptDialog.getByTestId('accept-start').click();
  }
  await expect(page).toHaveURL(/\/tickets\/\d+$/);
  const ticketId = Number(page.url().split('/').pop());

  const first = page.locator('[data-from-me="false"]').filter({ hasText: 'Bom dia' });
  await expect(first.locator('strong')).toHaveText('preciso');
  // A finger cannot drag files: a touch screen shows no drag-and-drop hint.
  if (phone) await expect(page.getByTestId('drop-hint')).toBeHidden();
  else {
    // The drag-and-drop hint never covers the first bubble.
    const hint = await page.getByTestId('drop-hint').boundingBox();
    const bubble = await first.boundingBox();
    expect(hint && bubble, 'hint and bubble are laid out').toBeTruthy();
    expect(hint!.y + hint!.height <= bubble!.y || bubble!.y + bubble!.height <= hint!.y, 'hint overlaps the first bubble').toBe(true);
  }

  const composer = page.getByTestId('composer-input');
  await composer.fill('já vou verificar');
  await composer.press('Enter');
  await expect(page.locator('[data-from-me="true"]').filter({ hasText: 'á vou verificar' })).toBeVisible();
  await expectTranslated(page, language, 'chat');
  await page.screenshot({ path: `test-results/daily-${shot}-chat.png` });

  await page.getByTestId('chat-header').getByTestId(`ticket-resolve-${ticketId}`).click();
  await expect(page).toHaveURL(/\/tickets$/);
  if (phone) await expect(page.getByTestId('tickets-list-pane')).toBeVisible();
  else {
    // Reopened from the Closed tab, the ticket opens and the list follows it to Open; resolved again.
    await page.getByTestId('tab-closed').click();
    await page.getByTestId(`ticket-item-${ticketId}`).click();
    await page.getByTestId('chat-header').getByTestId(`ticket-reopen-${ticketId}`).click();
    await expect(page).toHaveURL(new RegExp(`/tickets/${ticketId}$`));
    await expect(page.getByTestId('tab-open')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId(`ticket-item-${ticketId}`)).toBeVisible();
    await page.getByTestId('chat-header').getByTestId(`ticket-resolve-${ticketId}`).click();
    await expect(page).toHaveURL(/\/tickets$/);
  }

  await page.goto('/');
  await expect(page.getByTestId('dashboard-tab-indicators')).toBeVisible({ timeout: 30_000 });
  await expectTranslated(page, language, 'dashboard');
  await page.screenshot({ path: `test-results/daily-${shot}-dashboard.png` });

  await page.goto('/settings');
  await expect(page.getByTestId('settings-list')).toBeVisible({ timeout: 30_000 });
  await expectTranslated(page, language, 'settings');
  await page.screenshot({ path: `test-results/daily-${shot}-settings.png` });
  if (phone) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'page wider than the phone').toBeLessThanOrEqual(0);
  }
}

test('the daily path in Portuguese, Spanish and English, without an untranslated text', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const world = await setUp(request);
  // A laptop screen: 1366 px wide.
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'pt-BR' });
  await context.addInitScript(() => {
    if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', 'pt');
  });
  const page = await context.newPage();
  await signIn(page, world, 'pt');

  // Portuguese tab labels are the longest: they all fit, with no scroll arrow.
  await page.goto('/tickets');
  const scroller = page.getByTestId('tickets-tabs').locator('.MuiTabs-scroller');
  await expect(page.getByTestId('tab-groups')).toBeVisible({ timeout: 30_000 });
  const fits = await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth);
  expect(fits, 'ticket tabs overflow at 1366 px').toBe(true);

  for (const language of ['pt', 'es', 'en'] as const) {
    if (language !== 'pt') {
      await page.getByTestId('language-switch').click();
      await page.getByTestId(`language-${language}`).click();
    }
    await dailyPath(page, world, language, language);
  }
  await context.close();
});

test('the daily path on a 390×844 phone', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const world = await setUp(request);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES', isMobile: true, hasTouch: true });
  await context.addInitScript(() => {
    if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', 'es');
  });
  const page = await context.newPage();
  await signIn(page, world, 'es');
  await dailyPath(page, world, 'es', 'phone');
  await context.close();
});

const PHONE = { width: 390, height: 844 };

/** The element's box lies within the phone's screen, left to right. */
async function expectOnScreen(locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, `${what} is laid out`).not.toBeNull();
  expect(box!.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends inside the ${PHONE.width} px screen`).toBeLessThanOrEqual(PHONE.width);
}

/** The element is on screen and nothing (a pinned column, say) lies over its middle: a tap reaches it. */
async function expectTappable(locator: Locator, what: string): Promise<void> {
  await expectOnScreen(locator, what);
  const reached = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !!hit && el.contains(hit);
  });
  expect(reached, `${what} is covered by another element`).toBe(true);
}

/** The page itself never scrolls sideways, and the top bar's last button stays on screen. */
async function expectNoSidewaysPage(page: Page, screen: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${screen}: page wider than the phone`).toBeLessThanOrEqual(0);
  await expectOnScreen(page.getByTestId('user-menu'), `${screen}: the user menu`);
}

/** A dialog on a phone keeps 16 px from the screen's edges (not 32), and its text field labels are whole. */
async function expectRoomyDialog(dialog: Locator, what: string): Promise<void> {
  const paper = dialog.locator('.MuiDialog-paper');
  const box = await paper.boundingBox();
  expect(box!.width, `${what}: dialog width`).toBeGreaterThanOrEqual(PHONE.width - 32 - 1);
  await expectOnScreen(paper, what);
  for (const label of await dialog.locator('.MuiInputLabel-root').all()) {
    const cut = await label.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(cut, `${what}: label "${await label.innerText()}" is cut`).toBe(false);
  }
}

test('on a 390×844 phone the tickets, the chat dialogs and the admin lists keep their content on screen', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const world = await setUp(request);
  const context = await browser.newContext({ viewport: PHONE, locale: 'pt-BR', isMobile: true, hasTouch: true });
  // Portuguese: the longest tab labels.
  await context.addInitScript(() => {
    if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', 'pt');
  });
  const page = await context.newPage();
  await signIn(page, world, 'pt');

  // Every ticket tab fits the list: none is cut at the screen's edge.
  await page.goto('/tickets');
  const customer = { number: phoneNumber('5521'), name: `Cliente phone ${unique()}` };
  await world.api.call('POST', '/api/simulator/messages', {
    from: customer.number,
    to: world.connectionNumber,
    name: customer.name,
    body: 'Oi',
  });
  await page.getByTestId('tab-pending').click();
  await expect(page.getByTestId('count-pending')).toBeVisible();
  for (const tab of ['tab-open', 'tab-pending', 'tab-closed', 'tab-groups']) await expectOnScreen(page.getByTestId(tab), tab);
  const scroller = page.getByTestId('tickets-tabs').locator('.MuiTabs-scroller');
  expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth), 'ticket tabs overflow at 390 px').toBe(true);

  // The chat's dialogs: transfer and scheduled messages.
  const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: customer.name });
  await item.locator('[data-testid^="ticket-accept-"]').click();
  const acceptDialog = page.getByTestId('accept-dialog');
  await expect(acceptDialog.or(page.getByTestId('chat-pane'))).toBeVisible();
  if (await acceptDialog.isVisible()) {
    await acceptDialog.getByRole('combobox').click();
    await page.getByRole('option', { name: world.sectorName }).click();
    await acceptDialog.getByTestId('accept-start').click();
  }
  await expect(page.getByTestId('composer-input')).toBeVisible();
  await page.getByTestId('ticket-options').click();
  await page.getByTestId('ticket-transfer').click();
  const transfer = page.getByTestId('transfer-dialog');
  await expect(transfer.getByTestId('transfer-reason')).toBeVisible();
  await expectRoomyDialog(transfer, 'transfer dialog');
  await page.keyboard.press('Escape');
  await expect(transfer).toBeHidden();
  await page.getByTestId('ticket-options').click();
  await page.getByTestId('ticket-scheduled').click();
  await expect(page.getByTestId('scheduled-dialog')).toBeVisible();
  await expectRoomyDialog(page.getByTestId('scheduled-dialog'), 'scheduled messages dialog');
  await page.keyboard.press('Escape');

  // Admin lists: a wide table scrolls inside its card, its Edit and Delete stay on screen.
  await page.goto('/users');
  const userRow = page.locator('[data-testid^="user-row-"]').filter({ hasText: world.user.email });
  await expect(userRow).toBeVisible();
  await expectNoSidewaysPage(page, 'users');
  await expectOnScreen(userRow.locator('[data-testid^="user-edit-"]'), 'user edit');
  await expectOnScreen(userRow.locator('[data-testid^="user-delete-"]'), 'user delete');

  await page.goto('/connections');
  const connectionRow = page.locator('[data-testid^="connection-row-"]').first();
  await expect(connectionRow).toBeVisible();
  await expectNoSidewaysPage(page, 'connections');
  await expectOnScreen(connectionRow.locator('[data-testid^="connection-edit-"]'), 'connection edit');
  await expectOnScreen(connectionRow.locator('[data-testid^="connection-delete-"]'), 'connection delete');
  // The session's button (connect, disconnect, QR code) stays on screen, not under the pinned Edit/Delete.
  const sessionButton = connectionRow.locator('[data-testid^="connection-session-"]:visible button').first();
  await expect(sessionButton).toBeVisible();
  await expectTappable(sessionButton, 'connection session button');
  await page.screenshot({ path: 'test-results/daily-phone-connections.png' });

  // The board's title is whole, its buttons on screen.
  await page.goto('/tickets/board');
  await expect(page.getByTestId('board-columns')).toBeVisible();
  await expectNoSidewaysPage(page, 'board');
  const boardTitle = page.getByTestId('board-title');
  expect(await boardTitle.evaluate((el) => el.scrollWidth <= el.clientWidth), 'board title is cut').toBe(true);
  await expectOnScreen(page.getByTestId('board-to-list'), 'board: back to the list');
  await page.screenshot({ path: 'test-results/daily-phone-board.png' });

  // No version footer under every phone screen: the version is in the menu instead.
  await expect(page.getByTestId('app-version')).toBeHidden();
  const boardBottom = await page.getByTestId('tickets-board').boundingBox();
  expect(PHONE.height - (boardBottom!.y + boardBottom!.height), 'space left under the board').toBeLessThanOrEqual(16);
  await page.getByTestId('drawer-toggle').click();
  await expect(page.getByTestId('drawer').getByTestId('menu-version')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/campaigns');
  await expect(page.getByTestId('campaigns-table')).toBeVisible();
  await expectNoSidewaysPage(page, 'campaigns');
  await expectOnScreen(page.getByTestId('campaign-add'), 'new campaign');

  await page.goto('/audit');
  await expect(page.locator('[data-testid^="audit-row-"]').first()).toBeVisible();
  await expectNoSidewaysPage(page, 'audit log');
  // The changes column is not squeezed to a sliver (which made each row hundreds of pixels tall).
  const changes = await page.getByTestId('audit-changes').first().boundingBox();
  expect(changes!.width, 'audit changes column width').toBeGreaterThanOrEqual(200);

  // The month's name stays on one line; the company's time zone gets a line of its own on screen.
  await page.goto('/scheduled');
  await expect(page.getByTestId('calendar-zone')).toBeVisible();
  await expectNoSidewaysPage(page, 'scheduled calendar');
  await expectOnScreen(page.getByTestId('calendar-zone'), 'calendar time zone');
  const month = await page.getByTestId('calendar-month').boundingBox();
  expect(month!.height, 'month title on one line').toBeLessThan(40);
  await page.screenshot({ path: 'test-results/daily-phone-calendar.png' });
  await context.close();
});
