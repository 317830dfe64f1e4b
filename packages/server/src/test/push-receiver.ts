/**
 * A stand-in push service for tests: an HTTP server that takes what a real one would (RFC 8030
 * POSTs), checks the VAPID JWT like one (RFC 8292: ES256 signature by the key in `k`, audience =
 * its origin, expiry within 24 h) and decrypts the payload the way the browser would (RFC 8291)
 * with the subscription's own private key. Each subscription is a path; a test says how each
 * answers (201 by default, 410 gone, 503 busy…).
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { b64u, fromB64u } from '../modules/push/web-push.js';

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The decrypted payload, parsed. */
  payload: Record<string, unknown>;
  /** The decrypted bytes as text (to look for what must not be there). */
  plaintext: string;
  jwt: { aud: string; exp: number; sub: string };
}

/** A browser's push subscription: its endpoint and the keys only it holds. */
export interface FakeDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  privateKey: Buffer;
  auth: Buffer;
}

/** The browser's side of RFC 8291: the plaintext of an aes128gcm body, or an exception. */
export function decryptPush(body: Buffer, uaPrivateKey: Buffer, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body.readUInt8(20);
  if (rs !== 4096 || idlen !== 65) throw new Error(`unexpected header rs=${rs} idlen=${idlen}`);
  const asPublic = body.subarray(21, 21 + idlen);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(uaPrivateKey);
  const uaPublic = ecdh.getPublicKey();
  const secret = ecdh.computeSecret(asPublic);
  const h = (ikm: Buffer, salt2: Buffer, info: string | Buffer, n: number) => Buffer.from(hkdfSync('sha256', ikm, salt2, info, n));
  const ikm = h(secret, auth, Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]), 32);
  const cek = h(ikm, salt, 'Content-Encoding: aes128gcm\0', 16);
  const nonce = h(ikm, salt, 'Content-Encoding: nonce\0', 12);
  const record = body.subarray(21 + idlen);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // Strip padding zeros back to the last record's delimiter (0x02).
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('missing last-record delimiter');
  return padded.subarray(0, end);
}

/** Verifies `Authorization: vapid t=…, k=…` as a push service does; returns the claims. */
export function verifyVapid(
  header: string | undefined,
  origin: string,
  nowSeconds: number,
): { aud: string; exp: number; sub: string; k: string } {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a vapid authorization: ${header}`);
  const [headerPart, claimsPart, signature] = m[1].split('.');
  const jwtHeader = JSON.parse(fromB64u(headerPart).toString()) as { alg: string; typ: string };
  if (jwtHeader.alg !== 'ES256') throw new Error(`alg ${jwtHeader.alg}`);
  const point = fromB64u(m[2]);
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${headerPart}.${claimsPart}`), { key, dsaEncoding: 'ieee-p1363' }, fromB64u(signature));
  if (!ok) throw new Error('bad VAPID signature');
  const claims = JSON.parse(fromB64u(claimsPart).toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  if (!(claims.exp > nowSeconds && claims.exp <= nowSeconds + 24 * 3600)) throw new Error(`exp ${claims.exp} out of range`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return { ...claims, k: m[2] };
}

export class PushReceiver {
  readonly received: ReceivedPush[] = [];
  /** Problems a real push service would refuse (bad JWT, undecryptable body): a test fails on any. */
  readonly errors: string[] = [];
  /** Answers by path; each call takes the next one (the last repeats). */
  private readonly answers = new Map<string, number[]>();
  private readonly devices = new Map<string, FakeDevice>();
  private server: http.Server | null = null;
  /** Paths whose answers wait until released (a push service that hangs). */
  private readonly held = new Map<string, (() => void)[]>();
  origin = '';

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const status = this.handle(req, Buffer.concat(chunks));
        const waiting = this.held.get(req.url ?? '');
        if (waiting) waiting.push(() => res.writeHead(status).end());
        else res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** A new browser subscription at this service: fresh P-256 key pair and auth secret. */
  device(name: string): FakeDevice {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const device = {
      endpoint: `${this.origin}/push/${name}`,
      keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
      privateKey: ecdh.getPrivateKey(),
      auth,
    };
    this.devices.set(`/push/${name}`, device);
    return device;
  }

  answer(name: string, ...statuses: number[]): void {
    this.answers.set(`/push/${name}`, statuses);
  }

  /** The service takes this device's pushes but does not answer until `release`. */
  hold(name: string): void {
    this.held.set(`/push/${name}`, []);
  }

  release(name: string): void {
    const waiting = this.held.get(`/push/${name}`) ?? [];
    this.held.delete(`/push/${name}`);
    for (const answer of waiting) answer();
  }

  to(name: string): ReceivedPush[] {
    return this.received.filter((r) => r.path === `/push/${name}`);
  }

  private handle(req: http.IncomingMessage, body: Buffer): number {
    const path = req.url ?? '';
    const queued = this.answers.get(path);
    const status = queued && queued.length > 1 ? queued.shift()! : (queued?.[0] ?? 201);
    const device = this.devices.get(path);
    try {
      if (req.method !== 'POST') throw new Error(`method ${req.method}`);
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
      if (!req.headers.ttl) throw new Error('no TTL');
      const jwt = verifyVapid(req.headers.authorization, this.origin, Math.floor(Date.now() / 1000));
      if (!device) throw new Error(`unknown subscription ${path}`);
      const plaintext = decryptPush(body, device.privateKey, device.auth).toString('utf8');
      if (status >= 200 && status < 300)
        this.received.push({ path, headers: req.headers, payload: JSON.parse(plaintext) as Record<string, unknown>, plaintext, jwt });
    } catch (err) {
      this.errors.push(`${path}: ${(err as Error).message}`);
      return 400;
    }
    return status;
  }
}
