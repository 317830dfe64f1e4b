/** Reads of users with their sectors and default connection, shared by auth and users. */
import type { TicketViewer, UserDTO } from '@switchboard/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { queues, userQueues, users, whatsapps } from '../db/schema.js';
import { presentUser } from './user-present.js';

export type UserRow = typeof users.$inferSelect;

/** The signed-in user as services see it: identity, permissions and work time. */
export interface CurrentUser extends TicketViewer {
  name: string;
  email: string;
  startWork: string;
  endWork: string;
  /** Access tokens carry it; bumping it ends every live session of the user. */
  sessionEpoch: number;
}

export async function findUserRow(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function loadCurrentUser(db: DbOrTx, id: number): Promise<CurrentUser | null> {
  const row = await findUserRow(db, id);
  if (!row) return null;
  const qs = await db.select({ queueId: userQueues.queueId }).from(userQueues).where(eq(userQueues.userId, id));
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    profile: row.profile,
    queueIds: qs.map((q) => q.queueId),
    allTicket: row.allTicket,
    startWork: row.startWork,
    endWork: row.endWork,
    sessionEpoch: row.sessionEpoch,
  };
}

/** Presents many users with two batched queries for their sectors and connections. */
export async function presentUsers(db: DbOrTx, rows: UserRow[]): Promise<UserDTO[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const queueRows = await db
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(inArray(userQueues.userId, ids))
    .orderBy(asc(queues.name));
  const wIds = [...new Set(rows.map((r) => r.whatsappId).filter((v): v is number => v != null))];
  const wRows = wIds.length
    ? await db.select({ id: whatsapps.id, name: whatsapps.name }).from(whatsapps).where(inArray(whatsapps.id, wIds))
    : [];
  const wById = new Map(wRows.map((w) => [w.id, w]));
  return rows.map((r) =>
    presentUser(r, {
      queues: queueRows.filter((q) => q.userId === r.id).map(({ id, name, color }) => ({ id, name, color })),
      whatsapp: r.whatsappId != null ? (wById.get(r.whatsappId) ?? null) : null,
    }),
  );
}

export async function presentUserById(db: DbOrTx, id: number): Promise<UserDTO | null> {
  const row = await findUserRow(db, id);
  if (!row) return null;
  const [dto] = await presentUsers(db, [row]);
  return dto;
}
