/**
 * The statement that writes a batch of inbound messages, shared by both ways of storing them
 * (store-known.ts, store-batch.ts): the messages are inserted, quoted messages resolved by their
 * channel ids, and each ticket's last message, unread count and customer clock set from what was
 * really inserted — all in one statement, so it is atomic with or without a transaction around it.
 *
 * Each way supplies two CTEs: `src`, the messages with the ticket and sender contact they go to, and
 * `live`, those tickets locked (in id order, so two writers never wait on each other in a circle)
 * and still open or pending. A message never lands in a ticket that was closed meanwhile.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from './store-batch.js';
import { contactTags, contacts, messages, tags, tickets, whatsapps } from '../db/schema.js';
import type { ContactTag } from '../store/ticket-present.js';
import { AWAITING_RESEND, type MessageRow } from '../store/message-present.js';
import { rowFromJson, rowsOf } from '../lib/sql.js';
import { previewOf } from './preview.js';
import { orderedId } from '../lib/ordered-id.js';
import { autoReplyDueAt, customerMessageSql, menuRequestSql, replyDueSql } from './auto-reply-due.js';

type ContactRow = typeof contacts.$inferSelect;
type TicketRow = typeof tickets.$inferSelect;

/** A message as the write statement takes it (one array parameter per column). */
export interface MessageValues {
  id: string;
  whatsappId: number;
  externalId: string;
  body: string;
  fromMe: boolean;
  mediaType: string;
  mediaPath: string | null;
  mediaName: string | null;
  mediaMime: string | null;
  /** The channel id of the message it answers; the statement looks up our id for it. */
  quotedExternalId: string | null;
  lastError: string | null;
  rawPayload: string | null;
  createdAt: Date;
  /** The ticket's last-message line, should this be its last message. */
  preview: string;
}

export function messageValues({ msg, connection, media, mediaError }: BatchItem): MessageValues {
  const mediaName = media?.filename ?? msg.media?.filename ?? null;
  return {
    // Ordered ids: messages of the same second (WhatsApp's precision) keep their order of arrival.
    id: orderedId(),
    whatsappId: connection.id,
    externalId: msg.externalId,
    body: msg.body,
    fromMe: msg.fromMe,
    mediaType: msg.kind,
    mediaPath: media?.name ?? null,
    mediaName,
    mediaMime: media?.mimetype ?? null,
    quotedExternalId: msg.quotedExternalId ?? null,
    lastError: msg.awaitingResend ? AWAITING_RESEND : msg.media && !media ? (mediaError ?? 'ERR_WAPP_DOWNLOAD_MEDIA') : null,
    rawPayload: msg.raw ?? null,
    createdAt: msg.timestamp,
    preview: previewOf(msg.kind, msg.body, mediaName),
  };
}

/**
 * `unnest(...) with ordinality as v(...)` over the messages' columns and `extra` ones (name, SQL
 * array type, value), so the statement's size does not grow with the batch. `ord` keeps the order
 * of arrival.
 */
export function valuesTable<T extends MessageValues>(rows: T[], extra: [string, string, (r: T) => unknown][]): SQL {
  const columns: [string, string, (r: T) => unknown][] = [
    ['id', 'text', (r) => r.id],
    ['whatsapp_id', 'int', (r) => r.whatsappId],
    ['external_id', 'text', (r) => r.externalId],
    ['body', 'text', (r) => r.body],
    ['from_me', 'boolean', (r) => r.fromMe],
    ['media_type', 'text', (r) => r.mediaType],
    ['media_path', 'text', (r) => r.mediaPath],
    ['media_name', 'text', (r) => r.mediaName],
    ['media_mime', 'text', (r) => r.mediaMime],
    ['quoted_external_id', 'text', (r) => r.quotedExternalId],
    ['last_error', 'text', (r) => r.lastError],
    ['raw_payload', 'text', (r) => r.rawPayload],
    ['created_at', 'timestamptz', (r) => r.createdAt.toISOString()],
    ['preview', 'text', (r) => r.preview],
    ...extra,
  ];
  const arrays = sql.join(
    columns.map(([, type, get]) => sql`${sql.param(rows.map(get))}::${sql.raw(type)}[]`),
    sql`, `,
  );
  return sql`unnest(${arrays}) with ordinality as v(${sql.raw(columns.map(([name]) => name).join(', '))}, ord)`;
}

/**
 * The shared end of the statement, after the caller's `with src as (...), live as (...),`: the
 * insert, the tickets' update, and the rows written (kinds 'message' and 'ticket'); `more` adds
 * the caller's own `union all select <kind>, <json>` lines, `ctes` its own CTEs (`, name as (...)`),
 * which may read `ins`, the messages really inserted.
 *
 * A ticket whose new customer messages wait for an automatic reply gets its recovery time here,
 * atomic with the messages (auto-reply-due.ts): a process killed right after the commit leaves the
 * reply to the scheduler. The condition is read on the ticket row being updated (its latest
 * version, the one the listeners receive) and returned with it (`auto_reply_due_recorded`).
 */
export function insertAndUpdate(now: Date, more: SQL = sql``, ctes: SQL = sql``): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const replyDue = replyDueSql(sql`p.customer_wrote`, sql`p.asked_menu`);
  return sql`
    ins as (
      insert into ${messages} (id, ticket_id, whatsapp_id, external_id, contact_id, body, from_me, read, media_type,
        media_path, media_name, media_mime, quoted_msg_id, ack, send_state, last_error, raw_payload, created_at, updated_at)
      select src.id, src.ticket_id, src.whatsapp_id, src.external_id, src.contact_id, src.body, src.from_me, src.from_me,
        src.media_type, src.media_path, src.media_name, src.media_mime,
        (select q.id from ${messages} q where q.whatsapp_id = src.whatsapp_id and q.external_id = src.quoted_external_id),
        case when src.from_me then 1 else 0 end, 'received', src.last_error, src.raw_payload, src.created_at, ${at}
      from src where src.ticket_id in (select id from live)
      order by src.ord
      on conflict do nothing
      returning *
    ),
    per_ticket as (
      select src.ticket_id,
        (array_agg(src.preview order by src.ord desc))[1] as last_message,
        (array_agg(src.created_at order by src.ord desc))[1] as last_at,
        (array_agg(src.from_me order by src.ord desc))[1] as from_me,
        count(*) filter (where not src.from_me) as unread_inc,
        (array_agg(src.created_at order by src.ord desc) filter (where not src.from_me))[1] as customer_at,
        bool_or(${customerMessageSql}) as customer_wrote,
        bool_or(${customerMessageSql} and ${menuRequestSql}) as asked_menu
      from ins join src on src.id = ins.id
      group by src.ticket_id
    ),
    upd as (
      update ${tickets} t set
        last_message = p.last_message, last_message_at = p.last_at, last_message_from_me = p.from_me,
        unread_messages = t.unread_messages + p.unread_inc,
        last_customer_message_at = coalesce(p.customer_at, t.last_customer_message_at),
        auto_reply_due_at = case when ${replyDue} then ${autoReplyDueAt(now).toISOString()}::timestamptz else t.auto_reply_due_at end,
        updated_at = ${at}
      from per_ticket p, ${whatsapps} w
      where t.id = p.ticket_id and w.id = t.whatsapp_id
      returning t.*, ${replyDue} as auto_reply_due_recorded
    )${ctes}
    select 'message' as kind, to_json(ins) as row from ins
    union all select 'ticket', to_json(upd) from upd
    union all select 'closed', to_json(c.ticket_id) from (select distinct ticket_id from src where ticket_id not in (select id from live)) c
    ${more}`;
}

/**
 * `union all` lines returning the contacts whose ids `ids` (a subquery) yields, each with its tags,
 * so the messages' tickets can be presented without reading them again.
 */
export function contactLines(ids: SQL): SQL {
  return sql`
    union all select 'contact', json_build_array(to_json(c), coalesce(
      (select json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) order by tg.name)
       from ${contactTags} ct join ${tags} tg on tg.id = ct.tag_id where ct.contact_id = c.id), '[]'))
    from ${contacts} c where c.id in ${ids}`;
}

export interface Written {
  /** Inserted messages by id; a message already stored (redelivered) is absent. */
  messages: Map<string, MessageRow>;
  /** The tickets written into, after the update. */
  tickets: Map<number, TicketRow>;
  /** Tickets whose automatic-reply recovery time the statement recorded (auto-reply-due.ts). */
  autoReplyDue: Set<number>;
  /** Tickets no longer open or pending when the statement ran: their messages were not stored. */
  closed: Set<number>;
  /** Contacts the caller asked for ('contact' lines: see `contactLines`), by number. */
  contacts: Map<string, ContactRow>;
  /** Their tags, by contact id. */
  contactTags: Map<number, ContactTag[]>;
  /** Other lines of the caller's, as they came. */
  other: { kind: string; row: unknown }[];
}

export function readWritten(result: unknown): Written {
  const written: Written = {
    messages: new Map(),
    tickets: new Map(),
    autoReplyDue: new Set(),
    closed: new Set(),
    contacts: new Map(),
    contactTags: new Map(),
    other: [],
  };
  for (const { kind, row } of rowsOf(result) as { kind: string; row: unknown }[]) {
    if (kind === 'message') {
      const m = rowFromJson(messages, row);
      written.messages.set(m.id, m);
    } else if (kind === 'ticket') {
      const t = rowFromJson(tickets, row);
      written.tickets.set(t.id, t);
      if ((row as { auto_reply_due_recorded?: boolean }).auto_reply_due_recorded) written.autoReplyDue.add(t.id);
    } else if (kind === 'closed') {
      written.closed.add(Number(row));
    } else if (kind === 'contact') {
      const [json, tagList] = row as [unknown, ContactTag[]];
      const c = rowFromJson(contacts, json);
      written.contacts.set(c.number, c);
      written.contactTags.set(c.id, tagList);
    } else {
      written.other.push({ kind, row });
    }
  }
  return written;
}
