/**
 * The changes the audit log records, by route (method and pattern, as Fastify names them): the
 * action, what it targets, and how to read the target before the change. The record is written at
 * the route layer (modules/audit/trail.ts) around the services, so no service carries audit code.
 */
import type { AuditAction } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contacts, messages, queues, settings, tickets, userQueues, users, webhooks, whatsapps } from '../../db/schema.js';

export interface AuditedRoute {
  action: AuditAction;
  targetType: string;
  /** The target's id from the route's parameters ('' when the action is on many). */
  targetId?: (params: Record<string, unknown>) => string;
  /** The target as it is before the change (read before the handler runs). */
  before?: (db: Db, params: Record<string, unknown>) => Promise<unknown>;
}

/** A route parameter as text ('' when absent). */
const param = (params: Record<string, unknown>, name: string) => {
  const value = params[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};
const byId = (params: Record<string, unknown>) => param(params, 'id');

/** Reads the target by its numeric id (a non-number id reads nothing; the route refuses it anyway). */
function rowById(read: (db: Db, id: number) => Promise<unknown[]>) {
  return async (db: Db, params: Record<string, unknown>): Promise<unknown> => {
    const id = Number(params.id);
    if (!Number.isSafeInteger(id)) return null;
    const [row] = await read(db, id);
    return row ?? null;
  };
}

const userRow = rowById((db, id) => db.select().from(users).where(eq(users.id, id)));
const connectionRow = rowById((db, id) => db.select().from(whatsapps).where(eq(whatsapps.id, id)));
const sectorRow = rowById((db, id) => db.select().from(queues).where(eq(queues.id, id)));
const webhookRow = rowById((db, id) => db.select().from(webhooks).where(eq(webhooks.id, id)));
const ticketRow = rowById((db, id) => db.select().from(tickets).where(eq(tickets.id, id)));
const contactRow = rowById((db, id) => db.select().from(contacts).where(eq(contacts.id, id)));

/** A user with their sectors: profile, sectors and "all tickets" are the user's permissions. */
async function userBefore(db: Db, params: Record<string, unknown>) {
  const row = (await userRow(db, params)) as Record<string, unknown> | null;
  if (!row) return null;
  const sectors = await db.select({ queueId: userQueues.queueId }).from(userQueues).where(eq(userQueues.userId, Number(params.id)));
  return { ...row, queueIds: sectors.map((s) => s.queueId) };
}

async function settingBefore(db: Db, params: Record<string, unknown>) {
  const [row] = await db.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.key, param(params, 'key')));
  return row ?? null;
}

async function messageBefore(db: Db, params: Record<string, unknown>) {
  const [row] = await db
    .select({ id: messages.id, ticketId: messages.ticketId, body: messages.body, fromMe: messages.fromMe, mediaType: messages.mediaType, mediaName: messages.mediaName, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.id, param(params, 'id')));
  return row ?? null;
}

const connection = { targetType: 'connection', targetId: byId, before: connectionRow } as const;

export const AUDITED_ROUTES: Record<string, AuditedRoute> = {
  'PUT /api/settings/:key': { action: 'setting.update', targetType: 'setting', targetId: (p) => param(p, 'key'), before: settingBefore },
  'POST /api/settings/userApiToken/regenerate': { action: 'setting.regenerate_api_token', targetType: 'setting', targetId: () => 'userApiToken' },
  'POST /api/users': { action: 'user.create', targetType: 'user' },
  'PUT /api/users/:id': { action: 'user.update', targetType: 'user', targetId: byId, before: userBefore },
  'DELETE /api/users/:id': { action: 'user.delete', targetType: 'user', targetId: byId, before: userBefore },
  'POST /api/whatsapp': { action: 'connection.create', targetType: 'connection' },
  'PUT /api/whatsapp/:id': { action: 'connection.update', ...connection },
  'DELETE /api/whatsapp/:id': { action: 'connection.delete', ...connection },
  'POST /api/whatsappsession/:id': { action: 'connection.session_start', ...connection },
  'PUT /api/whatsappsession/:id': { action: 'connection.session_restart', ...connection },
  'DELETE /api/whatsappsession/:id': { action: 'connection.session_logout', ...connection },
  'POST /api/queue': { action: 'sector.create', targetType: 'sector' },
  'PUT /api/queue/:id': { action: 'sector.update', targetType: 'sector', targetId: byId, before: sectorRow },
  'DELETE /api/queue/:id': { action: 'sector.delete', targetType: 'sector', targetId: byId, before: sectorRow },
  'POST /api/webhooks': { action: 'webhook.create', targetType: 'webhook' },
  'PUT /api/webhooks/:id': { action: 'webhook.update', targetType: 'webhook', targetId: byId, before: webhookRow },
  'DELETE /api/webhooks/:id': { action: 'webhook.delete', targetType: 'webhook', targetId: byId, before: webhookRow },
  'POST /api/contacts/import': { action: 'import.contacts', targetType: 'contact' },
  'POST /api/contacts/import/csv': { action: 'import.contacts', targetType: 'contact' },
  'POST /api/imports/whaticket': { action: 'import.whaticket_start', targetType: 'import' },
  'POST /api/imports/whaticket/cancel': { action: 'import.whaticket_cancel', targetType: 'import' },
  'DELETE /api/tickets/:id': { action: 'ticket.delete', targetType: 'ticket', targetId: byId, before: ticketRow },
  'DELETE /api/messages/:id': { action: 'message.delete', targetType: 'message', targetId: byId, before: messageBefore },
  'DELETE /api/contacts/:id': { action: 'contact.delete', targetType: 'contact', targetId: byId, before: contactRow },
  'DELETE /api/contacts': { action: 'contact.delete_all', targetType: 'contact' },
};
