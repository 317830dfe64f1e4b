/**
 * Message ids that sort in the order they were made (the layout of a UUIDv7, RFC 9562: 48 bits of
 * Unix milliseconds, then a counter, then random bits). Chats order messages by (created_at, id),
 * and WhatsApp stamps messages to the second: with random ids, messages of the same second —
 * a burst, or the offline queue delivered after a restart — showed in random order.
 */
import { randomBytes } from 'node:crypto';

let lastMs = 0;
let counter = 0;
/** Random bytes drawn in bulk: one call to the system's generator per 512 ids, not per id. */
let pool = Buffer.alloc(0);
let poolOffset = 0;

function randomTail(): Buffer {
  if (poolOffset + 10 > pool.length) {
    pool = randomBytes(5120);
    poolOffset = 0;
  }
  poolOffset += 10;
  return pool.subarray(poolOffset - 10, poolOffset);
}

/** `now` defaults to real time: the id keeps the order messages arrived in this process, not a business time. */
export function orderedId(now: number = Date.now()): string {
  // Within one millisecond (or if the clock steps back) a 12-bit counter keeps the order.
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
  } else if (++counter > 0xfff) {
    lastMs += 1;
    counter = 0;
  }
  const bytes = Buffer.allocUnsafe(16);
  randomTail().copy(bytes, 6);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (counter >> 8); // version 7
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8] & 0x3f); // variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
