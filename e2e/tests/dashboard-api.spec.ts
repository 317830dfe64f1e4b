/**
 * Dashboard after a scripted day of conversations, the /api page's example run as shown, and the
 * /apikey copy button. One sign-in for the whole file (login is rate-limited); the scripted day
 * goes through the API and the simulator's API with the page's session.
 */
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, login, unique } from './helpers';

const SHOTS = '/tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });

function phoneNumber(prefix: string): string {
  return `${prefix}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

async function poll<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The page's session, for API calls made by the test. */
class Api {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}
  private headers() {
    return { Authorization: `Bearer ${this.token}` };
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw JSON answers, read field by field by the tests
  async call<T = any>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown, expected = [200, 201]): Promise<T> {
    const res = await this.request.fetch(path, { method, headers: this.headers(), data: data as object });
    expect(expected, `${method} ${path}: ${res.status()} ${await res.text()}`).toContain(res.status());
    return (await res.json()) as T;
  }
}

let page: Page;
let api: Api;
let connection: { id: number; number: string };
let apiToken: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  page = await context.newPage();
  await login(page, ADMIN.email, ADMIN.password);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  api = new Api(page.request, token!);

  // A simulator line that asks for a rating on resolve; the default connection, for /api/send.
  const number = phoneNumber('5531');
  const created = await api.call('POST', '/api/whatsapp', {
    name: `Dash ${unique()}`,
    channel: 'simulator',
    isDefault: true,
    ratingMessage: 'Rate us from 0 to 10',
    farewellMessage: 'Thanks, bye',
  });
  const qrcode = await poll(async () => {
    const c = await api.call('GET', `/api/whatsapp/${created.id}`);
    return c.status === 'qrcode' && (c.qrcode as string);
  });
  await api.call('POST', '/api/simulator/scan', { qrcode, number });
  await poll(async () => (await api.call('GET', `/api/whatsapp/${created.id}`)).status === 'CONNECTED');
  connection = { id: created.id, number };
  apiToken = (await api.call('GET', '/api/settings/userApiToken')).value;
});

test('the dashboard shows the cards, NPS and attendants of a scripted day', async () => {
  const tagName = `Day ${unique()}`;
  const tag = await api.call('POST', '/api/tags', { name: tagName, color: '#3366ff' });
  const agentName = `Dora ${unique()}`;
  const agent = await api.call('POST', '/api/users', { name: agentName, email: `dora-${unique()}@e2e.local`, password: 'secret1' });

  // Four customers write in; each contact gets the day's tag.
  const customers = ['a', 'b', 'c', 'd'].map(() => phoneNumber('5541'));
  const ticketOf: Record<string, number> = {};
  for (const customer of customers) {
    await api.call('POST', '/api/simulator/messages', { from: customer, to: connection.number, body: 'Hello, I need help' });
    const ticket = await poll(async () => {
      const list = await api.call('GET', `/api/tickets?searchParam=${customer}&showAll=true`);
      return list.tickets.find((t: { contact: { number: string } }) => t.contact.number === customer);
    });
    ticketOf[customer] = ticket.id;
    await api.call('POST', '/api/tags/sync', { contactId: ticket.contactId ?? ticket.contact.id, tags: [tag.id] });
  }
  const [a, b, c] = customers;
  // Dora takes three; two are resolved and rated 9 (promoter) and 6 (detractor); d keeps waiting.
  for (const customer of [a, b, c]) await api.call('PUT', `/api/tickets/${ticketOf[customer]}`, { status: 'open', userId: agent.id });
  for (const [customer, rate] of [
    [a, '9'],
    [b, '6'],
  ] as const) {
    await api.call('PUT', `/api/tickets/${ticketOf[customer]}`, { status: 'closed' });
    await poll(async () => {
      const chat = await api.call('GET', `/api/simulator/chats/${customer}?to=${connection.number}`);
      return chat.some((m: { body: string }) => m.body.includes('Rate us'));
    });
    await api.call('POST', '/api/simulator/messages', { from: customer, to: connection.number, body: rate });
  }
  const filtered = `/api/dashboard?days=1&tag=${tag.id}`;
  await poll(async () => JSON.parse((await api.call('GET', filtered)).counters).npsCount === 2);

  await page.goto('/');
  await expect(page.getByTestId('dashboard-filters')).toBeVisible();
  await page.getByRole('combobox', { name: 'Tag' }).click();
  await page.getByRole('option', { name: tagName }).click();
  await page.getByTestId('dashboard-submit').click();

  await expect(page.getByTestId('card-waiting-value')).toHaveText('1');
  await expect(page.getByTestId('card-in-service-value')).toHaveText('1');
  await expect(page.getByTestId('card-resolved-value')).toHaveText('2');
  await expect(page.getByTestId('card-leads-value')).toHaveText('4');
  await expect(page.getByTestId('card-avg-support-value')).toHaveText(/^\d+h \d+min$/);
  await expect(page.getByTestId('card-avg-wait-value')).toHaveText(/^\d+h \d+min$/);
  await expect(page.getByTestId('tickets-per-day-chart')).toHaveAttribute('data-total', '4');
  await page.screenshot({ path: `${SHOTS}/dashboard-indicators.png`, fullPage: true });

  await page.getByTestId('dashboard-tab-nps').click();
  await expect(page.getByTestId('card-promoters-value')).toHaveText('50%');
  await expect(page.getByTestId('card-neutrals-value')).toHaveText('0%');
  await expect(page.getByTestId('card-detractors-value')).toHaveText('50%');
  await expect(page.getByTestId('card-score-value')).toHaveText('0%');
  await page.screenshot({ path: `${SHOTS}/dashboard-nps.png`, fullPage: true });

  await page.getByTestId('dashboard-tab-attendants').click();
  const row = page.getByTestId(`dashboard-attendant-${agent.id}`);
  await expect(row).toContainText(agentName);
  await expect(row.getByTestId('attendant-count-rating')).toHaveText('2');
  await expect(row.getByTestId('attendant-tickets')).toHaveText('3');
  await expect(row.getByRole('img', { name: /7\.5 Stars/ })).toBeVisible();
  await expect(row.getByTestId('attendant-online')).toHaveAttribute('data-online', 'false');
  // The admin watching this page has a live socket.
  const me = await api.call('GET', '/api/users?searchParam=Admin');
  const adminRow = page.getByTestId(`dashboard-attendant-${me.users[0]?.id}`);
  if (me.users[0]) await expect(adminRow.getByTestId('attendant-online')).toHaveAttribute('data-online', 'true');
  await page.screenshot({ path: `${SHOTS}/dashboard-attendants.png`, fullPage: true });

  // Period "none" and no other filter: the message, and no request.
  await page.getByRole('combobox', { name: 'Tag' }).click();
  await page.getByRole('option', { name: 'All' }).click();
  await page.getByRole('combobox', { name: 'Filter type' }).click();
  await page.getByRole('option', { name: 'By period' }).click();
  let requested = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/dashboard')) requested = true;
  });
  await page.getByTestId('dashboard-submit').click();
  await expect(page.getByTestId('dashboard-no-filter')).toContainText('Set up the filter');
  expect(requested).toBe(false);
});

/** Runs a curl command as written on the page (single-quoted -H, -d) with fetch. */
async function runCurl(command: string): Promise<Response> {
  const text = command.replace(/\\\n/g, ' ');
  const url = /curl -X POST '([^']+)'/.exec(text)![1];
  const headers: Record<string, string> = {};
  for (const m of text.matchAll(/-H '([^:']+): ([^']*)'/g)) headers[m[1]] = m[2];
  const body = /-d '([\s\S]*)'\s*$/.exec(text)![1];
  return fetch(url, { method: 'POST', headers, body });
}

test('the /api page shows this server’s examples; the JSON one, run as shown, reaches a customer', async () => {
  await page.goto('/api');
  const example = page.getByTestId('api-example-json');
  await expect(example).toContainText(`${new URL(page.url()).origin}/api/send`);
  await expect(example).toContainText(`Bearer ${apiToken}`);
  await expect(page.getByTestId('api-example-multipart')).toContainText('medias=@');
  await page.screenshot({ path: `${SHOTS}/api-instructions.png`, fullPage: true });

  // Copy button → clipboard holds exactly the example.
  await page.getByTestId('api-example-json-copy').click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await example.textContent());

  const number = /"number": "(\d+)"/.exec(copied)![1];
  const res = await runCurl(copied);
  expect(res.status, await res.clone().text()).toBe(201);
  const sent = await res.json();
  expect(sent.messages[0].body).toBe('Hello from the API');
  await poll(async () => {
    const chat = await api.call('GET', `/api/simulator/chats/${number}?to=${connection.number}`);
    return chat.some((m: { sender: string; body: string }) => m.sender === 'connection' && m.body === 'Hello from the API');
  });
});

test('/apidocs frames the API documentation', async () => {
  await page.goto('/apidocs');
  const frame = page.frameLocator('[data-testid="api-docs-frame"]');
  await expect(frame.getByText('Switchboard API').first()).toBeVisible();
  await expect(frame.getByText('/api/send').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/api-docs.png` });
});

test('/apikey copies the token and regenerates it after a confirmation', async () => {
  await page.goto('/apikey');
  await expect(page.getByTestId('apikey-value')).toHaveValue(apiToken);
  await page.getByTestId('apikey-copy').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiToken);
  await page.screenshot({ path: `${SHOTS}/apikey.png` });

  await page.getByTestId('apikey-regenerate').click();
  await page.getByTestId('confirmation-cancel').click();
  await expect(page.getByTestId('apikey-value')).toHaveValue(apiToken);
  await page.getByTestId('apikey-regenerate').click();
  await page.getByTestId('confirmation-confirm').click();
  await expect(page.getByTestId('apikey-value')).not.toHaveValue(apiToken);
  const fresh = await page.getByTestId('apikey-value').inputValue();
  expect((await api.call('GET', '/api/settings/userApiToken')).value).toBe(fresh);
});
