/**
 * A customer whose number WhatsApp hides (only their LID is shown) writes in on the simulator, which
 * models them as WhatsApp does: the attendant's reply reaches that customer's phone, and when the
 * customer later writes with the number visible, they are still one contact (now with the number).
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN, Api, login, phoneNumber, simulatorPhone, unique } from './helpers';

const SHOTS = '/tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });

test('a LID-only customer gets the reply and stays one contact when the number shows', async ({ page, context }) => {
  test.setTimeout(120_000);
  const id = unique();
  await login(page, ADMIN.email, ADMIN.password);
  const api = await Api.of(page);

  const name = `Lid ${id}`;
  await api.call('POST', '/api/whatsapp', { name, channel: 'simulator' });
  const connectionNumber = phoneNumber('5511');
  const phone = await context.newPage();
  const customerPhone = await simulatorPhone(phone, { name, number: connectionNumber });

  const customer = { number: phoneNumber('5521'), name: `Lívia ${id}` };
  await customerPhone.writeAs(customer);
  await phone.getByTestId('simulator-hide-number').check();
  const { send } = customerPhone;
  await send('oi, meu número está oculto');

  // The product knows this customer only by the LID.
  type Contact = { id: number; name: string; number: string };
  const contactsNamed = async () =>
    (await api.call<{ contacts: Contact[] }>('GET', `/api/contacts?searchParam=${encodeURIComponent(customer.name)}`)).contacts;
  await expect.poll(async () => (await contactsNamed()).map((c) => c.number)).toEqual([expect.stringMatching(/@lid$/)]);

  // The attendant answers in the ticket; the customer's phone receives it.
  await page.goto('/tickets');
  await page.getByTestId('tab-pending').click();
  const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: customer.name });
  await expect(item).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/lid-1-pending-ticket.png` });
  const ticketId = Number((await item.getAttribute('data-testid'))!.replace('ticket-item-', ''));
  await api.call('POST', `/api/messages/${ticketId}`, { body: 'Olá! Como posso ajudar?' });
  await expect(
    phone.getByTestId('simulator-messages').locator('[data-sender="connection"]').filter({ hasText: 'Olá! Como posso ajudar?' }),
  ).toBeVisible();
  await phone.screenshot({ path: `${SHOTS}/lid-2-customer-phone.png` });

  // The number shows on the next message: still one contact, now with the number.
  await phone.getByTestId('simulator-hide-number').uncheck();
  await send('agora com número');
  await expect.poll(async () => (await contactsNamed()).map((c) => c.number)).toEqual([customer.number]);
});
