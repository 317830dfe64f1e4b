/**
 * Quick answers. Anyone signed in lists, reads, creates and edits them (spec §6); deleting one or
 * all is admin-only (drawer-admin-items:view).
 *
 * Search (GET /quickAnswers?searchParam=…) matches the shortcut or the message, case-insensitive.
 * The composer's "/" lookup uses the same call with the text typed after the slash: shortcuts that
 * start with the term come first, then the other matches, each group by shortcut.
 */
import {
  EVENTS,
  PAGE_SIZE,
  type PagedSearchQuery,
  type QuickAnswerDTO,
  type QuickAnswerEvent,
  type QuickAnswerSaveInput,
  type QuickAnswersPage,
} from '@switchboard/shared';
import { asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { ROOM_ALL_USERS } from '../../realtime/rooms.js';
import { announce } from '../../realtime/announce.js';
import { quickAnswers } from '../../db/schema.js';
import { authorize } from '../../access/authorize.js';
import { AppError } from '../../lib/app-error.js';
import { escapeLike } from '../../lib/sql.js';
import type { CurrentUser } from '../../store/users.js';

type QuickAnswerRow = typeof quickAnswers.$inferSelect;

export function presentQuickAnswer(row: QuickAnswerRow): QuickAnswerDTO {
  return {
    id: row.id,
    shortcut: row.shortcut,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('ERR_NOT_FOUND', 404, 'Quick answer not found');

export class QuickAnswersService {
  constructor(private readonly ctx: AppContext) {}

  async list(_actor: CurrentUser, query: PagedSearchQuery): Promise<QuickAnswersPage> {
    const term = escapeLike(query.searchParam.trim());
    const where = term ? or(ilike(quickAnswers.shortcut, `%${term}%`), ilike(quickAnswers.message, `%${term}%`)) : undefined;
    const order: SQL[] = [asc(sql`lower(${quickAnswers.shortcut})`), asc(quickAnswers.id)];
    if (term) order.unshift(desc(sql`(${quickAnswers.shortcut} ilike ${`${term}%`})`));
    const offset = (query.pageNumber - 1) * PAGE_SIZE;
    const [rows, [{ total }]] = await Promise.all([
      this.ctx.db
        .select()
        .from(quickAnswers)
        .where(where)
        .orderBy(...order)
        .limit(PAGE_SIZE)
        .offset(offset),
      this.ctx.db.select({ total: count() }).from(quickAnswers).where(where),
    ]);
    return { quickAnswers: rows.map(presentQuickAnswer), count: total, hasMore: offset + rows.length < total };
  }

  async show(_actor: CurrentUser, id: number): Promise<QuickAnswerDTO> {
    const [row] = await this.ctx.db.select().from(quickAnswers).where(eq(quickAnswers.id, id));
    if (!row) throw notFound();
    return presentQuickAnswer(row);
  }

  async create(_actor: CurrentUser, input: QuickAnswerSaveInput): Promise<QuickAnswerDTO> {
    const [row] = await this.ctx.db.insert(quickAnswers).values({ shortcut: input.shortcut, message: input.message }).returning();
    const dto = presentQuickAnswer(row);
    this.announce({ action: 'create', quickAnswer: dto });
    return dto;
  }

  async update(_actor: CurrentUser, id: number, input: QuickAnswerSaveInput): Promise<QuickAnswerDTO> {
    const [row] = await this.ctx.db
      .update(quickAnswers)
      .set({ shortcut: input.shortcut, message: input.message, updatedAt: this.ctx.clock.now() })
      .where(eq(quickAnswers.id, id))
      .returning();
    if (!row) throw notFound();
    const dto = presentQuickAnswer(row);
    this.announce({ action: 'update', quickAnswer: dto });
    return dto;
  }

  async remove(actor: CurrentUser, id: number): Promise<void> {
    authorize(actor, 'quickAnswer.delete');
    const deleted = await this.ctx.db.delete(quickAnswers).where(eq(quickAnswers.id, id)).returning({ id: quickAnswers.id });
    if (deleted.length === 0) throw notFound();
    this.announce({ action: 'delete', quickAnswerId: id });
  }

  async removeAll(actor: CurrentUser): Promise<number> {
    authorize(actor, 'quickAnswer.deleteAll');
    const deleted = await this.ctx.db.delete(quickAnswers).returning({ id: quickAnswers.id });
    this.announce({ action: 'delete', all: true });
    return deleted.length;
  }

  private announce(event: QuickAnswerEvent): void {
    announce(this.ctx, ROOM_ALL_USERS, EVENTS.quickAnswer, event);
  }
}
