/**
 * Stores a batch of inbound messages with set-based statements: contacts, tickets (found,
 * reopened or created), messages and the tickets' last-message fields. A message whose
 * (connection, external id) is already stored yields null.
 *
 * Most messages come from known customers writing into a ticket that is open or pending:
 * `storeKnown` (store-known.ts) stores those in one statement, outside any transaction. The rest go
 * through `storeBatch` in one transaction. The
 * invariants stay in the database (unique number, one open-or-pending ticket per contact and
 * connection); if a concurrent writer wins a race, a statement conflicts and `storeInbound` falls
 * back to storing the messages one by one.
 *
 * A customer's message in a chat where a rating request waits is not stored here but held back
 * ('held', when the item asks: `holdIfAwaited`), for the rating interceptor to decide first.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { InboundMessage } from '../channels/driver.js';
import type { Database, Tx } from '../db/client.js';
import { contacts, messages, ratingRequests, ticketCycles, tickets } from '../db/schema.js';
import type { ConnectionRow } from '../store/connections.js';
import { rollupContactIds, rollupCycles } from '../store/dashboard-rollups.js';
import type { MessageRow } from '../store/message-present.js';
import type { ContactTag } from '../store/ticket-present.js';
import type { StoredMedia } from '../lib/media-store.js';
import { rowsOf } from '../lib/sql.js';
import { insertAndUpdate, messageValues, readWritten, valuesTable } from './inbound-write.js';
import { storeKnown } from './store-known.js';

export type ContactRow = typeof contacts.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;

export interface BatchItem {
  connection: ConnectionRow;
  msg: InboundMessage;
  media: StoredMedia | null;
  /** Why a message's media was not kept (shown in the chat); ERR_WAPP_DOWNLOAD_MEDIA by default. */
  mediaError?: MediaErrorCode;
  /**
   * Hold the message back, unstored ('held'), when a rating request waits for its chat: the
   * pipeline's interceptors see it first (inbound.ts). Set on a customer's message in a one-to-one
   * chat the interceptors have not seen yet.
   */
  holdIfAwaited?: boolean;
}

/** A message held back because a rating request waits for its chat (`holdIfAwaited`). */
export type Held = 'held';

export type MediaErrorCode = 'ERR_MEDIA_TOO_LARGE' | 'ERR_WAPP_DOWNLOAD_MEDIA';

export interface BatchStored {
  connection: ConnectionRow;
  contact: ContactRow;
  ticket: TicketRow;
  message: MessageRow;
  /** In groups, the member who wrote. */
  sender: ContactRow | null;
  ticketCreated: boolean;
  contactCreated: boolean;
  /** The contact's tags, when the store read them along (store-known.ts). */
  contactTags?: ContactTag[];
  /** How many sectors the connection has, when the store read it along (store-known.ts). */
  connectionSectors?: number;
  /**
   * The statement that stored the message recorded its ticket's automatic-reply recovery time
   * (auto-reply-due.ts): the listener need not write it again.
   */
  autoReplyDueRecorded: boolean;
  /** Campaign recipients this message marked replied, when the store did it along (store-known.ts). */
  campaignReplies?: { id: number; campaignId: number }[];
}

const pairKey = (contactId: number, whatsappId: number) => `${contactId}:${whatsappId}`;

/**
 * Stores any batch inside the caller's transaction, creating or reopening what is missing; holds
 * back the messages `holdIfAwaited` asks about whose chat a rating request waits for.
 */
export async function storeBatch(
  tx: Tx,
  items: BatchItem[],
  now: Date,
  reopenWithinSeconds: number,
): Promise<(BatchStored | Held | null)[]> {
  const held = await awaitedItems(tx, items);
  if (held.size === 0) return storeSettled(tx, items, now, reopenWithinSeconds);
  const rest = items.filter((_, i) => !held.has(i));
  const stored = rest.length ? await storeSettled(tx, rest, now, reopenWithinSeconds) : [];
  let k = 0;
  return items.map((_, i) => (held.has(i) ? 'held' : stored[k++]));
}

/** Indexes of the items to hold back: a rating request waits for their chat (read only when one asks). */
async function awaitedItems(tx: Tx, items: BatchItem[]): Promise<Set<number>> {
  const asking = items.filter((item) => item.holdIfAwaited);
  if (asking.length === 0) return new Set();
  const rows = await tx
    .select({ number: contacts.number, whatsappId: ratingRequests.whatsappId })
    .from(ratingRequests)
    .innerJoin(contacts, eq(contacts.id, ratingRequests.contactId))
    .where(
      and(
        eq(ratingRequests.state, 'waiting'),
        sql`(${contacts.number}, ${ratingRequests.whatsappId}) in (${sql.join(
          asking.map((item) => sql`(${item.msg.chat.id}::text, ${item.connection.id}::int)`),
          sql`, `,
        )})`,
      ),
    );
  const awaited = new Set(rows.map((r) => `${r.whatsappId}:${r.number}`));
  // The chat's every message waits with the one that asked, so its order holds.
  return new Set(items.flatMap((item, i) => (awaited.has(`${item.connection.id}:${item.msg.chat.id}`) ? [i] : [])));
}

/** Stores the batch inside the caller's transaction, creating or reopening what is missing. */
async function storeSettled(tx: Tx, items: BatchItem[], now: Date, reopenWithinSeconds: number): Promise<(BatchStored | null)[]> {
  // 1. Contacts: the chat's contact and, in groups, the member who wrote.
  const wanted = new Map<string, typeof contacts.$inferInsert>();
  for (const { msg } of items) {
    if (!wanted.has(msg.chat.id)) {
      const name = msg.chat.isGroup ? msg.chatName?.trim() : !msg.fromMe ? msg.sender.name?.trim() : undefined;
      wanted.set(msg.chat.id, {
        number: msg.chat.id,
        name: name || msg.chat.id,
        isGroup: msg.chat.isGroup,
        lid: msg.chat.isGroup ? null : (msg.sender.lid ?? null),
      });
    }
    if (msg.chat.isGroup && !msg.fromMe && !wanted.has(msg.sender.number)) {
      wanted.set(msg.sender.number, {
        number: msg.sender.number,
        name: msg.sender.name?.trim() || msg.sender.number,
        isGroup: false,
        lid: msg.sender.lid ?? null,
      });
    }
  }
  // Most senders are known: read first, insert only the new ones.
  const contactByNumber = new Map<string, ContactRow>();
  for (const c of await tx
    .select()
    .from(contacts)
    .where(inArray(contacts.number, [...wanted.keys()])))
    contactByNumber.set(c.number, c);
  const newContacts = [...wanted.values()].filter((c) => !contactByNumber.has(c.number));
  const createdNumbers = new Set<string>();
  if (newContacts.length) {
    const inserted = await tx.insert(contacts).values(newContacts).onConflictDoNothing({ target: contacts.number }).returning();
    await rollupContactIds(
      tx,
      1,
      inserted.map((c) => c.id),
    );
    for (const c of inserted) {
      contactByNumber.set(c.number, c);
      createdNumbers.add(c.number);
    }
    const raced = newContacts.filter((c) => !contactByNumber.has(c.number)).map((c) => c.number);
    if (raced.length)
      for (const c of await tx.select().from(contacts).where(inArray(contacts.number, raced))) contactByNumber.set(c.number, c);
  }

  // 2. Tickets: the active one of each (contact, connection), else a recent one reopened, else new.
  const pairs = new Map<string, { contactId: number; whatsappId: number; isGroup: boolean }>();
  for (const { msg, connection } of items) {
    const c = contactByNumber.get(msg.chat.id)!;
    pairs.set(pairKey(c.id, connection.id), { contactId: c.id, whatsappId: connection.id, isGroup: msg.chat.isGroup });
  }
  const ticketByPair = new Map<string, TicketRow>();
  const created = new Set<number>();
  const pairList = (ps: { contactId: number; whatsappId: number }[]) =>
    sql.join(
      ps.map((p) => sql`(${p.contactId}::int, ${p.whatsappId}::int)`),
      sql`, `,
    );
  const loadActive = async (ps: { contactId: number; whatsappId: number }[]) => {
    if (!ps.length) return;
    const rows = await tx
      .select()
      .from(tickets)
      .where(and(inArray(tickets.status, ['open', 'pending']), sql`(${tickets.contactId}, ${tickets.whatsappId}) in (${pairList(ps)})`));
    for (const t of rows) ticketByPair.set(pairKey(t.contactId, t.whatsappId), t);
  };
  await loadActive([...pairs.values()]);
  let missing = [...pairs.values()].filter((p) => !ticketByPair.has(pairKey(p.contactId, p.whatsappId)));
  // A message already stored (a redelivery, a replayed webhook) changes nothing: it must not reopen
  // a closed ticket nor open a new one. Read only when a ticket would change.
  const duplicate = new Set<number>();
  if (missing.length) {
    const pairOfItem = (i: number) => pairKey(contactByNumber.get(items[i].msg.chat.id)!.id, items[i].connection.id);
    const missingKeys = new Set(missing.map((p) => pairKey(p.contactId, p.whatsappId)));
    const candidates = items.map((_, i) => i).filter((i) => missingKeys.has(pairOfItem(i)));
    const keyOf = (whatsappId: number | null, externalId: string | null) => `${whatsappId}:${externalId}`;
    const stored = new Set(
      (
        await tx
          .select({ whatsappId: messages.whatsappId, externalId: messages.externalId })
          .from(messages)
          .where(
            sql`(${messages.whatsappId}, ${messages.externalId}) in (${sql.join(
              candidates.map((i) => sql`(${items[i].connection.id}::int, ${items[i].msg.externalId}::text)`),
              sql`, `,
            )})`,
          )
      ).map((r) => keyOf(r.whatsappId, r.externalId)),
    );
    for (const i of candidates) if (stored.has(keyOf(items[i].connection.id, items[i].msg.externalId))) duplicate.add(i);
    const stillWanted = new Set(candidates.filter((i) => !duplicate.has(i)).map(pairOfItem));
    missing = missing.filter((p) => stillWanted.has(pairKey(p.contactId, p.whatsappId)));
  }
  if (missing.length) {
    const since = new Date(now.getTime() - reopenWithinSeconds * 1000);
    const recent =
      reopenWithinSeconds > 0
        ? rowsOf(
            await tx.execute(sql`
            select distinct on (contact_id, whatsapp_id) id from ${tickets}
            where status = 'closed' and updated_at > ${since.toISOString()}::timestamptz
              and (contact_id, whatsapp_id) in (${pairList(missing)})
            order by contact_id, whatsapp_id, updated_at desc`),
          ).map((r) => Number(r.id))
        : [];
    if (recent.length) {
      const reopened = await tx
        .update(tickets)
        .set({ status: 'pending', userId: null, isFinished: false, updatedAt: now })
        .where(and(inArray(tickets.id, recent), eq(tickets.status, 'closed')))
        .returning();
      for (const t of reopened) ticketByPair.set(pairKey(t.contactId, t.whatsappId), t);
      if (reopened.length)
        await addCycles(
          tx,
          reopened.map((t) => ({ ticketId: t.id, queueId: t.queueId, queuedAt: now })),
        );
    }
    missing = missing.filter((p) => !ticketByPair.has(pairKey(p.contactId, p.whatsappId)));
    if (missing.length) {
      const values = sql.join(
        missing.map(
          (p) =>
            sql`(${p.contactId}::int, ${p.whatsappId}::int, 'pending', ${p.isGroup}::boolean, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      );
      const inserted = rowsOf(
        await tx.execute(sql`
          insert into ${tickets} (contact_id, whatsapp_id, status, is_group, created_at, updated_at)
          values ${values}
          on conflict (contact_id, whatsapp_id) where status in ('open', 'pending') do nothing
          returning id`),
      ).map((r) => Number(r.id));
      if (inserted.length) {
        const year = now.getUTCFullYear();
        const rows = await tx
          .update(tickets)
          .set({ protocol: sql`${String(year)} || lpad(${tickets.id}::text, 6, '0')` })
          .where(inArray(tickets.id, inserted))
          .returning();
        for (const t of rows) {
          ticketByPair.set(pairKey(t.contactId, t.whatsappId), t);
          created.add(t.id);
        }
        await addCycles(
          tx,
          rows.map((t) => ({ ticketId: t.id, queuedAt: now })),
        );
      }
      // Created meanwhile by another writer: use theirs.
      await loadActive(missing.filter((p) => !ticketByPair.has(pairKey(p.contactId, p.whatsappId))));
    }
  }

  // 3. Messages and the tickets' last-message fields, in one statement (inbound-write.ts).
  const fresh = items.filter((_, i) => !duplicate.has(i));
  if (fresh.length === 0) return items.map(() => null);
  const rows = fresh.map((item) => {
    const { msg, connection } = item;
    const contact = contactByNumber.get(msg.chat.id)!;
    return {
      ...messageValues(item),
      ticketId: ticketByPair.get(pairKey(contact.id, connection.id))!.id,
      contactId: msg.fromMe ? null : msg.chat.isGroup ? contactByNumber.get(msg.sender.number)!.id : contact.id,
    };
  });
  const values = valuesTable(rows, [
    ['ticket_id', 'int', (r) => r.ticketId],
    ['contact_id', 'int', (r) => r.contactId],
  ]);
  const written = readWritten(
    await tx.execute(sql`
      with src as (select * from ${values}),
      live as (select id from ${tickets} where id in (select ticket_id from src) and status in ('open', 'pending') order by id for update),
      ${insertAndUpdate(now)}`),
  );
  if (written.closed.size) throw new TicketClosedMeanwhile([...written.closed]);
  const rowOf = new Map(fresh.map((item, i) => [item, rows[i]]));
  return items.map((item) => {
    const { msg, connection } = item;
    const row = rowOf.get(item);
    if (!row) return null; // already stored
    const message = written.messages.get(row.id);
    if (!message) return null; // already stored
    const contact = contactByNumber.get(msg.chat.id)!;
    return {
      connection,
      contact,
      ticket: written.tickets.get(message.ticketId)!,
      message,
      sender: msg.chat.isGroup && !msg.fromMe ? (contactByNumber.get(msg.sender.number) ?? null) : null,
      ticketCreated: created.has(message.ticketId),
      contactCreated: createdNumbers.has(contact.number),
      autoReplyDueRecorded: written.autoReplyDue.has(message.ticketId),
    };
  });
}

/** A ticket this batch was about to write into was closed by someone else first: store again. */
export class TicketClosedMeanwhile extends Error {
  constructor(readonly ticketIds: number[]) {
    super(`tickets closed while their messages were being stored: ${ticketIds.join(', ')}`);
  }
}

/**
 * Stores a batch: what `storeKnown` can write at once, the rest (new contacts, tickets to open,
 * reopen or create) in one transaction; if that loses a race with a concurrent writer, one item at a
 * time, each retried once (it succeeds once the other writer has committed). Each item yields what
 * was stored, 'held' for a message held back for a waiting rating request (`holdIfAwaited`), null
 * for a message already stored, or the error that kept it from being stored.
 */
export async function storeInbound(
  database: Database,
  items: BatchItem[],
  now: Date,
  reopenWithinSeconds: number,
  onRetry: (err: unknown, stage: 'known' | 'batch') => void,
): Promise<(BatchStored | Held | null | Error)[]> {
  const { db } = database;
  let known = true;
  const results: (BatchStored | Held | null | Error | undefined)[] = await storeKnown(database, items, now).catch((err: unknown) => {
    onRetry(err, 'known');
    known = false;
    return items.map(() => undefined);
  });
  const left = results.flatMap((r, i) => (r === undefined ? [i] : []));
  if (left.length) {
    const inTransaction = (some: BatchItem[]) => db.transaction((tx) => storeBatch(tx, some, now, reopenWithinSeconds));
    // What storeKnown left, it has already asked about rating requests.
    const leftItems = left.map((i) => (known && items[i].holdIfAwaited ? { ...items[i], holdIfAwaited: false } : items[i]));
    try {
      const stored = await inTransaction(leftItems);
      left.forEach((i, k) => (results[i] = stored[k]));
    } catch (err) {
      onRetry(err, 'batch');
      for (const [k, i] of left.entries()) {
        const one = () => inTransaction([leftItems[k]]).then((r) => r[0]);
        results[i] = await one()
          .catch(() => one())
          .catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
      }
    }
  }
  return results as (BatchStored | Held | null | Error)[];
}

/** New waiting cycles, counted on the dashboard with them. */
async function addCycles(tx: Tx, values: (typeof ticketCycles.$inferInsert)[]): Promise<void> {
  const ids = (await tx.insert(ticketCycles).values(values).returning({ id: ticketCycles.id })).map((r) => r.id);
  await rollupCycles(
    tx,
    1,
    sql`c.id in (${sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    )})`,
  );
}
