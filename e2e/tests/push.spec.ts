/**
 * Web Push in Chromium. A push is handed to the service worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage), as the browser's push service would after decrypting it: the
 * worker shows the notification, and its click handler brings the app to the ticket. The profile
 * menu subscribes this device for the signed-in user, switches hidden previews and unsubscribes.
 *
 * Headless Chromium has no connection to a real push service (FCM), so for the menu test the
 * browser's PushManager.subscribe is replaced by one answering a subscription of a made-up push
 * service (https://push.invalid: any push the server tries there fails at DNS, harmlessly). The
 * server-side path — encryption, VAPID, a push service's answers — is covered by the server's
 * push.test.ts against a stand-in push service that decrypts.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { ADMIN, Api, login, unique } from './helpers';

async function activeRegistrationId(context: BrowserContext, page: Page): Promise<{ registrationId: string; origin: string }> {
  // The worker claims the page once it has installed. An install can fail (a shell file that did not
  // come, on a loaded machine); as in a browser, the next load registers it again.
  const controlled = () => page.waitForFunction(() => navigator.serviceWorker.controller != null, undefined, { timeout: 30_000 });
  await controlled().catch(async () => {
    await page.reload();
    await controlled();
  });
  const cdp = await context.newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await found;
  (page as Page & { cdp?: typeof cdp }).cdp = cdp;
  return { registrationId, origin };
}

async function newTicket(api: Api): Promise<{ id: number; contactName: string }> {
  const id = unique();
  const connection = await api.call<{ id: number }>('POST', '/api/whatsapp', { name: `Push ${id}`, channel: 'simulator' });
  const contactName = `Push Customer ${id}`;
  const contact = await api.call<{ id: number }>('POST', '/api/contacts', {
    name: contactName,
    number: `5531${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
  });
  const me = await api.call<{ id: number }>('GET', '/api/auth/me');
  const ticket = await api.call<{ id: number }>('POST', '/api/tickets', {
    contactId: contact.id,
    userId: me.id,
    whatsappId: connection.id,
    status: 'open',
  });
  return { id: ticket.id, contactName };
}

test('a push shows its notification through the service worker, and a click opens the ticket', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await login(page, ADMIN.email, ADMIN.password);
  const ticket = await newTicket(await Api.of(page));
  await page.goto('/contacts');
  const { registrationId, origin } = await activeRegistrationId(context, page);
  const cdp = (page as Page & { cdp?: import('@playwright/test').CDPSession }).cdp!;

  const payload = {
    kind: 'newMessage',
    ticketId: ticket.id,
    title: `New message from ${ticket.contactName}`,
    body: 'Do you open on Sundays?',
    url: `/tickets/${ticket.id}`,
    tag: `ticket-${ticket.id}`,
  };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });

  // The worker showed it: title, body, one per ticket (tag), and where a click goes.
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
      })),
    );
  await expect
    .poll(shown)
    .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: payload.url, ticketId: ticket.id } }]);

  // A second push about the same ticket replaces the first notification (same tag).
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify({ ...payload, body: 'Hello?' }) });
  await expect.poll(async () => (await shown()).map((n) => n.body)).toEqual(['Hello?']);

  // A hidden-preview push has no body: the notification shows the title alone.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId,
    data: JSON.stringify({ kind: 'mention', ticketId: ticket.id, title: 'Admin mentioned you', url: payload.url, tag: payload.tag }),
  });
  await expect.poll(async () => (await shown()).map((n) => [n.title, n.body])).toEqual([['Admin mentioned you', '']]);

  // The click: the notification's own `notificationclick` handler, dispatched in the worker (the
  // protocol cannot click an OS notification). The open window is told to go to the ticket.
  const [worker] = context.serviceWorkers();
  expect(worker, 'the service worker is running').toBeTruthy();
  await worker.evaluate(async () => {
    const sw = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
    const Click = (globalThis as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event })
      .NotificationEvent;
    const [notification] = await sw.registration.getNotifications();
    try {
      sw.dispatchEvent(new Click('notificationclick', { notification }));
    } catch {
      // waitUntil() refuses a script-made event; the handler's work has started by then.
    }
  });
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.id}$`));
  await expect(page.getByTestId('chat-header')).toContainText(ticket.contactName);
  await expect.poll(async () => (await shown()).length).toBe(0);
  await page.screenshot({ path: test.info().outputPath('opened-from-push.png') });
});

test('the profile menu turns this device’s notifications on, hides previews, and off again', async ({ page, context }) => {
  // Three languages, each a reload of the app: longer than one screen's test.
  test.setTimeout(300_000);
  await context.grantPermissions(['notifications']);
  // The browser's push service stands in (see the header): a subscription at push.invalid.
  // It keeps the subscription across reloads, as a browser does.
  await context.addInitScript(() => {
    const KEY = 'e2eFakePushSubscription';
    const make = (endpoint: string, key: string): PushSubscription => {
      const sub = {
        endpoint,
        expirationTime: null,
        options: { applicationServerKey: Uint8Array.from(atob(key), (c) => c.charCodeAt(0)).buffer, userVisibleOnly: true },
        toJSON: () => ({
          endpoint,
          keys: {
            // A real P-256 point (RFC 8291's example) and a 16-byte secret.
            p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
            auth: 'BTBZMqHH6r4Tts7J_aSIgg',
          },
        }),
        unsubscribe: () => {
          localStorage.removeItem(KEY);
          return Promise.resolve(true);
        },
        getKey: () => null,
      };
      return sub;
    };
    const stored = () => JSON.parse(localStorage.getItem(KEY) ?? 'null') as { endpoint: string; key: string } | null;
    PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
      const raw = options?.applicationServerKey as Uint8Array;
      const key = btoa(String.fromCharCode(...raw));
      const saved = { endpoint: `https://push.invalid/send/${Math.random().toString(36).slice(2)}`, key };
      localStorage.setItem(KEY, JSON.stringify(saved));
      return Promise.resolve(make(saved.endpoint, saved.key));
    };
    PushManager.prototype.getSubscription = () => {
      const saved = stored();
      return Promise.resolve(saved ? make(saved.endpoint, saved.key) : null);
    };
  });
  await login(page, ADMIN.email, ADMIN.password);
  await page.waitForFunction(() => navigator.serviceWorker.controller != null);
  const api = await Api.of(page);
  const devices = async () =>
    (
      await api.call<{ devices: { endpoint: string; label: string; hidePreviews: boolean }[] }>('GET', '/api/push/subscriptions')
    ).devices.filter((d) => d.endpoint.startsWith('https://push.invalid/'));
  const before = (await devices()).length;

  await page.getByTestId('user-menu').click();
  const toggle = page.getByTestId('push-toggle');
  await expect(toggle).toContainText('Notifications on this device');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('push-hide-previews')).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect.poll(async () => (await devices()).length).toBe(before + 1);
  const [added] = (await devices()).slice(-1);
  expect(added.label).toContain('Chrome');
  expect(added.hidePreviews).toBe(false);

  const hide = page.getByTestId('push-hide-previews');
  await expect(hide).toContainText('Hide previews');
  await hide.click();
  await expect(hide).toHaveAttribute('aria-checked', 'true');
  await expect.poll(async () => (await devices()).find((d) => d.endpoint === added.endpoint)?.hidePreviews).toBe(true);
  await page.screenshot({ path: test.info().outputPath('profile-menu-push.png') });

  // The same switches in Portuguese and Spanish.
  await page.keyboard.press('Escape');
  for (const [lang, on, hidden] of [
    ['pt', 'Notificações neste dispositivo', 'Ocultar prévias'],
    ['es', 'Notificaciones en este dispositivo', 'Ocultar vistas previas'],
  ] as const) {
    await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lang);
    await page.reload();
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('push-toggle')).toContainText(on);
    await expect(page.getByTestId('push-hide-previews')).toContainText(hidden);
    await page.keyboard.press('Escape');
  }
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  await page.reload();

  // Off: the device leaves the server's list.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('push-toggle').click();
  await expect(page.getByTestId('push-toggle')).toHaveAttribute('aria-checked', 'false');
  await expect.poll(async () => (await devices()).some((d) => d.endpoint === added.endpoint)).toBe(false);
});
