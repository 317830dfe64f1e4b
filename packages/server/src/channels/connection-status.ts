/** A connection's session state as stored on its row and announced to admins (the Connections screen). */
import { EVENTS, type ConnectionSessionEvent, type ConnectionStatus } from '@switchboard/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { whatsapps } from '../db/schema.js';
import { announce } from '../realtime/announce.js';
import { ROOM_ADMINS } from '../realtime/rooms.js';
import { presentConnectionById } from '../store/connections.js';

export interface StatusChange {
  status: ConnectionStatus;
  reason?: string;
  qrcode?: string;
  number?: string;
  retries?: number;
  bumpRetries?: boolean;
}

export async function saveConnectionStatus(ctx: AppContext, connectionId: number, change: StatusChange): Promise<void> {
  const [row] = await ctx.db
    .update(whatsapps)
    .set({
      status: change.status,
      statusReason: change.reason ?? '',
      ...(change.qrcode !== undefined ? { qrcode: change.qrcode } : {}),
      ...(change.number !== undefined ? { number: change.number } : {}),
      ...(change.retries !== undefined ? { retries: change.retries } : {}),
      ...(change.bumpRetries ? { retries: sql`${whatsapps.retries} + 1` } : {}),
      updatedAt: ctx.clock.now(),
    })
    .where(eq(whatsapps.id, connectionId))
    .returning({ id: whatsapps.id });
  if (!row) return;
  const dto = await presentConnectionById(ctx.db, connectionId);
  if (dto) {
    const event: ConnectionSessionEvent = { action: 'update', session: dto };
    announce(ctx, ROOM_ADMINS, EVENTS.whatsappSession, event);
  }
}
