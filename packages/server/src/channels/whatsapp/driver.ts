/**
 * The `whatsapp` channel driver (ARCHITECTURE §5) on baileys: one socket per connection, auth state
 * in the database, reconnect with backoff, baileys events mapped to DriverEvents (mapping.ts).
 *
 * Lifecycle, as seen by the session manager through emitted events:
 *   start() → status OPENING → qr (repeatedly, until scanned) → status PAIRING → (restart 515)
 *           → status CONNECTED {number}
 *   connection lost, unnamed stream error (500), anything not final → status TIMEOUT (was paired)
 *           / OPENING (was not), a `health` reconnect event → reconnect after a capped, jittered,
 *           growing delay, for ever (close-policy.ts)
 *   outdated client (405) → the current WhatsApp Web version is fetched once and the session
 *           reconnects with it; a second 405 → DISCONNECTED "outdated-client" (web-version.ts)
 *   logged out on the phone (401) or multi-device mismatch (411) → auth cleared, status
 *           DISCONNECTED with the reason, driver stops ("try again" then shows a new QR)
 *   banned (403), replaced by another session (440), QR never scanned → status DISCONNECTED with
 *           the reason, driver stops
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
import {
  backoffDelay,
  closeStatusCode,
  decideOnClose,
  describeClose,
  reconnectDelay,
  type Backoff,
  type FatalCloseReason,
} from './close-policy.js';
import { ContactBook } from './contact-book.js';
import { digitsOnly, isGroupJid, isLidJid, jidUser, toJid } from './jids.js';
import { LidBook } from './lid-book.js';
import { onPasskeyStep, PASSKEY_REQUIRED } from './linking.js';
import { toBaileysLogger, type BaileysLogger } from './logger.js';
import {
  createMediaDownloader,
  isUndecryptable,
  mapCall,
  contactFacts,
  mapMessageUpdate,
  mapReceipt,
  mapUpsertedMessage,
  type MappingContext,
} from './mapping.js';
import { GroupMetadataCache } from './group-metadata.js';
import { DEFAULT_NUMBER_CHECK_TTL, NumberChecks, type NumberCheckTtl } from './number-checks.js';
import { mediaContent } from './outbound.js';
import { DEFAULT_SEND_GAP, NO_SEND_GAP, SendPacer, type PacerDeps, type SendGap } from './send-pacing.js';
import { parseStoredMessage, serialize, storedMessageContent } from './serialization.js';
import { loadSyncedNames, saveSyncedNames } from './synced-names.js';
import { formatWebVersion, WebVersionSource, type WebVersion } from './web-version.js';

export interface WhatsappDriverDeps {
  makeSocket?: typeof makeWASocket;
  /** ffmpeg binary for voice notes; defaults to the one shipped by @ffmpeg-installer/ffmpeg. */
  ffmpegPath?: string;
  /**
   * A fixed schedule instead of the growing backoff: milliseconds before reconnect attempt 1, 2, …;
   * the last value repeats. Also paces retries of a failed creds save.
   */
  reconnectDelays?: number[];
  /** The growing reconnect backoff (close-policy.ts DEFAULT_BACKOFF when absent). */
  backoff?: Backoff;
  /** Picks the backoff's jitter; tests fix it. */
  random?: () => number;
  /**
   * Where the WhatsApp Web version comes from (shared by all sessions of a server). Without it
   * the driver logs in with baileys' bundled version and fetches nothing.
   */
  versions?: WebVersionSource;
  /** WhatsApp's WebSocket address; tests point it at the protocol test server. */
  waWebSocketUrl?: string;
  /** How long to wait for the phone to upload expired media again. */
  mediaRetryTimeoutMs?: number;
  /**
   * Pause between sends to different chats (send-pacing.ts); tests inject its clock and sleep.
   * None unless given: the production factory (makeWhatsappDriverFactory) always gives one.
   */
  sendGap?: SendGap;
  pacing?: PacerDeps;
  /** How long number checks are remembered (number-checks.ts). */
  numberCheckTtl?: NumberCheckTtl;
  /** Milliseconds since the epoch (Date.now) for pacing and remembered number checks. */
  clock?: () => number;
}

export const DEFAULT_MEDIA_RETRY_TIMEOUT_MS = 30_000;

/** Retries of a failed creds save (and reconnects, when a test fixes the schedule). */
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
  /** The WhatsApp Web version the current socket announced (undefined: baileys' bundled one). */
  private version: WebVersion | undefined;
  /** A 405 already made us fetch the current version since the last open: the next one is final. */
  private versionRefetched = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  /** Events and lifecycle steps run one at a time, in arrival order. */
  private queue: Promise<void> = Promise.resolve();
  /** Sockets whose auth state was thrown away: their late creds updates must not come back. */
  private readonly discarded = new WeakSet<WASocket>();
  /** Pending retries of a failed creds save, per socket. */
  private readonly credsRetry = new Map<WASocket, NodeJS.Timeout>();
  private readonly lids = new LidBook();
  private readonly contacts = new ContactBook();
  /** Group id → subject (fetched with groupMetadata, kept current by group updates). */
  private readonly groupSubjects = new Map<string, string>();
  /** Synced names were loaded from the store / changed since they were last saved. */
  private namesLoaded = false;
  private namesChanged = false;
  /** Call id → the caller's JID as WhatsApp sent it (possibly a LID), needed to reject it. */
  private readonly callers = new Map<string, string>();
  private readonly logger: BaileysLogger;
  private readonly makeSocket: typeof makeWASocket;
  private readonly reconnectDelays: number[];
  private readonly pacer: SendPacer;
  private readonly numberChecks: NumberChecks;
  private readonly groupMetadata: GroupMetadataCache;

  constructor(
    private readonly ctx: DriverContext,
    private readonly deps: WhatsappDriverDeps = {},
  ) {
    this.logger = toBaileysLogger(ctx.log);
    this.makeSocket = deps.makeSocket ?? makeWASocket;
    this.reconnectDelays = deps.reconnectDelays?.length ? deps.reconnectDelays : DEFAULT_RECONNECT_DELAYS;
    this.pacer = new SendPacer(deps.sendGap ?? NO_SEND_GAP, { now: deps.clock, ...deps.pacing });
    this.numberChecks = new NumberChecks(deps.numberCheckTtl, deps.clock);
    this.groupMetadata = new GroupMetadataCache(deps.clock);
  }

  // ── Lifecycle ────────────────────────────────────────────────────────────────────────────────

  /** Resolves once the socket exists (before the first QR or CONNECTED, which arrive as events). */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.attempt = 0;
    this.versionRefetched = false;
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
    for (const timer of this.credsRetry.values()) clearTimeout(timer);
    this.credsRetry.clear();
    const sock = this.sock;
    this.sock = undefined;
    this.connected = false;
    return sock;
  }

  private async openSocket(): Promise<void> {
    const { state, saveCreds } = await loadAuthState(this.ctx.auth);
    await this.loadNames();
    const version = this.versionRefetched ? this.version : await this.deps.versions?.current(this.ctx.log);
    if (this.stopped) return;
    this.version = version;
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
      // Group sends use the kept metadata instead of asking WhatsApp each time (group-metadata.ts).
      cachedGroupMetadata: (jid) => this.groupMetadata.get(jid, (j) => sock.groupMetadata(j)),
      ...(version ? { version } : {}),
      ...(this.deps.waWebSocketUrl ? { waWebSocketUrl: this.deps.waWebSocketUrl } : {}),
    });
    this.sock = sock;
    this.connected = false;
    const mapping = this.mappingContextFor(sock);
    // baileys calls this from an EventEmitter listener that nobody awaits (Utils/event-buffer.js,
    // process()): a rejection escaping from here would be unhandled and end the whole server.
    sock.ev.process((events) => {
      this.inBackground(() => this.handleEvents(sock, events, saveCreds, mapping), 'whatsapp event handling failed');
    });
    onPasskeyStep(sock, (type) => this.inBackground(() => this.onPasskeyStep(sock, type), 'whatsapp passkey step handling failed'));
  }

  /**
   * WhatsApp wants a passkey to link this device, which baileys cannot give (linking.ts): the
   * linking would wait for ever. The session stops with a reason that says so and what to do.
   */
  private async onPasskeyStep(sock: WASocket, type: string): Promise<void> {
    if (sock !== this.sock) return;
    this.ctx.log.warn({ notification: type }, 'whatsapp asks for a passkey to link this device');
    this.halt();
    // The registration baileys saved was never confirmed: a login with it would be refused.
    this.discarded.add(sock);
    this.paired = false;
    await this.ctx.auth.clear().catch((error: unknown) => this.ctx.log.error({ err: error }, 'whatsapp auth state not cleared'));
    this.emit({ type: 'status', status: 'DISCONNECTED', reason: PASSKEY_REQUIRED });
    await sock.end(undefined);
  }

  /**
   * Links without a QR code (baileys Socket/socket.js:596-653): WhatsApp shows a prompt on the
   * phone with that number, where the person types the code; the companion then finishes the
   * link from the `link_code_companion_reg` notification (Socket/messages-recv.js:881-941).
   */
  async requestPairingCode(number: string): Promise<string> {
    const sock = this.sock;
    const digits = digitsOnly(number);
    if (!sock || this.connected || this.paired)
      throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', 'The connection is not waiting to be linked');
    if (!digits) throw new ChannelError('ERR_WAPP_INVALID_CONTACT');
    try {
      return await sock.requestPairingCode(digits);
    } catch (error) {
      throw new ChannelError('ERR_SENDING_WAPP_MSG', `pairing code request failed: ${(error as Error).message}`);
    }
  }

  /** Runs a task after the ones before it; the queue goes on whatever happened to this one. */
  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** A queued task nobody waits for: its failure is logged, never left unhandled. */
  private inBackground(task: () => Promise<void>, failure: string): void {
    this.enqueue(task).catch((error: unknown) => this.ctx.log.error({ err: error }, failure));
  }

  private scheduleReconnect(): void {
    const attempt = this.attempt++;
    const delay = this.deps.reconnectDelays?.length
      ? backoffDelay(this.deps.reconnectDelays, attempt)
      : reconnectDelay(attempt, this.deps.backoff, this.deps.random);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.inBackground(() => this.reopen(), 'whatsapp reconnect failed');
    }, delay);
  }

  /**
   * Creds hold the Signal identity and counters: a lost save breaks decryption after a restart.
   * A failed save is logged and tried again (with the reconnect backoff) while the socket is the
   * current one; each try writes the creds as they are then, so a late success is never stale.
   */
  private async persistCreds(sock: WASocket, saveCreds: () => Promise<void>, attempt = 0): Promise<void> {
    if (this.discarded.has(sock)) return;
    try {
      await saveCreds();
      this.credsRetry.delete(sock);
    } catch (error) {
      this.ctx.log.error({ err: error, attempt }, 'whatsapp creds could not be saved; trying again');
      if (this.credsRetry.has(sock)) return; // a retry is already pending and will save these too
      const timer = setTimeout(
        () => {
          this.credsRetry.delete(sock);
          // A newer socket loaded the creds afresh and owns them now: an old object must not overwrite them.
          if (this.stopped || sock !== this.sock) return;
          this.inBackground(() => this.persistCreds(sock, saveCreds, attempt + 1), 'whatsapp creds retry failed');
        },
        backoffDelay(this.reconnectDelays, attempt),
      );
      this.credsRetry.set(sock, timer);
    }
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
    if (events['creds.update']) await this.persistCreds(sock, saveCreds);
    if (sock !== this.sock) return;
    this.learnLids(events);
    if (events['messaging-history.set']) this.rememberContacts(sock, events['messaging-history.set'].contacts, false);
    if (events['contacts.upsert']) this.rememberContacts(sock, events['contacts.upsert'], true);
    if (events['contacts.update']) this.rememberContacts(sock, events['contacts.update'], true);
    for (const group of [...(events['groups.upsert'] ?? []), ...(events['groups.update'] ?? [])]) {
      if (group.id && group.subject) this.learnSubject(jidUser(group.id), group.subject);
    }
    for (const group of events['groups.upsert'] ?? []) this.groupMetadata.put(group);
    for (const group of events['groups.update'] ?? []) if (group.id) this.groupMetadata.invalidate(group.id);
    if (events['group-participants.update']) this.groupMetadata.invalidate(events['group-participants.update'].id);
    if (events['messages.upsert']) await this.onMessages(sock, events['messages.upsert'].messages, mapping);
    for (const update of events['messages.update'] ?? []) this.emitIfAny(mapMessageUpdate(update));
    for (const receipt of events['message-receipt.update'] ?? []) this.emitIfAny(mapReceipt(receipt));
    for (const call of events.call ?? []) this.onCall(call);
    if (events['connection.update']) await this.onConnectionUpdate(sock, events['connection.update']);
    await this.saveNames();
  }

  // ── Synced names (contacts' and groups') ─────────────────────────────────────────────────────

  private async loadNames(): Promise<void> {
    if (this.namesLoaded) return;
    try {
      const saved = await loadSyncedNames(this.ctx.auth);
      this.contacts.restore(saved.contacts);
      for (const [id, subject] of Object.entries(saved.groups)) if (!this.groupSubjects.has(id)) this.groupSubjects.set(id, subject);
      this.namesLoaded = true;
    } catch (error) {
      // Tried again at the next socket; meanwhile names come as WhatsApp sends them.
      this.ctx.log.warn({ err: error }, 'whatsapp synced names could not be loaded');
    }
  }

  /** Writes the names after a batch that changed them; a failed write is retried after the next batch. */
  private async saveNames(): Promise<void> {
    if (!this.namesChanged) return;
    try {
      await saveSyncedNames(this.ctx.auth, { contacts: this.contacts.snapshot(), groups: Object.fromEntries(this.groupSubjects) });
      this.namesChanged = false;
    } catch (error) {
      this.ctx.log.error({ err: error }, 'whatsapp synced names could not be saved; trying again with the next update');
    }
  }

  /** A group's subject: known, or asked of WhatsApp once (again with a later message if that fails). */
  private async subjectOf(sock: WASocket, groupJid: string): Promise<string | undefined> {
    const id = jidUser(groupJid);
    const known = this.groupSubjects.get(id);
    if (known) return known;
    try {
      const { subject } = await this.groupMetadata.get(groupJid, (j) => sock.groupMetadata(j));
      if (subject) this.learnSubject(id, subject);
      return subject || undefined;
    } catch (error) {
      this.ctx.log.warn({ err: error, group: id }, 'whatsapp group subject could not be fetched');
      if (isRateLimited(error))
        this.emit({ type: 'health', kind: 'rate-limited', reason: `${(error as Error).message} (429) reading a group's details` });
      return undefined;
    }
  }

  /** A new or changed subject renames the group's contact (which may show the raw id so far). */
  private learnSubject(groupId: string, subject: string): void {
    if (this.groupSubjects.get(groupId) === subject) return;
    this.groupSubjects.set(groupId, subject);
    this.namesChanged = true;
    this.emit({ type: 'contact', number: groupId, name: subject });
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
    this.versionRefetched = false;
    this.emit({ type: 'status', status: 'CONNECTED', number: jidUser(sock.user?.id) });
  }

  private async onClose(sock: WASocket, error: unknown): Promise<void> {
    this.sock = undefined;
    this.connected = false;
    const code = closeStatusCode(error);
    const action = decideOnClose(code, this.paired);
    this.ctx.log.info({ code, action }, 'whatsapp connection closed');
    switch (action.kind) {
      case 'restart':
        return this.reopen();
      case 'stop':
        return this.stopForGood(sock, action.reason, action.clearAuth);
      case 'outdated':
        return this.onOutdated(sock, error);
      case 'reconnect':
        this.emit({ type: 'status', status: this.paired ? 'TIMEOUT' : 'OPENING', reason: `closed (${code ?? 'no code'})` });
        this.emit({ type: 'health', kind: 'reconnect', reason: describeClose(error) });
        return this.scheduleReconnect();
    }
  }

  /**
   * 405: WhatsApp retired the version we announced. Once per open, the current version is fetched
   * and the session reconnects with it at once; when that fails, names the same version, or is
   * refused again, the connection shows "outdated-client" (update needed) until "try again".
   */
  private async onOutdated(sock: WASocket, error: unknown): Promise<void> {
    const refused = this.version;
    const fresh = this.versionRefetched || !this.deps.versions ? undefined : await this.deps.versions.refresh(this.ctx.log, refused);
    this.versionRefetched = true;
    if (!fresh || this.stopped) {
      this.ctx.log.error({ version: refused && formatWebVersion(refused) }, 'whatsapp refuses this client version');
      return this.stopForGood(sock, 'outdated-client', false);
    }
    this.ctx.log.warn(
      { refused: refused && formatWebVersion(refused), version: formatWebVersion(fresh) },
      'whatsapp refused the client version; reconnecting with the current one',
    );
    this.version = fresh;
    this.emit({ type: 'status', status: this.paired ? 'TIMEOUT' : 'OPENING', reason: 'closed (405)' });
    this.emit({ type: 'health', kind: 'reconnect', reason: describeClose(error) });
    return this.reopen();
  }

  /** A close no retry can cure: DISCONNECTED with its reason, until "try again" or "new QR". */
  private async stopForGood(sock: WASocket, reason: FatalCloseReason, clearAuth: boolean): Promise<void> {
    this.stopped = true;
    if (clearAuth) {
      this.discarded.add(sock);
      this.paired = false;
      // Should the clearing fail, the next start meets the same close and clears again.
      await this.ctx.auth.clear().catch((error: unknown) => this.ctx.log.error({ err: error }, 'whatsapp auth state not cleared'));
    }
    this.emit({ type: 'status', status: 'DISCONNECTED', reason });
  }

  private learnLids(events: BaileysEvents): void {
    const mapping = events['lid-mapping.update'];
    if (mapping) this.learnLid(mapping.lid, mapping.pn);
    for (const pair of events['messaging-history.set']?.lidPnMappings ?? []) this.learnLid(pair.lid, pair.pn);
  }

  /**
   * Records a LID ↔ number pair; a new one is announced as a contact event carrying both, so the
   * product gives a contact known only by that LID its number (one person, one contact).
   */
  private learnLid(a: string | null | undefined, b: string | null | undefined): void {
    const learnt = this.lids.learn(a, b);
    if (learnt) this.emit({ type: 'contact', number: jidUser(learnt.pn), lid: learnt.lid });
  }

  private async onMessages(sock: WASocket, messages: WAMessage[], mapping: MappingContext): Promise<void> {
    for (const message of messages) {
      await this.learnLidsOfKey(sock, message.key);
      if (isUndecryptable(message)) this.emit({ type: 'health', kind: 'undecryptable' });
      const event = mapUpsertedMessage(message, mapping);
      if (event?.type === 'message' && event.message.chat.isGroup && isGroupJid(message.key.remoteJid)) {
        const subject = await this.subjectOf(sock, message.key.remoteJid!);
        if (subject) event.message.chatName = subject;
      }
      this.emitIfAny(event);
    }
  }

  /** The key's alternate JIDs teach us pairs; remaining LIDs are asked of baileys' store. */
  private async learnLidsOfKey(sock: WASocket, key: WAMessageKey): Promise<void> {
    this.learnLid(key.remoteJid, key.remoteJidAlt);
    this.learnLid(key.participant, key.participantAlt);
    for (const jid of [key.remoteJid, key.participant]) {
      if (!jid || !isLidJid(jid) || this.lids.pnFor(jid)) continue;
      const pn = await sock.signalRepository?.lidMapping?.getPNForLID(jid).catch((error: unknown) => {
        this.ctx.log.warn({ err: error, lid: jid }, 'whatsapp LID mapping lookup failed');
        return null;
      });
      this.learnLid(jid, pn);
    }
  }

  private rememberContacts(sock: WASocket, contacts: Partial<Contact>[], announce: boolean): void {
    for (const contact of contacts) {
      this.learnLid(contact.id, contact.phoneNumber ?? contact.lid);
      const facts = contactFacts(contact, { pnForLid: this.lids.lookup });
      if (!facts) continue;
      const changed = this.contacts.remember(facts);
      this.namesChanged ||= !!changed;
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
    const event = mapCall(call, { pnForLid: this.lids.lookup, now: () => this.ctx.clock.now() });
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
        reuploadRequest: (message) => this.reuploadRequest(message),
        logger: this.logger,
      }),
      now: () => this.ctx.clock.now(),
    };
  }

  /**
   * Asks the customer's phone to upload expired media again, on the current socket (the message
   * may have arrived on an earlier one). The new link is built on the media host WhatsApp names in
   * `media_conn` (Socket/messages-send.js:38-66 sets it, :1036 uses it), so that is fetched first.
   * baileys waits for the phone's answer without a limit (messages-send.js:1016-1046): a phone that
   * is off would hold the download for ever, so it is bounded here.
   */
  private async reuploadRequest(message: WAMessage): Promise<WAMessage> {
    const sock = this.connectedSocket();
    await sock.refreshMediaConn(false);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ChannelError('ERR_WAPP_DOWNLOAD_MEDIA', 'the phone did not upload the expired media again')),
        this.deps.mediaRetryTimeoutMs ?? DEFAULT_MEDIA_RETRY_TIMEOUT_MS,
      );
    });
    try {
      return await Promise.race([sock.updateMediaMessage(message), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private emit(event: DriverEvent): void {
    // The manager journals what it cannot store; a rejection means neither worked (already logged).
    void Promise.resolve(this.ctx.emit(event)).catch((err: unknown) =>
      this.ctx.log.error({ err, event: event.type }, 'channel event lost: not stored and not journalled'),
    );
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

  /**
   * A reactionMessage naming the message (Socket/messages-send.js: `react` content); the stored key
   * names a group message's author, which WhatsApp needs to place the reaction.
   */
  async react(to: ChatAddress, target: { externalId: string; fromMe: boolean; participant?: string }, emoji: string): Promise<void> {
    const sock = this.connectedSocket();
    const jid = toJid(to);
    const participant =
      to.isGroup && !target.fromMe && target.participant ? { participant: toJid({ id: target.participant, isGroup: false }) } : {};
    const key = (await this.storedKey(target.externalId)) ?? {
      remoteJid: jid,
      id: target.externalId,
      fromMe: target.fromMe,
      ...participant,
    };
    try {
      await sock.sendMessage(jid, { react: { text: emoji, key } });
    } catch (error) {
      throw new ChannelError('ERR_REACT_WAPP_MSG', (error as Error).message);
    }
  }

  /** A protocolMessage MESSAGE_EDIT carrying the new text (`edit` content, Utils/messages.js). */
  async editText(to: ChatAddress, externalId: string, body: string): Promise<void> {
    const sock = this.connectedSocket();
    const jid = toJid(to);
    const key = (await this.storedKey(externalId)) ?? { remoteJid: jid, id: externalId, fromMe: true };
    try {
      await sock.sendMessage(jid, { text: body, edit: key });
    } catch (error) {
      throw new ChannelError('ERR_EDIT_WAPP_MSG', (error as Error).message);
    }
  }

  async markRead(to: ChatAddress, externalIds: string[]): Promise<void> {
    const sock = this.connectedSocket();
    const jid = toJid(to);
    // Group read receipts name the author, which only the stored key knows.
    const keys = await Promise.all(externalIds.map(async (id) => (await this.storedKey(id)) ?? { remoteJid: jid, id, fromMe: false }));
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
    const found = await this.numberChecks.check(digits, async () => {
      let results: { jid: string; exists: boolean }[] | undefined;
      try {
        results = await sock.onWhatsApp(`${digits}@s.whatsapp.net`);
      } catch (error) {
        throw new ChannelError('ERR_WAPP_CHECK_CONTACT', (error as Error).message);
      }
      if (!results) throw new ChannelError('ERR_WAPP_CHECK_CONTACT', 'no answer to the number check');
      const exists = results.find((r) => r.exists);
      return exists ? jidUser(exists.jid) : null;
    });
    if (!found) throw new ChannelError('ERR_WAPP_INVALID_CONTACT');
    return found;
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- async so a refusal is a rejected promise, as the driver interface expects, never a synchronous throw
  async importContacts(): Promise<{ number: string; name: string }[]> {
    this.connectedSocket();
    return this.contacts.list();
  }

  async rejectCall(callId: string, from: string): Promise<void> {
    const sock = this.connectedSocket();
    const caller = this.callers.get(callId) ?? toJid({ id: from, isGroup: false });
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
    this.connectedSocket();
    const quoted = options?.quotedExternalId ? await this.storedMessage(options.quotedExternalId) : undefined;
    const jid = toJid(this.withKnownLid(to));
    const sent = await this.pacer.run(jid, async () => {
      // The connection may have dropped during the pause: then the outbox keeps the message.
      const sock = this.connectedSocket();
      try {
        // The outbox's pre-chosen id (baileys sendMessage → generateWAMessage `messageId`,
        // Socket/messages-send.js:1086): a resend after a crash is the same message, not a second.
        return await sock.sendMessage(jid, content, {
          ...(quoted ? { quoted } : {}),
          ...(options?.messageId ? { messageId: options.messageId } : {}),
        });
      } catch (error) {
        if (isRateLimited(error))
          this.emit({
            type: 'health',
            kind: 'rate-limited',
            reason: `${(error as Error).message} (429) sending to ${to.isGroup ? 'a group' : 'a chat'}`,
          });
        throw new ChannelError('ERR_SENDING_WAPP_MSG', (error as Error).message);
      }
    });
    if (!sent?.key.id) throw new ChannelError('ERR_SENDING_WAPP_MSG', 'no message id returned');
    const seconds = toNumber(sent.messageTimestamp);
    return { externalId: sent.key.id, timestamp: seconds ? new Date(seconds * 1000) : this.ctx.clock.now(), raw: serialize(sent) };
  }

  /** A person's address with the LID this session learnt for their number, when the caller named none. */
  private withKnownLid(to: ChatAddress): ChatAddress {
    if (to.isGroup || to.lid) return to;
    const lid = this.lids.lidFor(toJid(to));
    return lid ? { ...to, lid } : to;
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

/**
 * WhatsApp refused a query for being asked too often: an iq error 429 `rate-overlimit`, which
 * baileys throws as a Boom with the code in `data` (WABinary/generic-utils.js:54-58).
 */
function isRateLimited(error: unknown): boolean {
  const e = error as { data?: unknown; message?: unknown } | undefined;
  return e?.data === 429 || e?.message === 'rate-overlimit';
}

export function createWhatsappDriver(ctx: DriverContext, deps?: WhatsappDriverDeps): ChannelDriver {
  return new WhatsappDriver(ctx, deps);
}

export interface WhatsappFactoryOptions {
  /** WHATSAPP_SEND_GAP_MS: the pause before a send to another chat (default 1–3 s). */
  sendGap?: SendGap;
  /** WHATSAPP_NUMBER_CHECK_*: how long number checks are remembered. */
  numberCheckTtl?: NumberCheckTtl;
  /** WHATSAPP_WEB_VERSION, when the operator pins one. */
  webVersion?: WebVersion;
}

/**
 * The production factory: every session of the server shares one WhatsApp Web version source;
 * sends paced and number checks remembered as the installation says.
 */
export function makeWhatsappDriverFactory(options: WhatsappFactoryOptions = {}): DriverFactory {
  const versions = new WebVersionSource({ configured: options.webVersion });
  return (ctx) =>
    createWhatsappDriver(ctx, {
      versions,
      sendGap: options.sendGap ?? DEFAULT_SEND_GAP,
      numberCheckTtl: options.numberCheckTtl ?? DEFAULT_NUMBER_CHECK_TTL,
    });
}

export const whatsappDriverFactory: DriverFactory = makeWhatsappDriverFactory();
