/**
 * A send WhatsApp refuses is shown as failed, never as sent: on the simulator page a customer is
 * set to refuse messages (as WhatsApp answers 463); the attendant replies in the chat; the bubble
 * shows the red mark, "Not delivered" and the code explained. Once the customer accepts messages
 * again, Retry delivers it.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { acceptTicket, ADMIN, Api, login, phoneNumber, simulatorPhone, unique } from './helpers';

const SHOTS = '/tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });

test("a reply the customer's WhatsApp refuses shows as not delivered, with the reason, and Retry sends it", async ({ page, context }) => {
  test.setTimeout(120_000);
  const id = unique();
  await login(page, ADMIN.email, ADMIN.password);
  const api = await Api.of(page);

  const name = `Refusals ${id}`;
  await api.call('POST', '/api/whatsapp', { name, channel: 'simulator' });
  const connectionNumber = phoneNumber('5511');
  const phone = await context.newPage();
  const customerPhone = await simulatorPhone(phone, { name, number: connectionNumber });
  const customer = { number: phoneNumber('5521'), name: `Rita ${id}` };
  await customerPhone.writeAs(customer);
  await customerPhone.send('oi, podem me ajudar?');

  // On the customer's phone: WhatsApp refuses every message to this customer with 463.
  await phone.getByTestId('simulator-refuses').click();
  await phone.getByTestId('simulator-refuses-463').click();
  await expect(phone.getByTestId('simulator-refuses')).toContainText('463');
  await phone.screenshot({ path: `${SHOTS}/refused-0-customer-refuses.png` });

  // The attendant replies in the chat.
  await page.goto('/tickets');
  await page.getByTestId('tab-pending').click();
  const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: customer.name });
  await acceptTicket(page, item);
  await expect(page).toHaveURL(/\/tickets\/\d+$/);
  const composer = page.getByTestId('composer-input');
  await composer.fill('Claro! Qual é o pedido?');
  await composer.press('Enter');

  const bubble = page.locator('[data-from-me="true"]').filter({ hasText: 'Claro! Qual é o pedido?' });
  await expect(bubble.getByTestId('ack-failed')).toBeVisible();
  const notice = bubble.getByTestId('message-send-error');
  await expect(notice).toContainText('Not delivered');
  await expect(notice).toContainText('code 463');
  await expect(bubble.getByTestId('message-send-error-reason')).toContainText('have not written to you first');
  // Never a tick for it, and the customer's phone has nothing.
  await expect(bubble.locator('[data-testid^="ack-"]:not([data-testid="ack-failed"])')).toHaveCount(0);
  await expect(phone.getByTestId('simulator-messages').locator('[data-sender="connection"]')).toHaveCount(0);
  await bubble.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/refused-1-not-delivered.png` });

  // The customer accepts messages again: Retry delivers the same message.
  await phone.getByTestId('simulator-refuses').click();
  await phone.getByRole('option', { name: 'No' }).click();
  await expect(phone.getByTestId('simulator-refuses')).not.toContainText('463');
  await bubble.getByTestId('message-retry').click();
  await expect(bubble.getByTestId('ack-failed')).toHaveCount(0);
  await expect(bubble.getByTestId('message-send-error')).toHaveCount(0);
  await expect(bubble.locator('[data-testid="ack-2"], [data-testid="ack-3"]')).toBeVisible();
  await expect(
    phone.getByTestId('simulator-messages').locator('[data-sender="connection"]').filter({ hasText: 'Claro! Qual é o pedido?' }),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/refused-2-retried.png` });
});
