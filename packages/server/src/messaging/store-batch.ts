/**
 * Stores a batch of inbound messages in one transaction with set-based statements: contacts,
 * tickets (found, reopened or created), messages and the tickets' last-message fields. A message
 * whose (connection, external id) is already stored yields null. The invariants stay in the
 * database (unique number, one open-or-pending ticket per contact and connection); if a
 * concurrent writer wins a race, the statement conflicts and the caller falls back to storing the
 * messages one by one.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { InboundMessage } from '../channels/driver.js';
import type { Tx } from '../db/client.js';
import { contacts, messages, ticketCycles, tickets } from '../db/schema.js';
import type { ConnectionRow } from '../store/connections.js';
import type { MessageRow } from '../store/message-present.js';
import type { StoredMedia } from '../lib/media-store.js';
import { previewOf } from './preview.js';
import { rowsOf } from '../lib/sql.js';

export type ContactRow = typeof contacts.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;

export interface BatchItem {
  connection: ConnectionRow;
  msg: InboundMessage;
  media: StoredMedia | null;
  /** Why a message's media was not kept (shown in the chat); ERR_WAPP_DOWNLOAD_MEDIA by default. */
  mediaError?: MediaErrorCode;
}

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
}

const pairKey = (contactId: number, whatsappId: number) => `${contactId}:${whatsappId}`;

export async function storeBatch(tx: Tx, items: BatchItem[], now: Date, reopenWithinSeconds: number): Promise<(BatchStored | null)[]> {
  // 1. Contacts: the chat's contact and, in groups, the member who wrote.
  const wanted = new Map<string, typeof contacts.$inferInsert>();
  for (const { msg } of items) {
    if (!wanted.has(msg.chat.id)) {
      const name = msg.chat.isGroup ? msg.chatName?.trim() : !msg.fromMe ? msg.sender.name?.trim() : undefined;
      wanted.set(msg.chat.id, { number: msg.chat.id, name: name || msg.chat.id, isGroup: msg.chat.isGroup, lid: msg.chat.isGroup ? null : (msg.sender.lid ?? null) });
    }
    if (msg.chat.isGroup && !msg.fromMe && !wanted.has(msg.sender.number)) {
      wanted.set(msg.sender.number, { number: msg.sender.number, name: msg.sender.name?.trim() || msg.sender.number, isGroup: false, lid: msg.sender.lid ?? null });
    }
  }
  // Most senders are known: read first, insert only the new ones.
  const contactByNumber = new Map<string, ContactRow>();
  for (const c of await tx.select().from(contacts).where(inArray(contacts.number, [...wanted.keys()]))) contactByNumber.set(c.number, c);
  const newContacts = [...wanted.values()].filter((c) => !contactByNumber.has(c.number));
  const createdNumbers = new Set<string>();
  if (newContacts.length) {
    const inserted = await tx.insert(contacts).values(newContacts).onConflictDoNothing({ target: contacts.number }).returning();
    for (const c of inserted) {
      contactByNumber.set(c.number, c);
      createdNumbers.add(c.number);
    }
    const raced = newContacts.filter((c) => !contactByNumber.has(c.number)).map((c) => c.number);
    if (raced.length) for (const c of await tx.select().from(contacts).where(inArray(contacts.number, raced))) contactByNumber.set(c.number, c);
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
    sql.join(ps.map((p) => sql`(${p.contactId}::int, ${p.whatsappId}::int)`), sql`, `);
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
  if (missing.length) {
    const since = new Date(now.getTime() - reopenWithinSeconds * 1000);
    const recent = reopenWithinSeconds > 0
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
      if (reopened.length) await tx.insert(ticketCycles).values(reopened.map((t) => ({ ticketId: t.id, queueId: t.queueId, queuedAt: now })));
    }
    missing = missing.filter((p) => !ticketByPair.has(pairKey(p.contactId, p.whatsappId)));
    if (missing.length) {
      const values = sql.join(
        missing.map((p) => sql`(${p.contactId}::int, ${p.whatsappId}::int, 'pending', ${p.isGroup}::boolean, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`),
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
        await tx.insert(ticketCycles).values(rows.map((t) => ({ ticketId: t.id, queuedAt: now })));
      }
      // Created meanwhile by another writer: use theirs.
      await loadActive(missing.filter((p) => !ticketByPair.has(pairKey(p.contactId, p.whatsappId))));
    }
  }

  // 3. Quoted messages, by their channel ids.
  const quoted = new Map<string, string>();
  const quotedWanted = items.filter((i) => i.msg.quotedExternalId);
  if (quotedWanted.length) {
    const conds: SQL[] = quotedWanted.map((i) => and(eq(messages.whatsappId, i.connection.id), eq(messages.externalId, i.msg.quotedExternalId!))!);
    const rows = await tx.select({ id: messages.id, whatsappId: messages.whatsappId, externalId: messages.externalId }).from(messages).where(sql.join(conds, sql` or `));
    for (const r of rows) quoted.set(`${r.whatsappId}:${r.externalId}`, r.id);
  }

  // 4. Messages; a redelivered one conflicts and is skipped.
  const rowsToInsert = items.map(({ msg, connection, media, mediaError }) => {
    const contact = contactByNumber.get(msg.chat.id)!;
    const ticket = ticketByPair.get(pairKey(contact.id, connection.id))!;
    const senderId = msg.fromMe ? null : msg.chat.isGroup ? contactByNumber.get(msg.sender.number)!.id : contact.id;
    return {
      id: randomUUID(),
      ticketId: ticket.id,
      whatsappId: connection.id,
      externalId: msg.externalId,
      contactId: senderId,
      body: msg.body,
      fromMe: msg.fromMe,
      read: msg.fromMe,
      mediaType: msg.kind,
      mediaPath: media?.name ?? null,
      mediaName: media?.filename ?? msg.media?.filename ?? null,
      mediaMime: media?.mimetype ?? null,
      quotedMsgId: msg.quotedExternalId ? (quoted.get(`${connection.id}:${msg.quotedExternalId}`) ?? null) : null,
      ack: msg.fromMe ? 1 : 0,
      sendState: 'received',
      lastError: msg.media && !media ? (mediaError ?? 'ERR_WAPP_DOWNLOAD_MEDIA') : null,
      rawPayload: msg.raw ?? null,
      createdAt: msg.timestamp,
      updatedAt: now,
    };
  });
  const insertedMessages = await insertMessages(tx, rowsToInsert);
  const insertedById = new Map(insertedMessages.map((m) => [m.id, m]));

  // 5. Each ticket's last message, unread count and customer clock, in one statement.
  const perTicket = new Map<number, { last: MessageRow; unread: number; customerAt: Date | null }>();
  for (const r of rowsToInsert) {
    const m = insertedById.get(r.id);
    if (!m) continue;
    const agg = perTicket.get(m.ticketId) ?? { last: m, unread: 0, customerAt: null };
    agg.last = m;
    if (!m.fromMe) {
      agg.unread += 1;
      agg.customerAt = m.createdAt;
    }
    perTicket.set(m.ticketId, agg);
  }
  const updatedTickets = new Map<number, TicketRow>();
  if (perTicket.size) {
    const values = sql.join(
      [...perTicket.entries()].map(
        ([id, a]) =>
          sql`(${id}::int, ${previewOf(a.last.mediaType as never, a.last.body, a.last.mediaName)}::text, ${a.last.createdAt.toISOString()}::timestamptz, ${a.last.fromMe}::boolean, ${a.unread}::int, ${a.customerAt?.toISOString() ?? null}::timestamptz)`,
      ),
      sql`, `,
    );
    const ids = rowsOf(
      await tx.execute(sql`
        update ${tickets} t set
          last_message = v.last_message, last_message_at = v.last_at, last_message_from_me = v.from_me,
          unread_messages = t.unread_messages + v.unread_inc,
          last_customer_message_at = coalesce(v.customer_at, t.last_customer_message_at),
          updated_at = ${now.toISOString()}::timestamptz
        from (values ${values}) as v(id, last_message, last_at, from_me, unread_inc, customer_at)
        where t.id = v.id
        returning t.id`),
    ).map((r) => Number(r.id));
    for (const t of await tx.select().from(tickets).where(inArray(tickets.id, ids))) updatedTickets.set(t.id, t);
  }

  return items.map(({ msg, connection }, i) => {
    const m = insertedById.get(rowsToInsert[i].id);
    if (!m) return null;
    const contact = contactByNumber.get(msg.chat.id)!;
    return {
      connection,
      contact,
      ticket: updatedTickets.get(m.ticketId)!,
      message: m,
      sender: msg.chat.isGroup && !msg.fromMe ? (contactByNumber.get(msg.sender.number) ?? null) : null,
      ticketCreated: created.has(m.ticketId),
      contactCreated: createdNumbers.has(contact.number),
    };
  });
}

type MessageInsert = typeof messages.$inferInsert;

/**
 * Multi-row insert with one array parameter per column (unnest): the statement's size and the
 * cost of building it do not grow with the batch. A redelivered message conflicts and is skipped.
 */
async function insertMessages(tx: Tx, rows: MessageInsert[]): Promise<MessageRow[]> {
  const col = <K extends keyof MessageInsert>(k: K) => sql.param(rows.map((r) => r[k] ?? null));
  const iso = (k: 'createdAt' | 'updatedAt') => sql.param(rows.map((r) => (r[k] as Date).toISOString()));
  const result = await tx.execute(sql`
    insert into ${messages} (id, ticket_id, whatsapp_id, external_id, contact_id, body, from_me, read, media_type,
      media_path, media_name, media_mime, quoted_msg_id, ack, send_state, last_error, raw_payload, created_at, updated_at)
    select * from unnest(${col('id')}::text[], ${col('ticketId')}::int[], ${col('whatsappId')}::int[],
      ${col('externalId')}::text[], ${col('contactId')}::int[], ${col('body')}::text[], ${col('fromMe')}::boolean[],
      ${col('read')}::boolean[], ${col('mediaType')}::text[], ${col('mediaPath')}::text[], ${col('mediaName')}::text[],
      ${col('mediaMime')}::text[], ${col('quotedMsgId')}::text[], ${col('ack')}::int[], ${col('sendState')}::text[],
      ${col('lastError')}::text[], ${col('rawPayload')}::text[], ${iso('createdAt')}::timestamptz[], ${iso('updatedAt')}::timestamptz[])
    on conflict do nothing
    returning id`);
  const ids = rowsOf(result).map((r) => String(r.id));
  if (!ids.length) return [];
  return tx.select().from(messages).where(sql`${messages.id} = any(${sql.param(ids)}::text[])`);
}
