/**
 * The common case of inbound storage — a known customer writing into a ticket that is open or
 * pending — in one statement and one round trip, with no transaction around it: the statement
 * finds each chat's contact and active ticket, writes the messages and updates the tickets
 * (inbound-write.ts). Chats it cannot settle alone (a contact or ticket to create, a group member
 * not yet known, a ticket closed meanwhile) are left to the transaction of store-batch.ts, each
 * chat's messages all together so its order holds. Two things the listeners of a stored message
 * would each spend a round trip on come back with it: the connection's sector count (automation)
 * and the campaign recipients the message marked replied (store/campaign-replies.ts). A customer's
 * message in a chat where a rating request waits is held back, unstored, for the rating interceptor
 * (`holdIfAwaited`): the statement answers for the whole batch what would otherwise cost every
 * message a lookup before it is stored.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { contacts, ratingRequests, tickets, whatsappQueues } from '../db/schema.js';
import { contactLines, insertAndUpdate, messageValues, readWritten, valuesTable, type MessageValues } from './inbound-write.js';
import type { BatchItem, BatchStored, Held } from './store-batch.js';
import { markRepliedSql, readMarked, type MarkedReplied } from '../store/campaign-replies.js';

interface KnownValues extends MessageValues {
  chatNumber: string;
  /** The contact who wrote, when it is not the chat's own (a group member); null for our messages. */
  memberNumber: string | null;
  hold: boolean;
}

const chatKey = (whatsappId: number, chatNumber: string) => `${whatsappId}:${chatNumber}`;

/**
 * Each item: what was stored, null if it was already stored, 'held' if a rating request waits for
 * its chat (store-batch.ts, `holdIfAwaited`), undefined if left to the transaction.
 */
export async function storeKnown(database: Database, items: BatchItem[], now: Date): Promise<(BatchStored | Held | null | undefined)[]> {
  const rows: KnownValues[] = items.map((item) => ({
    ...messageValues(item),
    chatNumber: item.msg.chat.id,
    memberNumber: item.msg.chat.isGroup && !item.msg.fromMe ? item.msg.sender.number : null,
    hold: !!item.holdIfAwaited,
  }));
  const values = valuesTable(rows, [
    ['chat_number', 'text', (r) => r.chatNumber],
    ['member_number', 'text', (r) => r.memberNumber],
    ['hold', 'boolean', (r) => r.hold],
  ]);
  const result = await database.executeNamed(
    'inbound_store_known',
    sql`
    with v as (select * from ${values}),
    found as (
      select v.*, c.id as chat_contact_id, t.id as ticket_id, m.id as member_id
      from v
      left join ${contacts} c on c.number = v.chat_number
      left join ${tickets} t on t.contact_id = c.id and t.whatsapp_id = v.whatsapp_id and t.status in ('open', 'pending')
      left join ${contacts} m on m.number = v.member_number
    ),
    awaited as (
      select distinct found.whatsapp_id, found.chat_number from found
      join ${ratingRequests} r on r.contact_id = found.chat_contact_id and r.whatsapp_id = found.whatsapp_id and r.state = 'waiting'
      where found.hold
    ),
    unsettled as (
      select distinct whatsapp_id, chat_number from found
      where ticket_id is null or (member_number is not null and member_id is null)
    ),
    src as (
      select found.*, case when from_me then null when member_number is not null then member_id else chat_contact_id end as contact_id
      from found
      where (whatsapp_id, chat_number) not in (select whatsapp_id, chat_number from unsettled)
        and (whatsapp_id, chat_number) not in (select whatsapp_id, chat_number from awaited)
    ),
    live as (
      select id from ${tickets} where id in (select ticket_id from src) and status in ('open', 'pending') order by id for update
    ),
    ${insertAndUpdate(
      now,
      sql`
        ${contactLines(sql`(select chat_contact_id from src union select member_id from src)`)}
        union all select 'sectors', json_build_array(w.whatsapp_id,
          (select count(*) from ${whatsappQueues} q where q.whatsapp_id = w.whatsapp_id))
          from (select distinct whatsapp_id from v) w
        union all select 'replied', to_json(replied) from replied
        union all select 'held', json_build_array(whatsapp_id, chat_number) from awaited
        union all select 'left', json_build_array(whatsapp_id, chat_number) from unsettled
        union all select 'left', json_build_array(whatsapp_id, chat_number)
          from (select distinct whatsapp_id, chat_number from src where ticket_id not in (select id from live)) closed`,
      // Customers answering a campaign (store/campaign-replies.ts), marked with their messages.
      sql`, replied as (${markRepliedSql(
        sql`(select distinct on (src.contact_id, src.whatsapp_id) src.contact_id, src.whatsapp_id, src.ticket_id
          from src join ins on ins.id = src.id where not src.from_me and src.member_number is null
          order by src.contact_id, src.whatsapp_id, src.ord) a`,
        now,
      )})`,
    )}`,
  );
  const written = readWritten(result);

  // Chats to settle in a transaction: a contact or ticket missing, or the ticket closed meanwhile.
  const chatsOf = (kind: string) =>
    new Set(written.other.filter((o) => o.kind === kind).map((o) => chatKey(...(o.row as [number, string]))));
  const leftChats = chatsOf('left');
  // Held before left: a rating is usually answered once the ticket is closed, with no active one.
  const heldChats = chatsOf('held');
  const replied = new Map<string, MarkedReplied[]>();
  for (const o of written.other.filter((o) => o.kind === 'replied')) {
    const r = readMarked(o.row as Record<string, unknown>);
    replied.set(`${r.contactId}:${r.whatsappId}`, [...(replied.get(`${r.contactId}:${r.whatsappId}`) ?? []), r]);
  }
  // Automation asks each message's connection whether it has sectors (automation/auto-reply.ts):
  // read here, it costs no round trip of its own.
  const sectors = new Map(written.other.filter((o) => o.kind === 'sectors').map((o) => o.row as [number, number]));
  const takeReplies = (key: string) => {
    const found = replied.get(key) ?? [];
    replied.set(key, []);
    return found;
  };
  return items.map((item, i) => {
    if (heldChats.has(chatKey(item.connection.id, item.msg.chat.id))) return 'held';
    if (leftChats.has(chatKey(item.connection.id, item.msg.chat.id))) return undefined;
    const message = written.messages.get(rows[i].id);
    if (!message) return null; // already stored
    const contact = written.contacts.get(item.msg.chat.id)!;
    return {
      connection: item.connection,
      contact,
      ticket: written.tickets.get(message.ticketId)!,
      message,
      sender: rows[i].memberNumber ? (written.contacts.get(rows[i].memberNumber) ?? null) : null,
      ticketCreated: false,
      contactCreated: false,
      contactTags: written.contactTags.get(contact.id),
      connectionSectors: sectors.get(item.connection.id),
      autoReplyDueRecorded: written.autoReplyDue.has(message.ticketId),
      // A chat has one message in a batch at most (the channel manager keeps each chat's order);
      // should it have more, the first takes the chat's replies and the rest have none.
      campaignReplies: rows[i].memberNumber || item.msg.fromMe ? undefined : takeReplies(`${contact.id}:${item.connection.id}`),
    };
  });
}
