/**
 * Sectors (queues). Anyone signed in reads them; creating, editing and deleting are admin-only.
 * Colours are unique regardless of case (ERR_QUEUE_COLOR_ALREADY_EXISTS), names too. Deleting a
 * sector unlinks it from users and connections (rows cascade) and leaves its tickets without
 * sector (SET NULL); the users who were in it get their realtime rooms re-derived. A sector may
 * assign its waiting tickets itself (`autoAssign`, automation/auto-assign.ts).
 */
import {
  DEFAULT_SECTOR_HOURS,
  EVENTS,
  type QueueCreateInput,
  type QueueDTO,
  type QueueEvent,
  type QueueUpdateInput,
  NAME_TAKEN,
} from '@switchboard/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { ROOM_ALL_USERS } from '../../realtime/rooms.js';
import { announce } from '../../realtime/announce.js';
import { queues, userQueues } from '../../db/schema.js';
import { authorize } from '../../access/authorize.js';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import type { CurrentUser } from '../../store/users.js';
import { rollupFoldInto } from '../../store/dashboard-rollups.js';

type QueueRow = typeof queues.$inferSelect;

export function presentQueue(row: QueueRow): QueueDTO {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    greetingMessage: row.greetingMessage,
    absenceMessage: row.absenceMessage,
    startWork: row.startWork ?? DEFAULT_SECTOR_HOURS.start,
    endWork: row.endWork ?? DEFAULT_SECTOR_HOURS.end,
    autoAssign: row.autoAssign,
    maxOpenPerAttendant: row.maxOpenPerAttendant,
    orderQueue: row.orderQueue,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('ERR_NOT_FOUND', 404, 'Sector not found');

function translateUnique(err: unknown): unknown {
  if (isUniqueViolation(err, 'queues_color_unique')) return new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 409);
  if (isUniqueViolation(err, 'queues_name_unique')) return new AppError('ERR_VALIDATION', 409, NAME_TAKEN.sector);
  return err;
}

export interface QueuesDeps {
  /** After a sector is saved with auto-assignment on: what waits in it may be assigned now. */
  onSettingsChanged: (queueId: number) => void;
}

export class QueuesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: QueuesDeps,
  ) {}

  async list(_actor: CurrentUser): Promise<QueueDTO[]> {
    // As the bot's menu lists them: by position, then by name.
    const rows = await this.ctx.db
      .select()
      .from(queues)
      .orderBy(sql`${queues.orderQueue} asc nulls last`, asc(sql`lower(${queues.name})`), asc(queues.id));
    return rows.map(presentQueue);
  }

  async show(_actor: CurrentUser, id: number): Promise<QueueDTO> {
    const [row] = await this.ctx.db.select().from(queues).where(eq(queues.id, id));
    if (!row) throw notFound();
    return presentQueue(row);
  }

  async create(actor: CurrentUser, input: QueueCreateInput): Promise<QueueDTO> {
    authorize(actor, 'sector.manage');
    let row: QueueRow;
    try {
      [row] = await this.ctx.db.insert(queues).values(input).returning();
    } catch (err) {
      throw translateUnique(err);
    }
    const dto = presentQueue(row);
    this.announce({ action: 'create', queue: dto });
    return dto;
  }

  async update(actor: CurrentUser, id: number, input: QueueUpdateInput): Promise<QueueDTO> {
    authorize(actor, 'sector.manage');
    const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    let row: QueueRow | undefined;
    try {
      [row] = await this.ctx.db
        .update(queues)
        .set({ ...patch, updatedAt: this.ctx.clock.now() })
        .where(eq(queues.id, id))
        .returning();
    } catch (err) {
      throw translateUnique(err);
    }
    if (!row) throw notFound();
    const dto = presentQueue(row);
    this.announce({ action: 'update', queue: dto });
    if (row.autoAssign) this.deps.onSettingsChanged(row.id);
    return dto;
  }

  async remove(actor: CurrentUser, id: number): Promise<void> {
    authorize(actor, 'sector.manage');
    const memberIds = await this.ctx.db.transaction(async (tx) => {
      const members = await tx.select({ userId: userQueues.userId }).from(userQueues).where(eq(userQueues.queueId, id));
      const deleted = await tx.delete(queues).where(eq(queues.id, id)).returning({ id: queues.id });
      if (deleted.length === 0) throw notFound();
      // Its cycles (and their ratings) have no sector now (set null): so have their dashboard figures.
      await rollupFoldInto(tx, 'queue_id', id);
      return members.map((m) => m.userId);
    });
    this.announce({ action: 'delete', queueId: id });
    for (const userId of memberIds) await this.ctx.realtime.syncUser(userId);
  }

  private announce(event: QueueEvent): void {
    announce(this.ctx, ROOM_ALL_USERS, EVENTS.queue, event);
  }
}
