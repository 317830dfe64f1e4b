/**
 * The database-backed AuthStore (ARCHITECTURE §5: channel auth state lives in the database, never
 * in files). One row of `channel_auth` per key of one connection; the driver decides what a key
 * and its serialized value mean.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { channelAuth } from '../db/schema.js';
import type { AuthStore } from './driver.js';

export function createDbAuthStore(db: Db, connectionId: number): AuthStore {
  const ofConnection = eq(channelAuth.whatsappId, connectionId);

  return {
    async get(key) {
      const [row] = await db
        .select({ value: channelAuth.value })
        .from(channelAuth)
        .where(and(ofConnection, eq(channelAuth.key, key)));
      return row?.value;
    },

    async set(entries) {
      const upserts: { whatsappId: number; key: string; value: string }[] = [];
      const deletes: string[] = [];
      for (const [key, value] of Object.entries(entries)) {
        if (value === null) deletes.push(key);
        else upserts.push({ whatsappId: connectionId, key, value });
      }
      if (upserts.length === 0 && deletes.length === 0) return;
      // One transaction, so a batch of signal keys is never half written.
      await db.transaction(async (tx) => {
        if (upserts.length > 0) {
          await tx
            .insert(channelAuth)
            .values(upserts)
            .onConflictDoUpdate({
              target: [channelAuth.whatsappId, channelAuth.key],
              set: { value: sql`excluded.value`, updatedAt: sql`now()` },
            });
        }
        if (deletes.length > 0) {
          await tx.delete(channelAuth).where(and(ofConnection, inArray(channelAuth.key, deletes)));
        }
      });
    },

    async clear() {
      await db.delete(channelAuth).where(ofConnection);
    },
  };
}
