/**
 * The rough edges of a day's work, in Chromium: the API pages are in the admin menu, a quick answer
 * picked with the mouse is sent with Enter, toasts leave the page's main buttons free, disconnecting
 * asks first, contacts come in from a CSV file with a preview and a summary, and the simulator's
 * phone shows formatting, follows the newest message and offers groups and voice notes.
 * Screenshots go to test-results/rough-edges/ for a look.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, login, unique } from './helpers';

const SHOTS = 'test-results/rough-edges';

function phoneNumber(prefix: string): string {
  return `${prefix}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

async function apiLogin(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(res.status()).toBe(200);
  const { token, user } = (await res.json()) as { token: string; user: { id: number } };
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> => {
    const r = await request.fetch(path, { method, data, headers: { Authorization: `Bearer ${token}` } });
    expect([200, 201], `${method} ${path}: ${await r.text()}`).toContain(r.status());
    return (await r.json()) as T;
  };
  return { call, adminId: user.id };
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('the rough edges of daily use are smoothed', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { call, adminId } = await apiLogin(request);
  const id = unique();

  // A paired simulator connection without sectors (no menu), and a customer who wrote.
  const connectionNumber = phoneNumber('5511');
  const connection = await call<{ id: number }>('POST', '/api/whatsapp', { name: `Desk ${id}`, channel: 'simulator' });
  let qrcode = '';
  await expect
    .poll(async () => {
      const c = await call<{ status: string; qrcode: string }>('GET', `/api/whatsapp/${connection.id}`);
      qrcode = c.qrcode;
      return c.status;
    })
    .toBe('qrcode');
  await call('POST', '/api/simulator/scan', { qrcode, number: connectionNumber });
  await expect.poll(async () => (await call<{ status: string }>('GET', `/api/whatsapp/${connection.id}`)).status).toBe('CONNECTED');
  const customer = { number: phoneNumber('5521'), name: `Carla ${id}` };
  await call('POST', '/api/simulator/messages', { from: customer.number, to: connectionNumber, name: customer.name, body: 'Hi there' });
  let ticketId = 0;
  await expect
    .poll(async () => {
      const list = await call<{ tickets: { id: number; contact: { name: string } }[] }>('GET', '/api/tickets?status=pending&showAll=true');
      ticketId = list.tickets.find((t) => t.contact.name === customer.name)?.id ?? 0;
      return ticketId;
    })
    .toBeGreaterThan(0);
  await call('PUT', `/api/tickets/${ticketId}`, { status: 'open', userId: adminId });
  const answer = await call<{ id: number }>('POST', '/api/quickAnswers', {
    shortcut: `hello${id}`,
    message: `Hello! How can I help you today? ${id}`,
  });

  await login(page, ADMIN.email, ADMIN.password);

  // Item 3: the admin menu leads to the API pages.
  await expect(page.getByTestId('menu-api')).toBeVisible();
  await expect(page.getByTestId('menu-apidocs')).toBeVisible();
  await page.getByTestId('menu-apikey').click();
  await expect(page).toHaveURL(/\/apikey$/);
  await expect(page.getByTestId('apikey-value')).not.toHaveValue('');
  await page.screenshot({ path: `${SHOTS}/menu-api.png` });

  // Item 4: "/hel", a click on the suggestion, Enter: the answer is sent.
  await page.goto(`/tickets/${ticketId}`);
  const composer = page.getByTestId('composer-input');
  await expect(composer).toBeEnabled();
  await composer.fill(`/hello${id}`);
  const suggestion = page.getByTestId(`quick-answer-${answer.id}`);
  await expect(suggestion).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/quick-answers.png` });
  await suggestion.click();
  await expect(composer).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-from-me="true"]').filter({ hasText: `How can I help you today? ${id}` })).toBeVisible();
  await expect(composer).toHaveValue('');
  // Keyboard only: arrows, Enter picks, Esc closes without clearing.
  await composer.fill(`/hello${id}`);
  await expect(suggestion).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(suggestion).toBeHidden();
  await expect(composer).toHaveValue(`/hello${id}`);

  // Item 7 and 5: a CSV file previewed, imported, summarised; the toast covers no main button.
  await page.goto('/contacts');
  const fresh = phoneNumber('5531');
  const csv = `\uFEFFname;number;email\r\nImported ${id};${fresh};imp${id}@example.com\r\n${customer.name};${customer.number};\r\nX;${phoneNumber('5532')};\r\n`;
  await page.getByTestId('contacts-import-file').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('csv-import-summary')).toHaveText(
    '2 of 3 rows are ready to import. 1 row has errors and will be left out.',
  );
  await expect(page.getByTestId('csv-import-row-4')).toContainText('Name: Too Short!');
  await page.screenshot({ path: `${SHOTS}/csv-preview.png` });
  await page.getByTestId('csv-import-submit').click();
  await expect(page.getByTestId('csv-import-result')).toHaveText('Import finished: 1 new, 1 already existed, 1 left out.');
  await page.getByTestId('csv-import-close').click();
  const toast = page.getByTestId('toast-success').filter({ hasText: 'Import finished' });
  await expect(toast).toBeVisible();
  for (const button of ['contacts-add', 'contacts-import', 'contacts-export', 'contacts-delete-all']) {
    expect(overlaps(await box(toast), await box(page.getByTestId(button))), button).toBe(false);
  }
  await page.screenshot({ path: `${SHOTS}/contacts-toast.png` });
  // The list is in name order and other files' contacts share this server: the new one is looked
  // up rather than expected on the first page.
  await page.getByTestId('contacts-search').fill(`imported ${id}`);
  await expect(page.getByText(`Imported ${id}`)).toBeVisible();

  // Item 6: disconnecting asks first; "No" keeps the session.
  await page.goto('/connections');
  await page.getByTestId(`connection-disconnect-${connection.id}`).click();
  const dialog = page.getByTestId('confirmation-modal');
  await expect(dialog).toContainText('scan a new QR code');
  await page.screenshot({ path: `${SHOTS}/disconnect-confirm.png` });
  await page.getByTestId('confirmation-cancel').click();
  await expect(dialog).toBeHidden();
  expect((await call<{ status: string }>('GET', `/api/whatsapp/${connection.id}`)).status).toBe('CONNECTED');

  // Item 12: the simulator's phone.
  for (let i = 1; i <= 12; i++) {
    await call('POST', '/api/simulator/messages', { from: customer.number, to: connectionNumber, body: `message ${i}` });
  }
  await page.goto('/simulator');
  await page.getByTestId('simulator-connection').click();
  await page.getByRole('option', { name: `Desk ${id} · +${connectionNumber}` }).click();
  await expect(page.getByTestId('simulator-customers')).toContainText(`+${customer.number}`);
  await page.getByTestId('simulator-customer-number').fill(customer.number);
  const messages = page.getByTestId('simulator-messages');
  await expect(messages).toContainText('message 12');
  // The signed answer reads bold, without its asterisks.
  await expect(messages.locator('strong').first()).toBeVisible();
  await expect(messages).not.toContainText('*');
  await expectAtEnd(page);
  await expect(page.getByTestId('simulator-group')).toBeVisible();
  await expect(page.getByTestId('simulator-voice')).toBeVisible();
  await page.getByTestId('simulator-text').fill('one more from the phone');
  await page.getByTestId('simulator-send').click();
  await expect(messages).toContainText('one more from the phone');
  await expectAtEnd(page);
  await page.screenshot({ path: `${SHOTS}/simulator.png`, fullPage: true });
});

/** The simulator chat shows its newest message (scrolled to the end). */
async function expectAtEnd(page: Page) {
  await expect
    .poll(() => page.getByTestId('simulator-messages').evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight)))
    .toBeLessThanOrEqual(2);
}

test('a tab’s count sits beside its label, however wide the count and the language', async ({ browser }) => {
  for (const [locale, width, capped] of [
    ['en-US', 1280, '1K+'],
    ['pt-BR', 390, '1 mil+'],
  ] as const) {
    const context = await browser.newContext({ locale, viewport: { width, height: 800 } });
    const page = await context.newPage();
    // The server counts up to its cap (1,000); a company past it is stood in for by the count of
    // the Pending tab's answer, which is all the tab reads.
    await page.route('**/api/tickets?**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { count: number; countCapped: boolean };
      if (new URL(route.request().url()).searchParams.get('status') === 'pending') Object.assign(body, { count: 1000, countCapped: true });
      await route.fulfill({ response, json: body });
    });
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/tickets');
    const count = page.getByTestId('count-pending');
    await expect(count).toHaveText(capped);
    // Written as the language writes it, not in the label's capitals.
    expect(await count.evaluate((el) => getComputedStyle(el).textTransform)).toBe('none');
    expect(overlaps(await box(count), await box(page.getByTestId('count-pending-label')))).toBe(false);
    await page.getByTestId('tickets-tabs').screenshot({ path: `${SHOTS}/tab-counts-${locale}.png` });
    await context.close();
  }
});
