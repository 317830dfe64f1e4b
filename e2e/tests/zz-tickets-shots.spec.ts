// Temporary: screenshots of the tickets screen for a visual check (not part of the suite).
import { expect, test } from '@playwright/test';
import { ADMIN, login, unique } from './helpers';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAADbYv3xAAAAQ0lEQVR4nO3PMQ0AIBDAQMC/Z5DAdWuFbd5KAMwzsWgDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwODX5sBd2YB0ZPMJPIAAAAASUVORK5CYII=';
const phone = (p: string) => `${p}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

test('tickets screenshots', async ({ page, request }) => {
  test.setTimeout(120_000);
  const res = await request.post('/api/auth/login', { data: ADMIN });
  const token = ((await res.json()) as { token: string }).token;
  const call = async (method: string, path: string, data?: unknown) => {
    const r = await request.fetch(path, { method, data, headers: { Authorization: `Bearer ${token}` } });
    expect(r.status(), `${method} ${path} ${await r.text()}`).toBeLessThan(300);
    return r.json();
  };
  const id = unique();
  const sector = await call('POST', '/api/queue', { name: `Support ${id}`, color: '#2e7d32', startWork: '00:00', endWork: '23:59' });
  await call('POST', '/api/quickAnswers', { shortcut: `greet${id}`, message: 'Good morning! How can I help you today?' });
  await call('POST', '/api/quickAnswers', { shortcut: `greetb${id}`, message: 'Good evening! Thanks for waiting.' });
  const tag = await call('POST', '/api/tags', { name: `VIP${id}`, color: '#d81b60', userId: 1 });
  const num = phone('5511');
  const conn = await call('POST', '/api/whatsapp', { name: `Main ${id}`, channel: 'simulator', queueIds: [sector.id] });
  let qr = '';
  await expect.poll(async () => { const c = await call('GET', `/api/whatsapp/${conn.id}`); qr = c.qrcode; return c.status; }).toBe('qrcode');
  await call('POST', '/api/simulator/scan', { qrcode: qr, number: num });
  await expect.poll(async () => (await call('GET', `/api/whatsapp/${conn.id}`)).status).toBe('CONNECTED');

  const carla = phone('5521');
  const send = (from: string, name: string, extra: object) => call('POST', '/api/simulator/messages', { from, to: num, name, ...extra });
  await send(carla, 'Carla Souza', { body: 'Hi! I need *urgent* help with order ~123~ 124, see https://example.com/order/124 <img src=x onerror=alert(1)>' });
  await send(carla, 'Carla Souza', { type: 'image', body: 'Photo of the box', media: { mimetype: 'image/png', filename: 'box.png', data: PNG } });
  await send(carla, 'Carla Souza', { type: 'document', body: '', media: { mimetype: 'application/pdf', filename: 'invoice-124.pdf', data: Buffer.from('%PDF-1.4 test').toString('base64') } });
  await send(carla, 'Carla Souza', { type: 'location', body: '-23.5505,-46.6333 Av. Paulista' });
  await send(carla, 'Carla Souza', { type: 'vcard', body: 'BEGIN:VCARD\nVERSION:3.0\nFN:Marcos Lima\nTEL;type=CELL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD' });
  await call('POST', '/api/simulator/calls', { from: carla, to: num });
  for (let i = 0; i < 6; i++) await send(phone('5531'), `Customer ${i} ${id}`, { body: `Question number ${i} about delivery` });

  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/tickets');
  await page.getByTestId('show-all').click();
  await page.getByTestId('tab-pending').click();
  const carlaItem = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: 'Carla Souza' });
  await expect(carlaItem).toBeVisible();
  const ticketId = Number((await carlaItem.getAttribute('data-testid'))!.split('-').pop());
  const t = await call('GET', `/api/tickets/${ticketId}`);
  await call('POST', '/api/tags/sync', { contactId: t.contactId, tags: [{ id: tag.id }] });
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/shots/tickets-list.png' });

  await carlaItem.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByTestId('chat-pane')).toBeVisible();
  await page.getByTestId('composer-input').fill('sure, checking *now*');
  await page.getByTestId('composer-input').press('Enter');
  await page.waitForTimeout(2500);
  await page.screenshot({ path: '/tmp/shots/tickets-chat.png' });

  await page.getByTestId('composer-input').fill(`/greet${id}`.slice(0, 6));
  await expect(page.getByTestId('quick-answers')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/tickets-quick-answers.png' });
  await page.getByTestId('composer-input').fill('');

  await page.getByTestId('ticket-options').click();
  await page.getByTestId('ticket-transfer').click();
  await expect(page.getByTestId('transfer-dialog')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/tickets-transfer.png' });
  await page.keyboard.press('Escape');

  await page.getByTestId('chat-contact').click();
  await expect(page.getByTestId('contact-drawer')).toBeVisible();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/shots/tickets-drawer.png' });
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 760 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/shots/tickets-mobile-chat.png' });
  await page.goto('/tickets');
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/shots/tickets-mobile-list.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/tickets');
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/shots/tickets-welcome.png' });
});
