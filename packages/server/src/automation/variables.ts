/** The message variables of a ticket (spec §3), loaded in one query, rendered with the shared rules. */
import { renderTemplate, ticketTemplateVars, type CompanyLanguage, type TemplateVars } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { contacts, queues, users, whatsapps } from '../db/schema.js';
import type { TicketRow } from '../store/ticket-present.js';

/** Where and in which language a text for a customer is written (the company's settings). */
export interface TextLocale {
  timeZone: string;
  language: CompanyLanguage;
}

export async function ticketVars(
  db: DbOrTx,
  ticket: Pick<TicketRow, 'id' | 'contactId' | 'userId' | 'queueId' | 'whatsappId' | 'protocol'>,
  now: Date,
  locale: TextLocale,
  /** Who writes, when the ticket has no attendant yet ({{user}}). */
  fallbackUserId?: number | null,
): Promise<TemplateVars> {
  const userId = ticket.userId ?? fallbackUserId ?? null;
  const [row] = await db
    .select({ contactName: contacts.name, connectionName: whatsapps.name })
    .from(contacts)
    .innerJoin(whatsapps, eq(whatsapps.id, ticket.whatsappId))
    .where(eq(contacts.id, ticket.contactId));
  const [user] = userId != null ? await db.select({ name: users.name }).from(users).where(eq(users.id, userId)) : [];
  const [queue] = ticket.queueId != null ? await db.select({ name: queues.name }).from(queues).where(eq(queues.id, ticket.queueId)) : [];
  return ticketTemplateVars({
    now,
    timeZone: locale.timeZone,
    language: locale.language,
    contactName: row?.contactName,
    connectionName: row?.connectionName,
    userName: user?.name,
    queueName: queue?.name,
    protocol: ticket.protocol,
    ticketId: ticket.id,
  });
}

/** Renders a text about a ticket; texts without placeholders skip the lookups. */
export async function renderForTicket(
  db: DbOrTx,
  ticket: Parameters<typeof ticketVars>[1],
  text: string,
  now: Date,
  locale: TextLocale,
  fallbackUserId?: number | null,
): Promise<string> {
  if (!text.includes('{{')) return text;
  return renderTemplate(text, await ticketVars(db, ticket, now, locale, fallbackUserId));
}
