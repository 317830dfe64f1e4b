/**
 * What an anonymous web chat visitor may make the product keep: a smaller file cap than staff,
 * daily upload totals per visitor and per connection, a bounded rate of new conversations (with
 * the connection shown flooded to admins), and visitors removed after a time without activity.
 */
import { eq, inArray } from 'drizzle-orm';
import { io as ioClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, tickets } from '../../db/schema.js';
import { PNG } from '../../test/fixtures.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { waitFor } from '../../test/simulator.js';
import { visitorAddress } from '../../store/webchat.js';

const SITE = 'https://shop.example.com';
const KB = 1024;

describe('web chat limits', () => {
  let s: TestServer;
  let seq = 0;

  const newConnection = async (name: string) => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/whatsapp',
      headers: bearer(s.adminToken),
      payload: { name, channel: 'webchat', webchat: { allowedSites: [SITE], color: '#aa3300', askContact: false } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const conn = res.json<{ id: number; webchat: { publicKey: string } }>();
    await waitFor(() => s.services.channels.connected(conn.id));
    return conn;
  };
  // Each visitor from its own address: the per-address limit of the route is not what is tested.
  const start = (key: string) =>
    s.app.inject({
      method: 'POST',
      url: `/api/webchat/${key}/visitors`,
      headers: { origin: SITE },
      payload: {},
      remoteAddress: `198.51.100.${++seq % 250}`,
    });
  const newVisitor = async (key: string) => {
    const res = await start(key);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ token: string; visitorId: string }>();
  };
  /** A PNG padded to `size` bytes (still read as a PNG). */
  const upload = (token: string, size: number) => {
    const boundary = 'x-webchat-limits';
    const file = Buffer.concat([PNG, Buffer.alloc(Math.max(0, size - PNG.length))]);
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\nup-${++seq}-${Date.now()}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return s.app.inject({
      method: 'POST',
      url: '/api/webchat/attachments',
      headers: { origin: SITE, ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  beforeAll(async () => {
    s = await createTestServer({
      env: {
        WEBCHAT_UPLOAD_MAX_MB: '1',
        WEBCHAT_VISITOR_DAILY_MB: '3',
        WEBCHAT_CONNECTION_DAILY_MB: '5',
        WEBCHAT_NEW_CONVERSATIONS_PER_MINUTE: '5',
        WEBCHAT_VISITOR_EXPIRY_DAYS: '90',
      },
    });
  });
  afterAll(() => s.stop());

  it('a visitor’s file is capped below the staff’s, and a visitor and a connection have daily totals', async () => {
    const conn = await newConnection('Quota site');
    const ana = await newVisitor(conn.webchat.publicKey);
    const big = await upload(ana.token, 1024 * KB + 1);
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe('ERR_MEDIA_TOO_LARGE');

    for (let i = 0; i < 3; i++) expect((await upload(ana.token, 900 * KB)).statusCode).toBe(201);
    // 2.7 MB of 3 used: a file that would pass the total is refused, unread past what is left.
    const over = await upload(ana.token, 400 * KB);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ error: 'ERR_UPLOAD_QUOTA' });
    expect((await upload(ana.token, 200 * KB)).statusCode).toBe(201);
    expect((await upload(ana.token, 200 * KB)).json().error).toBe('ERR_UPLOAD_QUOTA');

    // Another visitor of the same connection: 2.9 MB of the connection's 5 are used.
    const bia = await newVisitor(conn.webchat.publicKey);
    expect((await upload(bia.token, 900 * KB)).statusCode).toBe(201);
    expect((await upload(bia.token, 900 * KB)).statusCode).toBe(201);
    expect((await upload(bia.token, 900 * KB)).json().error).toBe('ERR_UPLOAD_QUOTA');

    // Nothing of the refused uploads was kept: 6 files stored for the two visitors.
    const stored = await s.database.db
      .select({ id: messages.id })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(inArray(contacts.number, [visitorAddress(ana.visitorId), visitorAddress(bia.visitorId)]));
    expect(stored).toHaveLength(6);

    // Another connection has its own total.
    const other = await newConnection('Other site');
    const caio = await newVisitor(other.webchat.publicKey);
    expect((await upload(caio.token, 900 * KB)).statusCode).toBe(201);
  });

  it('new conversations past the connection’s rate are refused and the connection shows flooded to admins', async () => {
    const conn = await newConnection('Flood site');
    const calm = await newConnection('Calm site');
    const base = await s.listen();
    const admin = ioClient(base, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth: { token: s.adminToken },
    });
    const updates: { action: string; whatsapp?: { id: number; webchat?: { floodedAt?: string } } }[] = [];
    admin.on('whatsapp', (e: (typeof updates)[number]) => updates.push(e));
    await new Promise<void>((resolve, reject) => {
      admin.once('connect', () => resolve());
      admin.once('connect_error', reject);
    });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await start(conn.webchat.publicKey)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    const refused = await start(conn.webchat.publicKey);
    expect(refused.json()).toMatchObject({ error: 'ERR_TOO_MANY_REQUESTS' });
    // Another connection is not affected.
    expect((await start(calm.webchat.publicKey)).statusCode).toBe(201);

    const list = await s.app.inject({ method: 'GET', url: '/api/whatsapp', headers: bearer(s.adminToken) });
    expect(list.statusCode).toBe(200);
    const rows = list.json<{ id: number; webchat?: { floodedAt?: string } }[]>();
    expect(rows.find((r) => r.id === conn.id)?.webchat?.floodedAt).toEqual(expect.any(String));
    expect(rows.find((r) => r.id === calm.id)?.webchat?.floodedAt).toBeUndefined();
    // Admins on the Connections screen hear of it as it begins, once.
    await waitFor(() => updates.some((u) => u.whatsapp?.id === conn.id && u.whatsapp.webchat?.floodedAt));
    expect(updates.filter((u) => u.whatsapp?.id === conn.id)).toHaveLength(1);
    admin.close();
  });

  it('visitors without activity for the expiry are removed by the scheduled job; their conversations stay', async () => {
    const conn = await newConnection('Expiry site');
    const idle = await newVisitor(conn.webchat.publicKey);
    const active = await newVisitor(conn.webchat.publicKey);
    for (const v of [idle, active]) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/webchat/messages',
        headers: { origin: SITE, ...bearer(v.token) },
        payload: { id: `hello-${v.visitorId}`, body: 'hello' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const job = s.services.automation.scheduler.jobs.find((j) => j.name === 'webchatVisitorExpiry')!;
    expect(job).toBeDefined();
    const day = 24 * 60 * 60 * 1000;
    const history = (token: string) =>
      s.app.inject({ method: 'GET', url: '/api/webchat/messages', headers: { origin: SITE, ...bearer(token) } });

    // 10 days on: nobody expires.
    await s.services.webchat.limits.expireVisitors(new Date(Date.now() + 10 * day), true);
    expect((await history(idle.token)).statusCode).toBe(200);

    // The active visitor wrote again 60 days on; at 91 days only the idle one is past 90 days.
    const [activeContact] = await s.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.number, visitorAddress(active.visitorId)));
    const [activeTicket] = await s.database.db.select().from(tickets).where(eq(tickets.contactId, activeContact.id));
    await s.database.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() + 60 * day) })
      .where(eq(messages.ticketId, activeTicket.id));
    // (The visitors of the tests above, idle as well, go too.)
    const removed = await job.run(new Date(Date.now() + 91 * day));
    expect(removed).toBeGreaterThanOrEqual(1);
    const gone = await history(idle.token);
    expect(gone.statusCode).toBe(401);
    expect(gone.json().error).toBe('ERR_INVALID_TOKEN');
    expect((await history(active.token)).statusCode).toBe(200);

    // The idle visitor's conversation stays for the staff.
    const [idleContact] = await s.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.number, visitorAddress(idle.visitorId)));
    const [idleTicket] = await s.database.db.select().from(tickets).where(eq(tickets.contactId, idleContact.id));
    const ticket = await s.app.inject({ method: 'GET', url: `/api/messages/${idleTicket.id}`, headers: bearer(s.adminToken) });
    expect(ticket.statusCode).toBe(200);
    expect(JSON.stringify(ticket.json())).toContain('hello');
  });
});
