/**
 * Names WhatsApp synced to this session — the phone's address book, push names, group subjects —
 * kept in the connection's auth store so they outlive a restart ("import contacts" and group
 * names would otherwise be empty until WhatsApp happens to send them again). They belong to the
 * pairing: a logout clears them with the rest of the auth state.
 */
import type { AuthStore } from '../driver.js';
import type { ContactFacts } from './mapping.js';

/** Beside baileys' own keys ("creds", "<type>-<id>"), which never take this form. */
export const SYNCED_NAMES_KEY = 'switchboard:synced-names';

export interface SyncedNames {
  contacts: ContactFacts[];
  /** Group id (the user part of "…@g.us") → subject. */
  groups: Record<string, string>;
}

export async function loadSyncedNames(auth: AuthStore): Promise<SyncedNames> {
  const raw = await auth.get(SYNCED_NAMES_KEY);
  const parsed = raw ? (JSON.parse(raw) as Partial<SyncedNames>) : {};
  return { contacts: Array.isArray(parsed.contacts) ? parsed.contacts : [], groups: parsed.groups ?? {} };
}

export async function saveSyncedNames(auth: AuthStore, names: SyncedNames): Promise<void> {
  await auth.set({ [SYNCED_NAMES_KEY]: JSON.stringify(names) });
}
