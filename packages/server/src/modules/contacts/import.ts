/** POST /contacts/import: the default connection's phone contacts become contacts (admins only). */
import { phoneContactsImportSchema } from '@switchboard/shared';
import { answers, REFUSED, SIGNED_IN } from '../../http/responses.js';

import { channelErrorToApp, requireDefaultDriver } from '../../channels/default-connection.js';
import type { ChannelManager } from '../../channels/manager.js';
import type { AppContext } from '../../context.js';
import { contacts } from '../../db/schema.js';
import { authorize } from '../../access/authorize.js';
import type { App } from '../../http/types.js';
import type { CurrentUser } from '../../store/users.js';
import { presentContacts } from '../../store/contacts.js';

export async function importPhoneContacts(ctx: AppContext, channels: ChannelManager, actor: CurrentUser): Promise<{ imported: number }> {
  authorize(actor, 'contact.import');
  const driver = await requireDefaultDriver(ctx, channels);
  const phoneContacts = await driver.importContacts().catch(channelErrorToApp);
  const rows = phoneContacts
    .map((c) => ({ number: c.number.replace(/\D/g, ''), name: c.name?.trim() || c.number }))
    .filter((c) => c.number.length >= 8);
  if (rows.length === 0) return { imported: 0 };
  // Existing contacts keep their names; only unknown numbers are added.
  const inserted = await ctx.db
    .insert(contacts)
    .values(rows)
    .onConflictDoNothing({ target: contacts.number })
    .returning();
  // Other viewers' lists update live; a very large import is left to their next load.
  if (inserted.length <= 500) {
    const presented = await presentContacts(ctx.db, inserted);
    for (const contact of presented) ctx.realtime.emitToAll('contact', { action: 'create', contact });
  }
  return { imported: inserted.length };
}

export function registerContactImportRoute(app: App, ctx: AppContext, channels: ChannelManager): void {
  app.post('/contacts/import', { onRequest: app.authenticate, schema: {
        tags: ['contacts'],
        response: answers({ 200: phoneContactsImportSchema }, SIGNED_IN, REFUSED, {
          400: ['ERR_WAPP_CHECK_CONTACT', 'ERR_SENDING_WAPP_MSG'],
          404: ['ERR_NO_DEF_WAPP_FOUND'],
          409: ['ERR_WAPP_NOT_INITIALIZED'],
        }),
      },
    }, (req) =>
    importPhoneContacts(ctx, channels, req.actor),
  );
}
