/**
 * The WhatsApp Cloud API channel in the browser, against a Graph API stand-in this file starts
 * (the server is pointed at it by playwright.config.ts): the admin creates the connection on the
 * connections screen, a customer's message delivered by signed webhook opens a ticket, the reply
 * reaches the stand-in, and a customer whose 24-hour window has closed gets an approved template
 * from the picker.
 */
import { expect, test, type Page } from '@playwright/test';
import { GraphStandin } from '../../packages/server/src/test/graph-standin';
import { GRAPH_STANDIN_PORT } from '../playwright.config';
import { acceptTicket as accept, ADMIN, login, unique } from './helpers';

const standin = new GraphStandin();
const suffix = String(Date.now()).slice(-8);
const account = {
  phoneNumberId: `1065${suffix}`,
  businessAccountId: `1022${suffix}`,
  accessToken: `EAAG${unique()}token`,
  appSecret: `app-secret-${unique()}`,
  verifyToken: `verify-${unique()}`,
};

test.beforeAll(async () => {
  await standin.start(GRAPH_STANDIN_PORT);
  standin.addNumber({ ...account, displayPhoneNumber: `+55 11 3${suffix}`, webhook: 'http://unset' });
  standin.addTemplate(account.businessAccountId, {
    name: 'order_update',
    language: 'en_US',
    category: 'UTILITY',
    status: 'APPROVED',
    body: 'Hello {{1}}, your order {{2}} has shipped.',
  });
});
test.afterAll(() => standin.close());

/** Opens the customer's pending ticket and accepts it; resolves with the chat open. */
async function acceptCustomerTicket(page: Page, customerName: string): Promise<void> {
  await page.goto('/tickets');
  await page.getByTestId('tab-pending').click();
  const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: customerName });
  await expect(item).toBeVisible({ timeout: 20_000 });
  await accept(page, item);
}

test('a Cloud API connection: created on screen, webhook messages open tickets, replies and templates reach Meta', async ({
  page,
  baseURL,
}) => {
  const name = `Cloud ${unique()}`;
  await login(page, ADMIN.email, ADMIN.password);
  await page.getByTestId('menu-connections').click();
  await page.getByTestId('connections-add').click();
  const modal = page.getByTestId('connection-modal');
  await modal.getByTestId('connection-name').fill(name);
  await modal.getByTestId('connection-channel').click();
  await page.getByRole('option', { name: 'WhatsApp Cloud API' }).click();
  // The account is required for this channel.
  await modal.getByTestId('connection-modal-submit').click();
  await expect(modal.getByTestId('connection-cloud.phoneNumberId')).toHaveAttribute('aria-invalid', 'true');
  for (const [field, value] of Object.entries(account)) await modal.getByTestId(`connection-cloud.${field}`).fill(value);
  await modal.getByTestId('connection-modal-submit').click();
  await expect(modal).toBeHidden();

  const row = page.getByTestId('connections-table').getByRole('row', { name: new RegExp(name) });
  await expect(row.getByTestId('connection-status')).toHaveAttribute('data-status', 'CONNECTED', { timeout: 20_000 });
  await expect(row).toContainText(`55113${suffix}`);

  // Editing shows the webhook URL to give Meta, and the secrets only as saved.
  await row.locator('[data-testid^="connection-edit-"]').click();
  const webhookUrl = await modal.getByTestId('connection-cloud-webhook-url').inputValue();
  expect(webhookUrl).toMatch(new RegExp(`^${baseURL}/api/channels/whatsapp-cloud/\\d+/webhook$`));
  await expect(modal.getByTestId('connection-cloud.accessToken')).toHaveValue('');
  expect(await page.content()).not.toContain(account.accessToken);
  await modal.getByTestId('connection-modal-cancel').click();
  standin.setWebhook(account.phoneNumberId, webhookUrl);

  // A customer writes: Meta's signed delivery is stored, then answered 200, and opens a ticket.
  const customer = { number: `5521${suffix}1`, name: `Ana ${unique()}` };
  const inbound = await standin.customerSends(
    account.phoneNumberId,
    customer.number,
    { type: 'text', text: { body: 'Where is my order?' } },
    { name: customer.name },
  );
  expect(inbound.status).toBe(200);
  await acceptCustomerTicket(page, customer.name);
  await expect(page.locator('[data-from-me="false"]').filter({ hasText: 'Where is my order?' })).toBeVisible();
  await expect(page.getByTestId('service-window')).toHaveAttribute('data-open', 'true');

  const composer = page.getByTestId('composer-input');
  await composer.fill('It ships today.');
  await composer.press('Enter');
  await standin.until(() => [...standin.sent.values()].some((m) => m.to === customer.number && m.type === 'text'), 'the reply at Meta');
  const reply = [...standin.sent.values()].find((m) => m.to === customer.number && m.type === 'text')!;
  expect(reply.payload).toMatchObject({
    messaging_product: 'whatsapp',
    to: customer.number,
    text: { body: expect.stringContaining('It ships today.') },
  });
  // Meta's "delivered" status comes back by webhook: the double check.
  await expect(page.locator('[data-from-me="true"]').filter({ hasText: 'It ships today.' }).getByTestId('ack-2')).toBeVisible({
    timeout: 20_000,
  });

  // A customer who last wrote 25 hours ago: the window is closed, the picker sends a template.
  const late = { number: `5521${suffix}2`, name: `Bruno ${unique()}` };
  await standin.customerSends(
    account.phoneNumberId,
    late.number,
    { type: 'text', text: { body: 'Hi, any news?' } },
    { name: late.name, at: new Date(Date.now() - 25 * 3600_000) },
  );
  await acceptCustomerTicket(page, late.name);
  const bar = page.getByTestId('service-window');
  await expect(bar).toHaveAttribute('data-open', 'false');
  await bar.getByTestId('template-open').click();
  const dialog = page.getByTestId('template-dialog');
  await dialog.getByTestId('template-select').locator('..').click();
  await page.getByTestId('template-option-order_update').click();
  await dialog.getByTestId('template-variable-1').fill('Bruno');
  await dialog.getByTestId('template-variable-2').fill('#4521');
  await expect(dialog.getByTestId('template-preview')).toHaveText('Hello Bruno, your order #4521 has shipped.');
  await dialog.getByTestId('template-send').click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-from-me="true"]').filter({ hasText: 'Hello Bruno, your order #4521 has shipped.' })).toBeVisible();
  await standin.until(() => [...standin.sent.values()].some((m) => m.to === late.number && m.type === 'template'), 'the template at Meta');
  const sent = [...standin.sent.values()].find((m) => m.to === late.number && m.type === 'template')!;
  expect(sent.payload.template).toEqual({
    name: 'order_update',
    language: { code: 'en_US' },
    components: [
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Bruno' },
          { type: 'text', text: '#4521' },
        ],
      },
    ],
  });
});
