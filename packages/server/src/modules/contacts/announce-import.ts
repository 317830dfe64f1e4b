/**
 * Contacts added in bulk (a CSV file, the phone's contacts): every one is announced, so each is a
 * contact.created webhook event written in the import's transaction. Other viewers' lists update
 * live up to LIVE_IMPORT_LIMIT contacts; past that the realtime events are left out (thousands of
 * list updates at once on every screen) and the contacts screen shows them when it next loads.
 */
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { Announcements } from '../../messaging/ticket-events.js';
import { presentContacts, type ContactRow } from '../../store/contacts.js';

export const LIVE_IMPORT_LIMIT = 500;

export async function announceImportedContacts(ctx: AppContext, tx: DbOrTx, rows: ContactRow[]): Promise<Announcements> {
  const events = new Announcements(ctx, tx);
  const live = rows.length <= LIVE_IMPORT_LIMIT;
  for (const contact of await presentContacts(tx, rows)) await events.contact({ action: 'create', contact }, { live });
  return events;
}
