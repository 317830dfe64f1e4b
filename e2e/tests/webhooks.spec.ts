/**
 * Outgoing webhooks in the browser: an admin registers a receiver started by this test, sends a
 * test delivery (signed, answered 200, shown as delivered), sees a failure with its response code
 * when the receiver answers 500, and retries it from the log once the receiver is back.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { ADMIN, login } from './helpers';

test('an admin registers a webhook, sends a test delivery and retries a failed one', async ({ page }) => {
  test.setTimeout(120_000);
  const secret = 'e2e-webhook-secret-0123456789';
  let status = 200;
  const received: { raw: string; signature: string; timestamp: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      received.push({
        raw,
        signature: String(req.headers['x-switchboard-signature']),
        timestamp: String(req.headers['x-switchboard-timestamp']),
      });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${Date.now()}`;
  try {
    await login(page, ADMIN.email, ADMIN.password);
    await page.getByTestId('menu-webhooks').click();
    await expect(page).toHaveURL(/\/webhooks$/);
    await page.getByTestId('webhook-add').click();
    const dialog = page.getByTestId('webhook-dialog');
    // The shared rules speak first: a short secret and no event are refused in the form.
    await page.getByTestId('webhook-url').fill(url);
    await page.getByTestId('webhook-secret').fill('short');
    await dialog.getByTestId('webhook-dialog-submit').click();
    await expect(dialog.getByText('The secret needs at least 16 characters.')).toBeVisible();
    await expect(dialog.getByText('Choose at least one event.')).toBeVisible();
    await page.getByTestId('webhook-secret').fill(secret);
    await page.getByTestId('webhook-event-ticket.created').check();
    await page.getByTestId('webhook-event-message.created').check();
    await dialog.getByTestId('webhook-dialog-submit').click();
    await expect(dialog).toBeHidden();
    const row = page.locator('[data-testid^="webhook-row-"]').filter({ hasText: url });
    await expect(row).toContainText('Ticket created');

    // A test delivery: the receiver verifies the signature; the log shows it delivered with 200.
    await row.getByRole('button', { name: 'Send test' }).click();
    await expect(page).toHaveURL(/\/webhooks\/\d+$/);
    const first = page.locator('[data-testid^="delivery-"][data-status]').first();
    await expect(first).toHaveAttribute('data-status', 'delivered');
    await expect(first.getByTestId('delivery-code')).toHaveText('200');
    expect(received).toHaveLength(1);
    const expected = `sha256=${createHmac('sha256', secret).update(`${received[0].timestamp}.${received[0].raw}`).digest('hex')}`;
    expect(received[0].signature).toBe(expected);
    expect(JSON.parse(received[0].raw)).toMatchObject({ event: 'webhook.test' });

    // The receiver fails: the delivery waits for its retry, showing the 500.
    status = 500;
    await page.getByTestId('deliveries-test').click();
    const failing = page.locator('[data-testid^="delivery-"][data-status]').first();
    await expect(failing.getByTestId('delivery-code')).toHaveText('500');
    await expect(failing).toHaveAttribute('data-status', 'pending');

    // Back up: retry now from the log.
    status = 200;
    await failing.getByRole('button', { name: 'Retry' }).click();
    await expect(failing).toHaveAttribute('data-status', 'delivered');
    await expect(failing.getByTestId('delivery-code')).toHaveText('200');
  } finally {
    await new Promise((r) => receiver.close(r));
  }
});
