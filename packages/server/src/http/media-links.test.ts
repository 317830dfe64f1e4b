/**
 * A message's mediaUrl is a signed, short-lived link that an `<img>` can load without a token:
 * absolute when PUBLIC_URL is set (clients served from another origin), refused once tampered
 * with or expired.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, tickets } from '../db/schema.js';
import { MediaLinks } from '../lib/media-links.js';
import { secretsKeyOf } from '../lib/secret-box.js';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { connectSimulator, customerSends, phoneNumber, waitFor } from '../test/simulator.js';

const PUBLIC_URL = 'https://support.example.com';
const CLIENT_ORIGIN = 'http://reference-client.example:3000';
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('signed media links', () => {
  let s: TestServer;
  let ticketId: number;
  let image: { id: string; mediaUrl: string };

  /** The path of an absolute link (the test talks to the app directly). */
  const pathOf = (url: string) => url.slice(PUBLIC_URL.length);
  const fetchLink = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url: pathOf(url), headers });

  beforeAll(async () => {
    s = await createTestServer({ env: { PUBLIC_URL: `${PUBLIC_URL}/`, ALLOWED_ORIGINS: CLIENT_ORIGIN, MEDIA_LINK_MINUTES: '30' } });
    const conn = await connectSimulator(s);
    const customer = phoneNumber();
    await customerSends(s, {
      from: customer,
      to: conn.number,
      type: 'image',
      body: 'my receipt',
      media: { mimetype: 'image/png', filename: 'receipt.png', data: PNG.toString('base64') },
    });
    ticketId = await waitFor(async () => {
      const [row] = await s.database.db
        .select({ id: tickets.id })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(and(eq(contacts.number, customer), eq(tickets.whatsappId, conn.id)));
      return row?.id;
    });
    image = await waitFor(async () => {
      const page = await s.app.inject({ method: 'GET', url: `/api/messages/${ticketId}`, headers: bearer(s.adminToken) });
      return (page.json().messages as { id: string; mediaUrl: string | null }[]).find((m) => m.mediaUrl) as
        { id: string; mediaUrl: string } | undefined;
    });
  });
  afterAll(() => s.stop());

  it('is an absolute link under PUBLIC_URL that ends in the file name, valid for MEDIA_LINK_MINUTES', () => {
    const match = new RegExp(`^${PUBLIC_URL}/api/media/([^/]+)/(\\d+)/([\\w-]+)/receipt\\.png$`).exec(image.mediaUrl);
    expect(match, image.mediaUrl).not.toBeNull();
    expect(decodeURIComponent(match![1])).toBe(image.id);
    const secondsLeft = Number(match![2]) - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(29 * 60);
    expect(secondsLeft).toBeLessThanOrEqual(35 * 60);
  });

  it('serves the file without any token, as an <img> asks for it, and to a listed origin with CORS', async () => {
    const res = await fetchLink(image.mediaUrl);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(String(res.headers['cache-control'])).toMatch(/^private, max-age=\d+$/);

    // The reference client's viewer fetches it as a blob from its own origin, with credentials.
    const cors = await fetchLink(image.mediaUrl, { origin: CLIENT_ORIGIN });
    expect(cors.statusCode).toBe(200);
    expect(cors.headers['access-control-allow-origin']).toBe(CLIENT_ORIGIN);
  });

  it('serves byte ranges, as <audio> and <video> ask to read a duration and to seek', async () => {
    const first = await fetchLink(image.mediaUrl, { range: 'bytes=0-7' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-7/${PNG.length}`);
    expect(first.rawPayload.equals(PNG.subarray(0, 8))).toBe(true);
    const last = await fetchLink(image.mediaUrl, { range: 'bytes=-12' });
    expect(last.statusCode).toBe(206);
    expect(last.rawPayload.equals(PNG.subarray(PNG.length - 12))).toBe(true);
    // A range that cannot be served is ignored: the whole file.
    for (const range of [`bytes=${PNG.length + 5}-`, 'bytes=9-3', 'items=0-1']) {
      const whole = await fetchLink(image.mediaUrl, { range });
      expect(whole.statusCode, range).toBe(200);
      expect(whole.rawPayload.equals(PNG)).toBe(true);
    }
    expect(first.headers['accept-ranges']).toBe('bytes');
  });

  it('refuses a link whose message, expiry or signature was changed', async () => {
    const [, , , id, expires, signature, name] = new URL(image.mediaUrl).pathname.split('/');
    const tampered = [
      `/api/media/${id}x/${expires}/${signature}/${name}`,
      `/api/media/${id}/${Number(expires) + 300}/${signature}/${name}`,
      `/api/media/${id}/${expires}/${signature.slice(0, -2)}AA/${name}`,
      `/api/media/${id}/${expires}/short/${name}`,
    ];
    for (const url of tampered) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toBe('ERR_NO_PERMISSION');
    }
    expect((await s.app.inject({ method: 'GET', url: `/api/media/${id}/soon/${signature}/${name}` })).statusCode).toBe(400);
  });

  it('refuses a link once it has expired', async () => {
    const twoHoursAgo = { now: () => new Date(Date.now() - 2 * 3600_000) };
    const old = new MediaLinks(secretsKeyOf(s.config), { lifetimeSeconds: 30 * 60, publicUrl: '', clock: twoHoursAgo });
    const expired = old.linkTo({ id: image.id, mediaPath: 'x', mediaName: 'receipt.png', mediaMime: 'image/png' })!;
    const res = await s.app.inject({ method: 'GET', url: expired });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'ERR_NO_PERMISSION', message: expect.stringContaining('expired') });
    // The same link signed for now is served: only the expiry made the difference.
    const fresh = new MediaLinks(secretsKeyOf(s.config), { lifetimeSeconds: 30 * 60, publicUrl: '', clock: { now: () => new Date() } });
    expect(
      (await s.app.inject({ method: 'GET', url: fresh.linkTo({ id: image.id, mediaPath: 'x', mediaName: null, mediaMime: 'image/png' })! }))
        .statusCode,
    ).toBe(200);
  });

  it("is signed with this installation's key only", async () => {
    const other = new MediaLinks(Buffer.alloc(32, 7), { lifetimeSeconds: 30 * 60, publicUrl: '', clock: { now: () => new Date() } });
    const forged = other.linkTo({ id: image.id, mediaPath: 'x', mediaName: 'receipt.png', mediaMime: 'image/png' })!;
    expect((await s.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
  });

  it('keeps one link for a message over a few minutes, so browsers reuse what they downloaded', async () => {
    const page = await s.app.inject({ method: 'GET', url: `/api/messages/${ticketId}`, headers: bearer(s.adminToken) });
    const again = (page.json().messages as { id: string; mediaUrl: string }[]).find((m) => m.id === image.id)!;
    const step = (url: string) => Number(new URL(url).pathname.split('/')[4]);
    // Issued within one 5-minute step the links are the same; across a boundary one step apart.
    expect([0, 300]).toContain(step(again.mediaUrl) - step(image.mediaUrl));
  });
});
