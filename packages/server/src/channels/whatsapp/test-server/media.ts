/**
 * Media as a customer's phone uploads it: AES-256-CBC under keys expanded from a random media key
 * (baileys Utils/messages-media.js getMediaKeys), followed by the first 10 bytes of
 * HMAC-SHA256(macKey, iv ‖ ciphertext) — the layout encryptedStream writes (:309-370) and
 * downloadEncryptedContent reads back. The test server serves the encrypted file over HTTP at the
 * message's `url`, which baileys fetches when the message has no directPath (:416-425).
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { getMediaKeys, type MediaType } from 'baileys';

export interface EncryptedMedia {
  mediaKey: Buffer;
  encrypted: Buffer;
  fileSha256: Buffer;
  fileEncSha256: Buffer;
  fileLength: number;
}

export async function encryptMedia(data: Buffer, type: MediaType): Promise<EncryptedMedia> {
  const mediaKey = randomBytes(32);
  const { cipherKey, iv, macKey } = await getMediaKeys(mediaKey, type);
  const aes = createCipheriv('aes-256-cbc', cipherKey, iv);
  const ciphertext = Buffer.concat([aes.update(data), aes.final()]);
  const mac = createHmac('sha256', macKey!).update(iv).update(ciphertext).digest().subarray(0, 10);
  const encrypted = Buffer.concat([ciphertext, mac]);
  return {
    mediaKey,
    encrypted,
    fileSha256: createHash('sha256').update(data).digest(),
    fileEncSha256: createHash('sha256').update(encrypted).digest(),
    fileLength: data.length,
  };
}

/** The reverse, as the receiving phone does after fetching the file (checks the MAC first). */
export async function decryptMedia(encrypted: Buffer, mediaKey: Uint8Array, type: MediaType): Promise<Buffer> {
  const { cipherKey, iv, macKey } = await getMediaKeys(mediaKey, type);
  const ciphertext = encrypted.subarray(0, encrypted.length - 10);
  const mac = createHmac('sha256', macKey!).update(iv).update(ciphertext).digest().subarray(0, 10);
  if (!mac.equals(encrypted.subarray(encrypted.length - 10))) throw new Error('media MAC mismatch');
  const aes = createDecipheriv('aes-256-cbc', cipherKey, iv);
  return Buffer.concat([aes.update(ciphertext), aes.final()]);
}
