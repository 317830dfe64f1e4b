/**
 * A customer whose number WhatsApp hides (only their LID is shown) writes in on the simulator, which
 * models them as WhatsApp does: the attendant's reply reaches that customer's phone, and when the
 * customer later writes with the number visible, they are still one contact (now with the number).
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, login, unique } from './helpers';

const SHOTS = '/tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });

const phoneNumber = (prefix: string) => `${prefix}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

async function apiOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return async function call<T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
    const res = await page.request.fetch(path, { method, data, headers: { Authorization: `Bearer ${token}` } });
    expect([200, 201], `${method} ${path}: ${res.status()} ${await res.text()}`).toContain(res.status());
    return (await res.json()) as T;
  };
}

test('a LID-only customer gets the reply and stays one contact when the number shows', async ({ page, context }) => {
  test.setTimeout(120_000);
  const id = unique();
  await login(page, ADMIN.email, ADMIN.password);
  const api = await apiOf(page);

  const name = `Lid ${id}`;
  await api('POST', '/api/whatsapp', { name, channel: 'simulator' });
  const connectionNumber = phoneNumber('5511');
  const phone = await context.newPage();
  await phone.goto('/simulator');
  const pendingQr = phone.getByTestId('simulator-pending').locator('[data-testid^="simulator-pending-"]').filter({ hasText: name });
  await pendingQr.getByLabel('Number (optional)').fill(connectionNumber);
  await pendingQr.getByRole('button', { name: 'Scan' }).click();

  const customer = { number: phoneNumber('5521'), name: `Lívia ${id}` };
  await phone.getByTestId('simulator-connection').click();
  await phone.getByRole('option', { name: `${name} · +${connectionNumber}` }).click();
  await phone.getByTestId('simulator-customer-number').fill(customer.number);
  await phone.getByTestId('simulator-customer-name').fill(customer.name);
  await phone.getByTestId('simulator-hide-number').check();
  const send = async (text: string) => {
    await phone.getByTestId('simulator-text').fill(text);
    await phone.getByTestId('simulator-send').click();
    await expect(phone.getByTestId('simulator-messages').locator('[data-sender="customer"]').filter({ hasText: text }).last()).toBeVisible();
  };
  await send('oi, meu número está oculto');

  // The product knows this customer only by the LID.
  type Contact = { id: number; name: string; number: string };
  const contactsNamed = async () =>
    (await api<{ contacts: Contact[] }>('GET', `/api/contacts?searchParam=${encodeURIComponent(customer.name)}`)).contacts;
  await expect.poll(async () => (await contactsNamed()).map((c) => c.number)).toEqual([expect.stringMatching(/@lid$/)]);

  // The attendant answers in the ticket; the customer's phone receives it.
  await page.goto('/tickets');
  await page.getByTestId('tab-pending').click();
  const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: customer.name });
  await expect(item).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/lid-1-pending-ticket.png` });
  const ticketId = Number((await item.getAttribute('data-testid'))!.replace('ticket-item-', ''));
  await api('POST', `/api/messages/${ticketId}`, { body: 'Olá! Como posso ajudar?' });
  await expect(phone.getByTestId('simulator-messages').locator('[data-sender="connection"]').filter({ hasText: 'Olá! Como posso ajudar?' })).toBeVisible();
  await phone.screenshot({ path: `${SHOTS}/lid-2-customer-phone.png` });

  // The number shows on the next message: still one contact, now with the number.
  await phone.getByTestId('simulator-hide-number').uncheck();
  await send('agora com número');
  await expect.poll(async () => (await contactsNamed()).map((c) => c.number)).toEqual([customer.number]);
});
