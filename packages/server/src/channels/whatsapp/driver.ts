/**
 * The `whatsapp` channel driver (ARCHITECTURE §5) on baileys: one socket per connection, auth state
 * in the database, reconnect with backoff, baileys events mapped to DriverEvents (mapping.ts).
 *
 * Lifecycle, as seen by the session manager through emitted events:
 *   start() → status OPENING → qr (repeatedly, until scanned) → status PAIRING → (restart 515)
 *           → status CONNECTED {number}
 *   connection lost → status TIMEOUT (was paired) / OPENING (was not) → reconnect after a delay
 *   logged out on the phone → auth cleared, status DISCONNECTED 'logged-out', driver stops
 *   replaced by another session → status DISCONNECTED 'replaced', driver stops
 *   QR never scanned → status DISCONNECTED 'qr-timeout', driver stops
 */
import makeWASocket, {
  makeCacheableSignalKeyStore,
  toNumber,
  type AnyMessageContent,
  type BaileysEventMap,
  type Contact,
  type ConnectionState,
  type WACallEvent,
  type WAMessage,
  type WAMessageKey,
  type WASocket,
} from 'baileys';
import {
  ChannelError,
  type ChannelDriver,
  type ChatAddress,
  type DriverContext,
  type DriverEvent,
  type DriverFactory,
  type OutboundMedia,
  type SendOptions,
  type SentMessage,
} from '../driver.js';
import { loadAuthState } from './auth-state.js';
import { backoffDelay, closeStatusCode, decideOnClose } from './close-policy.js';
import { ContactBook } from './contact-book.js';
import { digitsOnly, isLidJid, jidUser, toJid } from './jids.js';
import { LidBook } from './lid-book.js';
import { toBaileysLogger, type BaileysLogger } from './logger.js';
import {
  createMediaDownloader,
  mapCall,
  contactFacts,
  mapMessageUpdate,
  mapReceipt,
  mapUpsertedMessage,
  type MappingContext,
} from './mapping.js';
import { mediaContent } from './outbound.js';
import { parseStoredMessage, serialize, storedMessageContent } from './serialization.js';

export interface WhatsappDriverDeps {
  makeSocket?: typeof makeWASocket;
  /** ffmpeg binary for voice notes; defaults to the one shipped by @ffmpeg-installer/ffmpeg. */
  ffmpegPath?: string;
  /** Milliseconds before reconnect attempt 1, 2, …; the last value repeats. */
  reconnectDelays?: number[];
}

export const DEFAULT_RECONNECT_DELAYS = [2_000, 5_000, 10_000, 30_000, 60_000];

/** How this server appears in the phone's "Linked devices". */
const BROWSER: [string, string, string] = ['Switchboard', 'Chrome', '1.0.0'];

type BaileysEvents = Partial<BaileysEventMap>;

class WhatsappDriver implements ChannelDriver {
  readonly kind = 'whatsapp' as const;

  private sock: WASocket | undefined;
  private connected = false;
  private stopped = true;
  /** Paired at least once with the current auth state (creds.me present). */
  private paired = false;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  /** Events and lifecycle steps run one at a time, in arrival order. */
  private queue: Promise<void> = Promise.resolve();
  /** Sockets whose auth state was thrown away: their late creds updates must not come back. */
  private readonly discarded = new WeakSet<WASocket>();
  private readonly lids = new LidBook();
  private readonly contacts = new ContactBook();
  /** Call id → the caller's JID as WhatsApp sent it (possibly a LID), needed to reject it. */
  private readonly callers = new Map<string, string>();
  private readonly logger: BaileysLogger;
  private readonly makeSocket: typeof makeWASocket;
  private readonly reconnectDelays: number[];

  constructor(
    private readonly ctx: DriverContext,
    private readonly deps: WhatsappDriverDeps = {},
  ) {
    this.logger = toBaileysLogger(ctx.log);
    this.makeSocket = deps.makeSocket ?? makeWASocket;
    this.reconnectDelays = deps.reconnectDelays?.length ? deps.reconnectDelays : DEFAULT_RECONNECT_DELAYS;
  }

  // ── Lifecycle ────────────────────────────────────────────────────────────────────────────────

  /** Resolves once the socket exists (before the first QR or CONNECTED, which arrive as events). */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.attempt = 0;
    this.emit({ type: 'status', status: 'OPENING' });
    try {
      await this.enqueue(() => this.openSocket());
    } catch (error) {
      this.stopped = true;
      throw error;
    }
  }

  async stop(): Promise<void> {
    const sock = this.halt();
    await sock?.end(undefined);
  }

  async logout(): Promise<void> {
    const sock = this.halt();
    if (sock) {
      this.discarded.add(sock);
      // Not connected → nothing to tell the phone; the auth state goes either way.
      await sock.logout().catch(() => sock.end(undefined));
    }
    await this.ctx.auth.clear();
    this.paired = false;
    this.emit({ type: 'status', status: 'DISCONNECTED', reason: 'logout' });
  }

  /** Stops reconnecting and detaches the socket (its last events are ignored). */
  private halt(): WASocket | undefined {
    this.stopped = true;
    this.cancelReconnect();
    const sock = this.sock;
    this.sock = undefined;
    this.connected = false;
    return sock;
  }

  private async openSocket(): Promise<void> {
    const { state, saveCreds } = await loadAuthState(this.ctx.auth);
    if (this.stopped) return;
    this.paired = !!state.creds.me;
    const sock = this.makeSocket({
      auth: { creds: state.creds, keys: makeCacheableSignalKeyStore(state.keys, this.logger) },
      logger: this.logger,
      browser: BROWSER,
      getMessage: async (key) => (key.id ? storedMessageContent(await this.ctx.getMessage(key.id)) : undefined),
      // Our own sends are recorded by the outbox; echoing them back would race it.
      emitOwnEvents: false,
      syncFullHistory: false,
      // Staying "offline" keeps notifications on the company's phone.
      markOnlineOnConnect: false,
    });
    this.sock = sock;
    this.connected = false;
    const mapping = this.mappingContextFor(sock);
    sock.ev.process((events) => this.enqueue(() => this.handleEvents(sock, events, saveCreds, mapping)));
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task);
    this.queue = run.catch((error) => this.ctx.log.error({ err: error }, 'whatsapp driver task failed'));
    return run;
  }

  private scheduleReconnect(): void {
    const delay = backoffDelay(this.reconnectDelays, this.attempt++);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.enqueue(() => this.reopen());
    }, delay);
  }

  private async reopen(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.openSocket();
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'whatsapp reconnect failed');
      this.scheduleReconnect();
    }
  }

  private cancelReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
  }

  // ── Inbound events ───────────────────────────────────────────────────────────────────────────

  private async handleEvents(
    sock: WASocket,
    events: BaileysEvents,
    saveCreds: () => Promise<void>,
    mapping: MappingContext,
  ): Promise<void> {
    if (events['creds.update'] && !this.discarded.has(sock)) await saveCreds();
    if (sock !== this.sock) return;
    this.learnLids(events);
    if (events['messaging-history.set']) this.rememberContacts(sock, events['messaging-history.set'].contacts, false);
    if (events['contacts.upsert']) this.rememberContacts(sock, events['contacts.upsert'], true);
    if (events['contacts.update']) this.rememberContacts(sock, events['contacts.update'], true);
    if (events['messages.upsert']) await this.onMessages(sock, events['messages.upsert'].messages, mapping);
    for (const update of events['messages.update'] ?? []) this.emitIfAny(mapMessageUpdate(update));
    for (const receipt of events['message-receipt.update'] ?? []) this.emitIfAny(mapReceipt(receipt));
    for (const call of events.call ?? []) this.onCall(call);
    if (events['connection.update']) await this.onConnectionUpdate(sock, events['connection.update']);
  }

  private async onConnectionUpdate(sock: WASocket, update: Partial<ConnectionState>): Promise<void> {
    if (update.qr) this.emit({ type: 'qr', qrcode: update.qr });
    if (update.isNewLogin) this.emit({ type: 'status', status: 'PAIRING' });
    if (update.connection === 'open') this.onOpen(sock);
    if (update.connection === 'close') await this.onClose(sock, update.lastDisconnect?.error);
  }

  private onOpen(sock: WASocket): void {
    this.connected = true;
    this.paired = true;
    this.attempt = 0;
    this.emit({ type: 'status', status: 'CONNECTED', number: jidUser(sock.user?.id) });
  }

  private async onClose(sock: WASocket, error: unknown): Promise<void> {
    this.sock = undefined;
    this.connected = false;
    const code = closeStatusCode(error);
    const action = decideOnClose(code, this.paired);
    this.ctx.log.info({ code, action }, 'whatsapp connection closed');
    switch (action) {
      case 'restart':
        return this.reopen();
      case 'logged-out':
        this.discarded.add(sock);
        this.stopped = true;
        this.paired = false;
        await this.ctx.auth.clear();
        return this.emit({ type: 'status', status: 'DISCONNECTED', reason: 'logged-out' });
      case 'replaced':
      case 'qr-timeout':
        this.stopped = true;
        return this.emit({ type: 'status', status: 'DISCONNECTED', reason: action });
      case 'reconnect':
        this.emit({ type: 'status', status: this.paired ? 'TIMEOUT' : 'OPENING', reason: `closed (${code ?? 'no code'})` });
        return this.scheduleReconnect();
    }
  }

  private learnLids(events: BaileysEvents): void {
    const mapping = events['lid-mapping.update'];
    if (mapping) this.lids.learn(mapping.lid, mapping.pn);
    for (const pair of events['messaging-history.set']?.lidPnMappings ?? []) this.lids.learn(pair.lid, pair.pn);
  }

  private async onMessages(sock: WASocket, messages: WAMessage[], mapping: MappingContext): Promise<void> {
    for (const message of messages) {
      await this.learnLidsOfKey(sock, message.key);
      this.emitIfAny(mapUpsertedMessage(message, mapping));
    }
  }

  /** The key's alternate JIDs teach us pairs; remaining LIDs are asked of baileys' store. */
  private async learnLidsOfKey(sock: WASocket, key: WAMessageKey): Promise<void> {
    this.lids.learn(key.remoteJid, key.remoteJidAlt);
    this.lids.learn(key.participant, key.participantAlt);
    for (const jid of [key.remoteJid, key.participant]) {
      if (!jid || !isLidJid(jid) || this.lids.pnFor(jid)) continue;
      const pn = await sock.signalRepository?.lidMapping?.getPNForLID(jid).catch(() => null);
      this.lids.learn(jid, pn);
    }
  }

  private rememberContacts(sock: WASocket, contacts: Partial<Contact>[], announce: boolean): void {
    for (const contact of contacts) {
      this.lids.learn(contact.id, contact.phoneNumber ?? contact.lid);
      const facts = contactFacts(contact, { pnForLid: this.lids.lookup });
      if (!facts) continue;
      const changed = this.contacts.remember(facts);
      if (announce && changed) this.emit(changed);
      if (announce && contact.imgUrl === 'changed' && contact.id) void this.refreshPicture(sock, contact.id, facts.number);
    }
  }

  /** "Picture changed" comes without the URL: fetch it, then announce. */
  private async refreshPicture(sock: WASocket, jid: string, number: string): Promise<void> {
    const url = await sock.profilePictureUrl(jid, 'image').catch(() => undefined);
    if (!url) return;
    const changed = this.contacts.remember({ number, profilePicUrl: url });
    if (changed) this.emit(changed);
  }

  private onCall(call: WACallEvent): void {
    const event = mapCall(call, { pnForLid: this.lids.lookup });
    if (!event) return;
    this.callers.set(call.id, call.from);
    this.emit(event);
  }

  private mappingContextFor(sock: WASocket): MappingContext {
    return {
      get selfJid() {
        return sock.user?.id;
      },
      pnForLid: this.lids.lookup,
      downloadMedia: createMediaDownloader({
        reuploadRequest: (message) => sock.updateMediaMessage(message),
        logger: this.logger,
      }),
    };
  }

  private emit(event: DriverEvent): void {
    this.ctx.emit(event);
  }

  private emitIfAny(event: DriverEvent | undefined): void {
    if (event) this.emit(event);
  }

  // ── Outbound ─────────────────────────────────────────────────────────────────────────────────

  async sendText(to: ChatAddress, body: string, options?: SendOptions): Promise<SentMessage> {
    return this.send(to, { text: body }, options);
  }

  async sendMedia(to: ChatAddress, media: OutboundMedia, options?: SendOptions): Promise<SentMessage> {
    this.connectedSocket();
    let content: AnyMessageContent;
    try {
      content = await mediaContent(media, this.deps.ffmpegPath);
    } catch (error) {
      throw new ChannelError('ERR_SENDING_WAPP_MSG', `could not prepare ${media.kind}: ${(error as Error).message}`);
    }
    return this.send(to, content, options);
  }

  async deleteForEveryone(to: ChatAddress, externalId: string, fromMe: boolean): Promise<void> {
    const sock = this.connectedSocket();
    const jid = toJid(to);
    const key = (await this.storedKey(externalId)) ?? { remoteJid: jid, id: externalId, fromMe };
    try {
      await sock.sendMessage(jid, { delete: key });
    } catch (error) {
      throw new ChannelError('ERR_DELETE_WAPP_MSG', (error as Error).message);
    }
  }

  async markRead(to: ChatAddress, externalIds: string[]): Promise<void> {
    const sock = this.connectedSocket();
    const jid = toJid(to);
    // Group read receipts name the author, which only the stored key knows.
    const keys = await Promise.all(
      externalIds.map(async (id) => (await this.storedKey(id)) ?? { remoteJid: jid, id, fromMe: false }),
    );
    try {
      await sock.readMessages(keys);
    } catch (error) {
      throw new ChannelError('ERR_SENDING_WAPP_MSG', `mark read failed: ${(error as Error).message}`);
    }
  }

  async checkNumber(number: string): Promise<string> {
    const sock = this.connectedSocket();
    const digits = digitsOnly(number);
    if (!digits) throw new ChannelError('ERR_WAPP_INVALID_CONTACT');
    let results: { jid: string; exists: boolean }[] | undefined;
    try {
      results = await sock.onWhatsApp(`${digits}@s.whatsapp.net`);
    } catch (error) {
      throw new ChannelError('ERR_WAPP_CHECK_CONTACT', (error as Error).message);
    }
    if (!results) throw new ChannelError('ERR_WAPP_CHECK_CONTACT', 'no answer to the number check');
    const found = results.find((r) => r.exists);
    if (!found) throw new ChannelError('ERR_WAPP_INVALID_CONTACT');
    return jidUser(found.jid);
  }

  async importContacts(): Promise<{ number: string; name: string }[]> {
    this.connectedSocket();
    return this.contacts.list();
  }

  async rejectCall(callId: string, from: string): Promise<void> {
    const sock = this.connectedSocket();
    const caller = this.callers.get(callId) ?? `${digitsOnly(from)}@s.whatsapp.net`;
    try {
      await sock.rejectCall(callId, caller);
    } catch (error) {
      throw new ChannelError('ERR_SENDING_WAPP_MSG', `reject call failed: ${(error as Error).message}`);
    } finally {
      this.callers.delete(callId);
    }
  }

  private connectedSocket(): WASocket {
    if (!this.sock || !this.connected) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED');
    return this.sock;
  }

  private async send(to: ChatAddress, content: AnyMessageContent, options?: SendOptions): Promise<SentMessage> {
    const sock = this.connectedSocket();
    const quoted = options?.quotedExternalId ? await this.storedMessage(options.quotedExternalId) : undefined;
    let sent: WAMessage | undefined;
    try {
      sent = await sock.sendMessage(toJid(to), content, quoted ? { quoted } : {});
    } catch (error) {
      throw new ChannelError('ERR_SENDING_WAPP_MSG', (error as Error).message);
    }
    if (!sent?.key.id) throw new ChannelError('ERR_SENDING_WAPP_MSG', 'no message id returned');
    const seconds = toNumber(sent.messageTimestamp as number | null | undefined);
    return { externalId: sent.key.id, timestamp: seconds ? new Date(seconds * 1000) : new Date(), raw: serialize(sent) };
  }

  private async storedMessage(externalId: string): Promise<WAMessage | undefined> {
    const message = parseStoredMessage(await this.ctx.getMessage(externalId));
    if (!message) this.ctx.log.warn({ externalId }, 'stored whatsapp message not found');
    return message;
  }

  private async storedKey(externalId: string): Promise<WAMessageKey | undefined> {
    return (await this.storedMessage(externalId))?.key;
  }
}

export function createWhatsappDriver(ctx: DriverContext, deps?: WhatsappDriverDeps): ChannelDriver {
  return new WhatsappDriver(ctx, deps);
}

export const whatsappDriverFactory: DriverFactory = (ctx) => createWhatsappDriver(ctx);
