/**
 * The changes the audit log records, by route (method and pattern, as Fastify names them): the
 * action, what it targets, and how to read the target before the change. The record is written at
 * the route layer (modules/audit/trail.ts) around the services, so no service carries audit code.
 */
import type { AuditAction } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { messages, webhooks } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Services } from '../../services.js';
import type { CurrentUser } from '../../store/users.js';

/** What reading a target before the change may use. */
export interface BeforeReader {
  db: Db;
  services: Services;
  actor: CurrentUser;
}

export interface AuditedRoute {
  action: AuditAction;
  targetType: string;
  /** The target's id from the route's parameters ('' when the action is on many). */
  targetId?: (params: Record<string, unknown>) => string;
  /**
   * The target as it is before the change (read before the handler runs), in the shape the route
   * answers with where it can be, so before and after compare field by field.
   */
  before?: (read: BeforeReader, params: Record<string, unknown>) => Promise<unknown>;
}

/** A route parameter as text ('' when absent). */
const param = (params: Record<string, unknown>, name: string) => {
  const value = params[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};
const byId = (params: Record<string, unknown>) => param(params, 'id');

/**
 * Reads the target by its numeric id; null when there is none (the route then refuses or answers
 * 404, and nothing is recorded).
 */
function byNumericId(read: (r: BeforeReader, id: number) => Promise<unknown>) {
  return async (r: BeforeReader, params: Record<string, unknown>): Promise<unknown> => {
    const id = Number(params.id);
    if (!Number.isSafeInteger(id)) return null;
    return read(r, id).catch((err: unknown) => {
      if (err instanceof AppError) return null;
      throw err;
    });
  };
}

const userBefore = byNumericId(({ services, actor }, id) => services.users.show(actor, id));
const connectionBefore = byNumericId(({ services, actor }, id) => services.connections.show(actor, id));
const sectorBefore = byNumericId(({ services, actor }, id) => services.queues.show(actor, id));
const ticketBefore = byNumericId(({ services, actor }, id) => services.tickets.show(actor, id));
const contactBefore = byNumericId(({ services, actor }, id) => services.contacts.show(actor, id));
/** Webhooks have no single read: the row (its secret is hidden by the summary). */
const webhookBefore = byNumericId(async ({ db }, id) => (await db.select().from(webhooks).where(eq(webhooks.id, id)))[0] ?? null);

function settingBefore({ services, actor }: BeforeReader, params: Record<string, unknown>): Promise<unknown> {
  try {
    return Promise.resolve(services.settings.showFor(actor, param(params, 'key')));
  } catch (err) {
    if (err instanceof AppError) return Promise.resolve(null);
    throw err;
  }
}

async function messageBefore({ db }: BeforeReader, params: Record<string, unknown>) {
  const [row] = await db
    .select({
      id: messages.id,
      ticketId: messages.ticketId,
      body: messages.body,
      fromMe: messages.fromMe,
      mediaType: messages.mediaType,
      mediaName: messages.mediaName,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.id, param(params, 'id')));
  return row ?? null;
}

const connection = { targetType: 'connection', targetId: byId, before: connectionBefore } as const;

export const AUDITED_ROUTES: Record<string, AuditedRoute> = {
  'PUT /api/settings/:key': { action: 'setting.update', targetType: 'setting', targetId: (p) => param(p, 'key'), before: settingBefore },
  'POST /api/settings/userApiToken/regenerate': {
    action: 'setting.regenerate_api_token',
    targetType: 'setting',
    targetId: () => 'userApiToken',
  },
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
  'PUT /api/queue/:id': { action: 'sector.update', targetType: 'sector', targetId: byId, before: sectorBefore },
  'DELETE /api/queue/:id': { action: 'sector.delete', targetType: 'sector', targetId: byId, before: sectorBefore },
  'POST /api/webhooks': { action: 'webhook.create', targetType: 'webhook' },
  'PUT /api/webhooks/:id': { action: 'webhook.update', targetType: 'webhook', targetId: byId, before: webhookBefore },
  'DELETE /api/webhooks/:id': { action: 'webhook.delete', targetType: 'webhook', targetId: byId, before: webhookBefore },
  'POST /api/contacts/import': { action: 'import.contacts', targetType: 'contact' },
  'POST /api/contacts/import/csv': { action: 'import.contacts', targetType: 'contact' },
  'POST /api/imports/whaticket': { action: 'import.whaticket_start', targetType: 'import' },
  'POST /api/imports/whaticket/cancel': { action: 'import.whaticket_cancel', targetType: 'import' },
  'DELETE /api/tickets/:id': { action: 'ticket.delete', targetType: 'ticket', targetId: byId, before: ticketBefore },
  'DELETE /api/messages/:id': { action: 'message.delete', targetType: 'message', targetId: byId, before: messageBefore },
  'DELETE /api/contacts/:id': { action: 'contact.delete', targetType: 'contact', targetId: byId, before: contactBefore },
  'DELETE /api/contacts': { action: 'contact.delete_all', targetType: 'contact' },
};
