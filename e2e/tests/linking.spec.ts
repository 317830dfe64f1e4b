import { expect, test, type Page } from '@playwright/test';
import { ADMIN, Api, expectToast, login, pairSimulator, phoneNumber, recordToasts, unique } from './helpers';

/** Deletes a connection this file made (with its health record), so later files start clean. */
async function remove(page: Page, id: number): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.delete(`/api/whatsapp/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
}

test('a connection links with a pairing code typed on the (simulated) phone instead of the QR code', async ({ page, context }) => {
  await login(page, ADMIN.email, ADMIN.password);
  const api = await Api.of(page);
  const name = `Code ${unique()}`;
  const number = phoneNumber('5511');
  const { id } = await api.call<{ id: number }>('POST', '/api/whatsapp', { name, channel: 'simulator' });

  await page.goto('/connections');
  const row = page.getByTestId(`connection-row-${id}`);
  await row.getByRole('button', { name: 'QR code' }).click();
  const dialog = page.getByTestId('qr-dialog');
  await expect(dialog.getByTestId('qr-code')).toBeVisible();
  const section = dialog.getByTestId('pairing-code-section');
  await expect(section).toContainText('Link with a pairing code instead');

  // A number that cannot be one is refused in the form, before anything is asked of the channel.
  await section.getByTestId('pairing-code-number').fill('12 34');
  await section.getByTestId('pairing-code-submit').click();
  await expect(section.getByText('Invalid number')).toBeVisible();

  await section.getByTestId('pairing-code-number').fill(`+${number}`);
  await section.getByTestId('pairing-code-submit').click();
  const shown = section.getByTestId('pairing-code');
  await expect(shown).toHaveText(/^[1-9A-HJ-NP-TV-Z]{4}-[1-9A-HJ-NP-TV-Z]{4}$/);
  await expect(section.getByTestId('pairing-code-hint')).toContainText('Simulator page');
  await page.screenshot({ path: test.info().outputPath('pairing-code-dialog.png') });
  const code = (await shown.textContent())!;

  // The phone types it on the Simulator page, in a second tab, while the dialog stays open here.
  const phone = await context.newPage();
  await recordToasts(phone);
  await phone.goto('/simulator');
  const enter = phone.getByTestId('simulator-enter-code');
  // A wrong code links nothing.
  await enter.getByTestId('simulator-code-number').fill(number);
  await enter.getByTestId('simulator-code').fill(code === 'AAAA-AAAA' ? 'BBBB-BBBB' : 'AAAA-AAAA');
  await enter.getByTestId('simulator-code-submit').click();
  await expectToast(phone, 'No connection waits for this code on this number.', 'error');
  await expect(row.getByTestId('connection-status')).toHaveAttribute('data-status', 'qrcode');

  await enter.getByTestId('simulator-code').fill(code.toLowerCase());
  await enter.getByTestId('simulator-code-submit').click();
  await expectToast(phone, `Linked with ${number}.`);

  // Live: the dialog closes by itself and the row shows the linked number.
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('connection-status')).toHaveAttribute('data-status', 'CONNECTED');
  await expect(row.getByTestId(`connection-number-${id}`)).toHaveText(number);
  await remove(page, id);
});

test("each connection's last hour shows under its status, and administrators get a banner past the threshold", async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  const api = await Api.of(page);
  const name = `Flaky ${unique()}`;
  const number = phoneNumber('5511');
  const { id } = await api.call<{ id: number }>('POST', '/api/whatsapp', { name, channel: 'simulator' });
  try {
    await pairSimulator(api, id, number);
    await page.goto('/connections');
    const row = page.getByTestId(`connection-row-${id}`);
    await expect(row.getByTestId('connection-status')).toHaveAttribute('data-status', 'CONNECTED');
    await expect(row.getByTestId(`connection-health-${id}`)).toHaveCount(0);

    // The phone's connection drops and comes back, once: counted, below the banner's threshold (5).
    await api.call('POST', '/api/simulator/connection-lost', { to: number });
    const health = row.getByTestId(`connection-health-${id}`);
    await expect(health).toContainText('Last hour: 1 reconnect');
    await expect(health).toContainText('Last close: connection lost');
    await expect(health).toHaveAttribute('data-alert', 'false');
    await expect(page.getByTestId('channel-health-banner')).toHaveCount(0);

    for (let i = 0; i < 4; i++) await api.call('POST', '/api/simulator/connection-lost', { to: number });
    await expect(health).toContainText('Last hour: 5 reconnects');
    await expect(health).toHaveAttribute('data-alert', 'true');
    const banner = page.getByTestId('channel-health-banner');
    await expect(banner).toContainText(name);
    await expect(row.getByTestId('connection-status')).toHaveAttribute('data-status', 'CONNECTED');
    await page.screenshot({ path: test.info().outputPath('channel-health.png') });

    // The banner follows the admin to other screens.
    await page.getByTestId('menu-dashboard').click();
    await expect(banner).toBeVisible();
  } finally {
    // Deleting the connection deletes its record: later specs see no banner.
    await remove(page, id);
  }
});
