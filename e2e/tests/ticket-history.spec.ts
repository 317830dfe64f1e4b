/**
 * A returning customer's earlier ticket in the chat: the contact had a closed ticket and writes
 * again; the attendant opens the new ticket, scrolls up past its first message into the earlier
 * ticket's messages under their separator (read only), and searches a word of the earlier ticket,
 * which loads the chat down to the match and highlights it.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { acceptTicket, ADMIN, login, randomColor, unique } from './helpers';

function phoneNumber(prefix: string): string {
  return `${prefix}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

class Api {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}
  static async login(request: APIRequestContext): Promise<Api> {
    const res = await request.post('/api/auth/login', { data: ADMIN });
    expect(res.status(), 'admin login').toBe(200);
    return new Api(request, ((await res.json()) as { token: string }).token);
  }
  async call<T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
    const res = await this.request.fetch(path, { method, data, headers: { Authorization: `Bearer ${this.token}` } });
    expect([200, 201], `${method} ${path}: ${await res.text()}`).toContain(res.status());
    return (await res.json()) as T;
  }
}

interface Ticket {
  id: number;
  protocol: string;
  status: string;
}

test('the attendant scrolls into the earlier ticket of a returning customer and searches it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const api = await Api.login(request);
  const id = unique();
  const sector = await api.call<{ id: number }>('POST', '/api/queue', {
    name: `History ${id}`,
    color: randomColor(),
    startWork: '00:00',
    endWork: '23:59',
  });
  const attendant = { name: 'Helena History', email: `helena.${id}@e2e.local`, password: 'attendant-pass' };
  await api.call('POST', '/api/users', { ...attendant, profile: 'user', queueIds: [sector.id] });

  const connectionNumber = phoneNumber('5511');
  const connection = await api.call<{ id: number }>('POST', '/api/whatsapp', {
    name: `Sim ${id}`,
    channel: 'simulator',
    queueIds: [sector.id],
  });
  let qrcode = '';
  await expect
    .poll(async () => {
      const c = await api.call<{ status: string; qrcode: string }>('GET', `/api/whatsapp/${connection.id}`);
      qrcode = c.qrcode;
      return c.status;
    })
    .toBe('qrcode');
  await api.call('POST', '/api/simulator/scan', { qrcode, number: connectionNumber });
  await expect.poll(async () => (await api.call<{ status: string }>('GET', `/api/whatsapp/${connection.id}`)).status).toBe('CONNECTED');

  const customer = { number: phoneNumber('5521'), name: `Returning ${id}` };
  const write = (body: string) =>
    api.call('POST', '/api/simulator/messages', { from: customer.number, to: connectionNumber, name: customer.name, body });
  const ticketsOfCustomer = async () =>
    (await api.call<{ tickets: Ticket[] }>('GET', `/api/tickets?showAll=true&searchParam=${encodeURIComponent(customer.name)}`)).tickets;

  // The first visit: a complaint, then enough talk to fill more than a page; then it is closed.
  await write('My blender arrived cracked, order 4471');
  for (let n = 1; n <= 5; n++) await write(`first visit line ${n}`);
  await expect.poll(async () => (await ticketsOfCustomer()).length).toBe(1);
  const [earlier] = await ticketsOfCustomer();
  await api.call('PUT', `/api/tickets/${earlier.id}`, { status: 'open' });
  await api.call('PUT', `/api/tickets/${earlier.id}`, { status: 'closed' });

  // The customer comes back later than the reopening window: a new ticket.
  const window = await api.call<{ value: string }>('GET', '/api/settings/timeCreateNewTicket');
  await api.call('PUT', '/api/settings/timeCreateNewTicket', { value: '10' });
  try {
    await page.waitForTimeout(11_000);
    for (let n = 1; n <= 24; n++) await write(`second visit line ${n}`);
    await expect.poll(async () => (await ticketsOfCustomer()).length).toBe(2);
  } finally {
    await api.call('PUT', '/api/settings/timeCreateNewTicket', { value: window.value });
  }
  const current = (await ticketsOfCustomer()).find((t) => t.id !== earlier.id)!;
  expect(current.status).toBe('pending');

  // The attendant accepts the new ticket: the chat opens on its newest messages only.
  await login(page, attendant.email, attendant.password);
  await page.goto('/tickets');
  await page.getByTestId('tab-pending').click();
  const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: customer.name });
  await acceptTicket(page, item);
  const chat = page.getByTestId('chat-pane');
  await expect(chat.getByText('second visit line 24')).toBeVisible();
  const separator = chat.getByTestId(`ticket-separator-${earlier.id}`);
  await expect(separator).toHaveCount(0);

  // Scrolling up loads the earlier pages: the first visit under its separator, read only. The list is
  // virtualised and keeps the reader's place when a page arrives above it, so a row seen at one moment
  // may be scrolled out of the drawn window the next: each check scrolls to the top again until all hold.
  const list = chat.getByTestId('message-list');
  const earlierBubble = chat.locator('[data-testid^="message-"][data-from-me="false"]').filter({ hasText: 'first visit line 5' });
  await expect(async () => {
    await list.hover();
    await page.mouse.wheel(0, -4000);
    await expect(separator).toContainText(`Ticket #${earlier.protocol} · opened `, { timeout: 2000 });
    await expect(separator).toContainText(' · closed ', { timeout: 500 });
    await expect(separator).toContainText('Earlier ticket: read only', { timeout: 500 });
    await expect(chat.getByTestId(`ticket-separator-${current.id}`)).toContainText(`Ticket #${current.protocol} · opened `, {
      timeout: 500,
    });
    await expect(earlierBubble).toBeVisible({ timeout: 500 });
    await earlierBubble.hover({ timeout: 500 });
    await expect(earlierBubble.getByTestId('message-options')).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 60_000 });

  // A fresh chat holds only the newest page; searching a word of the first visit loads down to it.
  await page.reload();
  await expect(chat.getByText('second visit line 24')).toBeVisible();
  await expect(separator).toHaveCount(0);
  await page.getByTestId('chat-search-open').click();
  await page.getByTestId('chat-search-input').fill('cracked');
  const match = chat.locator('[data-highlighted="true"]');
  await expect(match).toContainText('My blender arrived cracked, order 4471');
  await expect(match).toBeInViewport();
  await expect(page.getByTestId('chat-search-status')).toHaveText('1 of 1');
  await expect(separator).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('ticket-history.png') });
});
