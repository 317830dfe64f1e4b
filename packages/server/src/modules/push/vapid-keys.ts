/**
 * The server's VAPID key pair: from the environment (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, the
 * format `web-push generate-vapid-keys` prints), else generated once into DATA_DIR/vapid.json
 * (mode 600). Browsers subscribe with the public key, so it must not change: a new key would make
 * every existing subscription refuse our pushes. Several server processes must share it (the
 * environment, or one DATA_DIR).
 */
import fs from 'node:fs';
import path from 'node:path';
import { generateVapidKeys, vapidSigningKey, type VapidKeys } from './web-push.js';

/** Apple's push service refuses a subject on localhost; operators set VAPID_SUBJECT (docs/operations.md). */
export const DEFAULT_VAPID_SUBJECT = 'mailto:admin@switchboard.invalid';

export function loadVapidKeys(dataDir: string, env: { publicKey?: string; privateKey?: string; subject?: string }): VapidKeys {
  if (!!env.publicKey !== !!env.privateKey) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  const subject = env.subject ?? DEFAULT_VAPID_SUBJECT;
  if (env.publicKey && env.privateKey) {
    const keys = { publicKey: env.publicKey, privateKey: env.privateKey, subject };
    vapidSigningKey(keys);
    return keys;
  }
  const file = path.join(dataDir, 'vapid.json');
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof stored.publicKey !== 'string' || typeof stored.privateKey !== 'string')
      throw new Error(`${file} does not hold a VAPID key pair`);
    const keys = { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
    vapidSigningKey(keys);
    return keys;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const keys = generateVapidKeys(subject);
  // 'wx': a second process starting at the same moment keeps the first one's keys.
  try {
    fs.writeFileSync(file, JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey }), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return loadVapidKeys(dataDir, env);
    throw err;
  }
  return keys;
}
