/**
 * Attendants. Anyone signed in may list and read users (transfers need them); only admins create,
 * delete, or change profile, sectors, hours and flags; a user may edit their own name, e-mail,
 * password and default connection. The last admin can be neither deleted nor demoted.
 */
import {
  ADMIN_ONLY_USER_FIELDS,
  DEFAULT_USER_FLAGS,
  EVENTS,
  PAGE_SIZE,
  type PagedSearchQuery,
  type UserCreateInput,
  type UserDTO,
  type UserEvent,
  type UserUpdateInput,
} from '@switchboard/shared';
import { and, asc, count, eq, ilike, ne, notInArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { ROOM_ALL_USERS } from '../../realtime/rooms.js';
import { announce } from '../../realtime/announce.js';
import type { DbOrTx } from '../../db/client.js';
import { queues, userQueues, users, whatsapps } from '../../db/schema.js';
import { afterCommit } from '../../lib/after-commit.js';
import { authorize } from '../../access/authorize.js';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/passwords.js';
import { escapeLike } from '../../lib/sql.js';
import { rollupFoldInto } from '../../store/dashboard-rollups.js';
import { findUserRow, presentUserById, presentUsers, type CurrentUser } from '../../store/users.js';

export interface UsersPage {
  users: UserDTO[];
  hasMore: boolean;
  count: number;
}

export interface UsersDeps {
  /** Ends the user's refresh sessions, in the transaction that changes the password or deletes the user. */
  onCredentialsChanged: (userId: number, tx: DbOrTx) => Promise<void>;
  /** After a user's sectors were saved: a sector that assigns automatically may have work for them. */
  onSectorsChanged: (userId: number) => void;
}

export class UsersService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: UsersDeps,
  ) {}

  async list(_actor: CurrentUser, query: PagedSearchQuery): Promise<UsersPage> {
    const term = query.searchParam.trim().toLowerCase();
    const where = term ? or(ilike(users.name, `%${escapeLike(term)}%`), ilike(users.email, `%${escapeLike(term)}%`)) : undefined;
    const offset = (query.pageNumber - 1) * PAGE_SIZE;
    const [rows, [{ total }]] = await Promise.all([
      this.ctx.db.select().from(users).where(where).orderBy(asc(users.name), asc(users.id)).limit(PAGE_SIZE).offset(offset),
      this.ctx.db.select({ total: count() }).from(users).where(where),
    ]);
    return { users: await presentUsers(this.ctx.db, rows), count: total, hasMore: offset + rows.length < total };
  }

  async show(_actor: CurrentUser, id: number): Promise<UserDTO> {
    const dto = await presentUserById(this.ctx.db, id);
    if (!dto) throw new AppError('ERR_NO_USER_FOUND', 404);
    return dto;
  }

  async create(actor: CurrentUser, input: UserCreateInput): Promise<UserDTO> {
    authorize(actor, 'user.create');
    return this.createUnchecked(input);
  }

  /** Creation after the caller decided who may create (admins, or sign-up when allowed). */
  async createUnchecked(input: Partial<UserCreateInput> & Pick<UserCreateInput, 'name' | 'email' | 'password'>): Promise<UserDTO> {
    const passwordHash = await hashPassword(input.password);
    const id = await this.ctx.db.transaction(async (tx) => {
      // Serialise creations so the attendant limit holds under concurrent requests.
      await tx.execute(sql`select pg_advisory_xact_lock(7301001)`);
      await this.assertUnderUserLimit(tx);
      await this.assertReferencesExist(tx, input.whatsappId ?? null, input.queueIds ?? []);
      const flags = { ...DEFAULT_USER_FLAGS };
      for (const k of Object.keys(flags) as (keyof typeof flags)[]) {
        if (typeof input[k] === 'boolean') flags[k] = input[k];
      }
      try {
        const [row] = await tx
          .insert(users)
          .values({
            name: input.name,
            email: input.email,
            passwordHash,
            profile: input.profile ?? 'user',
            whatsappId: input.whatsappId ?? null,
            startWork: input.startWork ?? '00:00',
            endWork: input.endWork ?? '23:59',
            ...flags,
          })
          .returning({ id: users.id });
        if (input.queueIds?.length) {
          await tx.insert(userQueues).values([...new Set(input.queueIds)].map((queueId) => ({ userId: row.id, queueId })));
        }
        return row.id;
      } catch (err) {
        if (isUniqueViolation(err, 'users_email_unique')) throw new AppError('ERR_DUPLICATED_EMAIL', 409);
        throw err;
      }
    });
    const dto = (await presentUserById(this.ctx.db, id))!;
    this.announce({ action: 'create', user: dto });
    return dto;
  }

  async update(
    actor: CurrentUser,
    id: number,
    input: Omit<UserUpdateInput, 'whatsappId'> & { whatsappId?: number | null },
  ): Promise<UserDTO> {
    // Someone else's profile is refused before it is read (no existence leak to non-admins).
    authorize(actor, 'user.update', { id, changesRights: false });
    const existing = await findUserRow(this.ctx.db, id);
    if (!existing) throw new AppError('ERR_NO_USER_FOUND', 404);
    // A form may send the admin-only fields back unchanged; only a change is refused.
    const changesRights = ADMIN_ONLY_USER_FIELDS.some((field) => {
      const value = input[field];
      if (value === undefined) return false;
      return field === 'queueIds' ? !sameIds(value as number[], actor.queueIds) : value !== existing[field];
    });
    authorize(actor, 'user.update', { id, changesRights });
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;

    const dto = await this.ctx.db.transaction(async (tx) => {
      if (existing.profile === 'admin' && input.profile === 'user') await this.assertNotLastAdmin(tx, id);
      await this.assertReferencesExist(tx, input.whatsappId ?? null, input.queueIds ?? []);
      const { queueIds, password: _pw, ...fields } = input;
      const patch = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      try {
        await tx
          .update(users)
          .set({
            ...patch,
            // A new password ends every live session: old access tokens and sockets stop at once.
            ...(passwordHash ? { passwordHash, sessionEpoch: sql`${users.sessionEpoch} + 1` } : {}),
            updatedAt: this.ctx.clock.now(),
          })
          .where(eq(users.id, id));
      } catch (err) {
        if (isUniqueViolation(err, 'users_email_unique')) throw new AppError('ERR_DUPLICATED_EMAIL', 409);
        throw err;
      }
      if (queueIds) {
        // Memberships kept are left as they are (they carry the sector's round-robin turn).
        const wanted = [...new Set(queueIds)];
        await tx
          .delete(userQueues)
          .where(and(eq(userQueues.userId, id), wanted.length ? notInArray(userQueues.queueId, wanted) : undefined));
        if (wanted.length)
          await tx
            .insert(userQueues)
            .values(wanted.map((queueId) => ({ userId: id, queueId })))
            .onConflictDoNothing();
      }
      // The new password and the end of the old sessions commit together, or neither does.
      if (passwordHash) await this.deps.onCredentialsChanged(id, tx);
      return (await presentUserById(tx, id))!;
    });
    if (passwordHash) this.ctx.realtime.disconnectUser(id);
    this.announce({ action: 'update', user: dto });
    // Sectors, profile or flags may have changed what the user sees: re-derive their sockets' rooms.
    // The change is committed: a failure here is logged, and events are addressed by visibility
    // at emit time anyway (messaging/ticket-events.ts).
    await afterCommit(this.ctx.log, 'realtime room sync', { userId: id }, () => this.ctx.realtime.syncUser(id));
    if (input.queueIds) this.deps.onSectorsChanged(id);
    return dto;
  }

  async remove(actor: CurrentUser, id: number): Promise<void> {
    authorize(actor, 'user.delete');
    await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!row) throw new AppError('ERR_NO_USER_FOUND', 404);
      if (row.profile === 'admin') await this.assertNotLastAdmin(tx, id);
      // Its refresh sessions go with it (auth_sessions.user_id cascades).
      await tx.delete(users).where(eq(users.id, id));
      // Its cycles and ratings are nobody's now (set null): so are their dashboard figures.
      await rollupFoldInto(tx, 'user_id', id);
    });
    this.announce({ action: 'delete', userId: id });
    this.ctx.realtime.disconnectUser(id);
  }

  private announce(event: UserEvent): void {
    announce(this.ctx, ROOM_ALL_USERS, EVENTS.user, event);
  }

  private async assertNotLastAdmin(tx: DbOrTx, id: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(7301002)`);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.profile, 'admin'), ne(users.id, id)));
    if (n === 0) throw new AppError('ERR_LAST_ADMIN', 409);
  }

  private async assertUnderUserLimit(tx: DbOrTx): Promise<void> {
    const limit = this.ctx.config.userLimit;
    if (limit === undefined) return;
    const [{ n }] = await tx.select({ n: count() }).from(users);
    if (n >= limit) throw new AppError('ERR_USER_CREATION_COUNT', 403);
  }

  private async assertReferencesExist(tx: DbOrTx, whatsappId: number | null, queueIds: number[]): Promise<void> {
    if (whatsappId != null) {
      const [w] = await tx.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.id, whatsappId));
      if (!w) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    }
    const unique = [...new Set(queueIds)];
    if (unique.length) {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(queues)
        .where(sql`${queues.id} in ${unique}`);
      if (n !== unique.length) throw new AppError('ERR_VALIDATION', 400, 'Unknown sector');
    }
  }
}

function sameIds(a: number[], b: number[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
}
