/** Connects the realtime server to the rest: who a token is, who may join a ticket, settings news. */
import { canSeeTicket } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import type { Server as HttpServer } from 'node:http';
import type { AppContext } from '../context.js';
import { tickets } from '../db/schema.js';
import { loadCurrentUser } from '../modules/users/repository.js';
import type { Services } from '../services.js';

export async function wireRealtime(httpServer: HttpServer, ctx: AppContext, services: Services): Promise<void> {
  const { realtime, settings, db } = ctx;
  await realtime.attach(httpServer, {
    authenticate: async (token) => {
      const result = await services.auth.authenticate(token);
      return result ? { viewer: result.user, expiresAt: result.exp } : null;
    },
    loadViewer: (userId) => loadCurrentUser(db, userId),
    sectorlessForAll: () => settings.isEnabled('allTicket'),
    allowedOrigins: ctx.config.allowedOrigins,
    redisUrl: ctx.config.redisUrl,
  });

  realtime.setTicketAccess(async (viewer, ticketId) => {
    const [row] = await db.select().from(tickets).where(eq(tickets.id, ticketId));
    return !!row && canSeeTicket(viewer, row, { allTicket: settings.isEnabled('allTicket') });
  });

  settings.onChange((setting) => {
    // The API token goes to admins only; every other setting to everyone signed in.
    if (setting.key === 'userApiToken') realtime.emitToAdmins('settings', { action: 'update', setting });
    else realtime.emitToAll('settings', { action: 'update', setting });
    if (setting.key === 'allTicket') void realtime.syncAll();
  });
}
