/** POST /contacts/import: the default connection's phone contacts become contacts (admins only). */
import { CONTACT_ROUTES } from '@switchboard/shared';
import { answers, BODY, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { ok } from '../../http/route-table.js';

import { channelErrorToApp, requireDefaultDriver } from '../../channels/default-connection.js';
import type { ChannelManager } from '../../channels/manager.js';
import type { AppContext } from '../../context.js';
import { contacts } from '../../db/schema.js';
import { authorize } from '../../access/authorize.js';
import type { App } from '../../http/types.js';
import type { CurrentUser } from '../../store/users.js';
import { announceImportedContacts } from './announce-import.js';
import { rollupContactIds } from '../../store/dashboard-rollups.js';

export async function importPhoneContacts(ctx: AppContext, channels: ChannelManager, actor: CurrentUser): Promise<{ imported: number }> {
  authorize(actor, 'contact.import');
  const driver = await requireDefaultDriver(ctx, channels);
  const phoneContacts = await driver.importContacts().catch(channelErrorToApp);
  const rows = phoneContacts
    .map((c) => ({ number: c.number.replace(/\D/g, ''), name: c.name?.trim() || c.number }))
    .filter((c) => c.number.length >= 8);
  if (rows.length === 0) return { imported: 0 };
  // Existing contacts keep their names; only unknown numbers are added. Each one added is a
  // contact.created webhook event, written with the contacts (they commit together).
  const { inserted, events } = await ctx.db.transaction(async (tx) => {
    const added = await tx.insert(contacts).values(rows).onConflictDoNothing({ target: contacts.number }).returning();
    await rollupContactIds(
      tx,
      1,
      added.map((c) => c.id),
    );
    return { inserted: added, events: await announceImportedContacts(ctx, tx, added) };
  });
  events.announce();
  return { imported: inserted.length };
}

export function registerContactImportRoute(app: App, ctx: AppContext, channels: ChannelManager): void {
  app.post(
    CONTACT_ROUTES.importPhone.path,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['contacts'],
        response: answers(ok(CONTACT_ROUTES.importPhone), SIGNED_IN, BODY, REFUSED, {
          400: ['ERR_WAPP_CHECK_CONTACT', 'ERR_SENDING_WAPP_MSG'],
          404: ['ERR_NO_DEF_WAPP_FOUND'],
          409: ['ERR_WAPP_NOT_INITIALIZED'],
        }),
      },
    },
    (req) => importPhoneContacts(ctx, channels, req.actor),
  );
}
