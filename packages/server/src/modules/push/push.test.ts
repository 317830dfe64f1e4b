/**
 * Web Push end to end on the server: devices subscribe through the API, the bell's events become
 * pushes that a stand-in push service (test/push-receiver.ts) accepts only with a valid VAPID JWT
 * and decrypts with the device's own private key, as a browser would. Also: RFC 8291's worked
 * example byte for byte, who receives what, hidden previews, gone and failing push services, and
 * the endpoints the server refuses to post to.
 */
import { PUSH_ROUTES as R } from '@switchboard/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushDeliveries, pushSubscriptions, queues, whatsapps } from '../../db/schema.js';
import { createTestServer, openTestDatabase, type TestServer } from '../../test/harness.js';
import { routeCaller } from '../../test/http.js';
import { PushReceiver, decryptPush, type FakeDevice } from '../../test/push-receiver.js';
import { phoneNumber, waitFor } from '../../test/simulator.js';
import { checkEndpoint } from './endpoint-guard.js';
import { createECDH } from 'node:crypto';
import { b64u, encryptPayload, fromB64u, vapidSigningKey } from './web-push.js';

describe('RFC 8291 message encryption', () => {
  // RFC 8291 appendix A: keys, salt and the resulting message.
  const RFC = {
    plaintext: 'When I grow up, I want to be a watermelon',
    asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
    uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
    uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
    auth: 'BTBZMqHH6r4Tts7J_aSIgg',
    salt: 'DGv6ra1nlYgDCS1FRnbzlw',
    message:
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
  };

  it('reproduces the RFC example byte for byte, and the receiver decrypts it', () => {
    const body = encryptPayload(
      Buffer.from(RFC.plaintext),
      { p256dh: fromB64u(RFC.uaPublic), auth: fromB64u(RFC.auth) },
      { senderPrivateKey: fromB64u(RFC.asPrivate), salt: fromB64u(RFC.salt) },
    );
    expect(b64u(body)).toBe(RFC.message);
    expect(decryptPush(fromB64u(RFC.message), fromB64u(RFC.uaPrivate), fromB64u(RFC.auth)).toString()).toBe(RFC.plaintext);
  });

  it('uses a fresh key and salt for every message', () => {
    const to = { p256dh: fromB64u(RFC.uaPublic), auth: fromB64u(RFC.auth) };
    const a = encryptPayload(Buffer.from('x'), to);
    const b = encryptPayload(Buffer.from('x'), to);
    expect(a.subarray(0, 16).equals(b.subarray(0, 16))).toBe(false);
    expect(a.subarray(21, 86).equals(b.subarray(21, 86))).toBe(false);
    expect(decryptPush(a, fromB64u(RFC.uaPrivate), fromB64u(RFC.auth)).toString()).toBe('x');
  });
});

describe('VAPID keys', () => {
  it('signs with a private key whose scalar starts with a zero byte (one key in 256)', () => {
    // Node's ECDH drops leading zero bytes from the private scalar; such a key must still sign.
    const shortScalar = () => {
      for (;;) {
        const candidate = createECDH('prime256v1');
        candidate.generateKeys();
        if (candidate.getPrivateKey().length < 32) return candidate;
      }
    };
    const ecdh = shortScalar();
    const keys = { publicKey: b64u(ecdh.getPublicKey()), privateKey: b64u(ecdh.getPrivateKey()) };
    expect(vapidSigningKey(keys).asymmetricKeyType).toBe('ec');
    // A key of another curve's size is refused with a reason, not an exception from deep inside.
    expect(() => vapidSigningKey({ ...keys, privateKey: b64u(Buffer.alloc(33, 1)) })).toThrow(/P-256 private key/);
  });
});

describe('push endpoint addresses', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', false, true],
    ['https://updates.push.services.mozilla.com/wpush/v2/x', false, true],
    ['http://fcm.googleapis.com/fcm/send/abc', false, false],
    ['http://127.0.0.1:9000/push/a', false, false],
    ['http://127.0.0.1:9000/push/a', true, true],
    ['http://localhost:9000/push/a', true, true],
    ['http://10.0.0.5/push/a', true, false],
    ['http://192.168.1.1/push/a', true, false],
    ['https://127.0.0.1/push', false, false],
    ['https://169.254.169.254/latest/meta-data', false, false],
    ['https://[::1]/push', false, false],
    ['https://[::ffff:10.0.0.1]/push', false, false],
    ['https://localhost/push', false, false],
    ['https://user:pw@fcm.googleapis.com/x', false, false],
    ['ftp://fcm.googleapis.com/x', false, false],
  ])('%s (loopback http allowed: %s) → accepted %s', (url, allow, accepted) => {
    expect(checkEndpoint(url, allow).ok).toBe(accepted);
  });
});

describe('Web Push', () => {
  let s: TestServer;
  let pushService: PushReceiver;
  const call = routeCaller(() => s);
  let connId: number;
  let sales: number;
  let support: number;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  let seq = 0;

  const subscribe = async (token: string, device: FakeDevice, extra: { hidePreviews?: boolean; language?: 'pt' | 'en' | 'es' } = {}) => {
    const res = await call(R.subscribe, token, { body: { endpoint: device.endpoint, keys: device.keys, label: 'Test browser', ...extra } });
    expect(res.statusCode, res.body).toBe(201);
    return res.answer();
  };
  /** The contact's name for a number (what push titles show). */
  const nameOf = (number: string) => `Customer ${number.slice(-6)}`;
  const customerWrites = (number: string, body: string) =>
    s.services.inbound.message(connId, {
      externalId: `PUSH${++seq}`,
      chat: { id: number, isGroup: false },
      sender: { number, name: nameOf(number) },
      fromMe: false,
      timestamp: new Date(),
      kind: 'chat',
      body,
    });
  const settled = () => s.services.push.notifier.idle();

  beforeAll(async () => {
    pushService = new PushReceiver();
    await pushService.start();
    s = await createTestServer({
      env: { PUSH_ALLOW_LOOPBACK_HTTP: 'true', VAPID_SUBJECT: 'mailto:ops@example.com' },
      push: { backoffMs: [20, 40], maxAttempts: 3 },
    });
    const db = s.database.db;
    [{ id: connId }] = await db.insert(whatsapps).values({ name: 'Push', channel: 'simulator', isDefault: true }).returning();
    [{ id: sales }] = await db.insert(queues).values({ name: 'Sales', color: '#0a0' }).returning();
    [{ id: support }] = await db.insert(queues).values({ name: 'Support', color: '#00a' }).returning();
    alice = await s.createUser({ name: 'Alice', queueIds: [sales] });
    bob = await s.createUser({ name: 'Bob', queueIds: [support] });
  });
  afterAll(async () => {
    await s?.stop();
    await pushService?.stop();
  });

  it('gives the VAPID public key (a P-256 point) to signed-in users only', async () => {
    expect((await s.app.inject({ method: 'GET', url: '/api/push/public-key' })).statusCode).toBe(401);
    const res = await call(R.publicKey, alice.token);
    expect(res.statusCode).toBe(200);
    const key = fromB64u(res.answer().publicKey);
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
  });

  it('pushes a customer message to the sector’s devices, decryptable by the device alone, with a valid VAPID JWT', async () => {
    const aliceDevice = pushService.device('alice-1');
    const bobDevice = pushService.device('bob-1');
    await subscribe(alice.token, aliceDevice, { language: 'en' });
    await subscribe(bob.token, bobDevice);
    const number = phoneNumber();
    const first = await customerWrites(number, 'hello');
    await s.app.inject({
      method: 'PUT',
      url: `/api/tickets/${first!.ticket.id}`,
      headers: { authorization: `Bearer ${s.adminToken}` },
      payload: { queueId: sales, transf: true },
    });
    await settled();
    const before = pushService.to('alice-1').length;
    await customerWrites(number, 'Do you deliver on Sundays?');
    await settled();

    expect(pushService.errors).toEqual([]);
    const pushes = pushService.to('alice-1').slice(before);
    expect(pushes).toHaveLength(1);
    expect(pushes[0].payload).toEqual({
      kind: 'newMessage',
      ticketId: first!.ticket.id,
      title: `New message from ${nameOf(number)}`,
      body: 'Do you deliver on Sundays?',
      url: `/tickets/${first!.ticket.id}`,
      tag: `ticket-${first!.ticket.id}`,
    });
    expect(pushes[0].jwt.aud).toBe(pushService.origin);
    expect(pushes[0].jwt.sub).toBe('mailto:ops@example.com');
    expect(pushes[0].headers.urgency).toBe('high');
    // Bob's sector is Support: he hears nothing of a Sales ticket.
    expect(pushService.to('bob-1').some((p) => p.plaintext.includes('Sundays'))).toBe(false);
    // Delivery is recorded on the device.
    const [row] = await s.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, aliceDevice.endpoint));
    expect(row.lastSuccessAt).not.toBeNull();
  });

  it('pushes a new waiting ticket to every device of the users who may take it', async () => {
    const adminDevice = pushService.device('admin-1');
    await subscribe(s.adminToken, adminDevice, { language: 'es' });
    const before = {
      admin: pushService.to('admin-1').length,
      alice: pushService.to('alice-1').length,
      bob: pushService.to('bob-1').length,
    };
    const number = phoneNumber();
    const created = await customerWrites(number, 'first words');
    await settled();
    const ticketId = created!.ticket.id;
    // Sectorless and unassigned: the admin's view; not Alice's or Bob's.
    const adminPushes = pushService.to('admin-1').slice(before.admin);
    expect(adminPushes.map((p) => p.payload.kind).sort()).toEqual(['newMessage', 'newTicket']);
    expect(adminPushes.every((p) => p.payload.ticketId === ticketId && p.payload.tag === `ticket-${ticketId}`)).toBe(true);
    expect(adminPushes.find((p) => p.payload.kind === 'newTicket')!.payload.title).toBe(`Nuevo ticket: ${nameOf(number)}`);
    expect(pushService.to('alice-1').slice(before.alice)).toEqual([]);
    expect(pushService.to('bob-1').slice(before.bob)).toEqual([]);
  });

  it('hides the message body and the note text on a device that hides previews', async () => {
    const hidden = pushService.device('alice-hidden');
    await subscribe(alice.token, hidden, { hidePreviews: true });
    const number = phoneNumber();
    const first = await customerWrites(number, 'start');
    const ticketId = first!.ticket.id;
    await s.app.inject({
      method: 'PUT',
      url: `/api/tickets/${ticketId}`,
      headers: { authorization: `Bearer ${s.adminToken}` },
      payload: { queueId: sales, transf: true },
    });
    await customerWrites(number, 'my card number is 4111 1111');
    // Bob is mentioned in a private note on a ticket he cannot otherwise see.
    const bobHidden = pushService.device('bob-hidden');
    await subscribe(bob.token, bobHidden, { hidePreviews: true });
    const note = await s.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/notes`,
      headers: { authorization: `Bearer ${s.adminToken}` },
      payload: { body: '@Bob the secret discount is 40%' },
    });
    expect(note.statusCode, note.body).toBe(201);
    await settled();
    expect(pushService.errors).toEqual([]);

    const toAlice = pushService.to('alice-hidden');
    expect(toAlice.map((p) => p.payload.kind)).toContain('newMessage');
    for (const p of toAlice) {
      expect(p.payload).not.toHaveProperty('body');
      expect(p.plaintext).not.toContain('4111');
    }
    const mention = pushService.to('bob-hidden').find((p) => p.payload.kind === 'mention');
    expect(mention?.payload).toEqual({
      kind: 'mention',
      ticketId,
      title: expect.stringContaining('Admin') as string,
      url: `/tickets/${ticketId}`,
      tag: `ticket-${ticketId}`,
    });
    expect(mention!.plaintext).not.toContain('discount');
    // The same mention on Bob's other device, previews shown, carries the note.
    const shown = pushService.to('bob-1').find((p) => p.payload.kind === 'mention' && p.payload.ticketId === ticketId);
    expect(shown?.payload.body).toBe('@Bob the secret discount is 40%');
  });

  it('pushes a transfer to the user it was given to, not to the one who made it', async () => {
    const first = await customerWrites(phoneNumber(), 'need help');
    const ticketId = first!.ticket.id;
    const before = { alice: pushService.to('alice-1').length, bob: pushService.to('bob-1').length };
    const res = await s.app.inject({
      method: 'PUT',
      url: `/api/tickets/${ticketId}`,
      headers: { authorization: `Bearer ${s.adminToken}` },
      payload: { transf: true, queueId: support, userId: bob.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    await settled();
    const toBob = pushService.to('bob-1').slice(before.bob);
    expect(toBob.map((p) => p.payload.kind)).toEqual(['transfer']);
    expect(toBob[0].payload.ticketId).toBe(ticketId);
    expect(pushService.to('alice-1').slice(before.alice)).toEqual([]);
  });

  it('removes a subscription the push service reports gone (410, 404)', async () => {
    const gone = pushService.device('alice-gone');
    const missing = pushService.device('alice-missing');
    pushService.answer('alice-gone', 410);
    pushService.answer('alice-missing', 404);
    const a = await subscribe(alice.token, gone);
    const b = await subscribe(alice.token, missing);
    const number = phoneNumber();
    const first = await customerWrites(number, 'x');
    await s.app.inject({
      method: 'PUT',
      url: `/api/tickets/${first!.ticket.id}`,
      headers: { authorization: `Bearer ${s.adminToken}` },
      payload: { queueId: sales, transf: true },
    });
    await customerWrites(number, 'are you there?');
    await settled();
    const ids = (await call(R.list, alice.token)).answer().devices.map((d) => d.id);
    expect(ids).not.toContain(a.id);
    expect(ids).not.toContain(b.id);
    expect(ids.length).toBeGreaterThan(0);
  });

  it('retries a push after 5xx answers with backoff, and gives up after the last attempt', async () => {
    const flaky = pushService.device('flaky');
    const down = pushService.device('down');
    pushService.answer('flaky', 503, 500, 201);
    pushService.answer('down', 503);
    const payload = { kind: 'newMessage' as const, ticketId: 1, title: 't', url: '/tickets/1', tag: 'ticket-1' };
    const flakyRow = await subscribe(alice.token, flaky);
    const downRow = await subscribe(alice.token, down);
    const sender = s.services.push.sender;
    sender.send([
      { subscriptionId: flakyRow.id, payload },
      { subscriptionId: downRow.id, payload },
    ]);
    await sender.idle();
    expect(pushService.to('flaky')).toHaveLength(1);
    expect(pushService.to('down')).toHaveLength(0);
    // A failing service is not a gone subscription: both devices stay; nothing is left waiting.
    const ids = (await call(R.list, alice.token)).answer().devices.map((d) => d.id);
    expect(ids).toEqual(expect.arrayContaining([flakyRow.id, downRow.id]));
    expect(
      await s.database.db
        .select()
        .from(pushDeliveries)
        .where(inArray(pushDeliveries.subscriptionId, [flakyRow.id, downRow.id])),
    ).toEqual([]);
  });

  it('never sends on the request path: a hanging push service does not hold up the request', async () => {
    const hanging = pushService.device('bob-hanging');
    await subscribe(bob.token, hanging);
    pushService.hold('bob-hanging');
    const first = await customerWrites(phoneNumber(), 'hi');
    const ticketId = first!.ticket.id;
    const note = await s.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/notes`,
      headers: { authorization: `Bearer ${s.adminToken}` },
      payload: { body: '@Bob please look' },
    });
    // The note is saved and answered while the push to Bob's device is still unanswered.
    expect(note.statusCode, note.body).toBe(201);
    await waitFor(() => pushService.to('bob-hanging').some((p) => p.payload.kind === 'mention' && p.payload.ticketId === ticketId));
    pushService.release('bob-hanging');
    await settled();
  });

  describe('devices API', () => {
    it('lists, updates and removes only the caller’s own devices; another user is told not found', async () => {
      const device = pushService.device('alice-api');
      const mine = await subscribe(alice.token, device);
      const bobList = (await call(R.list, bob.token)).answer().devices;
      expect(bobList.map((d) => d.id)).not.toContain(mine.id);

      const bobUpdate = await call(R.update, bob.token, { params: { id: mine.id }, body: { hidePreviews: true } });
      expect(bobUpdate.statusCode).toBe(404);
      expect(bobUpdate.json().error).toBe('ERR_NOT_FOUND');
      const adminRemove = await call(R.remove, s.adminToken, { params: { id: mine.id } });
      expect(adminRemove.statusCode).toBe(404);
      const [still] = await s.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, mine.id));
      expect(still.hidePreviews).toBe(false);

      const updated = await call(R.update, alice.token, { params: { id: mine.id }, body: { hidePreviews: true } });
      expect(updated.statusCode).toBe(200);
      expect(updated.answer().hidePreviews).toBe(true);
      const removed = await call(R.remove, alice.token, { params: { id: mine.id } });
      expect(removed.statusCode).toBe(200);
      expect((await call(R.list, alice.token)).answer().devices.map((d) => d.id)).not.toContain(mine.id);
    });

    it('moves a device to the user who subscribes it now (one browser, another sign-in)', async () => {
      const shared = pushService.device('shared');
      const a = await subscribe(alice.token, shared);
      const b = await subscribe(bob.token, shared);
      expect(b.id).toBe(a.id);
      expect((await call(R.list, alice.token)).answer().devices.map((d) => d.id)).not.toContain(a.id);
      expect((await call(R.list, bob.token)).answer().devices.map((d) => d.id)).toContain(a.id);
    });

    it.each([
      ['http://push.example.com/x', 'ERR_PUSH_ENDPOINT_REFUSED'],
      ['https://10.1.2.3/x', 'ERR_PUSH_ENDPOINT_REFUSED'],
      ['https://169.254.169.254/latest', 'ERR_PUSH_ENDPOINT_REFUSED'],
      ['http://192.168.0.10:8080/x', 'ERR_PUSH_ENDPOINT_REFUSED'],
      ['not a url', 'ERR_VALIDATION'],
    ])('refuses endpoint %s with %s, storing nothing', async (endpoint, error) => {
      const device = pushService.device(`refused-${++seq}`);
      const res = await call(R.subscribe, alice.token, { body: { endpoint, keys: device.keys } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(error);
      const rows = await s.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
      expect(rows).toEqual([]);
    });

    it('refuses keys that are not a P-256 point and a 16-byte secret', async () => {
      const device = pushService.device('bad-keys');
      const notOnCurve = b64u(Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]));
      for (const keys of [
        { p256dh: notOnCurve, auth: device.keys.auth },
        { p256dh: device.keys.p256dh, auth: b64u(Buffer.alloc(17, 1)) },
      ]) {
        const res = await call(R.subscribe, alice.token, { body: { endpoint: device.endpoint, keys } });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error).toBe('ERR_VALIDATION');
      }
    });
  });
});

describe('Web Push across processes', () => {
  it('keeps a push waiting for its retry when the server stops, and the next run delivers it once', async () => {
    const receiver = new PushReceiver();
    await receiver.start();
    const testDb = await openTestDatabase();
    const env = { PUSH_ALLOW_LOOPBACK_HTTP: 'true' };
    // Long enough that the first run is stopped while the push waits; the second run finds it due.
    const push = { backoffMs: [1_500], pollMs: 200 };
    let second: TestServer | null = null;
    try {
      const first = await createTestServer({ database: testDb.database, env, push });
      const device = receiver.device('restart');
      receiver.answer('restart', 503, 201);
      const user = await first.createUser({ name: 'Carol' });
      const res = await routeCaller(() => first)(R.subscribe, user.token, { body: { endpoint: device.endpoint, keys: device.keys } });
      expect(res.statusCode, res.body).toBe(201);
      const subscriptionId = res.answer().id;
      const payload = { kind: 'newMessage' as const, ticketId: 7, title: 'Waiting', url: '/tickets/7', tag: 'ticket-7' };
      first.services.push.sender.send([{ subscriptionId, payload }]);
      const waiting = () => testDb.database.db.select().from(pushDeliveries).where(eq(pushDeliveries.subscriptionId, subscriptionId));
      // The first attempt was answered 503: the push waits for its retry.
      await waitFor(async () => (await waiting()).some((r) => r.attempts === 1 && r.nextAttemptAt.getTime() - Date.now() < 1_600));
      await first.stop();
      expect(receiver.to('restart')).toHaveLength(0);
      expect(await waiting()).toHaveLength(1);

      second = await createTestServer({ database: testDb.database, env, push });
      await waitFor(() => receiver.to('restart').length > 0, 10_000);
      await second.services.push.sender.idle();
      expect(await waiting()).toEqual([]);
      expect(receiver.errors).toEqual([]);
      expect(receiver.to('restart')).toHaveLength(1);
      expect(receiver.to('restart')[0].payload).toEqual(payload);
    } finally {
      await second?.stop();
      await testDb.drop();
      await receiver.stop();
    }
  }, 120_000);

  it('sends each push once when two processes share the database', async () => {
    const receiver = new PushReceiver();
    await receiver.start();
    const testDb = await openTestDatabase();
    const options = { database: testDb.database, env: { PUSH_ALLOW_LOOPBACK_HTTP: 'true' }, push: { pollMs: 20 } };
    const servers: TestServer[] = [];
    try {
      servers.push(await createTestServer(options), await createTestServer(options));
      const [a, b] = servers;
      const device = receiver.device('shared-db');
      const user = await a.createUser({ name: 'Dan' });
      const res = await routeCaller(() => a)(R.subscribe, user.token, { body: { endpoint: device.endpoint, keys: device.keys } });
      const subscriptionId = res.answer().id;
      const payloads = Array.from({ length: 12 }, (_, i) => ({
        kind: 'newMessage' as const,
        ticketId: i + 1,
        title: `n${i + 1}`,
        url: `/tickets/${i + 1}`,
        tag: `ticket-${i + 1}`,
      }));
      // Written by both processes; both claim as fast as they poll.
      a.services.push.sender.send(payloads.slice(0, 6).map((payload) => ({ subscriptionId, payload })));
      b.services.push.sender.send(payloads.slice(6).map((payload) => ({ subscriptionId, payload })));
      await waitFor(() => receiver.to('shared-db').length >= 12, 10_000);
      await Promise.all([a.services.push.sender.idle(), b.services.push.sender.idle()]);
      expect(
        receiver
          .to('shared-db')
          .map((p) => p.payload.ticketId)
          .sort((x, y) => Number(x) - Number(y)),
      ).toEqual(payloads.map((p) => p.ticketId));
      expect(await testDb.database.db.select().from(pushDeliveries)).toEqual([]);
    } finally {
      for (const server of servers) await server.stop();
      await testDb.drop();
      await receiver.stop();
    }
  }, 120_000);
});

describe('Web Push without the loopback allowance', () => {
  it('refuses a plain http endpoint on loopback', async () => {
    const s = await createTestServer();
    try {
      const receiver = new PushReceiver();
      receiver.origin = 'http://127.0.0.1:9';
      const device = receiver.device('x');
      const res = await routeCaller(() => s)(R.subscribe, s.adminToken, { body: { endpoint: device.endpoint, keys: device.keys } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('ERR_PUSH_ENDPOINT_REFUSED');
    } finally {
      await s.stop();
    }
    // A whole server starts inside this test.
  }, 120_000);
});
