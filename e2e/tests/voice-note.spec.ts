/**
 * A voice note recorded in Chromium (fake microphone: a test tone; MediaRecorder makes WebM/Opus)
 * reaches the customer as an Ogg/Opus voice note and shows in the chat as audio with the speed
 * control, not as an empty video box.
 */
import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.js';
import { ADMIN, unique } from './helpers';

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
  permissions: ['microphone'],
});

const phoneNumber = (prefix: string) => `${prefix}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

test('a recorded voice note goes out as Ogg/Opus and plays as audio', async ({ page, request }) => {
  test.setTimeout(120_000);
  const login = await request.post('/api/auth/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const call = async <T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(path, { method, data, headers });
    expect([200, 201], `${method} ${path}: ${await res.text()}`).toContain(res.status());
    return (await res.json()) as T;
  };

  // A paired simulator connection and a customer who wrote first.
  const connectionNumber = phoneNumber('5511');
  const connection = await call<{ id: number }>('POST', '/api/whatsapp', { name: `Voice ${unique()}`, channel: 'simulator' });
  let qrcode = '';
  await expect
    .poll(async () => {
      const c = await call<{ status: string; qrcode: string }>('GET', `/api/whatsapp/${connection.id}`);
      qrcode = c.qrcode;
      return c.status;
    })
    .toBe('qrcode');
  await call('POST', '/api/simulator/scan', { qrcode, number: connectionNumber });
  await expect.poll(async () => (await call<{ status: string }>('GET', `/api/whatsapp/${connection.id}`)).status).toBe('CONNECTED');
  await page.goto('/login');
  await page.getByTestId('login-email').fill(ADMIN.email);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto('/tickets');
  await page.getByTestId('tab-pending').click();

  const customer = { number: phoneNumber('5521'), name: `Vera ${unique()}` };
  await call('POST', '/api/simulator/messages', {
    from: customer.number,
    to: connectionNumber,
    name: customer.name,
    body: 'Can you send me an audio?',
  });
  const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: customer.name });
  await item.getByRole('button', { name: 'Accept' }).click();
  // Where sectors exist (other tests made some), a ticket without one asks for it on accept.
  const askSector = page.getByRole('dialog', { name: 'Accept ticket' });
  await Promise.race([page.waitForURL(/\/tickets\/\d+$/), askSector.waitFor()]);
  if (await askSector.isVisible()) {
    await askSector.getByRole('combobox', { name: 'Sector' }).click();
    await page.getByRole('option').first().click();
    await askSector.getByRole('button', { name: 'Start' }).click();
  }
  await expect(page).toHaveURL(/\/tickets\/\d+$/);
  const ticket = { id: Number(page.url().split('/').pop()) };
  await expect(page.getByTestId('composer-input')).toBeEnabled();

  // Record about three seconds of the fake microphone's tone and send it.
  await page.getByTestId('composer-record').click();
  await expect(page.getByTestId('recording-timer')).toHaveText('00:03', { timeout: 10_000 });
  const sent = page.waitForResponse((r) => r.url().endsWith(`/api/messages/${ticket.id}`) && r.request().method() === 'POST');
  await page.getByTestId('recording-send').click();
  const answer = await sent;
  expect(answer.status()).toBe(201);
  const message = (await answer.json()) as { id: string; mediaType: string; mediaMime: string };
  expect(message.mediaType).toBe('audio');
  expect(message.mediaMime).toBe('audio/ogg; codecs=opus');

  // The chat shows an audio player with the speed control (not a video box), and it can play.
  const bubble = page.locator('[data-from-me="true"]').filter({ has: page.getByTestId('message-audio') });
  await expect(bubble.getByTestId('message-audio')).toBeVisible();
  await expect(bubble.getByTestId('audio-speed')).toBeVisible();
  await expect(page.getByTestId('chat-pane').locator('video')).toHaveCount(0);
  await expect
    .poll(() => bubble.getByTestId('message-audio').evaluate((el: HTMLAudioElement) => (Number.isFinite(el.duration) ? el.duration : 0)))
    .toBeGreaterThan(1);
  await page.screenshot({ path: `test-results/voice-note-chat.png` });

  // The customer's phone receives a voice note: audio, Ogg/Opus.
  await expect
    .poll(async () => {
      const chat = await call<{ sender: string; type: string; mediaMime: string | null }[]>(
        'GET',
        `/api/simulator/chats/${customer.number}?to=${connectionNumber}`,
      );
      const received = chat.filter((m) => m.sender === 'connection' && m.type !== 'text');
      return received.map((m) => `${m.type} ${m.mediaMime}`);
    })
    .toEqual(['audio audio/ogg; codecs=opus']);
});
