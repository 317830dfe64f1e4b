/**
 * A flood of new web chat conversations (bots starting visitors faster than the connection's
 * limit, WEBCHAT_NEW_CONVERSATIONS_PER_MINUTE=10 in this suite's server): past the limit they are
 * refused, and the admin watching the Connections screen sees the connection flagged, live.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, Api, login, unique } from './helpers';

const SITE = 'https://shop.example.com';

test('new conversations past the limit are refused and the connection shows the flood on the Connections screen', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  const api = await Api.of(page);
  const name = `Flooded site ${unique()}`;
  const conn = await api.call<{ id: number; webchat: { publicKey: string } }>('POST', '/api/whatsapp', {
    name,
    channel: 'webchat',
    webchat: { allowedSites: [SITE], color: '#aa3300', askContact: false },
  });
  await page.getByTestId('menu-connections').click();
  const row = page.getByTestId(`connection-row-${conn.id}`);
  await expect(row.getByTestId('connection-status')).toHaveAttribute('data-status', 'CONNECTED');
  await expect(row.getByTestId(`connection-flood-${conn.id}`)).toHaveCount(0);

  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const res = await page.request.post(`/api/webchat/${conn.webchat.publicKey}/visitors`, { data: {}, headers: { Origin: SITE } });
    statuses.push(res.status());
  }
  expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
  expect(statuses.slice(10)).toEqual([429, 429]);

  // Live, without a reload.
  await expect(row.getByTestId(`connection-flood-${conn.id}`)).toContainText('Flood: new conversations are being refused');
});
