/**
 * Auto-assignment end to end: an admin switches it on for a sector in the Sectors screen, with a
 * limit per attendant; an attendant of the sector is online on her tickets screen; a simulated
 * customer writes and picks the sector from the menu — and the ticket appears in the attendant's
 * Open tab by itself, with a notice, without anyone accepting it.
 */
import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, expectToast, login, unique } from './helpers';

const SHOTS = '/tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });

const phoneNumber = (prefix: string) => `${prefix}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
const randomColor = () =>
  `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;

async function apiOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
    const res = await page.request.fetch(path, { method, data, headers: { Authorization: `Bearer ${token}` } });
    expect([200, 201], `${method} ${path}: ${res.status()} ${await res.text()}`).toContain(res.status());
    return (await res.json()) as T;
  };
}

async function attendantPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  await login(page, email, password);
  await page.goto('/tickets');
  await expect(page.getByTestId('tickets-list-pane')).toBeVisible();
  return page;
}

test("a sector with auto-assignment gives the customer's ticket to its online attendant", async ({ page, context, browser }) => {
  const id = unique();
  await login(page, ADMIN.email, ADMIN.password);
  const api = await apiOf(page);
  const hours = { startWork: '00:00', endWork: '23:59' };
  const sales = await api<{ id: number }>('POST', '/api/queue', { name: `Sales ${id}`, color: randomColor(), ...hours });
  const billing = await api<{ id: number }>('POST', '/api/queue', { name: `Billing ${id}`, color: randomColor(), ...hours });

  // The Sectors screen: Sales assigns its new tickets, at most 2 open per attendant.
  await page.getByTestId('menu-queues').click();
  await page.getByTestId(`queue-edit-${sales.id}`).click();
  const modal = page.getByTestId('queue-modal');
  await expect(modal.getByTestId('queue-name')).toHaveValue(`Sales ${id}`);
  await expect(modal.getByTestId('queue-maxOpen')).toHaveCount(0);
  await modal.getByTestId('queue-autoAssign').check();
  await modal.getByTestId('queue-maxOpen').fill('2');
  await page.screenshot({ path: `${SHOTS}/auto-assign-1-sector-modal.png` });
  await modal.getByTestId('queue-modal-submit').click();
  await expect(modal).toBeHidden();
  await expectToast(page, 'Sector saved successfully!');
  await expect(page.getByTestId(`queue-autoAssign-${sales.id}`)).toHaveText('On, up to 2 open');
  expect(await api('GET', `/api/queue/${sales.id}`)).toMatchObject({ autoAssign: true, maxOpenPerAttendant: 2 });

  // A simulator connection offering both sectors, paired from the simulator page.
  const name = `Auto-assign ${id}`;
  const connection = await api<{ id: number }>('POST', '/api/whatsapp', {
    name,
    channel: 'simulator',
    greetingMessage: 'Hello! Choose a sector:',
    queueIds: [sales.id, billing.id],
  });
  const connectionNumber = phoneNumber('5511');
  const phone = await context.newPage();
  await phone.goto('/simulator');
  const pendingQr = phone.getByTestId('simulator-pending').locator('[data-testid^="simulator-pending-"]').filter({ hasText: name });
  await pendingQr.getByLabel('Number (optional)').fill(connectionNumber);
  await pendingQr.getByRole('button', { name: 'Scan' }).click();
  await expect.poll(async () => (await api<{ status: string }>('GET', `/api/whatsapp/${connection.id}`)).status).toBe('CONNECTED');

  // Ana, of Sales, is online and looks at her Open tab.
  const ana = { name: `Ana ${id}`, email: `ana.assign.${id}@e2e.local`, password: 'attendant-pass' };
  const anaUser = await api<{ id: number }>('POST', '/api/users', { ...ana, profile: 'user', queueIds: [sales.id] });
  const anaPage = await attendantPage(browser, ana.email, ana.password);
  await anaPage.getByTestId('tab-open').click();
  await expect(anaPage.getByTestId('tickets-list')).toBeVisible();

  // The customer writes, gets the menu, and picks Sales ("2": Billing, Sales by name).
  const customer = { number: phoneNumber('5521'), name: `Olga ${id}` };
  await phone.getByTestId('simulator-connection').click();
  await phone.getByRole('option', { name: `${name} · +${connectionNumber}` }).click();
  await phone.getByTestId('simulator-customer-number').fill(customer.number);
  await phone.getByTestId('simulator-customer-name').fill(customer.name);
  const send = async (text: string) => {
    await phone.getByTestId('simulator-text').fill(text);
    await phone.getByTestId('simulator-send').click();
    await expect(
      phone.getByTestId('simulator-messages').locator('[data-sender="customer"]').filter({ hasText: text }).last(),
    ).toBeVisible();
  };
  await send('oi');
  await expect(phone.getByTestId('simulator-messages').getByText('Hello! Choose a sector:')).toBeVisible();
  await send('2');

  // In Ana's Open tab at once, hers, without accepting; she is told.
  const item = anaPage.locator('[data-testid^="ticket-item-"]').filter({ hasText: customer.name });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-status', 'open');
  await expectToast(anaPage, `${customer.name}'s ticket was assigned to you`, 'info');
  await anaPage.screenshot({ path: `${SHOTS}/auto-assign-2-open-tab.png` });
  const ticketId = Number((await item.getAttribute('data-testid'))!.replace('ticket-item-', ''));
  expect(await api('GET', `/api/tickets/${ticketId}`)).toMatchObject({ status: 'open', userId: anaUser.id, queueId: sales.id });

  // Still there after a reload: it is stored, not only announced.
  await anaPage.reload();
  await anaPage.getByTestId('tab-open').click();
  await expect(anaPage.getByTestId(`ticket-item-${ticketId}`)).toHaveAttribute('data-status', 'open');
});
