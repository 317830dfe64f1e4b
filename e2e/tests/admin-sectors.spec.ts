/**
 * An admin without sectors (the first admin's default state) keeps sight of routed tickets
 * (issue 12, spec §4: admins see every sector unless they filter): a customer picks "2" in the
 * menu, the ticket moves to that sector and stays in the admin's Pending list and bell.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN, Api, login, phoneNumber, randomColor, simulatorPhone, unique } from './helpers';

const SHOTS = '/tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });

test('an admin without sectors still sees a ticket routed to a sector in Pending and in the bell', async ({ page, context }) => {
  test.setTimeout(120_000);
  const id = unique();
  await login(page, ADMIN.email, ADMIN.password);
  const api = await Api.of(page);
  const me = await api.call<{ id: number; queues: unknown[] }>('GET', '/api/auth/me');
  expect(me.queues).toEqual([]);

  const hours = { startWork: '00:00', endWork: '23:59' };
  await api.call('POST', '/api/queue', { name: `Billing ${id}`, color: randomColor(), greetingMessage: 'Billing here.', ...hours });
  await api.call('POST', '/api/queue', { name: `Sales ${id}`, color: randomColor(), greetingMessage: 'Sales here.', ...hours });

  // A simulator connection offering both sectors in its menu.
  const name = `Routing ${id}`;
  await page.getByTestId('menu-connections').click();
  await page.getByTestId('connections-add').click();
  const modal = page.getByTestId('connection-modal');
  await modal.getByTestId('connection-name').fill(name);
  await modal.getByTestId('connection-channel').click();
  await page.getByRole('option', { name: 'Simulator' }).click();
  await modal.getByTestId('connection-greetingMessage').fill('Hello! Choose a sector:');
  await modal.getByTestId('connection-queueIds').click();
  await page.getByRole('option', { name: `Sales ${id}` }).click();
  await page.getByRole('option', { name: `Billing ${id}` }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await modal.getByTestId('connection-modal-submit').click();
  await expect(modal).toBeHidden();
  const row = page.getByTestId('connections-table').getByRole('row', { name: new RegExp(name) });

  const connectionNumber = phoneNumber('5511');
  const phone = await context.newPage();
  const customerPhone = await simulatorPhone(phone, { name, number: connectionNumber });
  await expect(row.getByTestId('connection-status')).toHaveAttribute('data-status', 'CONNECTED');

  // The admin watches Pending (no "show all", no sector filter).
  await page.goto('/tickets');
  await page.getByTestId('tab-pending').click();
  await expect(page.getByTestId('tickets-list')).toBeVisible();

  const customer = { number: phoneNumber('5521'), name: `Rita ${id}` };
  await customerPhone.writeAs(customer);
  const { send } = customerPhone;

  const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: customer.name });
  await send('oi');
  await expect(item).toBeVisible();
  await send('2');
  // Routed to Sales: still in the admin's Pending list, now with the sector badge, live and after a reload.
  await expect(item.getByTestId('badge-sector')).toHaveText(`Sales ${id}`);
  await expect(item).toHaveAttribute('data-status', 'pending');
  const ticketId = Number((await item.getAttribute('data-testid'))!.replace('ticket-item-', ''));
  await expect(page.getByTestId('notifications-bell')).toBeVisible();
  await page.getByTestId('notifications-bell').click();
  await expect(page.getByTestId(`notification-${ticketId}`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-sectors-pending.png` });
  await page.keyboard.press('Escape');

  await page.reload();
  await page.getByTestId('tab-pending').click();
  await expect(item.getByTestId('badge-sector')).toHaveText(`Sales ${id}`);
});
