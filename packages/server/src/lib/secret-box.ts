/**
 * Seals secrets at rest (channel access tokens, app secrets) with AES-256-GCM. The key comes from
 * SECRETS_KEY, or from DATA_DIR/secrets.key, created on first use readable by the owner only.
 * A sealed value is "v1:<iv>:<tag>:<ciphertext>" (base64): tampering or a wrong key fails to open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The secrets key must be 32 bytes');
  }

  /** The key from the environment, else the data directory's key file (created once). */
  static fromConfig(config: { secretsKey: Buffer | undefined; dataDir: string }): SecretBox {
    return new SecretBox(secretsKeyOf(config));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split(':');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  }
}

/**
 * The installation's secrets key: SECRETS_KEY, else DATA_DIR/secrets.key, created on first use
 * readable by the owner only. Several processes on one database need the same SECRETS_KEY.
 */
export function secretsKeyOf(config: { secretsKey: Buffer | undefined; dataDir: string }): Buffer {
  if (config.secretsKey) return config.secretsKey;
  const file = path.join(config.dataDir, 'secrets.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx': two processes starting together keep one key — the loser reads the winner's.
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
}
