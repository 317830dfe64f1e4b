/** Connects the realtime server to the rest: who a token is, who may join a ticket, settings news. */
import { canSeeTicket, EVENTS } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import type { Server as HttpServer } from 'node:http';
import type { AppContext } from './context.js';
import { tickets } from './db/schema.js';
import { loadCurrentUser } from './store/users.js';
import { deploymentId } from './store/deployment.js';
import type { Services } from './services.js';
import { attachWebchatNamespace } from './channels/webchat/namespace.js';
import { DEFAULT_USER_LIMIT } from './realtime/realtime.js';
import { announce } from './realtime/announce.js';
import { ROOM_ADMINS, ROOM_ALL_USERS } from './realtime/rooms.js';
import { trustFunction } from './lib/client-address.js';

export async function wireRealtime(httpServer: HttpServer, ctx: AppContext, services: Services): Promise<void> {
  const { realtime, settings, db } = ctx;
  await realtime.attach(httpServer, {
    authenticate: async (token) => {
      const result = await services.auth.authenticate(token);
      return result.status === 'ok' ? { viewer: result.user, expiresAt: result.exp } : null;
    },
    loadViewer: (userId) => loadCurrentUser(db, userId),
    allowedOrigins: ctx.config.allowedOrigins,
    trustProxy: trustFunction(ctx.config.trustProxy),
    acceptForeignOrigins: true,
    redis: ctx.config.redisUrl ? { url: ctx.config.redisUrl, key: `switchboard#${await deploymentId(db)}` } : undefined,
    log: ctx.log,
    userLimit: { ...DEFAULT_USER_LIMIT, sockets: ctx.config.socketsPerUser },
  });

  attachWebchatNamespace(realtime, db, {
    trust: trustFunction(ctx.config.trustProxy),
    perAddress: { burst: ctx.config.webchatHandshakesPerMinute, perSecond: ctx.config.webchatHandshakesPerMinute / 60 },
  });

  realtime.setTicketAccess(async (userId, ticketId) => {
    const [row] = await db.select({ userId: tickets.userId, queueId: tickets.queueId }).from(tickets).where(eq(tickets.id, ticketId));
    if (!row) return false;
    const viewer = await loadCurrentUser(db, userId);
    return !!viewer && canSeeTicket(viewer, row, { allTicket: settings.isEnabled('allTicket') });
  });

  settings.onChange((setting) => {
    // The API token goes to admins only; every other setting to everyone signed in.
    announce(ctx, setting.key === 'userApiToken' ? ROOM_ADMINS : ROOM_ALL_USERS, EVENTS.settings, { action: 'update', setting });
    // allTicket needs no room changes: sectorless tickets are addressed by the setting at emit time.
  });
}
