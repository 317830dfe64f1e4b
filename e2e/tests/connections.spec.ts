import { expect, test, type Page } from '@playwright/test';
import { ADMIN, expectToast, login, recordToasts, unique } from './helpers';

/** A number the simulator accepts as a phone: 13 digits, not starting with 0. */
function phoneNumber(prefix: string): string {
  return `${prefix}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/** GET through the API with the page's session (the token the app keeps in localStorage). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `${path} answers`).toBe(200);
  return (await response.json()) as T;
}

test("a simulator connection is created, paired from the simulator page, and its customer's message opens a ticket", async ({
  page,
  context,
}) => {
  const name = `Sim ${unique()}`;
  const connectionNumber = phoneNumber('5511');
  const customer = { number: phoneNumber('5521'), name: `Carla ${unique()}` };
  const text = `Hello from ${customer.name}`;

  // One sign-in for the whole file: login is rate-limited, and the second tab shares the session.
  await login(page, ADMIN.email, ADMIN.password);
  await page.getByTestId('menu-connections').click();
  await expect(page).toHaveURL(/\/connections$/);

  await page.getByTestId('connections-add').click();
  const modal = page.getByTestId('connection-modal');
  await modal.getByTestId('connection-modal-submit').click();
  await expect(modal.getByText('Required')).toBeVisible();
  await modal.getByTestId('connection-name').fill(name);
  await modal.getByTestId('connection-channel').click();
  await page.getByRole('option', { name: 'Simulator' }).click();
  await modal.getByTestId('connection-modal-submit').click();
  await expect(modal).toBeHidden();
  await expectToast(page, 'Connection saved successfully.');

  const row = page.getByTestId('connections-table').getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  // The new session asks for a scan: the QR button appears and the drawer warns.
  await row.getByRole('button', { name: 'QR code' }).click();
  const dialog = page.getByTestId('qr-dialog');
  await expect(dialog.getByTestId('qr-code').locator('svg, canvas').first()).toBeVisible();
  await expect(page.getByTestId('connections-warning')).toBeVisible();

  // The phone scans from the simulator page in a second tab, while the QR dialog stays open here.
  const phone = await context.newPage();
  await recordToasts(phone);
  await phone.goto('/connections');
  await phone.getByTestId('menu-simulator').click();
  await expect(phone).toHaveURL(/\/simulator$/);
  const pending = phone.getByTestId('simulator-pending').locator('[data-testid^="simulator-pending-"]').filter({ hasText: name });
  await expect(pending).toBeVisible();
  await pending.getByLabel('Number (optional)').fill(connectionNumber);
  await pending.getByRole('button', { name: 'Scan' }).click();
  await expectToast(phone, connectionNumber);

  // Live: the dialog closes by itself, the row turns CONNECTED with the number, the badge clears.
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('connection-status')).toHaveAttribute('data-status', 'CONNECTED');
  await expect(row).toContainText('Connected');
  await expect(row).toContainText(connectionNumber);
  await expect(row.getByRole('button', { name: 'Disconnect' })).toBeVisible();
  await expect(page.getByTestId('connections-warning')).toHaveCount(0);

  // A customer writes from the simulator phone, on this connection (earlier files may have left
  // other simulator connections connected).
  await phone.getByTestId('simulator-connection').click();
  await phone.getByRole('option', { name: `${name} · +${connectionNumber}` }).click();
  await expect(phone.getByTestId('simulator-phone')).toContainText(name);
  await phone.getByTestId('simulator-customer-number').fill(customer.number);
  await phone.getByTestId('simulator-customer-name').fill(customer.name);
  await phone.getByTestId('simulator-text').fill(text);
  await phone.getByTestId('simulator-send').click();
  const messages = phone.getByTestId('simulator-messages');
  await expect(messages.getByText(text)).toBeVisible();
  await expect(messages.locator('[data-sender="customer"]')).toHaveCount(1);

  // The pipeline created the contact and a pending ticket on this connection (checked through the API).
  await expect
    .poll(async () => {
      const { contacts } = await apiGet<{ contacts: { name: string; number: string }[] }>(
        page,
        `/api/contacts?searchParam=${customer.number}`,
      );
      return contacts.map((c) => c.number);
    })
    .toContain(customer.number);
  await expect
    .poll(async () => {
      const { tickets } = await apiGet<{ tickets: { status: string; contact: { number: string }; whatsapp: { name: string } }[] }>(
        page,
        `/api/tickets?status=pending&showAll=true&searchParam=${customer.number}`,
      );
      return tickets.filter((t) => t.contact.number === customer.number).map((t) => `${t.status} ${t.whatsapp.name}`);
    })
    .toEqual([`pending ${name}`]);
  await phone.close();
});
