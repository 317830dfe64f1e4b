/**
 * Baileys' AuthenticationState over our AuthStore (database rows, never files).
 *
 * Layout, one AuthStore key per item:
 *   "creds"            → the account credentials (noise key, identity, registration, `me`, …)
 *   "<type>-<id>"      → one signal key of any SignalDataTypeMap type (pre-key, session,
 *                        sender-key, sender-key-memory, app-state-sync-key,
 *                        app-state-sync-version, lid-mapping, device-list, tctoken, identity-key)
 * Values are JSON written with BufferJSON so Buffers/Uint8Arrays survive the round trip.
 */
import {
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
} from 'baileys';
import type { AuthStore } from '../driver.js';
import { deserialize, serialize } from './serialization.js';

export const CREDS_KEY = 'creds';

export function signalKeyName(type: keyof SignalDataTypeMap, id: string): string {
  return `${type}-${id}`;
}

/** JSON loses the protobuf class; baileys calls methods on app-state keys, so rebuild it. */
function reviveSignalValue<T extends keyof SignalDataTypeMap>(type: T, value: unknown): SignalDataTypeMap[T] {
  if (type === 'app-state-sync-key') {
    return proto.Message.AppStateSyncKeyData.fromObject(value as object) as unknown as SignalDataTypeMap[T];
  }
  return value as SignalDataTypeMap[T];
}

export interface DbAuthState {
  state: AuthenticationState;
  /** Persists the current creds; call on every `creds.update`. */
  saveCreds: () => Promise<void>;
}

/** Loads creds (or starts fresh ones for a new pairing) and exposes the signal key store. */
export async function loadAuthState(store: AuthStore): Promise<DbAuthState> {
  const stored = await store.get(CREDS_KEY);
  const creds: AuthenticationCreds = stored ? deserialize<AuthenticationCreds>(stored) : initAuthCreds();

  const keys: AuthenticationState['keys'] = {
    async get(type, ids) {
      const found: { [id: string]: SignalDataTypeMap[typeof type] } = {};
      await Promise.all(
        ids.map(async (id) => {
          const text = await store.get(signalKeyName(type, id));
          // Baileys treats a missing id as "no key": leave it out rather than storing undefined.
          if (text !== undefined) found[id] = reviveSignalValue(type, deserialize(text));
        }),
      );
      return found;
    },
    async set(data: SignalDataSet) {
      const entries: Record<string, string | null> = {};
      for (const type of Object.keys(data) as (keyof SignalDataTypeMap)[]) {
        for (const [id, value] of Object.entries(data[type] ?? {})) {
          entries[signalKeyName(type, id)] = value ? serialize(value) : null;
        }
      }
      await store.set(entries);
    },
    async clear() {
      await store.clear();
    },
  };

  return {
    state: { creds, keys },
    saveCreds: () => store.set({ [CREDS_KEY]: serialize(creds) }),
  };
}
