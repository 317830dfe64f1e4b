/**
 * Reactions and edits of messages, as stored: WhatsApp keeps one reaction per reacting side and
 * message (a new one replaces it, an empty one takes it away), and an edit replaces the text while
 * the history (message_edits) keeps what was there.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { readAll, type DbOrTx } from '../db/client.js';
import { messageEdits, messageReactions, messages } from '../db/schema.js';
import type { MessageRow } from './message-present.js';

/** The company's side: every attendant reacts through the one company number. */
export const COMPANY_REACTOR = 'me';

/** Sets (or with an empty emoji removes) one side's reaction on a message. */
export async function setReaction(
  db: DbOrTx,
  reaction: { messageId: string; reactor: string; emoji: string; fromMe: boolean; userId?: number | null; at: Date },
): Promise<void> {
  const key = and(eq(messageReactions.messageId, reaction.messageId), eq(messageReactions.reactor, reaction.reactor));
  if (!reaction.emoji) {
    await db.delete(messageReactions).where(key);
    return;
  }
  const values = { emoji: reaction.emoji, fromMe: reaction.fromMe, userId: reaction.userId ?? null, createdAt: reaction.at };
  await db
    .insert(messageReactions)
    .values({ messageId: reaction.messageId, reactor: reaction.reactor, ...values })
    .onConflictDoUpdate({ target: [messageReactions.messageId, messageReactions.reactor], set: values });
}

/**
 * Replaces a message's text, keeping the text it had in the history. An edit to the same text
 * (a redelivered edit) changes nothing and answers null.
 */
export async function recordEdit(db: DbOrTx, row: MessageRow, body: string, userId: number | null, at: Date): Promise<MessageRow | null> {
  if (row.body === body) return null;
  await db.insert(messageEdits).values({ messageId: row.id, previousBody: row.body, userId, createdAt: at });
  const [updated] = await db.update(messages).set({ body, isEdited: true, updatedAt: at }).where(eq(messages.id, row.id)).returning();
  return updated ?? null;
}

/** Each message's reactions (oldest first) and, for edited ones, the text before the first edit. */
export async function reactionsAndOriginals(
  db: DbOrTx,
  rows: Pick<MessageRow, 'id' | 'isEdited'>[],
): Promise<{ reactions: Map<string, { emoji: string; fromMe: boolean }[]>; originals: Map<string, string> }> {
  const ids = rows.map((r) => r.id);
  const edited = rows.filter((r) => r.isEdited).map((r) => r.id);
  const [reactionRows, editRows] = await readAll(db, [
    () =>
      ids.length
        ? db
            .select({ messageId: messageReactions.messageId, emoji: messageReactions.emoji, fromMe: messageReactions.fromMe })
            .from(messageReactions)
            .where(inArray(messageReactions.messageId, ids))
            .orderBy(asc(messageReactions.createdAt))
        : Promise.resolve([]),
    () =>
      edited.length
        ? db
            .select({ messageId: messageEdits.messageId, previousBody: messageEdits.previousBody })
            .from(messageEdits)
            .where(inArray(messageEdits.messageId, edited))
            .orderBy(asc(messageEdits.id))
        : Promise.resolve([]),
  ] as const);
  const reactions = new Map<string, { emoji: string; fromMe: boolean }[]>();
  for (const r of reactionRows) {
    const list = reactions.get(r.messageId) ?? [];
    list.push({ emoji: r.emoji, fromMe: r.fromMe });
    reactions.set(r.messageId, list);
  }
  const originals = new Map<string, string>();
  for (const e of editRows) if (!originals.has(e.messageId)) originals.set(e.messageId, e.previousBody);
  return { reactions, originals };
}
