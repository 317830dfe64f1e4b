/**
 * Password hashing with scrypt (node:crypto): memory-hard, no native dependency. Hashes imported
 * from a Whaticket-family install are bcrypt ($2a$/$2b$/$2y$): they are checked as they are, so
 * attendants keep their passwords, and replaced by scrypt at their next sign-in.
 */
import bcrypt from 'bcryptjs';
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
/** The cost of every hash the product makes. */
export const PASSWORD_HASH_COST = 16384;
const PARAMS = { N: PASSWORD_HASH_COST, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LEN = 32;

export async function hashPassword(password: string): Promise<string> {
  const params = { ...PARAMS, N: cost };
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LEN, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

let cost = PASSWORD_HASH_COST;

/**
 * Makes new hashes cheaper, in a test process only (NODE_ENV=test; refused otherwise): tests sign
 * in hundreds of times, and the cost is a property of the stored hash (verifyPassword reads it
 * from there), so what they check does not depend on it.
 */
export function lowerPasswordHashCostForTests(n: number): void {
  if (process.env.NODE_ENV !== 'test') throw new Error('The password hash cost can only be lowered in tests (NODE_ENV=test)');
  if (!Number.isInteger(Math.log2(n)) || n < 2 || n > PASSWORD_HASH_COST)
    throw new Error(`Not a scrypt cost (a power of 2, at most ${PASSWORD_HASH_COST}): ${n}`);
  cost = n;
}

const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

/** A stored hash in a scheme we only read (bcrypt): verify, then re-hash with hashPassword. */
export function isLegacyHash(stored: string): boolean {
  return BCRYPT.test(stored);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (isLegacyHash(stored)) return bcrypt.compare(password, stored);
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A password to print once for the first admin. */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

/** Constant-time comparison of two secrets of any length. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  if (ab.length !== bb.length) {
    timingSafeEqual(ab, ab);
    return false;
  }
  return timingSafeEqual(ab, bb);
}
