/**
 * The website chat widget in a real browser: an admin creates a web chat connection on the
 * Connections screen; a shop page on another origin (a small HTTP server started here) embeds
 * widget.js with one script tag; a visitor and an attendant talk both ways, live; the visitor's
 * history survives a reload; a second visitor sees nothing of the first one's conversation.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { E2E_PORT } from '../playwright.config';
import { acceptTicket, ADMIN, login, unique } from './helpers';

const APP = `http://127.0.0.1:${E2E_PORT}`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let shop: http.Server;
let shopOrigin: string;

/** The shop: any page embeds the widget of the channel named in the query string. */
test.beforeAll(async () => {
  shop = http.createServer((req, res) => {
    const channel = new URL(req.url ?? '/', 'http://shop').searchParams.get('channel') ?? '';
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><title>Shop</title></head><body><h1>Blue shoes</h1>` +
        `<script src="${APP}/widget.js" data-channel="${channel}" data-lang="en" async></script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopOrigin = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => shop.close(resolve));
});

/** A visitor in a browser of their own (own localStorage), on the shop's page. */
async function visitorPage(browser: Browser, channel: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${shopOrigin}/product?channel=${channel}`);
  return page;
}

async function startChat(page: Page, name: string): Promise<void> {
  await page.getByTestId('webchat-bubble').click();
  await expect(page.getByTestId('webchat-panel')).toBeVisible();
  await page.getByTestId('webchat-name').fill(name);
  await page.getByTestId('webchat-email').fill(`${name.split(' ')[0].toLowerCase()}@example.com`);
  await page.getByTestId('webchat-start').click();
  await expect(page.getByTestId('webchat-input')).toBeVisible();
}

async function visitorSays(page: Page, text: string): Promise<void> {
  await page.getByTestId('webchat-input').fill(text);
  await page.getByTestId('webchat-send').click();
  // Shown as sent only once the server has stored it.
  await expect(page.getByTestId('webchat-own').filter({ hasText: text })).toHaveAttribute('data-state', 'stored');
}

test('a visitor on another site and an attendant talk through the widget; another visitor sees none of it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const name = `Website ${unique()}`;
  const visitor = `Ana ${unique()}`;

  // The admin creates the web chat connection on the Connections screen.
  await login(page, ADMIN.email, ADMIN.password);
  await page.getByTestId('menu-connections').click();
  await page.getByTestId('connections-add').click();
  const modal = page.getByTestId('connection-modal');
  await modal.getByTestId('connection-name').fill(name);
  await modal.getByTestId('connection-channel').click();
  await page.getByRole('option', { name: 'Web chat' }).click();
  await modal.getByTestId('connection-webchat-sites').fill(`${shopOrigin}/\nhttps://www.example.com`);
  await modal.getByTestId('connection-webchat.askContact').check();
  await modal.getByTestId('connection-greetingMessage').fill('Welcome to the shop, {{firstName}}!');
  await modal.getByTestId('connection-modal-submit').click();
  await expect(modal).toBeHidden();
  const row = page.getByTestId('connections-table').getByRole('row', { name: new RegExp(name) });
  await expect(row.getByTestId('connection-status')).toHaveAttribute('data-status', 'CONNECTED');

  // The edit dialog shows the script tag to paste into the site.
  await row.locator('[data-testid^="connection-edit-"]').click();
  const snippet = page.getByTestId('connection-webchat-snippet');
  await expect(snippet).toContainText('/widget.js" data-channel="wc_');
  const channel = /data-channel="(wc_[0-9a-f]+)"/.exec((await snippet.textContent()) ?? '')![1];
  await expect(page.getByTestId('connection-webchat-sites')).toHaveValue(`${shopOrigin}\nhttps://www.example.com`);
  await page.keyboard.press('Escape');

  // The visitor opens the chat on the shop's page and writes; the greeting arrives live.
  const ana = await visitorPage(browser, channel);
  await startChat(ana, visitor);
  await visitorSays(ana, 'Do you have the blue shoes in size 38?');
  await expect(ana.getByTestId('webchat-reply').filter({ hasText: `Welcome to the shop, ${visitor.split(' ')[0]}!` })).toBeVisible({
    timeout: 30_000,
  });

  // The attendant takes the ticket and answers; the visitor sees it without reloading.
  await page.goto('/tickets');
  await page.getByTestId('tab-pending').click();
  const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: visitor });
  await expect(item).toBeVisible({ timeout: 30_000 });
  await acceptTicket(page, item);
  await expect(page.locator('[data-from-me="false"]').filter({ hasText: 'blue shoes in size 38' })).toBeVisible();
  const composer = page.getByTestId('composer-input');
  await composer.fill('Yes, we have them in stock.');
  await composer.press('Enter');
  await expect(ana.getByTestId('webchat-reply').filter({ hasText: 'Yes, we have them in stock.' })).toBeVisible({ timeout: 30_000 });

  // Both ways, live: the visitor's next message and a picture reach the open chat.
  await visitorSays(ana, 'Great, I will buy them');
  await expect(page.locator('[data-from-me="false"]').filter({ hasText: 'Great, I will buy them' })).toBeVisible({ timeout: 30_000 });
  await ana.getByTestId('webchat-file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await expect(ana.getByTestId('webchat-own').locator('img')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-from-me="false"] img').first()).toBeVisible({ timeout: 30_000 });

  // The attendant writes a private note: staff only, never shown to the visitor.
  await page.getByTestId('composer-note-toggle').click();
  await composer.fill('INTERNAL: check this customer before shipping');
  await composer.press('Enter');
  await expect(page.locator('[data-private="true"]').filter({ hasText: 'INTERNAL: check this customer' })).toBeVisible();
  await page.getByTestId('composer-note-toggle').click();

  // After a reload the conversation is still there (the visitor token is kept in the browser),
  // without the note.
  await ana.reload();
  await ana.getByTestId('webchat-bubble').click();
  const history = ana.getByTestId('webchat-messages');
  await expect(history).toContainText('Do you have the blue shoes in size 38?');
  await expect(history).toContainText('Yes, we have them in stock.');
  await expect(history).not.toContainText('INTERNAL: check this customer');
  await expect(ana.getByTestId('webchat-input')).toBeVisible();

  // A second visitor starts their own conversation and sees nothing of Ana's, live or stored;
  // nor can their token fetch Ana's picture.
  const bob = await visitorPage(browser, channel);
  await startChat(bob, `Bob ${unique()}`);
  await visitorSays(bob, 'Hello, is anyone there?');
  await composer.fill('Ana, your order is confirmed.');
  await composer.press('Enter');
  await expect(ana.getByTestId('webchat-reply').filter({ hasText: 'your order is confirmed' })).toBeVisible({ timeout: 30_000 });
  const bobSees = await bob.getByTestId('webchat-messages').innerText();
  expect(bobSees).toContain('Hello, is anyone there?');
  for (const text of ['blue shoes', 'in stock', 'order is confirmed', 'Welcome to the shop, Ana']) expect(bobSees).not.toContain(text);
  const anaPicture = await ana.evaluate(async (server) => {
    const stored = Object.keys(localStorage).find((k) => k.startsWith('switchboard-webchat:'))!;
    const { token } = JSON.parse(localStorage.getItem(stored)!) as { token: string };
    const list = (await (await fetch(`${server}/api/webchat/messages`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      mediaUrl: string | null;
    }[];
    return list.find((m) => m.mediaUrl)!.mediaUrl!;
  }, APP);
  const bobTries = await bob.evaluate(
    async ({ server, path }) => {
      const stored = Object.keys(localStorage).find((k) => k.startsWith('switchboard-webchat:'))!;
      const { token } = JSON.parse(localStorage.getItem(stored)!) as { token: string };
      return (await fetch(`${server}${path}`, { headers: { Authorization: `Bearer ${token}` } })).status;
    },
    { server: APP, path: anaPicture },
  );
  expect(bobTries).toBe(404);
});

test('the widget does not show on a site the connection does not allow', async ({ page }) => {
  const res = await page.request.post('/api/auth/login', { data: ADMIN });
  const { token } = (await res.json()) as { token: string };
  const created = await page.request.post('/api/whatsapp', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `Other site ${unique()}`, channel: 'webchat', webchat: { allowedSites: ['https://www.example.com'] } },
  });
  expect(created.status()).toBe(201);
  const { webchat } = (await created.json()) as { webchat: { publicKey: string } };
  const refused = page.waitForEvent('console', (m) => m.type() === 'warning' && m.text().includes('widget not shown'));
  await page.goto(`${shopOrigin}/product?channel=${webchat.publicKey}`);
  await refused;
  await expect(page.getByTestId('webchat-bubble')).toHaveCount(0);
});
