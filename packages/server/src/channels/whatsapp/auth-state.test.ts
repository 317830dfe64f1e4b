import { initAuthCreds, proto, type SignalDataSet } from 'baileys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsapps } from '../../db/schema.js';
import { openTestDatabase, type TestDatabase } from '../../test/harness.js';
import { createDbAuthStore } from '../auth-store.js';
import type { AuthStore } from '../driver.js';
import { CREDS_KEY, loadAuthState } from './auth-state.js';

const bytes = (...values: number[]) => Buffer.from(values);

/** One entry of every signal key type baileys 7 stores (SignalDataTypeMap). */
const everyKeyType: SignalDataSet = {
  'pre-key': { '1': { public: bytes(1, 2, 3), private: bytes(4, 5, 6) } },
  session: { '5511987654321.0': bytes(9, 9, 9) },
  'sender-key': { '120363041234567890@g.us::5511987654321::0': bytes(7, 7) },
  'sender-key-memory': { '120363041234567890@g.us': { '5511987654321:0@s.whatsapp.net': true } },
  'app-state-sync-key': {
    AAAAAJmK: proto.Message.AppStateSyncKeyData.fromObject({
      keyData: bytes(42, 43, 44),
      fingerprint: { rawId: 7, currentIndex: 2, deviceIndexes: [0, 1] },
      timestamp: 1718000000,
    }),
  },
  'app-state-sync-version': {
    regular_high: { version: 12, hash: Buffer.alloc(128, 1), indexValueMap: { abc: { valueMac: bytes(5, 6) } } },
  },
  'lid-mapping': { '5511987654321': '204914727645123', '204914727645123_reverse': '5511987654321' },
  'device-list': { '5511987654321': ['0', '12'] },
  tctoken: { '5511987654321@s.whatsapp.net': { token: bytes(1, 1, 2), timestamp: '1718000000' } },
  'identity-key': { '5511987654321.0': bytes(3, 1, 4, 1, 5) },
};

describe('loadAuthState over the database AuthStore', () => {
  let testDb: TestDatabase;
  let store: AuthStore;

  beforeAll(async () => {
    testDb = await openTestDatabase();
    await testDb.database.migrate();
    const [row] = await testDb.database.db.insert(whatsapps).values({ name: 'auth-state' }).returning({ id: whatsapps.id });
    store = createDbAuthStore(testDb.database.db, row.id);
  });

  afterAll(async () => {
    await testDb.drop();
  });

  it('starts with fresh creds when nothing is stored', async () => {
    const { state } = await loadAuthState(store);
    expect(state.creds.registered).toBe(false);
    expect(state.creds.noiseKey.public).toBeInstanceOf(Uint8Array);
    expect(await store.get(CREDS_KEY)).toBeUndefined();
  });

  it('saves creds and reads them back with their binary keys intact', async () => {
    const { state, saveCreds } = await loadAuthState(store);
    Object.assign(state.creds, { me: { id: '5511900000000:12@s.whatsapp.net', name: 'Loja' }, registered: true });
    await saveCreds();

    const { state: reloaded } = await loadAuthState(store);
    expect(reloaded.creds.me?.id).toBe('5511900000000:12@s.whatsapp.net');
    expect(Buffer.from(reloaded.creds.noiseKey.private)).toEqual(Buffer.from(state.creds.noiseKey.private));
    expect(Buffer.from(reloaded.creds.signedIdentityKey.public)).toEqual(Buffer.from(state.creds.signedIdentityKey.public));
    expect(reloaded.creds.signedPreKey.keyId).toBe(state.creds.signedPreKey.keyId);
    expect(reloaded.creds.advSecretKey).toBe(state.creds.advSecretKey);
  });

  it('round-trips every signal key type, rebuilding app-state keys as protobuf objects', async () => {
    const { state } = await loadAuthState(store);
    await state.keys.set(everyKeyType);

    const { state: reloaded } = await loadAuthState(store);
    for (const [type, entries] of Object.entries(everyKeyType) as [keyof SignalDataSet, Record<string, unknown>][]) {
      const ids = Object.keys(entries);
      const found = await reloaded.keys.get(type, ids);
      for (const id of ids) {
        expect(JSON.parse(JSON.stringify(found[id])), `${type} ${id}`).toEqual(JSON.parse(JSON.stringify(entries[id])));
      }
    }
    const appKey = (await reloaded.keys.get('app-state-sync-key', ['AAAAAJmK'])).AAAAAJmK;
    expect(appKey).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(appKey.keyData!)).toEqual(bytes(42, 43, 44));
    const session = (await reloaded.keys.get('session', ['5511987654321.0']))['5511987654321.0'];
    expect(Buffer.isBuffer(session)).toBe(true);
  });

  it('leaves unknown ids out and deletes keys set to null', async () => {
    const { state } = await loadAuthState(store);
    expect(await state.keys.get('pre-key', ['404'])).toEqual({});
    await state.keys.set({ 'pre-key': { '1': null } });
    expect(await state.keys.get('pre-key', ['1'])).toEqual({});
    expect(await store.get('pre-key-1')).toBeUndefined();
  });

  it('clear() empties creds and keys: the next load starts a new pairing', async () => {
    const { state } = await loadAuthState(store);
    await state.keys.clear!();
    const { state: fresh } = await loadAuthState(store);
    expect(fresh.creds.me).toBeUndefined();
    expect(await fresh.keys.get('session', ['5511987654321.0'])).toEqual({});
    expect(initAuthCreds().registered).toBe(false);
  });
});
