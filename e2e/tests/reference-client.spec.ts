/**
 * The reference product's own web client pointed at this server (base URL `<host>/api`), replayed
 * call by call as it makes them: the request shapes of whaticket-community's frontend (axios with
 * credentials and the bearer token, from another origin listed in ALLOWED_ORIGINS), its Socket.IO
 * handshake on namespace `/api` with the token in the query, the rooms it asks for, and its media
 * shown by a plain `<img>`. A person's session: sign in, list, open, accept, reply, a customer's
 * message arriving live, the picture they sent, the Tags screen, a new connection.
 */
import { expect, test } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import { E2E_PORT, REFERENCE_CLIENT_ORIGIN } from '../playwright.config';
import { ADMIN, Api, login, pairSimulator, phoneNumber, randomColor, unique } from './helpers';

const HOST = `http://127.0.0.1:${E2E_PORT}`;
/** The base URL the README tells the reference client to use. */
const BASE = `${HOST}/api`;
/** A 2×1 PNG, as a customer's photo. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR42mP8z8DwnwEIGGEMAB0fA/2p1Ud3AAAAAElFTkSuQmCC', 'base64');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers and events as the reference client reads them: raw JSON
type Json = any;

/** The reference client's axios instance: baseURL `<host>/api`, credentials, the bearer token, its origin. */
function referenceApi(token?: string) {
  return async (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, params?: Record<string, string>) => {
    const url = new URL(`${BASE}${path}`);
    for (const [k, v] of Object.entries(params ?? {})) url.searchParams.set(k, v);
    const res = await fetch(url, {
      method,
      headers: {
        Origin: REFERENCE_CLIENT_ORIGIN,
        Accept: 'application/json, text/plain, */*',
        ...(body !== undefined ? { 'Content-Type': 'application/json;charset=utf-8' } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null, text };
  };
}

interface Listener {
  socket: Socket;
  events: { event: string; payload: Json }[];
}

/** As its socket-io.js opens one: `openSocket(<base URL>, { query: { token } })`, one per screen. */
async function referenceSocket(token: string, ...requests: [string, ...unknown[]][]): Promise<Listener> {
  const socket = io(BASE, {
    transports: ['websocket', 'polling'],
    query: { token },
    forceNew: true,
    reconnection: false,
    extraHeaders: { Origin: REFERENCE_CLIENT_ORIGIN },
  });
  const events: Listener['events'] = [];
  socket.onAny((event: string, payload: Json) => events.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  // The reference emits these on connect without waiting; the acknowledgement only tells the test
  // the server has granted them.
  for (const [event, ...args] of requests) await socket.emitWithAck(event, ...args);
  return { socket, events };
}

const received = (l: Listener, event: string, match: (p: Json) => boolean) => l.events.some((e) => e.event === event && match(e.payload));

test.describe.serial('the reference web client against this server', () => {
  const suffix = unique();
  const attendant = { name: `Reference Agent ${suffix}`, email: `reference-${suffix}@e2e.local`, password: 'reference-pass' };
  const phone = phoneNumber('5511');
  const customer = phoneNumber('5521');
  const sockets: Socket[] = [];
  let admin: Api;
  let sectorId: number;
  let call: ReturnType<typeof referenceApi>;
  let token: string;
  let user: Json;
  let ticket: Json;
  let pending: Listener;
  let open: Listener;
  let notifications: Listener;
  let chat: Listener;

  test.beforeAll(async ({ playwright }) => {
    // What an administrator set up beforehand (in this product): a sector, its attendant, a connection.
    const request = await playwright.request.newContext({ baseURL: HOST });
    admin = await Api.login(request, ADMIN.email, ADMIN.password);
    sectorId = (
      await admin.call<{ id: number }>('POST', '/api/queue', { name: `Reference ${suffix}`, color: randomColor(), greetingMessage: '' })
    ).id;
    await admin.call('POST', '/api/users', { ...attendant, profile: 'user', queueIds: [sectorId] });
    const connection = await admin.call<{ id: number }>('POST', '/api/whatsapp', {
      name: `Reference line ${suffix}`,
      channel: 'simulator',
      queueIds: [sectorId],
    });
    await pairSimulator(admin, connection.id, phone);
  });
  test.afterAll(() => {
    for (const s of sockets) s.close();
  });

  test('signs in from its own origin, with CORS and the session cookie', async () => {
    const login = await referenceApi()('POST', '/auth/login', { email: attendant.email, password: attendant.password });
    expect(login.status, login.text).toBe(200);
    expect(login.headers.get('access-control-allow-origin')).toBe(REFERENCE_CLIENT_ORIGIN);
    expect(login.headers.get('access-control-allow-credentials')).toBe('true');
    expect(login.body).toMatchObject({ token: expect.any(String), user: { email: attendant.email, profile: 'user' } });
    token = login.body.token;
    call = referenceApi(token);
    user = login.body.user;
  });

  test('opens its socket on /api with the token in the handshake query, over long-polling as over WebSocket', async () => {
    // The Engine.IO handshake exactly as socket.io-client sends it when it falls back to polling.
    const handshake = await fetch(`${HOST}/socket.io/?token=${encodeURIComponent(token)}&EIO=4&transport=polling`, {
      headers: { Origin: REFERENCE_CLIENT_ORIGIN },
    });
    expect(handshake.status).toBe(200);
    expect(handshake.headers.get('access-control-allow-origin')).toBe(REFERENCE_CLIENT_ORIGIN);
    const { sid } = JSON.parse((await handshake.text()).slice(1)) as { sid: string };
    // Joining namespace /api (packet 40 with the namespace), then reading the server's answer.
    const join = await fetch(`${HOST}/socket.io/?token=${encodeURIComponent(token)}&EIO=4&transport=polling&sid=${sid}`, {
      method: 'POST',
      headers: { Origin: REFERENCE_CLIENT_ORIGIN, 'Content-Type': 'text/plain;charset=UTF-8' },
      body: '40/api,',
    });
    expect(join.status).toBe(200);
    const answer = await (
      await fetch(`${HOST}/socket.io/?token=${encodeURIComponent(token)}&EIO=4&transport=polling&sid=${sid}`, {
        headers: { Origin: REFERENCE_CLIENT_ORIGIN },
      })
    ).text();
    expect(answer).toMatch(/^40\/api,\{"sid":"[^"]+"\}/);

    // The screens' sockets: the pending and open lists, the notifier.
    pending = await referenceSocket(token, ['joinTickets', 'pending']);
    open = await referenceSocket(token, ['joinTickets', 'open']);
    notifications = await referenceSocket(token, ['joinNotification']);
    sockets.push(pending.socket, open.socket, notifications.socket);
  });

  test('a customer writes: the pending list hears it live, and lists and opens the ticket', async () => {
    await admin.call('POST', '/api/simulator/messages', {
      from: customer,
      to: phone,
      name: 'Reference Customer',
      body: 'Good morning, is my order ready?',
    });
    await expect
      .poll(() => received(pending, 'appMessage', (p) => p.action === 'create' && p.message.body === 'Good morning, is my order ready?'))
      .toBe(true);
    expect(received(open, 'appMessage', (p) => p.message.body === 'Good morning, is my order ready?')).toBe(false);

    // TicketsList: GET /tickets with the reference's params (queueIds as a JSON string).
    const list = await call('GET', '/tickets', undefined, {
      searchParam: '',
      pageNumber: '1',
      status: 'pending',
      showAll: 'false',
      queueIds: JSON.stringify([sectorId]),
      withUnreadMessages: 'false',
    });
    expect(list.status, list.text).toBe(200);
    ticket = list.body.tickets.find((t: Json) => t.contact.number === customer);
    expect(ticket, JSON.stringify(list.body)).toBeTruthy();
    expect(ticket).toMatchObject({ status: 'pending', queueId: sectorId });
    expect(list.body).toMatchObject({ hasMore: expect.any(Boolean), count: expect.any(Number) });

    // Ticket screen: the ticket, then its messages; its chat socket asks for the ticket's room.
    const shown = await call('GET', `/tickets/${ticket.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.contact).toMatchObject({ number: customer });
    const messages = await call('GET', `/messages/${ticket.id}`, undefined, { pageNumber: '1' });
    expect(messages.status).toBe(200);
    expect(messages.body.messages.map((m: Json) => m.body)).toContain('Good morning, is my order ready?');
    chat = await referenceSocket(token, ['joinChatBox', String(ticket.id)]);
    sockets.push(chat.socket);
  });

  test('accepts the ticket: it leaves the pending list and joins the open one, live', async () => {
    const accepted = await call('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: user.id });
    expect(accepted.status, accepted.text).toBe(200);
    await expect
      .poll(() => received(open, 'ticket', (p) => p.action === 'update' && p.ticket.id === ticket.id && p.ticket.status === 'open'))
      .toBe(true);
    await expect.poll(() => received(pending, 'ticket', (p) => p.action === 'delete' && p.ticketId === ticket.id)).toBe(true);
    expect(received(pending, 'ticket', (p) => p.action === 'update' && p.ticket?.status === 'open')).toBe(false);
  });

  test('replies as its message input sends, and the reply shows in the chat live and reaches the phone', async () => {
    const body = `*${user.name}:*\nYes, it leaves today.`;
    const sent = await call('POST', `/messages/${ticket.id}`, { read: 1, fromMe: true, mediaUrl: '', body });
    expect([200, 201], sent.text).toContain(sent.status);
    await expect
      .poll(() => received(chat, 'appMessage', (p) => p.action === 'create' && p.message.fromMe && p.message.body === body))
      .toBe(true);
    await expect
      .poll(async () =>
        (await admin.call<{ body: string }[]>('GET', `/api/simulator/chats/${customer}?to=${phone}`)).some((m) => m.body === body),
      )
      .toBe(true);
  });

  test('a photo from the customer arrives live, and a plain <img> shows it from its mediaUrl', async ({ page }) => {
    await admin.call('POST', '/api/simulator/messages', {
      from: customer,
      to: phone,
      type: 'image',
      body: 'this one',
      media: { mimetype: 'image/png', filename: 'order.png', data: PNG.toString('base64') },
    });
    await expect.poll(() => received(chat, 'appMessage', (p) => p.action === 'create' && p.message.mediaType === 'image')).toBe(true);
    const photo = chat.events.find((e) => e.event === 'appMessage' && e.payload.message.mediaType === 'image')!.payload.message;
    // An absolute URL on this server (PUBLIC_URL), ending in the file's extension as the
    // reference's MessagesList requires to show an image rather than a download link.
    expect(photo.mediaUrl.startsWith(`${HOST}/api/media/`)).toBe(true);
    expect(/^.*\.(jpe?g|png|gif)?$/i.test(photo.mediaUrl)).toBe(true);
    expect(received(pending, 'appMessage', (p) => p.message.id === photo.id)).toBe(false);

    // No token: what an <img src> sends.
    const bytes = await fetch(photo.mediaUrl);
    expect(bytes.status).toBe(200);
    expect(Buffer.from(await bytes.arrayBuffer()).equals(PNG)).toBe(true);

    // And a real <img> on a page of another origin draws it.
    await page.setContent(`<img id="photo" src="${photo.mediaUrl}">`);
    await expect.poll(() => page.locator('#photo').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1))).toBe(2);
  });

  test('our own web app shows the same photo through its signed link, no blob fetched with the token', async ({ page }) => {
    const tokenFetches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/api/messages/`) && r.url().endsWith('/media')) tokenFetches.push(r.url());
    });
    const troubles: string[] = [];
    page.on('requestfailed', (r) => troubles.push(`failed ${r.url()} ${r.failure()?.errorText ?? ''}`));
    page.on('response', (r) => {
      if (r.status() >= 400) troubles.push(`${r.status()} ${r.url()}`);
    });
    page.on('pageerror', (e) => troubles.push(`page error ${e.message}`));
    await login(page, attendant.email, attendant.password);
    await page.goto(`/tickets/${ticket.id}`);
    const image = page.getByTestId('message-image');
    try {
      // The app boots on this page (bundle, session, ticket, messages) before the chat shows: the
      // whole step takes 5–10 s alone but 21 s inside a full CI run, close to the default 20 s wait.
      await expect(image).toBeVisible({ timeout: 60_000 });
    } catch (error) {
      // What the page and the API showed instead, so a failure says which part went wrong.
      const shown = await page.locator('body').innerText();
      const answer = await call('GET', `/messages/${ticket.id}`, undefined, { pageNumber: '1' });
      throw new Error(
        `no image in the chat at ${page.url()}\n--- page ---\n${shown}\n--- GET /messages ---\n${answer.status} ${answer.text}\n--- requests ---\n${[...troubles, ...tokenFetches].join('\n')}\n${String(error)}`,
        { cause: error },
      );
    }
    await expect(image).toHaveAttribute('src', new RegExp(`^${HOST}/api/media/.+/order\\.png$`));
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1))).toBe(2);
    await page.screenshot({ path: '/tmp/shots/reference-client-own-app-image.png' });
    expect(tokenFetches).toEqual([]);
  });

  test('the Tags screen reads contacttag for each tag', async () => {
    const name = `Reference tag ${suffix}`;
    const tag = await call('POST', '/tags', { name, color: '', userId: user.id });
    expect(tag.status, tag.text).toBe(201);
    const synced = await call('POST', '/tags/sync', { contactId: ticket.contact.id, tags: [{ id: tag.body.id, name }] });
    expect(synced.status, synced.text).toBe(200);
    const page = await call('GET', '/tags/', undefined, { searchParam: name, pageNumber: '1' });
    expect(page.status).toBe(200);
    const listed = page.body.tags.find((t: Json) => t.id === tag.body.id);
    // The screen shows `tag.contacttag.length` (and crashes without the field).
    expect(listed.contacttag.length).toBe(1);
    expect(listed.contacts).toEqual([{ id: ticket.contact.id }]);
  });

  test("creates a connection with its modal's empty defaults (as an administrator)", async () => {
    const adminLogin = await referenceApi()('POST', '/auth/login', { email: ADMIN.email, password: ADMIN.password });
    const adminCall = referenceApi(adminLogin.body.token);
    const weekend: Record<string, string> = {};
    for (const day of ['Saturday', 'Sunday'])
      for (const part of ['Start', 'End']) for (const lunch of ['', 'Lunch']) weekend[`${part}DefineWorkHours${day}${lunch}`] = '';
    const created = await adminCall('POST', '/whatsapp', {
      name: `Reference modal ${suffix}`,
      greetingMessage: '',
      farewellMessage: '',
      isDefault: false,
      isDisplay: false,
      timeInactiveMessage: '',
      inactiveMessage: '',
      defineWorkHours: '',
      outOfWorkMessage: '',
      ...weekend,
      queueIds: [],
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ timeInactiveMessage: 0, defineWorkHours: false });
    // Not left behind for the other specs (it would try to reach WhatsApp).
    const removed = await fetch(`${BASE}/whatsapp/${created.body.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${adminLogin.body.token as string}` },
    });
    expect(removed.status).toBe(200);
  });
});
