/**
 * Connections (spec "Connection (whatsapp)"): admin-only CRUD and session actions. One default
 * connection always exists while any connection exists; a connection with several sectors needs a
 * greeting (its sector menu is introduced by it).
 */
import {
  allowed,
  EVENTS,
  defaultWeekHours,
  mergeWeekHours,
  type ConnectionCreateInput,
  type ConnectionDTO,
  type ConnectionEvent,
  type ConnectionUpdateInput,
  NAME_TAKEN,
} from '@switchboard/shared';
import { asc, count, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { ROOM_ADMINS } from '../../realtime/rooms.js';
import { announce } from '../../realtime/announce.js';
import type { DbOrTx } from '../../db/client.js';
import { queues, whatsappQueues, whatsapps } from '../../db/schema.js';
import { authorize } from '../../access/authorize.js';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import type { ChannelManager } from '../../channels/manager.js';
import type { CloudAccounts } from '../../channels/whatsapp-cloud/accounts.js';
import type { CurrentUser } from '../../store/users.js';
import { findConnection, presentConnectionById, presentConnections } from '../../store/connections.js';
import { saveWebchatSettings } from '../../store/webchat.js';

/** What a non-admin may know about connections (names for badges and the profile form). */
export interface ConnectionSummary {
  id: number;
  name: string;
  status: string;
  isDefault: boolean;
  channel: string;
}

const nameTaken = () => new AppError('ERR_VALIDATION', 409, NAME_TAKEN.connection);

export class ConnectionsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly channels: ChannelManager,
    private readonly cloudAccounts: CloudAccounts,
  ) {}

  async list(actor: CurrentUser): Promise<ConnectionDTO[] | ConnectionSummary[]> {
    const rows = await this.ctx.db.select().from(whatsapps).orderBy(asc(whatsapps.id));
    if (!allowed(actor, 'connection.details')) {
      return rows.map((r) => ({ id: r.id, name: r.name, status: r.status, isDefault: r.isDefault, channel: r.channel }));
    }
    return presentConnections(this.ctx.db, rows);
  }

  async show(actor: CurrentUser, id: number): Promise<ConnectionDTO> {
    authorize(actor, 'connection.details');
    const dto = await presentConnectionById(this.ctx.db, id);
    if (!dto) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    return dto;
  }

  async create(actor: CurrentUser, input: ConnectionCreateInput): Promise<ConnectionDTO> {
    authorize(actor, 'connection.manage');
    const queueIds = [...new Set(input.queueIds ?? [])];
    assertGreetingForMenu(queueIds, input.greetingMessage);
    if (input.channel === 'simulator' && !this.ctx.config.simulatorEnabled) {
      throw new AppError('ERR_VALIDATION', 400, 'The simulator is disabled on this server');
    }
    const id = await this.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7301003)`);
      const [{ n }] = await tx.select({ n: count() }).from(whatsapps);
      const limit = this.ctx.config.connectionsLimit;
      if (limit !== undefined && n >= limit) throw new AppError('ERR_CONNECTION_CREATION_COUNT', 403);
      await assertQueuesExist(tx, queueIds, input.defaultQueueId ?? null);
      const isDefault = n === 0 || input.isDefault === true;
      if (isDefault) await tx.update(whatsapps).set({ isDefault: false }).where(eq(whatsapps.isDefault, true));
      try {
        const [row] = await tx
          .insert(whatsapps)
          .values({
            ...columnsOf(input),
            name: input.name,
            channel: input.channel ?? 'whatsapp',
            isDefault,
            workHours: mergeWeekHours(defaultWeekHours(), input),
          })
          .returning({ id: whatsapps.id });
        if (queueIds.length) await tx.insert(whatsappQueues).values(queueIds.map((queueId) => ({ whatsappId: row.id, queueId })));
        if (input.cloud) await this.cloudAccounts.save(tx, row.id, input.cloud);
        if (input.channel === 'webchat') await saveWebchatSettings(tx, row.id, input.webchat);
        return row.id;
      } catch (err) {
        if (isUniqueViolation(err, 'whatsapps_name_unique')) throw nameTaken();
        throw err;
      }
    });
    const dto = (await presentConnectionById(this.ctx.db, id))!;
    this.announce({ action: 'create', whatsapp: dto });
    // The session starts in the background; a failure shows as the connection's status.
    this.channels.start(id).catch((err) => this.ctx.log.error({ err, connectionId: id }, 'channel session failed to start'));
    return dto;
  }

  async update(actor: CurrentUser, id: number, input: ConnectionUpdateInput): Promise<ConnectionDTO> {
    authorize(actor, 'connection.manage');
    let accountChanged = false;
    await this.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7301003)`);
      const existing = await findConnection(tx, id);
      if (!existing) throw new AppError('ERR_NO_WAPP_FOUND', 404);
      if (input.cloud) {
        if (existing.channel !== 'whatsapp-cloud') throw new AppError('ERR_VALIDATION', 400, 'Not a WhatsApp Cloud API connection');
        await this.cloudAccounts.save(tx, id, input.cloud);
        accountChanged = Object.values(input.cloud).some((v) => v !== undefined);
      }
      const queueIds = input.queueIds ? [...new Set(input.queueIds)] : await linkedQueueIds(tx, id);
      const greeting = input.greetingMessage ?? existing.greetingMessage;
      assertGreetingForMenu(queueIds, greeting);
      await assertQueuesExist(tx, queueIds, input.defaultQueueId ?? null);
      if (input.isDefault === false && existing.isDefault) throw new AppError('ERR_NO_OTHER_WHATSAPP', 400);
      if (input.isDefault === true && !existing.isDefault) {
        await tx.update(whatsapps).set({ isDefault: false }).where(ne(whatsapps.id, id));
      }
      try {
        await tx
          .update(whatsapps)
          .set({
            ...columnsOf(input),
            ...(input.name ? { name: input.name } : {}),
            ...(input.isDefault !== undefined ? { isDefault: input.isDefault } : {}),
            workHours: mergeWeekHours(existing.workHours ?? defaultWeekHours(), input),
            updatedAt: this.ctx.clock.now(),
          })
          .where(eq(whatsapps.id, id));
      } catch (err) {
        if (isUniqueViolation(err, 'whatsapps_name_unique')) throw nameTaken();
        throw err;
      }
      if (existing.channel === 'webchat') await saveWebchatSettings(tx, id, input.webchat);
      if (input.queueIds) {
        await tx.delete(whatsappQueues).where(eq(whatsappQueues.whatsappId, id));
        if (queueIds.length) await tx.insert(whatsappQueues).values(queueIds.map((queueId) => ({ whatsappId: id, queueId })));
      }
    });
    const dto = (await presentConnectionById(this.ctx.db, id))!;
    this.announce({ action: 'update', whatsapp: dto });
    // A changed account (a new token) is tried at once; a failure shows as the connection's status.
    if (accountChanged) {
      this.channels
        .control(id, 'restart')
        .catch((err) => this.ctx.log.error({ err, connectionId: id }, 'channel session failed to restart'));
    }
    return dto;
  }

  async remove(actor: CurrentUser, id: number): Promise<void> {
    authorize(actor, 'connection.manage');
    const existing = await findConnection(this.ctx.db, id);
    if (!existing) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    await this.channels.remove(id);
    await this.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7301003)`);
      await tx.delete(whatsapps).where(eq(whatsapps.id, id));
      if (existing.isDefault) {
        // Keep the invariant: while connections exist, one of them is the default.
        const [next] = await tx.select({ id: whatsapps.id }).from(whatsapps).orderBy(asc(whatsapps.id)).limit(1);
        if (next) await tx.update(whatsapps).set({ isDefault: true }).where(eq(whatsapps.id, next.id));
      }
    });
    this.announce({ action: 'delete', whatsappId: id });
  }

  /** POST /whatsappsession/:id — try again with the stored pairing. */
  async restartSession(actor: CurrentUser, id: number): Promise<void> {
    authorize(actor, 'connection.session');
    await this.mustExist(id);
    await this.channels.control(id, 'restart');
  }

  /** PUT /whatsappsession/:id — forget the pairing and show a new QR. */
  async newQr(actor: CurrentUser, id: number): Promise<void> {
    authorize(actor, 'connection.session');
    await this.mustExist(id);
    await this.channels.control(id, 'resetPairing');
  }

  /** DELETE /whatsappsession/:id — disconnect (log the phone out). */
  async disconnect(actor: CurrentUser, id: number): Promise<void> {
    authorize(actor, 'connection.session');
    await this.mustExist(id);
    await this.channels.control(id, 'logout');
  }

  private async mustExist(id: number): Promise<void> {
    if (!(await findConnection(this.ctx.db, id))) throw new AppError('ERR_NO_WAPP_FOUND', 404);
  }

  private announce(event: ConnectionEvent): void {
    announce(this.ctx, ROOM_ADMINS, EVENTS.whatsapp, event);
  }
}

function assertGreetingForMenu(queueIds: number[], greeting: string | undefined): void {
  if (queueIds.length > 1 && !greeting?.trim()) throw new AppError('ERR_WAPP_GREETING_REQUIRED', 400);
}

async function linkedQueueIds(db: DbOrTx, whatsappId: number): Promise<number[]> {
  const rows = await db.select({ id: whatsappQueues.queueId }).from(whatsappQueues).where(eq(whatsappQueues.whatsappId, whatsappId));
  return rows.map((r) => r.id);
}

async function assertQueuesExist(db: DbOrTx, queueIds: number[], defaultQueueId: number | null): Promise<void> {
  const ids = [...new Set([...queueIds, ...(defaultQueueId ? [defaultQueueId] : [])])];
  if (!ids.length) return;
  const [{ n }] = await db
    .select({ n: count() })
    .from(queues)
    .where(sql`${queues.id} in ${ids}`);
  if (n !== ids.length) throw new AppError('ERR_VALIDATION', 400, 'Unknown sector');
}

/** The plain columns present in the input (work hours and sectors are handled separately). */
function columnsOf(input: ConnectionUpdateInput) {
  const keys = [
    'isDisplay',
    'isGroup',
    'greetingMessage',
    'farewellMessage',
    'ratingMessage',
    'transferTicketMessage',
    'inactiveMessage',
    'outOfWorkMessage',
    'sendInactiveMessage',
    'timeInactiveMessage',
    'defineWorkHours',
    'holidays',
    'defaultQueueId',
  ] as const;
  const out: Partial<typeof whatsapps.$inferInsert> = {};
  for (const k of keys) if (input[k] !== undefined) (out as Record<string, unknown>)[k] = input[k];
  return out;
}
