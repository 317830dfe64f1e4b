/**
 * The driver against a fake baileys socket: lifecycle and reconnect policy, every inbound event
 * source, and every outbound call. The fake socket exposes what the driver uses: `ev.process`,
 * `user`, `sendMessage`, `onWhatsApp`, `readMessages`, `rejectCall`, `logout`, `end`,
 * `profilePictureUrl`, `updateMediaMessage` and the LID mapping store.
 */
import { DisconnectReason, proto, type BaileysEventMap, type UserFacingSocketConfig, type WAMessage, type WASocket } from 'baileys';
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../context.js';
import { ChannelError, type AuthStore, type DriverContext, type DriverEvent } from '../driver.js';
import { createWhatsappDriver, whatsappDriverFactory, type WhatsappDriverDeps } from './driver.js';
import { reconnectDelay } from './close-policy.js';
import { CREDS_KEY } from './auth-state.js';
import { serialize } from './serialization.js';
import { sineWav } from '../../test/fixtures.js';

const SELF_JID = '5511900000000:7@s.whatsapp.net';
const CUSTOMER = '5511987654321';
const CUSTOMER_JID = `${CUSTOMER}@s.whatsapp.net`;
const CUSTOMER_LID = '204914727645123@lid';
const DELAYS = [100, 400, 1_000];

type Events = Partial<BaileysEventMap>;

/** Captured before any test fakes timers: lets every pending promise chain run to its end. */
const realSetImmediate = setImmediate;
async function settle(): Promise<void> {
  for (let round = 0; round < 5; round++) await new Promise((resolve) => realSetImmediate(resolve));
}

class FakeSocket {
  private readonly emitter = new EventEmitter();
  readonly ev = {
    // As baileys' event buffer does (Utils/event-buffer.js, process()): an async listener on a
    // plain EventEmitter, whose promise nobody awaits — a rejection there is unhandled.
    process: (handler: (events: Events) => Promise<void> | void) => {
      // Left unhandled on purpose (`void`, no catch), as baileys does.
      const listener = (events: Events) => {
        void (async () => {
          await handler(events);
        })();
      };
      this.emitter.on('event', listener);
      return () => this.emitter.off('event', listener);
    },
  };
  /** baileys' socket emits every received frame here as `CB:<tag>,<attr>:<value>` (Socket/socket.js:455-465). */
  readonly ws = new EventEmitter();
  user: { id: string } | undefined = undefined;
  sent = 0;
  sendMessage = vi.fn((jid: string, content: object, _options?: object): Promise<WAMessage> => {
    this.sent++;
    return Promise.resolve({
      key: { remoteJid: jid, fromMe: true, id: `3EB0SENT${this.sent}` },
      messageTimestamp: 1718000000 + this.sent,
      message: 'text' in content ? { extendedTextMessage: { text: String(content.text) } } : {},
      status: proto.WebMessageInfo.Status.PENDING,
    });
  });
  onWhatsApp = vi.fn((..._jids: string[]): Promise<{ jid: string; exists: boolean }[] | undefined> => Promise.resolve([]));
  readMessages = vi.fn((_keys: object[]) => Promise.resolve());
  rejectCall = vi.fn((_id: string, _from: string) => Promise.resolve());
  profilePictureUrl = vi.fn((_jid: string, _type?: string): Promise<string | undefined> =>
    Promise.resolve('https://pps.whatsapp.net/new.jpg'),
  );
  updateMediaMessage = vi.fn((m: WAMessage) => Promise.resolve(m));
  groupMetadata = vi.fn((jid: string) => Promise.resolve({ id: jid, subject: 'Equipe de vendas', participants: [] }));
  logout = vi.fn(async () => {
    await this.end(Object.assign(new Error('Intentional Logout'), { output: { statusCode: DisconnectReason.loggedOut } }));
  });
  end = vi.fn(async (error: Error | undefined) => {
    await this.emit({ 'connection.update': { connection: 'close', lastDisconnect: { error, date: new Date() } } });
  });
  readonly signalRepository = {
    lidMapping: { getPNForLID: vi.fn((_lid: string): Promise<string | null> => Promise.resolve(null)) },
  };

  constructor(readonly config: UserFacingSocketConfig) {}

  /** Delivers a batch the way baileys' event buffer does (fire and forget), then lets it settle. */
  async emit(events: Events): Promise<void> {
    this.emitter.emit('event', events);
    await settle();
  }

  async open(): Promise<void> {
    this.user = { id: SELF_JID };
    await this.emit({ 'connection.update': { connection: 'open' } });
  }

  async close(statusCode: number): Promise<void> {
    const error = Object.assign(new Error(`closed ${statusCode}`), { output: { statusCode } });
    await this.emit({ 'connection.update': { connection: 'close', lastDisconnect: { error, date: new Date() } } });
  }
}

function memoryAuthStore(): AuthStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get(key) {
      return Promise.resolve(data.get(key));
    },
    set(entries) {
      for (const [key, value] of Object.entries(entries)) {
        if (value === null) data.delete(key);
        else data.set(key, value);
      }
      return Promise.resolve();
    },
    clear() {
      data.clear();
      return Promise.resolve();
    },
  };
}

function setup(
  options: {
    storedMessages?: Record<string, string>;
    ffmpegPath?: string;
    auth?: ReturnType<typeof memoryAuthStore>;
    deps?: Partial<WhatsappDriverDeps>;
  } = {},
) {
  const events: DriverEvent[] = [];
  const sockets: FakeSocket[] = [];
  const auth = options.auth ?? memoryAuthStore();
  const errors: string[] = [];
  const ctx: DriverContext = {
    connectionId: 1,
    emit: (event) => {
      events.push(event);
    },
    auth,
    getMessage: (id) => Promise.resolve(options.storedMessages?.[id]),
    log: { info: () => undefined, warn: () => undefined, error: (_obj, msg) => void errors.push(msg ?? '') },
    clock: systemClock,
  };
  const makeSocket = ((config: UserFacingSocketConfig) => {
    const sock = new FakeSocket(config);
    sockets.push(sock);
    return sock as unknown as WASocket;
  }) as never;
  const driver = createWhatsappDriver(ctx, { makeSocket, reconnectDelays: DELAYS, ffmpegPath: options.ffmpegPath, ...options.deps });
  const current = () => sockets[sockets.length - 1];
  const statuses = () => events.filter((e) => e.type === 'status');
  return { driver, ctx, auth, events, sockets, current, statuses, errors };
}

/** Puts stored creds in place so the session counts as paired (as after a QR scan). */
async function seedPairedCreds(auth: AuthStore) {
  const { initAuthCreds } = await import('baileys');
  await auth.set({ [CREDS_KEY]: serialize({ ...initAuthCreds(), me: { id: SELF_JID }, registered: true }) });
}

async function connected(options?: Parameters<typeof setup>[0]) {
  const t = setup(options);
  await seedPairedCreds(t.auth);
  await t.driver.start();
  await t.current().open();
  t.events.length = 0;
  return t;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('start and pairing', () => {
  it('exposes a factory for the whatsapp kind', () => {
    const t = setup();
    const driver = whatsappDriverFactory(t.ctx);
    expect(driver.kind).toBe('whatsapp');
  });

  it('emits OPENING, creates the socket with the DB auth state, and resolves before any QR', async () => {
    const t = setup();
    await t.driver.start();
    expect(t.events).toEqual([{ type: 'status', status: 'OPENING' }]);
    expect(t.sockets).toHaveLength(1);
    const config = t.current().config;
    expect(config.browser?.[0]).toBe('Switchboard');
    expect(config.emitOwnEvents).toBe(false);
    expect(config.auth.creds.registered).toBe(false);
  });

  it('emits each QR, PAIRING on a new login, and CONNECTED with the own number on open', async () => {
    const t = setup();
    await t.driver.start();
    await t.current().emit({ 'connection.update': { qr: '2@AbC123,xyz==,def==,ghi==' } });
    await t.current().emit({ 'connection.update': { qr: '2@DeF456,xyz==,def==,ghi==' } });
    await t.current().emit({ 'connection.update': { isNewLogin: true } });
    await t.current().open();
    expect(t.events.slice(1)).toEqual([
      { type: 'qr', qrcode: '2@AbC123,xyz==,def==,ghi==' },
      { type: 'qr', qrcode: '2@DeF456,xyz==,def==,ghi==' },
      { type: 'status', status: 'PAIRING' },
      { type: 'status', status: 'CONNECTED', number: '5511900000000' },
    ]);
  });

  it('saves creds on every creds.update and reloads them on the next socket', async () => {
    const t = setup();
    await t.driver.start();
    const creds = t.current().config.auth.creds;
    creds.me = { id: SELF_JID, name: 'Loja' };
    await t.current().emit({ 'creds.update': { me: creds.me } });
    expect(JSON.parse(t.auth.data.get(CREDS_KEY)!).me.id).toBe(SELF_JID);
    await t.current().close(DisconnectReason.restartRequired);
    expect(t.current().config.auth.creds.me?.id).toBe(SELF_JID);
  });

  it('serves getMessage from the stored raw payload as a protobuf message', async () => {
    const stored: WAMessage = { key: { remoteJid: CUSTOMER_JID, id: 'ORIG1', fromMe: true }, message: { conversation: 'reenviar' } };
    const t = setup({ storedMessages: { ORIG1: serialize(stored) } });
    await t.driver.start();
    const content = await t.current().config.getMessage!({ id: 'ORIG1', remoteJid: CUSTOMER_JID });
    expect(content).toBeInstanceOf(proto.Message);
    expect(content?.conversation).toBe('reenviar');
    expect(await t.current().config.getMessage!({ id: 'UNKNOWN', remoteJid: CUSTOMER_JID })).toBeUndefined();
  });
});

describe('close and reconnect policy', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('515 (restart after pairing) recreates the socket at once, without a status change', async () => {
    const t = setup();
    await t.driver.start();
    await t.current().close(DisconnectReason.restartRequired);
    expect(t.sockets).toHaveLength(2);
    expect(t.statuses()).toEqual([{ type: 'status', status: 'OPENING' }]);
    await t.current().open();
    expect(t.statuses().at(-1)).toMatchObject({ status: 'CONNECTED' });
  });

  it('401 (logged out on the phone) clears the auth state, emits DISCONNECTED and stops', async () => {
    const t = await connected();
    await t.auth.set({ 'session-5511987654321.0': 'x' });
    await t.current().close(DisconnectReason.loggedOut);
    expect(t.auth.data.size).toBe(0);
    expect(t.events).toEqual([{ type: 'status', status: 'DISCONNECTED', reason: 'logged-out' }]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.sockets).toHaveLength(1);
  });

  it.each([
    { code: DisconnectReason.multideviceMismatch, reason: 'multidevice-mismatch', cleared: true },
    { code: DisconnectReason.forbidden, reason: 'banned', cleared: false },
    { code: 405, reason: 'outdated-client', cleared: false },
  ])('$code ends in DISCONNECTED "$reason" instead of reconnecting forever', async ({ code, reason, cleared }) => {
    const t = await connected();
    await t.current().close(code);
    expect(t.events).toEqual([{ type: 'status', status: 'DISCONNECTED', reason }]);
    expect(t.auth.data.has(CREDS_KEY)).toBe(!cleared);
    await vi.advanceTimersByTimeAsync(10 * DELAYS.at(-1)!);
    expect(t.sockets).toHaveLength(1);
    // "Try again" starts a new session: with the kept pairing, or from a new QR.
    await t.driver.start();
    expect(t.sockets).toHaveLength(2);
    expect(t.current().config.auth.creds.registered).toBe(!cleared);
  });

  it('500 (a stream error baileys cannot name, a failure without a reason) reconnects, paired or not, and is counted', async () => {
    const t = await connected();
    for (let n = 0; n < 8; n++) {
      await t.current().close(DisconnectReason.badSession);
      await vi.advanceTimersByTimeAsync(DELAYS.at(-1)!);
    }
    expect(t.sockets).toHaveLength(9);
    expect(t.statuses().every((e) => e.status === 'TIMEOUT')).toBe(true);
    expect(t.events.filter((e) => e.type === 'health')).toEqual(
      Array.from({ length: 8 }, () => ({ type: 'health', kind: 'reconnect', reason: '500: closed 500' })),
    );
    const fresh = setup();
    await fresh.driver.start();
    await fresh.current().close(DisconnectReason.badSession);
    expect(fresh.statuses().at(-1)).toEqual({ type: 'status', status: 'OPENING', reason: 'closed (500)' });
    await vi.advanceTimersByTimeAsync(DELAYS[0]);
    expect(fresh.sockets).toHaveLength(2);
  });

  it('without a fixed schedule, waits 1 s, 2 s, 4 s … up to 60 s, each within ±20 %', async () => {
    // The lowest and the highest jitter, in turn.
    let flip = 0;
    const random = () => (flip++ % 2 === 0 ? 0 : 0.999999);
    const t = setup({ deps: { reconnectDelays: undefined, random } });
    await seedPairedCreds(t.auth);
    await t.driver.start();
    await t.current().open();
    const waits: number[] = [];
    for (let n = 0; n < 9; n++) {
      await t.current().close(DisconnectReason.connectionLost);
      const before = t.sockets.length;
      let waited = 0;
      while (t.sockets.length === before) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      waits.push(waited);
    }
    // attempt n: 1000·2ⁿ capped at 60 000, then ×0.8 (even attempts) or ×1.2 (odd), capped again.
    expect(waits).toEqual([800, 2_400, 3_200, 9_600, 12_800, 38_400, 48_000, 60_000, 48_000]);
  });

  it('the backoff is capped and jittered, so many numbers never reconnect in step', () => {
    expect(reconnectDelay(0, undefined, () => 0.5)).toBe(1_000);
    expect(reconnectDelay(3, undefined, () => 0.5)).toBe(8_000);
    expect(reconnectDelay(50, undefined, () => 0.5)).toBe(60_000);
    expect(reconnectDelay(2, undefined, () => 0)).toBe(3_200);
    expect(reconnectDelay(2, undefined, () => 0.999999)).toBe(4_800);
    expect(reconnectDelay(20, { baseMs: 10, capMs: 100, jitter: 0.5 }, () => 0)).toBe(50);
  });

  it('440 (replaced by another session) emits DISCONNECTED "replaced" and does not reconnect', async () => {
    const t = await connected();
    await t.current().close(DisconnectReason.connectionReplaced);
    expect(t.events).toEqual([{ type: 'status', status: 'DISCONNECTED', reason: 'replaced' }]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.sockets).toHaveLength(1);
    expect(t.auth.data.has(CREDS_KEY)).toBe(true);
  });

  it('other closes reconnect with the configured backoff, capped at the last delay', async () => {
    const t = await connected();
    await t.current().close(DisconnectReason.connectionLost);
    expect(t.events).toEqual([
      { type: 'status', status: 'TIMEOUT', reason: 'closed (408)' },
      { type: 'health', kind: 'reconnect', reason: '408: closed 408' },
    ]);

    await vi.advanceTimersByTimeAsync(DELAYS[0] - 1);
    expect(t.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.sockets).toHaveLength(2);

    await t.current().close(DisconnectReason.connectionClosed);
    await vi.advanceTimersByTimeAsync(DELAYS[1] - 1);
    expect(t.sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.sockets).toHaveLength(3);

    for (const expected of [4, 5]) {
      await t.current().close(DisconnectReason.unavailableService);
      await vi.advanceTimersByTimeAsync(DELAYS[2] - 1);
      expect(t.sockets).toHaveLength(expected - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(t.sockets).toHaveLength(expected);
    }
  });

  it('a successful open resets the backoff to the first delay', async () => {
    const t = await connected();
    await t.current().close(DisconnectReason.connectionLost);
    await vi.advanceTimersByTimeAsync(DELAYS[0]);
    await t.current().close(DisconnectReason.connectionLost);
    await vi.advanceTimersByTimeAsync(DELAYS[1]);
    expect(t.sockets).toHaveLength(3);
    await t.current().open();
    await t.current().close(DisconnectReason.connectionLost);
    await vi.advanceTimersByTimeAsync(DELAYS[0]);
    expect(t.sockets).toHaveLength(4);
  });

  it('a session never paired reports OPENING while it reconnects, and stops when the QR times out', async () => {
    const t = setup();
    await t.driver.start();
    await t.current().close(DisconnectReason.connectionClosed);
    expect(t.statuses().at(-1)).toEqual({ type: 'status', status: 'OPENING', reason: 'closed (428)' });
    await vi.advanceTimersByTimeAsync(DELAYS[0]);
    expect(t.sockets).toHaveLength(2);
    await t.current().close(DisconnectReason.timedOut);
    expect(t.statuses().at(-1)).toEqual({ type: 'status', status: 'DISCONNECTED', reason: 'qr-timeout' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.sockets).toHaveLength(2);
  });

  it('stop() cancels a pending reconnect', async () => {
    const t = await connected();
    await t.current().close(DisconnectReason.connectionLost);
    await t.driver.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.sockets).toHaveLength(1);
  });

  it('stop() ends the socket without logging out, keeps the auth state, and ignores its close', async () => {
    const t = await connected();
    const sock = t.current();
    await t.driver.stop();
    expect(sock.end).toHaveBeenCalledWith(undefined);
    expect(sock.logout).not.toHaveBeenCalled();
    expect(t.auth.data.has(CREDS_KEY)).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.sockets).toHaveLength(1);
    expect(t.events).toEqual([]);
    await expect(t.driver.sendText({ id: CUSTOMER, isGroup: false }, 'oi')).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });
  });

  it('start() after stop() opens a new session with the kept auth state', async () => {
    const t = await connected();
    await t.driver.stop();
    await t.driver.start();
    expect(t.sockets).toHaveLength(2);
    expect(t.current().config.auth.creds.me?.id).toBe(SELF_JID);
  });
});

describe('failures inside baileys event handlers', () => {
  const unhandled = vi.fn();
  beforeEach(() => {
    unhandled.mockReset();
    process.on('unhandledRejection', unhandled);
  });
  afterEach(() => {
    process.off('unhandledRejection', unhandled);
  });

  it('a failed creds save is logged and retried, never an unhandled rejection that ends the server', async () => {
    vi.useFakeTimers();
    const t = setup();
    await t.driver.start();
    const save = t.auth.set.bind(t.auth);
    t.auth.set = vi.fn(() => Promise.reject(new Error('database unavailable')));
    const creds = t.current().config.auth.creds;
    creds.me = { id: SELF_JID };
    await t.current().emit({ 'creds.update': { me: creds.me } });
    expect(unhandled).not.toHaveBeenCalled();
    expect(t.errors).toContain('whatsapp creds could not be saved; trying again');
    expect(t.auth.data.has(CREDS_KEY)).toBe(false);

    t.auth.set = save;
    await vi.advanceTimersByTimeAsync(DELAYS[0]);
    expect(JSON.parse(t.auth.data.get(CREDS_KEY)!).me.id).toBe(SELF_JID);
  });

  it('a failing event consumer is logged, and later events are still handled', async () => {
    const t = await connected();
    t.ctx.emit = vi.fn(() => Promise.reject(new Error('database unavailable')));
    await t.current().close(DisconnectReason.connectionLost);
    expect(unhandled).not.toHaveBeenCalled();
    expect(t.errors).toContain('channel event lost: not stored and not journalled');
  });
});

describe('logout', () => {
  it('logs out on the phone, clears the auth state and emits DISCONNECTED', async () => {
    const t = await connected();
    const sock = t.current();
    await t.driver.logout();
    expect(sock.logout).toHaveBeenCalled();
    expect(t.auth.data.size).toBe(0);
    expect(t.events).toEqual([{ type: 'status', status: 'DISCONNECTED', reason: 'logout' }]);
  });

  it('ignores a failing phone logout (not connected) and still clears the auth state', async () => {
    const t = setup();
    await seedPairedCreds(t.auth);
    await t.driver.start();
    const sock = t.current();
    sock.logout.mockRejectedValueOnce(new Error('Connection Closed'));
    await t.driver.logout();
    expect(sock.end).toHaveBeenCalled();
    expect(t.auth.data.size).toBe(0);
  });

  it('clears the auth state even when never started', async () => {
    const t = setup();
    await seedPairedCreds(t.auth);
    await t.driver.logout();
    expect(t.auth.data.size).toBe(0);
  });
});

describe('inbound events', () => {
  const messagesOf = (events: DriverEvent[]) => events.flatMap((e) => (e.type === 'message' ? [e.message] : []));
  const textFrom = (key: WAMessage['key'], text = 'oi'): WAMessage => ({
    key,
    messageTimestamp: 1718000000,
    pushName: 'Maria',
    message: { conversation: text },
  });

  it('emits message events for upserts, both live (notify) and received while offline (append)', async () => {
    const t = await connected();
    await t
      .current()
      .emit({ 'messages.upsert': { type: 'notify', messages: [textFrom({ remoteJid: CUSTOMER_JID, id: 'A1', fromMe: false }, 'um')] } });
    await t
      .current()
      .emit({ 'messages.upsert': { type: 'append', messages: [textFrom({ remoteJid: CUSTOMER_JID, id: 'A2', fromMe: false }, 'dois')] } });
    const bodies = t.events.filter((e) => e.type === 'message').map((e) => e.message.body);
    expect(bodies).toEqual(['um', 'dois']);
  });

  it("resolves a LID sender through baileys' LID mapping store and remembers it", async () => {
    const t = await connected();
    t.current().signalRepository.lidMapping.getPNForLID.mockResolvedValueOnce('5521912345678:0@s.whatsapp.net');
    const lidKey = { remoteJid: '99887766554433@lid', id: 'L1', fromMe: false };
    await t.current().emit({ 'messages.upsert': { type: 'notify', messages: [textFrom(lidKey), textFrom({ ...lidKey, id: 'L2' })] } });
    const chats = messagesOf(t.events).map((m) => m.chat.id);
    expect(chats).toEqual(['5521912345678', '5521912345678']);
    expect(t.current().signalRepository.lidMapping.getPNForLID).toHaveBeenCalledTimes(1);
    // The pair is announced once, so a contact known only by the LID gets its number.
    expect(t.events.filter((e) => e.type === 'contact')).toEqual([{ type: 'contact', number: '5521912345678', lid: '99887766554433@lid' }]);
  });

  it('learns LID pairs from lid-mapping.update and history sync', async () => {
    const t = await connected();
    await t.current().emit({ 'lid-mapping.update': { lid: '111@lid', pn: '5511911111111@s.whatsapp.net' } });
    await t.current().emit({
      'messaging-history.set': {
        chats: [],
        contacts: [],
        messages: [],
        lidPnMappings: [{ lid: '222@lid', pn: '5511922222222@s.whatsapp.net' }],
      },
    });
    await t.current().emit({
      'messages.upsert': {
        type: 'notify',
        messages: [
          textFrom({ remoteJid: '111@lid', id: 'M1', fromMe: false }),
          textFrom({ remoteJid: '222@lid', id: 'M2', fromMe: false }),
        ],
      },
    });
    const chats = messagesOf(t.events).map((m) => m.chat.id);
    expect(chats).toEqual(['5511911111111', '5511922222222']);
    expect(t.events.filter((e) => e.type === 'contact')).toEqual([
      { type: 'contact', number: '5511911111111', lid: '111@lid' },
      { type: 'contact', number: '5511922222222', lid: '222@lid' },
    ]);
    expect(t.current().signalRepository.lidMapping.getPNForLID).not.toHaveBeenCalled();
  });

  it('emits revoke and edit events from protocol messages', async () => {
    const t = await connected();
    await t.current().emit({
      'messages.upsert': {
        type: 'notify',
        messages: [
          {
            key: { remoteJid: CUSTOMER_JID, id: 'P1', fromMe: false },
            message: { protocolMessage: { type: 0, key: { remoteJid: CUSTOMER_JID, id: 'A1' } } },
          },
          {
            key: { remoteJid: CUSTOMER_JID, id: 'P2', fromMe: false },
            message: { protocolMessage: { type: 14, key: { remoteJid: CUSTOMER_JID, id: 'A2' }, editedMessage: { conversation: 'novo' } } },
          },
        ],
      },
    });
    expect(t.events).toEqual([
      { type: 'revoke', externalId: 'A1', chat: { id: CUSTOMER, isGroup: false } },
      { type: 'edit', externalId: 'A2', body: 'novo' },
    ]);
  });

  it('emits acks from messages.update and message-receipt.update', async () => {
    const t = await connected();
    await t.current().emit({
      'messages.update': [
        { key: { remoteJid: CUSTOMER_JID, id: 'OUT1', fromMe: true }, update: { status: proto.WebMessageInfo.Status.DELIVERY_ACK } },
      ],
      'message-receipt.update': [
        {
          key: { remoteJid: '120363041234567890@g.us', id: 'GOUT1', fromMe: true },
          receipt: { userJid: CUSTOMER_JID, readTimestamp: 1718000400 },
        },
      ],
    });
    expect(t.events).toEqual([
      { type: 'ack', externalId: 'OUT1', ack: 2 },
      { type: 'ack', externalId: 'GOUT1', ack: 3 },
    ]);
  });

  it('emits a call event and rejects the call with the caller id WhatsApp used', async () => {
    const t = await connected();
    const date = new Date('2024-06-10T12:00:00Z');
    await t.current().emit({
      call: [{ chatId: CUSTOMER_LID, from: CUSTOMER_LID, callerPn: CUSTOMER_JID, id: 'CALL1', date, status: 'offer', offline: false }],
    });
    expect(t.events).toEqual([{ type: 'call', callId: 'CALL1', from: CUSTOMER, isVideo: false, timestamp: date }]);
    await t.driver.rejectCall('CALL1', CUSTOMER);
    expect(t.current().rejectCall).toHaveBeenCalledWith('CALL1', CUSTOMER_LID);
    await t.driver.rejectCall('CALL2', CUSTOMER);
    expect(t.current().rejectCall).toHaveBeenLastCalledWith('CALL2', CUSTOMER_JID);
  });

  it('emits contact events only on change, fetches changed pictures, and imports seen contacts', async () => {
    const t = await connected();
    await t.current().emit({ 'contacts.upsert': [{ id: CUSTOMER_JID, name: 'Maria (cliente)', lid: CUSTOMER_LID }] });
    await t.current().emit({ 'contacts.update': [{ id: CUSTOMER_JID, notify: 'Maria' }] });
    await t.current().emit({ 'contacts.update': [{ id: CUSTOMER_JID, name: 'Maria (cliente)' }] });
    await t.current().emit({ 'contacts.update': [{ id: CUSTOMER_JID, imgUrl: 'changed' }] });
    await vi.waitFor(() => expect(t.events).toHaveLength(3));
    // The push name never replaces the name saved on the phone; repeating a known name is no news.
    expect(t.events).toEqual([
      { type: 'contact', number: CUSTOMER, lid: CUSTOMER_LID },
      { type: 'contact', number: CUSTOMER, name: 'Maria (cliente)', lid: CUSTOMER_LID },
      { type: 'contact', number: CUSTOMER, name: 'Maria (cliente)', lid: CUSTOMER_LID, profilePicUrl: 'https://pps.whatsapp.net/new.jpg' },
    ]);
    expect(t.current().profilePictureUrl).toHaveBeenCalledWith(CUSTOMER_JID, 'image');

    await t.current().emit({
      'messaging-history.set': {
        chats: [],
        messages: [],
        contacts: [{ id: '5511955554444@s.whatsapp.net', notify: 'João' }, { id: '5511966665555@s.whatsapp.net' }],
      },
    });
    expect(t.events).toHaveLength(3); // history contacts are imported, not announced one by one
    expect(await t.driver.importContacts()).toEqual([
      { number: CUSTOMER, name: 'Maria (cliente)' },
      { number: '5511955554444', name: 'João' },
      { number: '5511966665555', name: '5511966665555' },
    ]);
  });

  it('ignores events of a socket that was replaced', async () => {
    const t = await connected();
    const old = t.current();
    await old.close(DisconnectReason.restartRequired);
    await old.emit({ 'messages.upsert': { type: 'notify', messages: [textFrom({ remoteJid: CUSTOMER_JID, id: 'OLD', fromMe: false })] } });
    expect(t.events).toEqual([]);
  });
});

describe('synced names', () => {
  const GROUP_JID = '120363041234567890@g.us';
  const groupText = (id: string): WAMessage => ({
    key: { remoteJid: GROUP_JID, participant: CUSTOMER_JID, id, fromMe: false },
    messageTimestamp: 1718000000,
    message: { conversation: 'oi grupo' },
  });

  it('keeps the synced address book across a restart', async () => {
    const t = await connected();
    await t.current().emit({
      'messaging-history.set': { chats: [], messages: [], contacts: [{ id: '5511955554444@s.whatsapp.net', name: 'João da padaria' }] },
    });
    await t.driver.stop();

    const restarted = setup({ auth: t.auth });
    await restarted.driver.start();
    await restarted.current().open();
    expect(await restarted.driver.importContacts()).toEqual([{ number: '5511955554444', name: 'João da padaria' }]);
  });

  it('names group messages after the group subject, fetched once, and renames the group contact', async () => {
    const t = await connected();
    await t.current().emit({ 'messages.upsert': { type: 'notify', messages: [groupText('G1'), groupText('G2')] } });
    expect(t.current().groupMetadata).toHaveBeenCalledTimes(1);
    const messages = t.events.flatMap((e) => (e.type === 'message' ? [e.message] : []));
    expect(messages.map((m) => [m.chat.id, m.chatName])).toEqual([
      ['120363041234567890', 'Equipe de vendas'],
      ['120363041234567890', 'Equipe de vendas'],
    ]);
    expect(t.events.filter((e) => e.type === 'contact')).toEqual([
      { type: 'contact', number: '120363041234567890', name: 'Equipe de vendas' },
    ]);

    await t.current().emit({ 'groups.update': [{ id: GROUP_JID, subject: 'Vendas 2026' }] });
    expect(t.events.at(-1)).toEqual({ type: 'contact', number: '120363041234567890', name: 'Vendas 2026' });
  });

  it('remembers group subjects across a restart, and asks again when the fetch failed', async () => {
    const t = await connected();
    t.current().groupMetadata.mockRejectedValueOnce(new Error('timed out'));
    await t.current().emit({ 'messages.upsert': { type: 'notify', messages: [groupText('G1')] } });
    await t.current().emit({ 'messages.upsert': { type: 'notify', messages: [groupText('G2')] } });
    expect(t.current().groupMetadata).toHaveBeenCalledTimes(2);
    await t.driver.stop();

    const restarted = setup({ auth: t.auth });
    await restarted.driver.start();
    await restarted.current().open();
    await restarted.current().emit({ 'messages.upsert': { type: 'notify', messages: [groupText('G3')] } });
    expect(restarted.current().groupMetadata).not.toHaveBeenCalled();
    expect(restarted.events.flatMap((e) => (e.type === 'message' ? [e.message.chatName] : []))).toEqual(['Equipe de vendas']);
  });
});

describe('customers known only by a LID', () => {
  it('keeps the LID as the chat address and replies to the LID, not to "<lid>@s.whatsapp.net"', async () => {
    const t = await connected();
    await t.current().emit({
      'messages.upsert': {
        type: 'notify',
        messages: [
          { key: { remoteJid: CUSTOMER_LID, id: 'LO1', fromMe: false }, messageTimestamp: 1718000000, message: { conversation: 'oi' } },
        ],
      },
    });
    const [message] = t.events.flatMap((e) => (e.type === 'message' ? [e.message] : []));
    expect(message.chat).toEqual({ id: CUSTOMER_LID, isGroup: false });
    await t.driver.sendText(message.chat, 'olá');
    expect(t.current().sendMessage.mock.calls[0][0]).toBe(CUSTOMER_LID);
  });

  it('announces the number once WhatsApp reveals it, so the LID contact gets it', async () => {
    const t = await connected();
    await t.current().emit({ 'lid-mapping.update': { lid: CUSTOMER_LID, pn: CUSTOMER_JID } });
    expect(t.events).toEqual([{ type: 'contact', number: CUSTOMER, lid: CUSTOMER_LID }]);
  });
});

describe('outbound', () => {
  const to = { id: CUSTOMER, isGroup: false };

  it('refuses every send while not connected with ERR_WAPP_NOT_INITIALIZED', async () => {
    const t = setup();
    await t.driver.start();
    const calls = [
      t.driver.sendText(to, 'oi'),
      t.driver.sendMedia(to, { kind: 'image', mimetype: 'image/png', filename: 'a.png', data: Buffer.from('x') }),
      t.driver.deleteForEveryone(to, 'X', true),
      t.driver.markRead(to, ['X']),
      t.driver.checkNumber(CUSTOMER),
      t.driver.importContacts(),
      t.driver.rejectCall('C', CUSTOMER),
    ];
    for (const call of calls) await expect(call).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });
  });

  it('sends text to the customer JID and returns id, timestamp and raw payload', async () => {
    const t = await connected();
    const sent = await t.driver.sendText(to, 'Olá!');
    expect(t.current().sendMessage).toHaveBeenCalledWith(CUSTOMER_JID, { text: 'Olá!' }, {});
    expect(sent.externalId).toBe('3EB0SENT1');
    expect(sent.timestamp).toEqual(new Date((1718000000 + 1) * 1000));
    expect(JSON.parse(sent.raw!).key.id).toBe('3EB0SENT1');
  });

  it('sends to groups at their @g.us JID', async () => {
    const t = await connected();
    await t.driver.sendText({ id: '120363041234567890', isGroup: true }, 'bom dia');
    expect(t.current().sendMessage.mock.calls[0][0]).toBe('120363041234567890@g.us');
  });

  it('quotes the stored message when replying', async () => {
    const original: WAMessage = {
      key: { remoteJid: CUSTOMER_JID, id: 'IN1', fromMe: false },
      messageTimestamp: 1718000000,
      message: { conversation: 'qual o prazo?' },
    };
    const t = await connected({ storedMessages: { IN1: serialize(original) } });
    await t.driver.sendText(to, '3 dias', { quotedExternalId: 'IN1' });
    const options = t.current().sendMessage.mock.calls[0][2] as { quoted: WAMessage };
    expect(options.quoted.key).toEqual(original.key);
    expect(options.quoted.message?.conversation).toBe('qual o prazo?');
  });

  it('sends without a quote when the quoted message is unknown', async () => {
    const t = await connected();
    await t.driver.sendText(to, 'ok', { quotedExternalId: 'GONE' });
    expect(t.current().sendMessage).toHaveBeenCalledWith(CUSTOMER_JID, { text: 'ok' }, {});
  });

  it('turns a socket failure into ERR_SENDING_WAPP_MSG', async () => {
    const t = await connected();
    t.current().sendMessage.mockRejectedValueOnce(new Error('Connection Closed'));
    const failure = await t.driver.sendText(to, 'oi').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ChannelError);
    expect((failure as ChannelError).code).toBe('ERR_SENDING_WAPP_MSG');
  });

  it('sends image, video and document with caption, mimetype and file name', async () => {
    const t = await connected();
    const data = Buffer.from('bytes');
    await t.driver.sendMedia(to, { kind: 'image', mimetype: 'image/png', filename: 'a.png', data, caption: 'foto' });
    await t.driver.sendMedia(to, { kind: 'video', mimetype: 'video/mp4', filename: 'v.mp4', data, caption: 'vídeo' });
    await t.driver.sendMedia(to, { kind: 'document', mimetype: 'application/pdf', filename: 'nota.pdf', data, caption: 'nota' });
    await t.driver.sendMedia(to, { kind: 'audio', mimetype: 'audio/mpeg', filename: 'musica.mp3', data });
    const contents = t.current().sendMessage.mock.calls.map((call) => call[1]);
    expect(contents).toEqual([
      { image: data, mimetype: 'image/png', caption: 'foto' },
      { video: data, mimetype: 'video/mp4', caption: 'vídeo' },
      { document: data, mimetype: 'application/pdf', fileName: 'nota.pdf', caption: 'nota' },
      { audio: data, mimetype: 'audio/mpeg', ptt: false },
    ]);
  });

  it('sends a voice note as Ogg/Opus with ptt, converted by the packaged ffmpeg', async () => {
    const t = await connected();
    await t.driver.sendMedia(to, { kind: 'audio', mimetype: 'audio/wav', filename: 'gravacao.wav', data: sineWav(), voiceNote: true });
    const content = t.current().sendMessage.mock.calls[0][1] as { audio: Buffer; mimetype: string; ptt: boolean };
    expect(content.ptt).toBe(true);
    expect(content.mimetype).toBe('audio/ogg; codecs=opus');
    expect(content.audio.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(content.audio.includes('OpusHead')).toBe(true);
  });

  it('reports a failed voice-note conversion as ERR_SENDING_WAPP_MSG without sending', async () => {
    const t = await connected({ ffmpegPath: '/nonexistent/ffmpeg' });
    const send = t.driver.sendMedia(to, { kind: 'audio', mimetype: 'audio/wav', filename: 'a.wav', data: sineWav(), voiceNote: true });
    await expect(send).rejects.toMatchObject({ code: 'ERR_SENDING_WAPP_MSG' });
    expect(t.current().sendMessage).not.toHaveBeenCalled();
  });

  it('deletes for everyone with the stored key, or one built from the arguments', async () => {
    const storedKey = { remoteJid: '120363041234567890@g.us', id: 'G1', fromMe: false, participant: CUSTOMER_JID };
    const t = await connected({ storedMessages: { G1: serialize({ key: storedKey, message: { conversation: 'x' } }) } });
    await t.driver.deleteForEveryone({ id: '120363041234567890', isGroup: true }, 'G1', false);
    await t.driver.deleteForEveryone(to, 'OUT9', true);
    expect(t.current().sendMessage.mock.calls.map((c) => c.slice(0, 2))).toEqual([
      ['120363041234567890@g.us', { delete: storedKey }],
      [CUSTOMER_JID, { delete: { remoteJid: CUSTOMER_JID, id: 'OUT9', fromMe: true } }],
    ]);
    t.current().sendMessage.mockRejectedValueOnce(new Error('boom'));
    await expect(t.driver.deleteForEveryone(to, 'OUT9', true)).rejects.toMatchObject({ code: 'ERR_DELETE_WAPP_MSG' });
  });

  it('marks messages read', async () => {
    const t = await connected();
    await t.driver.markRead(to, ['IN1', 'IN2']);
    expect(t.current().readMessages).toHaveBeenCalledWith([
      { remoteJid: CUSTOMER_JID, id: 'IN1', fromMe: false },
      { remoteJid: CUSTOMER_JID, id: 'IN2', fromMe: false },
    ]);
  });

  it('checks numbers: canonical digits, invalid contact, failed check', async () => {
    const t = await connected();
    const sock = t.current();
    sock.onWhatsApp.mockResolvedValueOnce([{ jid: '551187654321@s.whatsapp.net', exists: true }]);
    expect(await t.driver.checkNumber('+55 (11) 98765-4321')).toBe('551187654321');
    expect(sock.onWhatsApp).toHaveBeenCalledWith('5511987654321@s.whatsapp.net');

    sock.onWhatsApp.mockResolvedValueOnce([]);
    await expect(t.driver.checkNumber('5511000000000')).rejects.toMatchObject({ code: 'ERR_WAPP_INVALID_CONTACT' });
    // (Another number: the first answer is remembered, number-checks.ts.)
    sock.onWhatsApp.mockResolvedValueOnce([{ jid: '5511000000001@s.whatsapp.net', exists: false }]);
    await expect(t.driver.checkNumber('5511000000001')).rejects.toMatchObject({ code: 'ERR_WAPP_INVALID_CONTACT' });
    await expect(t.driver.checkNumber('abc')).rejects.toMatchObject({ code: 'ERR_WAPP_INVALID_CONTACT' });

    // A failed check is not remembered: the same number is asked again.
    sock.onWhatsApp.mockRejectedValueOnce(new Error('timed out'));
    await expect(t.driver.checkNumber('5511000000002')).rejects.toMatchObject({ code: 'ERR_WAPP_CHECK_CONTACT' });
    sock.onWhatsApp.mockResolvedValueOnce(undefined);
    await expect(t.driver.checkNumber('5511000000002')).rejects.toMatchObject({ code: 'ERR_WAPP_CHECK_CONTACT' });
  });
});
