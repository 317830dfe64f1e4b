/**
 * Web Push on the wire, with node:crypto only:
 *   - RFC 8291 message encryption (content coding aes128gcm, RFC 8188): the payload is encrypted to
 *     the browser's P-256 key and authentication secret, so the push service carries it unread;
 *   - RFC 8292 VAPID: an ES256 JWT naming the push service's origin, signed with the server's key,
 *     which the browser was given when it subscribed (the push service refuses other senders).
 * push.test.ts checks the encryption against RFC 8291's worked example byte for byte, and a stand-in
 * push service decrypts what we send and verifies the JWT.
 */
import { createECDH, createHash, createCipheriv, createPrivateKey, hkdfSync, randomBytes, sign, type KeyObject } from 'node:crypto';

export const b64u = (b: Buffer | Uint8Array): string => Buffer.from(b).toString('base64url');
export const fromB64u = (s: string): Buffer => Buffer.from(s.replace(/=+$/, ''), 'base64url');

/** One record holds the whole payload (push services take at most 4096 bytes). */
const RECORD_SIZE = 4096;
/** RFC 8291 §4: the largest plaintext a 4096-byte record carries (minus header, delimiter and tag). */
export const MAX_PLAINTEXT = RECORD_SIZE - 86 - 1 - 16;

export interface BrowserKeys {
  /** The subscription's p256dh: a 65-byte uncompressed P-256 point. */
  p256dh: Buffer;
  /** The subscription's 16-byte authentication secret. */
  auth: Buffer;
}

/** The sender's side of one message; tests pass the RFC's fixed key and salt. */
export interface EncryptionInputs {
  /** The ephemeral P-256 private key (32 bytes); fresh for every message in production. */
  senderPrivateKey?: Buffer;
  salt?: Buffer;
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 §3.4 and RFC 8188 §2: the aes128gcm body — salt, record size, key id (our public key), one record. */
export function encryptPayload(plaintext: Buffer, to: BrowserKeys, inputs: EncryptionInputs = {}): Buffer {
  if (to.p256dh.length !== 65 || to.p256dh[0] !== 4) throw new Error('p256dh is not an uncompressed P-256 point');
  if (to.auth.length !== 16) throw new Error('auth secret is not 16 bytes');
  if (plaintext.length > MAX_PLAINTEXT) throw new Error(`push payload of ${plaintext.length} bytes exceeds ${MAX_PLAINTEXT}`);
  const ecdh = createECDH('prime256v1');
  if (inputs.senderPrivateKey) ecdh.setPrivateKey(inputs.senderPrivateKey);
  else ecdh.generateKeys();
  const senderPublic = ecdh.getPublicKey();
  const salt = inputs.salt ?? randomBytes(16);
  const shared = ecdh.computeSecret(to.p256dh);
  // IKM binds the shared secret to the browser's auth secret and both public keys (§3.3).
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), to.p256dh, senderPublic]);
  const ikm = hkdf(shared, to.auth, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  // 0x02: the last (and only) record's delimiter, no padding.
  const body = Buffer.concat([cipher.update(Buffer.concat([plaintext, Buffer.from([2])])), cipher.final(), cipher.getAuthTag()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(senderPublic.length, 20);
  return Buffer.concat([header, senderPublic, body]);
}

export interface VapidKeys {
  /** base64url of the 65-byte uncompressed public point (the browser's applicationServerKey). */
  publicKey: string;
  /** base64url of the 32-byte private scalar. */
  privateKey: string;
  /** mailto: or https: contact for the push service's operator. */
  subject: string;
}

export function generateVapidKeys(subject: string): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: b64u(ecdh.getPublicKey()), privateKey: b64u(scalar32(ecdh.getPrivateKey())), subject };
}

/**
 * A P-256 private scalar as its 32 bytes. Node's ECDH gives it without leading zero bytes (one key
 * in 256 is shorter), and keys written by other tools may be too; JWK wants the full length.
 */
function scalar32(priv: Buffer): Buffer {
  return priv.length >= 32 ? priv : Buffer.concat([Buffer.alloc(32 - priv.length), priv]);
}

/** The signing key from the raw pair (as JWK: Node has no raw EC private key import). */
export function vapidSigningKey(keys: Pick<VapidKeys, 'publicKey' | 'privateKey'>): KeyObject {
  const pub = fromB64u(keys.publicKey);
  if (pub.length !== 65 || pub[0] !== 4) throw new Error('VAPID public key is not an uncompressed P-256 point');
  const raw = fromB64u(keys.privateKey);
  if (raw.length === 0 || raw.length > 32) throw new Error('VAPID private key is not a P-256 private key (32 bytes)');
  const priv = scalar32(raw);
  const key = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(pub.subarray(1, 33)), y: b64u(pub.subarray(33)), d: b64u(priv) },
    format: 'jwk',
  });
  // A private key that does not match the public one would sign pushes every service refuses.
  const check = createECDH('prime256v1');
  check.setPrivateKey(priv);
  if (!check.getPublicKey().equals(pub)) throw new Error('VAPID private key does not match the public key');
  return key;
}

/** RFC 8292 §2–3: `Authorization: vapid t=<JWT>, k=<public key>` for the endpoint's origin. */
export function vapidAuthorization(
  endpoint: string,
  keys: VapidKeys,
  signingKey: KeyObject,
  nowSeconds: number,
  ttlSeconds = 12 * 3600,
): string {
  const header = b64u(Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })));
  const claims = b64u(Buffer.from(JSON.stringify({ aud: new URL(endpoint).origin, exp: nowSeconds + ttlSeconds, sub: keys.subject })));
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), { key: signingKey, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${header}.${claims}.${b64u(signature)}, k=${keys.publicKey}`;
}

/** A short, stable name of an endpoint for logs (the endpoint itself is a bearer capability). */
export function endpointFingerprint(endpoint: string): string {
  let origin = '?';
  try {
    origin = new URL(endpoint).origin;
  } catch {
    // Logged as unknown origin; the hash still tells endpoints apart.
  }
  return `${origin}#${createHash('sha256').update(endpoint).digest('hex').slice(0, 12)}`;
}
