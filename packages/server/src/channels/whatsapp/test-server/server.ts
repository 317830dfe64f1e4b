/**
 * A WhatsApp protocol test server: plays WhatsApp's side for the real, unmodified baileys, which
 * connects to it through its `waWebSocketUrl` socket option. Used only by tests and benchmarks.
 *
 * What it does, each step derived from baileys 7.0.0-rc14 (paths are under node_modules/baileys/lib):
 * - Noise handshake with a test certificate chain (noise.ts, certificates.ts).
 * - Registration → `pair-device` refs → QR; `scan()` answers like a phone with a signed device
 *   identity → `pair-success`, then `stream:error 515` (restart) → login → `success`.
 * - The queries baileys makes: pre-key count/upload/digest, usync (devices, lid, contact), key
 *   bundles, privacy settings; anything else gets an empty result.
 * - Customers (customer.ts) write Signal-encrypted messages; what the company sends is decrypted
 *   by the customer's phone, acked, and answered with delivery and (on request) read receipts.
 * - Disconnect reasons, each sent the way baileys recognizes it (socket.js:791-806), including
 *   stream errors of unknown reason and a `failure` without one (both 500).
 * - The WhatsApp Web version: /sw.js names the current one; a client announcing one older than
 *   `minimumVersion` is refused with `failure reason="405"`.
 * - The offline queue: messages written while the companion is away arrive at its next login marked
 *   `offline`, then `ib offline count=N`.
 * - Retry receipts both ways: a message the companion cannot decrypt (it asks again; the phone
 *   resends with the same id), and a company message the customer's phone cannot decrypt (the phone
 *   asks again; baileys resends).
 * - Customers' linked devices (`devices` notifications) and reinstalled phones (identity change).
 * - LID-addressed customers and the sends WhatsApp refuses (ack error 463, 479), refusals.ts.
 *
 * - Customers' media: encrypted as a phone uploads it (media.ts) and served over HTTP at the
 *   message's `url`.
 *
 * - The companion's media: `media_conn` names an HTTPS media host (media-tls.ts) that takes the
 *   upload; the customer's phone fetches and decrypts it from there.
 *
 * - Expired media (404/410 on the media host) and the phone's answer to a media retry request
 *   (media-retry.ts); groups: metadata queries (with rate-overlimit past a limit), sends with
 *   sender keys decrypted on every member's phone, participant-change notifications.
 *
 * Not modelled (baileys alone does not say what WhatsApp does): group receipts, history and
 * app-state sync, pre-key-low notifications.
 */
import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  Curve,
  getBinaryNodeChild,
  getBinaryNodeChildBuffer,
  getBinaryNodeChildren,
  jidDecode,
  proto,
  S_WHATSAPP_NET,
  type BinaryNode,
  type KeyPair,
  type MediaType,
} from 'baileys';
import { WebSocketServer, type WebSocket } from 'ws';
import { makeCertificateChain, trustTestRoot } from './certificates.js';
import { SimulatedCustomer } from './customer.js';
import { lidMappingNotification, receiptFrom, refusalAck, refusalFor, senderAttrs } from './refusals.js';
import { decryptMedia, encryptMedia } from './media.js';
import { mediaRetryNotification, readMediaRetryRequest } from './media-retry.js';
import { MEDIA_TLS_CERT, MEDIA_TLS_KEY } from './media-tls.js';
import {
  companionFinishRef,
  openKeyBundle,
  passkeyHandoff,
  passkeyRequest,
  phoneEntersCode,
  readCompanionHello,
  type CodeLink,
  type CodeRequest,
} from './link-code.js';
import { NoiseServerConnection, type HandshakeResult } from './noise.js';
import { SignalParty, type PreKeyBundle } from './signal-party.js';

/** A company account paired with one companion device (the driver). */
interface Account {
  number: string;
  lid: string;
  /** The companion's device number (the primary phone is device 0). */
  device: number;
  /** The primary phone's Signal side: its identity signs the companion (ADV account key). */
  primary: SignalParty;
  /** Keys the companion uploaded (Utils/signal.js getNextPreKeysNode). */
  registrationId?: number;
  identityKey?: Uint8Array;
  signedPreKey?: PreKeyBundle['signedPreKey'];
  preKeys: { keyId: number; publicKey: Uint8Array }[];
  /** False once the phone removed the device (logged out): the next login fails with 401. */
  linked: boolean;
  /** Customers' messages kept while the companion was away, delivered at its next login. */
  offline?: BinaryNode[];
  connection?: ClientConnection;
}

/** How each disconnect reason reaches baileys (Socket/socket.js and Utils/generics.js:282-300). */
export type DisconnectReasonName =
  | 'loggedOut' // 401
  | 'forbidden' // 403
  | 'outdated' // 405
  | 'multideviceMismatch' // 411
  | 'badSession' // 500
  | 'restartRequired' // 515
  | 'replaced' // 440
  | 'unknownStreamError' // a stream error baileys cannot name → 500 (generics.js:289-300)
  | 'reasonlessFailure'; // a `failure` without a reason → 500 (socket.js:798-801)

/** A group the company account is in, with customers as its other members. */
interface TestGroup {
  id: string;
  subject: string;
  members: SimulatedCustomer[];
  /** How WhatsApp names the members: by phone number, or by LID (most groups today). */
  addressing: 'pn' | 'lid';
  /** Metadata queries (w:g2) the companions made for it. */
  metadataQueries: number;
}

export interface OutboundRecord {
  id: string;
  to: string;
  customer: SimulatedCustomer;
  message: proto.Message;
}

/**
 * Emits 'login' (number), 'delivered' (OutboundRecord), 'refused' ({id, to, code}) and 'receipt'; a protocol step it cannot
 * handle is emitted as 'error', which fails the test when nobody listens.
 */
export class WhatsAppTestServer extends EventEmitter {
  private readonly http: http.Server;
  private readonly wss: WebSocketServer;
  /** Encrypted media files customers uploaded, by path. */
  private readonly mediaFiles = new Map<string, Buffer>();
  /** Paths whose link expired: the media host answers with this status (404 or 410). */
  private readonly expiredMedia = new Map<string, 404 | 410>();
  /** Media customers' phones uploaded to the media host, by path: what a re-upload needs. */
  private readonly uploadedByPhones = new Map<string, { mediaKey: Buffer }>();
  private readonly staticKey: KeyPair = Curve.generateKeyPair();
  private readonly certChain: Uint8Array;
  private readonly accounts = new Map<string, Account>();
  private readonly customers: SimulatedCustomer[] = [];
  /** QR ref → the connection showing it. */
  private readonly pendingRefs = new Map<string, ClientConnection>();
  /** Companions that asked for a pairing code, and links waiting for the companion's key bundle (hex ref). */
  private readonly codeRequests = new Map<ClientConnection, CodeRequest>();
  private readonly codeLinks = new Map<string, { link: CodeLink; account: Account; connection: ClientConnection }>();
  /** Numbers whose linking asks for a passkey, with the notification type. */
  private readonly passkeyAccounts = new Map<string, 'passkey_prologue_request' | 'crsc_continuation'>();
  readonly connections = new Set<ClientConnection>();
  /**
   * WhatsApp Web's current version, named by its service worker at /sw.js (what baileys'
   * fetchLatestWaWebVersion reads, Utils/generics.js:226-249), and the oldest one still accepted:
   * a client announcing an older `appVersion` (validate-connection.js:9-15) gets
   * `failure reason="405"`. By default every version is accepted.
   */
  webVersion: [number, number, number] = [2, 3000, 1043857760];
  minimumVersion: [number, number, number] | undefined;
  /** Requests for /sw.js so far. */
  versionRequests = 0;
  /** Ids of customer messages the companion asked to be sent again (`receipt type="retry"`). */
  readonly retryRequests = new Map<string, number>();
  /** Ids of company messages a customer's phone asked to be sent again, with how many times. */
  readonly phoneRetries = new Map<string, number>();
  /** The chat each company message was addressed to (a number or a LID), by message id. */
  private readonly addressedTo = new Map<string, string>();

  private constructor(
    server: http.Server,
    wss: WebSocketServer,
    private readonly mediaHost: https.Server,
  ) {
    super();
    this.http = server;
    this.wss = wss;
    const serveMedia = (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (req.method === 'POST') return this.acceptUpload(req, res);
      if (req.url === '/sw.js') return this.serveServiceWorker(res);
      const path = req.url ? new URL(req.url, 'http://x').pathname : '';
      const expired = this.expiredMedia.get(path);
      if (expired) {
        res.writeHead(expired).end();
        return;
      }
      const file = this.mediaFiles.get(path);
      res.writeHead(file ? 200 : 404, { 'Content-Type': 'application/octet-stream' });
      res.end(file);
    };
    server.on('request', serveMedia);
    mediaHost.on('request', serveMedia);
    const { root, certChain } = makeCertificateChain(this.staticKey);
    this.certChain = certChain;
    trustTestRoot(root);
    wss.on('connection', (ws) => this.accept(ws));
  }

  static async start(): Promise<WhatsAppTestServer> {
    const server = http.createServer();
    const wss = new WebSocketServer({ server });
    const mediaHost = https.createServer({ cert: MEDIA_TLS_CERT, key: MEDIA_TLS_KEY });
    for (const s of [server, mediaHost]) {
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(0, '127.0.0.1', resolve);
      });
    }
    await trustMediaHost();
    return new WhatsAppTestServer(server, wss, mediaHost);
  }

  private get origin(): string {
    return `127.0.0.1:${(this.http.address() as AddressInfo).port}`;
  }

  private get mediaOrigin(): string {
    return `127.0.0.1:${(this.mediaHost.address() as AddressInfo).port}`;
  }

  /**
   * An upload from the companion (messages-media.js getWAUploadToServer: POST
   * /mms/<type>/<fileEncSha256>?auth=…): kept, answered with its url and direct_path.
   */
  private acceptUpload(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const directPath = `/v/t62.7118-24/${randomUUID()}.enc`;
      this.mediaFiles.set(directPath, Buffer.concat(chunks));
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ url: `https://${this.mediaOrigin}${directPath}`, direct_path: directPath }));
    });
  }

  /** Where the driver reads the current WhatsApp Web version (WEB_VERSION_URL in production). */
  get versionUrl(): string {
    return `http://${this.origin}/sw.js`;
  }

  /** The revision sits inside a JSON string in the script, its quotes escaped (generics.js:235). */
  private serveServiceWorker(res: http.ServerResponse): void {
    this.versionRequests++;
    res.writeHead(200, { 'Content-Type': 'text/javascript' });
    res.end(`self.__swData=JSON.parse("{\\"dynamic_data\\":{\\"SiteData\\":{\\"client_revision\\":${this.webVersion[2]}}}}");`);
  }

  /** What a customer's phone shows for media the company sent: fetched and decrypted. */
  async downloadSentMedia(media: { directPath?: string | null; mediaKey?: Uint8Array | null }, type: MediaType): Promise<Buffer> {
    const file = media.directPath ? this.mediaFiles.get(media.directPath) : undefined;
    if (!file || !media.mediaKey) throw new Error('media not on the media host');
    return decryptMedia(file, media.mediaKey, type);
  }

  /** What to give baileys as `waWebSocketUrl`. */
  get url(): string {
    return `ws://${this.origin}/ws/chat`;
  }

  async close(): Promise<void> {
    for (const c of this.connections) c.ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
    await new Promise<void>((resolve) => this.mediaHost.close(() => resolve()));
  }

  /**
   * A customer's phone uploads media: the encrypted file is served here and the message carries
   * what the receiver needs to fetch and decrypt it (url, mediaKey, hashes, length).
   */
  async uploadMedia(
    data: Buffer,
    type: MediaType,
  ): Promise<{ url: string; mediaKey: Buffer; fileSha256: Buffer; fileEncSha256: Buffer; fileLength: number }> {
    const { encrypted, ...keys } = await encryptMedia(data, type);
    const path = `/media/${type}/${randomUUID()}.enc`;
    this.mediaFiles.set(path, encrypted);
    return { url: `http://${this.origin}${path}`, ...keys };
  }

  /**
   * Media as WhatsApp's own media hosts keep it: on the HTTPS host named by `media_conn`, with the
   * `directPath` baileys downloads from (Utils/messages-media.js:416-420 builds
   * https://<host of url><directPath>). Such a link can expire (expireMedia).
   */
  async uploadMediaToHost(
    data: Buffer,
    type: MediaType,
  ): Promise<{ url: string; directPath: string; mediaKey: Buffer; fileSha256: Buffer; fileEncSha256: Buffer; fileLength: number }> {
    const { encrypted, ...keys } = await encryptMedia(data, type);
    const directPath = `/v/t62.7117-24/${randomUUID()}.enc`;
    this.mediaFiles.set(directPath, encrypted);
    this.uploadedByPhones.set(directPath, { mediaKey: keys.mediaKey });
    return { url: `https://${this.mediaOrigin}${directPath}`, directPath, ...keys };
  }

  /**
   * The media host stops serving the file: WhatsApp answers 404 or 410 for media past its
   * lifetime, which baileys lists as the statuses needing a re-upload (Utils/messages.js:829).
   */
  expireMedia(directPath: string, status: 404 | 410 = 410): void {
    if (!this.mediaFiles.has(directPath)) throw new Error(`no media at ${directPath}`);
    this.expiredMedia.set(directPath, status);
  }

  private readonly groups = new Map<string, TestGroup>();
  /**
   * Group metadata queries answered per group before WhatsApp refuses with `rate-overlimit` (429):
   * the documented answer to clients that ask for a group's metadata too often (Baileys #1061,
   * #1261; baileys asks before every group send without cachedGroupMetadata, messages-send.js:500-507).
   */
  groupMetadataLimit = Number.POSITIVE_INFINITY;

  /** A group with the company account and these customers; returns its id (digits-dash-digits). */
  addGroup(opts: { subject: string; members: SimulatedCustomer[]; id?: string; addressing?: 'pn' | 'lid' }): string {
    const id = opts.id ?? `120363${randomInt(10 ** 11, 10 ** 12)}`;
    this.groups.set(id, { id, subject: opts.subject, members: [...opts.members], addressing: opts.addressing ?? 'pn', metadataQueries: 0 });
    return id;
  }

  groupMetadataQueries(groupId: string): number {
    return this.groups.get(groupId)?.metadataQueries ?? 0;
  }

  /**
   * A member adds a customer to the group: WhatsApp tells the companion with a `w:gp2`
   * notification holding `add` and the new participant (messages-recv.js:587-656
   * handleGroupNotification; process-message.js:476-482 emits group-participants.update).
   */
  async addToGroup(accountNumber: string, groupId: string, customer: SimulatedCustomer, by: SimulatedCustomer): Promise<void> {
    const group = this.groups.get(groupId);
    const connection = this.requireAccount(accountNumber).connection;
    if (!group || !connection?.loggedIn) throw new Error(`no group ${groupId} or account ${accountNumber} not connected`);
    group.members.push(customer);
    const id = SimulatedCustomer.newMessageId();
    const acked = connection.waitForAck(id);
    connection.send({
      tag: 'notification',
      attrs: { from: `${groupId}@g.us`, type: 'w:gp2', id, participant: by.pnJid ?? by.lidJid, t: String(Math.floor(Date.now() / 1000)) },
      content: [{ tag: 'add', attrs: {}, content: [{ tag: 'participant', attrs: { jid: customer.pnJid ?? customer.lidJid } }] }],
    });
    await acked;
  }

  /**
   * w:g2 `query` (Socket/groups.js:19-22): the group node extractGroupMetadata reads (:272-345):
   * `addressing_mode` and one `participant` per member — its number, or its LID with the number
   * beside it in `phone_number` (:333-341); past the limit, an iq error `429 rate-overlimit`, which baileys'
   * query throws as a Boom (socket.js:136-138, WABinary/generic-utils.js:54-58).
   */
  private answerGroupMetadata(account: Account, iq: BinaryNode): BinaryNode {
    const { id, to } = iq.attrs;
    const group = this.groups.get(jidDecode(to)?.user ?? '');
    const error = (code: string, text: string): BinaryNode => ({
      tag: 'iq',
      attrs: { from: to, type: 'error', id },
      content: [{ tag: 'error', attrs: { code, text } }],
    });
    if (!group) return error('404', 'item-not-found');
    group.metadataQueries++;
    if (group.metadataQueries > this.groupMetadataLimit) return error('429', 'rate-overlimit');
    const ownJid = `${account.number}@s.whatsapp.net`;
    const participant = (pn: string | undefined, lid: string, extra: Record<string, string> = {}): BinaryNode =>
      group.addressing === 'lid' || !pn
        ? { tag: 'participant', attrs: { jid: lid, ...(pn ? { phone_number: pn } : {}), ...extra } }
        : { tag: 'participant', attrs: { jid: pn, ...extra } };
    return {
      tag: 'iq',
      attrs: { from: to, type: 'result', id },
      content: [
        {
          tag: 'group',
          attrs: {
            id: group.id,
            subject: group.subject,
            s_t: '1700000000',
            creation: '1700000000',
            creator: ownJid,
            addressing_mode: group.addressing,
          },
          content: [
            participant(ownJid, `${account.lid}@lid`, { type: 'superadmin' }),
            ...group.members.map((m) => participant(m.pnJid, m.lidJid)),
          ],
        },
      ],
    };
  }

  /**
   * The companion's group message (messages-send.js:497-583): the content once, as `skmsg` under
   * its sender key, and the sender key itself pairwise (`participants/to`) to each device that
   * has not had it yet. Each member's phone takes the key (when it came), then decrypts the
   * skmsg; the author's sender-key name is the companion's LID in a LID-addressed group and its
   * phone-number identity otherwise (messages-send.js:547-553). A member's copy that cannot be decrypted is
   * recorded in `undecryptableGroupCopies`.
   */
  private onGroupMessage(account: Account, node: BinaryNode): Promise<void> {
    // Phones get a sender's group messages in the order sent: a later skmsg is only readable once
    // the sender key that came with an earlier one is taken.
    const turn = this.groupDeliveries.then(() => this.deliverGroupMessage(account, node));
    this.groupDeliveries = turn.catch(() => undefined);
    return turn;
  }

  private groupDeliveries: Promise<void> = Promise.resolve();

  private async deliverGroupMessage(account: Account, node: BinaryNode): Promise<void> {
    const { id, to } = node.attrs;
    const group = this.groups.get(jidDecode(to)?.user ?? '');
    const skmsg = getBinaryNodeChildren(node, 'enc').find((e) => e.attrs.type === 'skmsg');
    if (!group || !(skmsg?.content instanceof Uint8Array)) throw new Error(`group message ${id} to an unknown group or without skmsg`);
    const author =
      group.addressing === 'lid' ? `${account.lid}:${account.device}@lid` : `${account.number}:${account.device}@s.whatsapp.net`;
    const targets = getBinaryNodeChildren(getBinaryNodeChild(node, 'participants'), 'to');
    for (const member of group.members) {
      try {
        const target = targets.find((t) => member.is(jidDecode(t.attrs.jid)?.user ?? ''));
        const pairwise = getBinaryNodeChild(target, 'enc');
        if (pairwise?.content instanceof Uint8Array) {
          const keyMessage = await member.party.decrypt(
            this.companionAddress(account),
            pairwise.attrs.type as 'pkmsg' | 'msg',
            pairwise.content,
          );
          const skdm = keyMessage.senderKeyDistributionMessage?.axolotlSenderKeyDistributionMessage;
          if (skdm) await member.party.acceptSenderKey(to, author, skdm);
        }
        const message = await member.party.decryptGroup(to, author, skmsg.content);
        if (!member.inbox.has(id)) member.inbox.set(id, { id, from: author, message });
        this.emit('delivered', { id, to, customer: member, message } satisfies OutboundRecord);
      } catch (err) {
        this.undecryptableGroupCopies.push({ id, member, error: (err as Error).message });
      }
    }
  }

  readonly undecryptableGroupCopies: { id: string; member: SimulatedCustomer; error: string }[] = [];

  /** Numbers the companions looked up ("is it on WhatsApp?"), one entry per usync query user. */
  readonly numberLookups: string[] = [];

  /** Media retry requests the phones answered (message ids), in order. */
  readonly mediaRetries: string[] = [];
  /** False: the customers' phones are off and leave media retry requests unanswered. */
  phonesAnswerMediaRetries = true;

  // ── Customers ────────────────────────────────────────────────────────────────────────────────

  addCustomer(
    opts: { number?: string; name?: string; lid?: string; lidAddressed?: boolean; hidesNumber?: boolean; refuses?: string } = {},
  ): SimulatedCustomer {
    const lid = opts.lid ?? String(randomInt(10 ** 13, 10 ** 14));
    const customer = new SimulatedCustomer(opts.number, lid, opts.name ?? `Customer ${opts.number ?? lid}`);
    customer.lidAddressed = !!opts.lidAddressed;
    customer.refuses = opts.refuses;
    customer.hidesNumber = !!opts.hidesNumber;
    this.customers.push(customer);
    return customer;
  }

  private customerByUser(user: string | undefined): SimulatedCustomer | undefined {
    return user ? this.customers.find((c) => c.is(user)) : undefined;
  }

  /**
   * The customer writes to the company account. Resolves once the companion acknowledged the
   * stanza (it acks after handling, Socket/messages-recv.js handleMessage → sendMessageAck).
   */
  async customerSends(
    customer: SimulatedCustomer,
    accountNumber: string,
    message: proto.IMessage,
    opts: { id?: string; attrs?: Record<string, string> } = {},
  ): Promise<string> {
    const prepared = await this.prepareMessage(customer, accountNumber, message, opts);
    customer.sent.set(prepared.attrs.id, message);
    await this.deliver(accountNumber, prepared);
    return prepared.attrs.id;
  }

  /** Encrypts a customer's message into its stanza, ready to deliver (benchmarks time delivery alone). */
  async prepareMessage(
    customer: SimulatedCustomer,
    accountNumber: string,
    message: proto.IMessage,
    opts: { id?: string; attrs?: Record<string, string> } = {},
  ): Promise<BinaryNode> {
    const account = this.requireAccount(accountNumber);
    const companion = this.companionAddress(account);
    if (!(await customer.party.hasSession(companion))) await customer.party.startSession(companion, this.takeBundle(account));
    const { type, ciphertext } = await customer.party.encrypt(companion, message);
    // The sender's addressing (refusals.ts senderAttrs): by number with its LID beside, by LID
    // with its number beside (LID-migrated), or by LID alone.
    const attrs: Record<string, string> = {
      ...senderAttrs(customer),
      id: opts.id ?? SimulatedCustomer.newMessageId(),
      t: String(Math.floor(Date.now() / 1000)),
      type: isMediaMessage(message) ? 'media' : 'text',
      notify: customer.name,
      ...opts.attrs,
    };
    return { tag: 'message', attrs, content: [{ tag: 'enc', attrs: { v: '2', type }, content: ciphertext }] };
  }

  /** Sends a prepared stanza; resolves when the companion acked it. */
  async deliver(accountNumber: string, stanza: BinaryNode): Promise<void> {
    const connection = this.requireAccount(accountNumber).connection;
    if (!connection?.loggedIn) throw new Error(`account ${accountNumber} is not connected`);
    const acked = connection.waitForAck(stanza.attrs.id);
    connection.send(stanza);
    await acked;
  }

  /**
   * The customer writes while the companion is away: WhatsApp keeps the message and delivers it at
   * the next login, marked `offline` (Socket/messages-recv.js:1432 and 1603 upsert such messages as
   * 'append' through the offline node processor). Resolves with the id at once.
   */
  async customerSendsWhileAway(customer: SimulatedCustomer, accountNumber: string, message: proto.IMessage): Promise<string> {
    const account = this.requireAccount(accountNumber);
    if (account.connection?.loggedIn) throw new Error(`account ${accountNumber} is connected`);
    const stanza = await this.prepareMessage(customer, accountNumber, message, { attrs: { offline: '1' } });
    (account.offline ??= []).push(stanza);
    return stanza.attrs.id;
  }

  /** What WhatsApp still keeps for the companion. */
  offlineQueueOf(accountNumber: string): readonly BinaryNode[] {
    return this.requireAccount(accountNumber).offline ?? [];
  }

  /**
   * The customer's phone sends a message the companion cannot decrypt: a `msg` whose ciphertext
   * matches no session (what a lost or corrupted Signal session looks like; decryption fails with
   * "No session record" or Bad MAC). baileys answers with `receipt type="retry"` and upserts a
   * CIPHERTEXT stub (Socket/messages-recv.js:1296-1380). Resolves with the id once it answered.
   */
  async customerSendsUndecryptable(customer: SimulatedCustomer, accountNumber: string, opts: { id?: string } = {}): Promise<string> {
    const id = opts.id ?? SimulatedCustomer.newMessageId();
    await this.deliver(accountNumber, {
      tag: 'message',
      attrs: {
        from: customer.pnJid ?? customer.lidJid,
        id,
        t: String(Math.floor(Date.now() / 1000)),
        type: 'text',
        notify: customer.name,
        ...(customer.pnJid ? { sender_lid: customer.lidJid } : {}),
      },
      content: [{ tag: 'enc', attrs: { v: '2', type: 'msg' }, content: randomBytes(64) }],
    });
    return id;
  }

  /**
   * The phone answers the companion's retry receipt: it sends the message again, same id, on a
   * fresh session built from the companion's keys (the resend messages-recv.js:1040-1160 performs
   * on the other side). A phone only resends what it was asked for.
   */
  async phoneResends(customer: SimulatedCustomer, accountNumber: string, id: string, message: proto.IMessage): Promise<void> {
    if (!this.retryRequests.has(id)) throw new Error(`the companion never asked for ${id} again`);
    const account = this.requireAccount(accountNumber);
    await customer.party.startSession(this.companionAddress(account), this.takeBundle(account));
    await this.deliver(accountNumber, await this.prepareMessage(customer, accountNumber, message, { id }));
  }

  /**
   * The customer writes in a group the company is in: the sender key travels Signal-encrypted to
   * the companion (`pkmsg`/`msg`), the content as `skmsg` (messages-send.js builds the same pair
   * for its own group sends). Group metadata is not served: baileys does not need it to receive.
   */
  async customerSendsToGroup(
    customer: SimulatedCustomer,
    accountNumber: string,
    groupId: string,
    message: proto.IMessage,
  ): Promise<string> {
    const account = this.requireAccount(accountNumber);
    const connection = account.connection;
    if (!connection?.loggedIn) throw new Error(`account ${accountNumber} is not connected`);
    const group = `${groupId}@g.us`;
    const author = customer.pnJid ?? customer.lidJid;
    const { ciphertext, senderKeyDistributionMessage } = await customer.party.encryptForGroup(group, author, message);
    const companion = this.companionAddress(account);
    if (!(await customer.party.hasSession(companion))) await customer.party.startSession(companion, this.takeBundle(account));
    const skdm = await customer.party.encrypt(companion, {
      senderKeyDistributionMessage: { groupId: group, axolotlSenderKeyDistributionMessage: senderKeyDistributionMessage },
    });
    const id = SimulatedCustomer.newMessageId();
    const acked = connection.waitForAck(id);
    connection.send({
      tag: 'message',
      attrs: {
        from: group,
        participant: author,
        ...(customer.pnJid ? { participant_lid: customer.lidJid } : {}),
        id,
        t: String(Math.floor(Date.now() / 1000)),
        type: isMediaMessage(message) ? 'media' : 'text',
        notify: customer.name,
      },
      content: [
        { tag: 'enc', attrs: { v: '2', type: skdm.type }, content: skdm.ciphertext },
        { tag: 'enc', attrs: { v: '2', type: 'skmsg' }, content: ciphertext },
      ],
    });
    await acked;
    return id;
  }

  /** WhatsApp tells the companion the number behind a customer's LID (refusals.ts lidMappingNotification). */
  async announceLidMapping(customer: SimulatedCustomer, accountNumber: string): Promise<void> {
    const connection = this.requireAccount(accountNumber).connection;
    if (!connection?.loggedIn) throw new Error(`account ${accountNumber} is not connected`);
    if (!customer.pnJid) throw new Error('a LID-only customer has no number to announce');
    const id = nextTag();
    const acked = connection.waitForAck(id);
    connection.send(lidMappingNotification(id, customer));
    await acked;
  }

  /** The customer opened the chat: read receipts for the company's messages (handleReceipt). */
  sendReadReceipt(customer: SimulatedCustomer, accountNumber: string, ids: string[]): void {
    this.sendReceipt(customer, accountNumber, ids, 'read');
  }

  private sendReceipt(customer: SimulatedCustomer, accountNumber: string, ids: string[], type?: 'read'): void {
    const connection = this.requireAccount(accountNumber).connection;
    if (!connection?.loggedIn || ids.length === 0) return;
    const [first, ...rest] = ids;
    connection.send({
      tag: 'receipt',
      attrs: { from: receiptFrom(customer), id: first, t: String(Math.floor(Date.now() / 1000)), ...(type ? { type } : {}) },
      content: rest.length ? [{ tag: 'list', attrs: {}, content: rest.map((id) => ({ tag: 'item', attrs: { id } })) }] : undefined,
    });
  }

  // ── Accounts and pairing ─────────────────────────────────────────────────────────────────────

  private requireAccount(number: string): Account {
    const account = this.accounts.get(number);
    if (!account) throw new Error(`no account ${number}`);
    return account;
  }

  isConnected(number: string): boolean {
    return !!this.accounts.get(number)?.connection?.loggedIn;
  }

  /** The companion's Signal address as customers' phones know it. */
  private companionAddress(account: Account): string {
    return `${account.lid}:${account.device}@lid`;
  }

  /** One of the companion's uploaded one-time pre-keys, used up as on WhatsApp. */
  private takeBundle(account: Account): PreKeyBundle {
    if (!account.identityKey || !account.signedPreKey || account.registrationId === undefined) {
      throw new Error('the companion has not uploaded its keys');
    }
    return {
      registrationId: account.registrationId,
      identityKey: Buffer.concat([Buffer.from([5]), account.identityKey]),
      signedPreKey: { ...account.signedPreKey, publicKey: Buffer.concat([Buffer.from([5]), account.signedPreKey.publicKey]) },
      preKey: (() => {
        const k = account.preKeys.shift();
        return k ? { keyId: k.keyId, publicKey: Buffer.concat([Buffer.from([5]), k.publicKey]) } : undefined;
      })(),
    };
  }

  /**
   * The phone scans the QR text the driver shows (Utils/companion-reg-client-utils.js:31:
   * `…#ref,noiseKey,identityKey,advSecret,platform`) and links the device.
   */
  scan(qr: string, number: string): void {
    const [ref, noiseKeyB64, identityKeyB64, advSecretB64] = qr.slice(qr.indexOf('#') + 1).split(',');
    const connection = ref ? this.pendingRefs.get(ref) : undefined;
    if (!connection || !identityKeyB64 || !advSecretB64 || !noiseKeyB64) throw new Error('no connection shows this QR');
    if (!Buffer.from(noiseKeyB64, 'base64').equals(connection.clientStaticKey)) throw new Error('QR noise key mismatch');
    this.pendingRefs.delete(ref);
    this.link(connection, this.nextDevice(number), Buffer.from(identityKeyB64, 'base64'), Buffer.from(advSecretB64, 'base64'));
  }

  /** The account as it will be once this companion is linked (the phone's identity stays). */
  private nextDevice(number: string): Account {
    const previous = this.accounts.get(number);
    return {
      number,
      lid: previous?.lid ?? String(randomInt(10 ** 13, 10 ** 14)),
      device: (previous?.device ?? 0) + 1,
      primary: previous?.primary ?? new SignalParty(),
      preKeys: [],
      linked: true,
    };
  }

  private link(connection: ClientConnection, account: Account, companionIdentity: Buffer, advSecret: Buffer): void {
    this.accounts.set(account.number, account);
    connection.account = account;
    connection.send(this.pairSuccess(account, companionIdentity, advSecret));
  }

  // ── Linking by pairing code (link-code.ts) and the passkey step ─────────────────────────────

  /**
   * From now on, linking a companion to this number asks for a passkey (WHATSAPP-PROTOCOL.md
   * "Passkey step"), which baileys cannot give: the link never completes.
   */
  requirePasskey(number: string, type: 'passkey_prologue_request' | 'crsc_continuation' = 'passkey_prologue_request'): void {
    this.passkeyAccounts.set(number, type);
  }

  /** Whether a companion asked for a pairing code for this number (and waits for it to be typed). */
  hasCodeRequest(number: string): boolean {
    return [...this.codeRequests.values()].some((r) => r.number === number);
  }

  /**
   * The person types `code` on the phone with `number` (link-code.ts step 2). Throws when no
   * companion asked for a code for this number; a wrong code fails later, at the key bundle.
   */
  async enterPairingCode(number: string, code: string): Promise<void> {
    const entry = [...this.codeRequests.entries()].reverse().find(([, r]) => r.number === number);
    if (!entry) throw new Error(`no companion asked for a pairing code for ${number}`);
    const [connection, request] = entry;
    this.codeRequests.delete(connection);
    const passkey = this.passkeyAccounts.get(number);
    if (passkey) {
      // The phone accepted the code and verified the person; for a passkey account the
      // registration notification then comes without the wrapped primary key (whatsmeow PR #1234:
      // "a passkey handoff precursor"; baileys rc14 fails on it, Socket/messages-recv.js:885 →
      // toRequiredBuffer "Invalid buffer", as Baileys issue #2694 reports), then the passkey step.
      connection.send(passkeyHandoff(request));
      connection.send(passkeyRequest(passkey));
      return;
    }
    const account = this.nextDevice(number);
    const { notification, link } = await phoneEntersCode(
      request,
      code.replace(/-/g, '').toUpperCase(),
      account.primary.creds.signedIdentityKey,
    );
    this.codeLinks.set(link.ref.toString('hex'), { link, account, connection });
    connection.send(notification);
  }

  private onLinkCode(connection: ClientConnection, iq: BinaryNode, reply: (content?: BinaryNode[]) => void): void {
    const hello = readCompanionHello(iq);
    if (hello) {
      this.codeRequests.set(connection, hello);
      reply();
      this.emit('code-request', hello.number);
      return;
    }
    const ref = companionFinishRef(iq);
    const pending = ref ? this.codeLinks.get(ref.toString('hex')) : undefined;
    if (!ref || !pending || pending.connection !== connection) {
      return connection.send({
        tag: 'iq',
        attrs: { from: S_WHATSAPP_NET, type: 'error', id: iq.attrs.id },
        content: [{ tag: 'error', attrs: { code: '404', text: 'item-not-found' } }],
      });
    }
    this.codeLinks.delete(ref.toString('hex'));
    let opened: ReturnType<typeof openKeyBundle>;
    try {
      opened = openKeyBundle(iq, pending.link);
    } catch {
      // The phone and the companion used different codes: no link.
      this.emit('link-refused', pending.link.number);
      return connection.send({
        tag: 'iq',
        attrs: { from: S_WHATSAPP_NET, type: 'error', id: iq.attrs.id },
        content: [{ tag: 'error', attrs: { code: '400', text: 'bad-request' } }],
      });
    }
    reply();
    this.link(connection, pending.account, opened.companionIdentity, opened.advSecret);
  }

  /**
   * pair-success (Utils/validate-connection.js:132-195): an ADVSignedDeviceIdentityHMAC whose
   * hmac is HMAC-SHA256(advSecret, details); inside, the device identity signed by the account
   * (primary phone) key over [6,0] ‖ details ‖ companion identity key.
   */
  private pairSuccess(account: Account, companionIdentity: Buffer, advSecret: Buffer): BinaryNode {
    const accountKey = account.primary.creds.signedIdentityKey;
    const details = proto.ADVDeviceIdentity.encode({
      rawId: randomInt(1, 2 ** 31),
      timestamp: Math.floor(Date.now() / 1000),
      keyIndex: account.device,
    }).finish();
    const accountSignature = Curve.sign(accountKey.private, Buffer.concat([Buffer.from([6, 0]), details, companionIdentity]));
    const signed = proto.ADVSignedDeviceIdentity.encode({ details, accountSignatureKey: accountKey.public, accountSignature }).finish();
    const hmac = createHmac('sha256', advSecret).update(signed).digest();
    return {
      tag: 'iq',
      attrs: { from: S_WHATSAPP_NET, type: 'set', id: nextTag(), t: String(Math.floor(Date.now() / 1000)) },
      content: [
        {
          tag: 'pair-success',
          attrs: {},
          content: [
            { tag: 'device-identity', attrs: {}, content: proto.ADVSignedDeviceIdentityHMAC.encode({ details: signed, hmac }).finish() },
            { tag: 'platform', attrs: { name: 'android' } },
            {
              tag: 'device',
              attrs: { jid: `${account.number}:${account.device}@s.whatsapp.net`, lid: `${account.lid}:${account.device}@lid` },
            },
          ],
        },
      ],
    };
  }

  /** Ends the companion's stream the way WhatsApp signals `reason`. */
  disconnect(number: string, reason: DisconnectReasonName): void {
    const account = this.requireAccount(number);
    const connection = account.connection;
    if (reason === 'loggedOut') account.linked = false;
    if (!connection) return;
    connection.send(disconnectNode(reason));
  }

  // ── Connections ──────────────────────────────────────────────────────────────────────────────

  private accept(ws: WebSocket): void {
    const connection = new ClientConnection(ws);
    this.connections.add(connection);
    const noise = new NoiseServerConnection(
      { staticKey: this.staticKey, certChain: this.certChain },
      (bytes) => ws.send(bytes),
      (result) => this.onHandshake(connection, result),
      (node) => void this.onNode(connection, node).catch((err) => this.emit('error', err)),
    );
    connection.noise = noise;
    ws.on('message', (data: Buffer) => {
      noise.receive(data).catch((err) => {
        this.emit('error', err);
        ws.terminate();
      });
    });
    ws.on('close', () => {
      this.connections.delete(connection);
      this.codeRequests.delete(connection);
      connection.closed();
      if (connection.account?.connection === connection) connection.account.connection = undefined;
    });
  }

  private onHandshake(connection: ClientConnection, { clientStaticKey, payload }: HandshakeResult): void {
    connection.clientStaticKey = clientStaticKey;
    const announced = payload.userAgent?.appVersion;
    connection.appVersion = [announced?.primary ?? 0, announced?.secondary ?? 0, announced?.tertiary ?? 0];
    if (this.minimumVersion && compareVersions(connection.appVersion, this.minimumVersion) < 0) {
      // A retired client version is refused before anything else, pairing or login alike.
      connection.send(disconnectNode('outdated'));
      return;
    }
    if (payload.devicePairingData) {
      // A new companion (validate-connection.js:77-115): offer QR refs (socket.js:694-727).
      const refs = Array.from({ length: 6 }, () => `2@${randomInt(10 ** 12, 10 ** 13)}`);
      for (const ref of refs) this.pendingRefs.set(ref, connection);
      connection.send({
        tag: 'iq',
        attrs: { from: S_WHATSAPP_NET, type: 'set', id: nextTag(), xmlns: 'md' },
        content: [{ tag: 'pair-device', attrs: {}, content: refs.map((ref) => ({ tag: 'ref', attrs: {}, content: Buffer.from(ref) })) }],
      });
      return;
    }
    // A login (validate-connection.js getClientPayload: username + device).
    const number = String(payload.username ?? '');
    const account = this.accounts.get(number);
    if (!account || !account.linked || account.device !== payload.device) {
      connection.send({ tag: 'failure', attrs: { reason: '401' } });
      return;
    }
    // A second login of the same device replaces the first (stream:error conflict → 440).
    if (account.connection && account.connection !== connection) account.connection.send(disconnectNode('replaced'));
    account.connection = connection;
    connection.account = account;
    connection.loggedIn = true;
    // success (socket.js:746): `lid` becomes creds.me.lid.
    connection.send({ tag: 'success', attrs: { t: String(Math.floor(Date.now() / 1000)), lid: `${account.lid}:${account.device}@lid` } });
    // What was kept while it was away, in order, then `ib offline count=N`, which ends baileys'
    // event buffering after a login (socket.js:832-841) and sets receivedPendingNotifications.
    const queued = account.offline ?? [];
    account.offline = [];
    for (const stanza of queued) connection.send(stanza);
    connection.send({ tag: 'ib', attrs: {}, content: [{ tag: 'offline', attrs: { count: String(queued.length) } }] });
    this.emit('login', number);
  }

  private async onNode(connection: ClientConnection, node: BinaryNode): Promise<void> {
    connection.observe(node);
    switch (node.tag) {
      case 'iq':
        return this.onIq(connection, node);
      case 'message':
        return this.onMessage(connection, node);
      case 'receipt':
        return this.onReceipt(connection, node);
      default:
        return; // ack, presence, ib (unified_session): nothing to answer
    }
  }

  private onIq(connection: ClientConnection, iq: BinaryNode): void {
    const { id, xmlns, type } = iq.attrs;
    if (type === 'result' || type === 'error') {
      // The answer to pair-success is pair-device-sign: the companion is linked; WhatsApp then
      // asks for a restart so it logs in with its new identity (socket.js:729-745, 515).
      if (getBinaryNodeChild(iq, 'pair-device-sign')) {
        // An account that must confirm new devices with a passkey gets the passkey step here,
        // after the registration completed, instead of the restart (WHATSAPP-PROTOCOL.md
        // "Passkey step"; whatsmeow issue #1185 captures it "after companion registration
        // completes"); without the passkey answer the device is never linked.
        const passkey = connection.account && this.passkeyAccounts.get(connection.account.number);
        if (passkey && connection.account) {
          connection.account.linked = false;
          connection.send(passkeyRequest(passkey));
        } else connection.send(disconnectNode('restartRequired'));
      }
      return;
    }
    const reply = (content?: BinaryNode[]) => connection.send({ tag: 'iq', attrs: { from: S_WHATSAPP_NET, type: 'result', id }, content });
    const account = connection.account;
    if (xmlns === 'encrypt' && account) {
      if (getBinaryNodeChild(iq, 'count')) return reply([{ tag: 'count', attrs: { value: String(account.preKeys.length) } }]);
      if (getBinaryNodeChild(iq, 'digest')) return reply([{ tag: 'digest', attrs: {} }]);
      if (getBinaryNodeChild(iq, 'list')) {
        this.storeUploadedKeys(account, iq);
        return reply();
      }
      const keyNode = getBinaryNodeChild(iq, 'key');
      if (keyNode) {
        return void this.answerKeyFetch(account, keyNode)
          .then((users) => reply([{ tag: 'list', attrs: {}, content: users }]))
          .catch((err) => this.emit('error', err));
      }
    }
    if (xmlns === 'usync' && account) return reply([this.answerUsync(account, iq)]);
    if (xmlns === 'w:g2' && type === 'get' && account && getBinaryNodeChild(iq, 'query'))
      return connection.send(this.answerGroupMetadata(account, iq));
    if (xmlns === 'w:m' && getBinaryNodeChild(iq, 'media_conn')) {
      // Where to upload (messages-send.js refreshMediaConn): one host, an auth token, a ttl.
      return reply([
        {
          tag: 'media_conn',
          attrs: { auth: 'test-media-auth', ttl: '3600' },
          content: [{ tag: 'host', attrs: { hostname: this.mediaOrigin, maxContentLengthBytes: String(100 * 2 ** 20) } }],
        },
      ]);
    }
    if (xmlns === 'md' && getBinaryNodeChild(iq, 'link_code_companion_reg')) return this.onLinkCode(connection, iq, reply);
    if (xmlns === 'privacy' && type === 'get') {
      // Read receipts on: baileys reads this before sending read receipts (messages-send.js:126-131).
      return reply([{ tag: 'privacy', attrs: {}, content: [{ tag: 'category', attrs: { name: 'readreceipts', value: 'all' } }] }]);
    }
    return reply();
  }

  /** The companion's key upload: registration, identity, one-time pre-keys, signed pre-key. */
  private storeUploadedKeys(account: Account, iq: BinaryNode): void {
    const uint = (buf: Uint8Array | undefined) => (buf ? buf.reduce((n, b) => n * 256 + b, 0) : 0);
    account.registrationId = uint(getBinaryNodeChildBuffer(iq, 'registration'));
    account.identityKey = getBinaryNodeChildBuffer(iq, 'identity');
    const skey = getBinaryNodeChild(iq, 'skey');
    account.signedPreKey = {
      keyId: uint(getBinaryNodeChildBuffer(skey, 'id')),
      publicKey: getBinaryNodeChildBuffer(skey, 'value')!,
      signature: getBinaryNodeChildBuffer(skey, 'signature')!,
    };
    for (const key of getBinaryNodeChildren(getBinaryNodeChild(iq, 'list'), 'key')) {
      account.preKeys.push({ keyId: uint(getBinaryNodeChildBuffer(key, 'id')), publicKey: getBinaryNodeChildBuffer(key, 'value')! });
    }
  }

  /**
   * encrypt/key (messages-send.js assertSessions): a bundle per requested device — customers'
   * phones, and the account's own primary phone (device 0), which every send also addresses.
   */
  private async answerKeyFetch(account: Account, keyNode: BinaryNode): Promise<BinaryNode[]> {
    const users: BinaryNode[] = [];
    for (const user of getBinaryNodeChildren(keyNode, 'user')) {
      const jid = user.attrs.jid;
      const decoded = jidDecode(jid);
      const isOwn = decoded?.user === account.number || decoded?.user === account.lid;
      const party = isOwn ? account.primary : this.customerByUser(decoded?.user)?.devices.get(decoded?.device ?? 0);
      users.push(
        party
          ? await party.keyBundleNode(jid)
          : { tag: 'user', attrs: { jid }, content: [{ tag: 'error', attrs: { code: '404', text: 'item-not-found' } }] },
      );
    }
    return users;
  }

  /**
   * usync (WAUSync/USyncQuery.js parseUSyncQueryResult): one `user` per asked user with the asked
   * protocols — `devices` (the customer's phone and linked devices; the companion itself for the own account), `lid`,
   * `contact` (type "in" when the number has WhatsApp).
   */
  private answerUsync(account: Account, iq: BinaryNode): BinaryNode {
    const usync = getBinaryNodeChild(iq, 'usync');
    const protocols = (getBinaryNodeChild(usync, 'query')?.content as BinaryNode[] | undefined)?.map((p) => p.tag) ?? [];
    const users: BinaryNode[] = [];
    for (const user of getBinaryNodeChildren(getBinaryNodeChild(usync, 'list'), 'user')) {
      const phone = getBinaryNodeChild(user, 'contact')?.content;
      const asked =
        user.attrs.jid ??
        (phone
          ? `${Buffer.from(phone as Uint8Array)
              .toString()
              .replace(/\D/g, '')}@s.whatsapp.net`
          : undefined);
      if (!asked) continue;
      // A number lookup (socket.js:222-246 onWhatsApp: the contact protocol with a phone).
      if (phone && protocols.includes('contact')) this.numberLookups.push(jidDecode(asked)?.user ?? asked);
      const decoded = jidDecode(asked);
      const isOwn = decoded?.user === account.number || decoded?.user === account.lid;
      const customer = isOwn ? undefined : this.customerByUser(decoded?.user);
      const exists = isOwn || !!customer;
      const lid = isOwn ? account.lid : customer?.lid;
      const content: BinaryNode[] = [];
      for (const protocol of protocols) {
        if (protocol === 'devices' && exists) {
          const devices: BinaryNode[] = [{ tag: 'device', attrs: { id: '0' } }];
          if (isOwn) devices.push({ tag: 'device', attrs: { id: String(account.device), 'key-index': String(account.device) } });
          // A customer's linked devices, each with the key-index baileys requires of non-zero
          // devices (Utils/signal.js:151).
          for (const device of customer?.devices.keys() ?? []) {
            if (device !== 0) devices.push({ tag: 'device', attrs: { id: String(device), 'key-index': String(device) } });
          }
          content.push({ tag: 'devices', attrs: {}, content: [{ tag: 'device-list', attrs: {}, content: devices }] });
        }
        if (protocol === 'lid' && lid && decoded?.server !== 'lid') content.push({ tag: 'lid', attrs: { val: `${lid}@lid` } });
        if (protocol === 'contact') content.push({ tag: 'contact', attrs: { type: exists ? 'in' : 'out' } });
      }
      users.push({ tag: 'user', attrs: { jid: asked }, content });
    }
    return { tag: 'usync', attrs: {}, content: [{ tag: 'list', attrs: {}, content: users }] };
  }

  /**
   * A message from the companion (messages-send.js:723-760): `participants` holds one `to` per
   * device with its `enc`. The customer's phone decrypts its copy; the server acks the stanza,
   * and the phone sends a delivery receipt.
   */
  private async onMessage(connection: ClientConnection, node: BinaryNode): Promise<void> {
    const account = connection.account;
    const { id, to } = node.attrs;
    if (!account || !id || !to) return;
    if (jidDecode(to)?.server === 'g.us') {
      connection.send({ tag: 'ack', attrs: { class: 'message', id, from: to, t: String(Math.floor(Date.now() / 1000)) } });
      return this.onGroupMessage(account, node);
    }
    const customer = this.customerByUser(jidDecode(to)?.user);
    // A refused send is acked with its code and reaches nobody (refusals.ts).
    const refusal = customer && refusalFor(customer, to);
    if (refusal) {
      connection.send(refusalAck(id, to, refusal));
      this.emit('refused', { id, to, code: refusal });
      return;
    }
    connection.send({ tag: 'ack', attrs: { class: 'message', id, from: to, t: String(Math.floor(Date.now() / 1000)) } });
    if (!customer) return;
    this.addressedTo.set(id, to);
    for (const target of getBinaryNodeChildren(getBinaryNodeChild(node, 'participants'), 'to')) {
      const addressed = jidDecode(target.attrs.jid);
      if (!customer.is(addressed?.user ?? '')) continue;
      const enc = getBinaryNodeChild(target, 'enc');
      if (!enc || !(enc.content instanceof Uint8Array)) continue;
      const device = addressed?.device ?? 0;
      if (device !== 0) {
        // A linked device decrypts its own copy; the phone's receipts speak for the customer.
        const party = customer.devices.get(device);
        if (!party) throw new Error(`a copy for ${target.attrs.jid}, a device the customer does not have`);
        await party.decrypt(this.companionAddress(account), enc.attrs.type as 'pkmsg' | 'msg', enc.content);
        customer.receivedOn.set(id, (customer.receivedOn.get(id) ?? new Set()).add(device));
        continue;
      }
      if (customer.failsToDecrypt > 0) {
        customer.failsToDecrypt--;
        if (customer.asksLater) customer.pendingRetries.push(id);
        else this.askAgain(connection, customer, id);
        continue;
      }
      // A copy the phone cannot decrypt (encrypted for an identity it no longer has) is asked again,
      // as a real phone does (retry receipt, messages-recv.js:1204-1221).
      const message = await customer.party
        .decrypt(this.companionAddress(account), enc.attrs.type as 'pkmsg' | 'msg', enc.content)
        .catch(() => undefined);
      if (!message) {
        this.askAgain(connection, customer, id);
        continue;
      }
      customer.copies.set(id, (customer.copies.get(id) ?? 0) + 1);
      customer.receivedOn.set(id, (customer.receivedOn.get(id) ?? new Set()).add(0));
      const firstTime = !customer.inbox.has(id);
      if (firstTime) customer.inbox.set(id, { id, from: this.companionAddress(account), message });
      this.emit('delivered', { id, to, customer, message } satisfies OutboundRecord);
      this.sendReceipt(customer, account.number, [id]);
    }
  }

  /**
   * The phone could not decrypt a company message: it sends `receipt type="retry"` with a `retry`
   * child (count, id, t, v) and its registration id, without a key bundle, so baileys fetches fresh
   * keys and sends the message again with the same id (Socket/messages-recv.js:1204-1221, resend in
   * sendMessagesAgain :1040-1160; the registration check at :1089-1097).
   */
  private askAgain(connection: ClientConnection, customer: SimulatedCustomer, id: string): void {
    const count = String((this.phoneRetries.get(id) ?? 0) + 1);
    this.phoneRetries.set(id, Number(count));
    const t = String(Math.floor(Date.now() / 1000));
    const registration = Buffer.alloc(4);
    registration.writeUInt32BE(customer.party.creds.registrationId);
    connection.send({
      tag: 'receipt',
      // From the address the company wrote to (a LID or a number): baileys finds the message to
      // send again by that chat and id (Socket/messages-recv.js:1040-1160).
      attrs: { from: this.addressedTo.get(id) ?? customer.pnJid ?? customer.lidJid, id, type: 'retry', t },
      content: [
        { tag: 'retry', attrs: { count, id, t, v: '1' } },
        { tag: 'registration', attrs: {}, content: registration },
      ],
    });
  }

  /**
   * The customer links a Web/Desktop device: WhatsApp tells the companion with
   * `notification type="devices"` holding `add` and the device's jid and key-index, and baileys
   * adds it to its cached device list (Socket/messages-recv.js:705-797). Resolves once acked.
   */
  async customerLinksDevice(customer: SimulatedCustomer, accountNumber: string, device: number): Promise<void> {
    if (!customer.pnJid) throw new Error('a LID-only customer is not modelled with devices');
    customer.devices.set(device, new SignalParty());
    // The device under each identity the companion may address the customer by (number and LID):
    // baileys keeps a device list per user and applies each user's entries of the notification to
    // its own list (Socket/messages-recv.js:744-792).
    await this.notify(accountNumber, { from: customer.pnJid, type: 'devices' }, [
      {
        tag: 'add',
        attrs: { device_hash: `2:${randomBytes(6).toString('base64')}` },
        content: [
          { tag: 'device', attrs: { jid: `${customer.number}:${device}@s.whatsapp.net`, 'key-index': String(device) } },
          { tag: 'device', attrs: { jid: `${customer.lid}:${device}@lid`, 'key-index': String(device) } },
        ],
      },
    ]);
  }

  /**
   * The customer reinstalls WhatsApp: the phone has a new Signal identity, and WhatsApp tells the
   * companion with `notification type="encrypt"` and an `identity` child; baileys then fetches
   * fresh keys for the phone (handleIdentityChange, Socket/messages-recv.js:572-585,
   * Utils/identity-change-handler.js). Resolves once acked.
   */
  async customerReinstalls(
    customer: SimulatedCustomer,
    accountNumber: string,
    opts: { notify: boolean } = { notify: true },
  ): Promise<void> {
    customer.devices.set(0, new SignalParty());
    if (!opts.notify) return;
    await this.notify(accountNumber, { from: customer.pnJid ?? customer.lidJid, type: 'encrypt' }, [
      { tag: 'identity', attrs: {}, content: customer.party.creds.signedIdentityKey.public },
    ]);
  }

  /** A notification to the connected companion; resolves when it acked it (Utils/stanza-ack.js). */
  private async notify(accountNumber: string, attrs: { from: string; type: string }, content: BinaryNode[]): Promise<void> {
    const connection = this.requireAccount(accountNumber).connection;
    if (!connection?.loggedIn) throw new Error(`account ${accountNumber} is not connected`);
    const id = nextTag();
    const acked = connection.waitForAck(id);
    connection.send({ tag: 'notification', attrs: { ...attrs, id, t: String(Math.floor(Date.now() / 1000)) }, content });
    await acked;
  }

  /** The phone that held its retry receipts back sends them now, to the companion's connection. */
  phoneComesOnline(customer: SimulatedCustomer, accountNumber: string): void {
    const connection = this.requireAccount(accountNumber).connection;
    if (!connection?.loggedIn) throw new Error(`account ${accountNumber} is not connected`);
    customer.asksLater = false;
    for (const id of customer.pendingRetries.splice(0)) this.askAgain(connection, customer, id);
  }

  /** Receipts from the companion: a read receipt turns the customer's message blue. */
  private onReceipt(connection: ClientConnection, node: BinaryNode): void {
    const { to, id, type } = node.attrs;
    if (type === 'server-error') return this.onMediaRetryRequest(connection, node);
    const customer = this.customerByUser(jidDecode(to)?.user);
    if (!customer || !id) return;
    const ids = [id, ...getBinaryNodeChildren(getBinaryNodeChild(node, 'list'), 'item').map((i) => i.attrs.id)];
    if (type === 'retry') for (const retried of ids) this.retryRequests.set(retried, (this.retryRequests.get(retried) ?? 0) + 1);
    if (type === 'read') for (const read of ids) customer.readByCompany.add(read);
    this.emit('receipt', { customer, ids, type });
  }

  /**
   * The companion could not download a customer's media (404/410) and asks the customer's phone
   * to upload it again (`receipt type="server-error"`, Utils/messages-media.js:707-744). The phone
   * puts the same encrypted file on the host at a new directPath and answers with a `mediaretry`
   * notification (media-retry.ts); a message it no longer has is answered with NOT_FOUND.
   */
  private onMediaRetryRequest(connection: ClientConnection, node: BinaryNode): void {
    const account = connection.account;
    const rmr = getBinaryNodeChild(node, 'rmr');
    const id = node.attrs.id;
    if (!account || !rmr || !id) throw new Error('media retry request without account, rmr or id');
    if (!this.phonesAnswerMediaRetries) return;
    const customer = this.customerByUser(jidDecode(rmr.attrs.jid)?.user);
    const message = customer?.sent.get(id);
    const media = message && mediaOf(message);
    const from = `${account.number}@s.whatsapp.net`;
    const hosted = media?.directPath ? this.uploadedByPhones.get(media.directPath) : undefined;
    if (!media?.mediaKey || !media.directPath || !hosted) {
      connection.send(
        mediaRetryNotification({ id, from, rmr, mediaKey: Buffer.alloc(32), error: proto.MediaRetryNotification.ResultType.NOT_FOUND }),
      );
      return;
    }
    readMediaRetryRequest(node, media.mediaKey);
    const directPath = `/v/t62.7117-24/${randomUUID()}.enc`;
    this.mediaFiles.set(directPath, this.mediaFiles.get(media.directPath)!);
    this.uploadedByPhones.set(directPath, hosted);
    this.mediaRetries.push(id);
    connection.send(mediaRetryNotification({ id, from, rmr, mediaKey: media.mediaKey, directPath }));
  }
}

/** One WebSocket from a companion. */
export class ClientConnection {
  noise!: NoiseServerConnection;
  clientStaticKey: Buffer = Buffer.alloc(0);
  account: Account | undefined;
  loggedIn = false;
  /** The WhatsApp Web version the client announced in its payload. */
  appVersion: [number, number, number] = [0, 0, 0];
  private readonly ackWaiters = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();

  constructor(readonly ws: WebSocket) {}

  send(node: BinaryNode): void {
    if (this.ws.readyState === this.ws.OPEN) this.noise.sendNode(node);
  }

  /** The companion acks a stanza it handled (Utils/stanza-ack.js buildAckStanza). */
  waitForAck(id: string): Promise<void> {
    return new Promise((resolve, reject) => this.ackWaiters.set(id, { resolve, reject }));
  }

  observe(node: BinaryNode): void {
    // A message is answered with a receipt (or an ack when it could not be handled).
    if ((node.tag === 'ack' || node.tag === 'receipt') && node.attrs.id) {
      this.ackWaiters.get(node.attrs.id)?.resolve();
      this.ackWaiters.delete(node.attrs.id);
    }
  }

  closed(): void {
    this.loggedIn = false;
    for (const waiter of this.ackWaiters.values()) waiter.reject(new Error('connection closed'));
    this.ackWaiters.clear();
  }
}

/**
 * baileys uploads with Node's https module and no agent of its own (messages-media.js
 * uploadWithNodeHttp), so the process-wide agent is the one that must trust the media host's
 * certificate. Test processes only.
 */
async function trustMediaHost(): Promise<void> {
  https.globalAgent = new https.Agent({ ca: MEDIA_TLS_CERT });
  // Downloads go through fetch instead (messages-media.js:291-304 getHttpStream), i.e. Node's
  // bundled undici, whose process-wide dispatcher sits under this symbol once fetch first ran.
  // There is no public way to give it a CA in Node 20, so the dispatcher is replaced by one of
  // the same class that trusts the media host.
  const key = Symbol.for('undici.globalDispatcher.1');
  const slot = globalThis as unknown as Record<symbol, { constructor: new (opts: object) => unknown } | undefined>;
  if (!slot[key]) await fetch('data:,');
  const Agent = slot[key]?.constructor;
  if (!Agent) throw new Error("Node's fetch has no global dispatcher to replace");
  slot[key] = new Agent({ connect: { ca: MEDIA_TLS_CERT } }) as { constructor: new (opts: object) => unknown };
}

function disconnectNode(reason: DisconnectReasonName): BinaryNode {
  switch (reason) {
    case 'loggedOut': // the phone removed the device: stream:error code 401 (conflict device_removed)
      return { tag: 'stream:error', attrs: { code: '401' }, content: [{ tag: 'conflict', attrs: { type: 'device_removed' } }] };
    case 'forbidden': // banned: failure reason 403 (socket.js:798-801)
      return { tag: 'failure', attrs: { reason: '403' } };
    case 'outdated': // client version refused: failure reason 405
      return { tag: 'failure', attrs: { reason: '405' } };
    case 'multideviceMismatch': // ib downgrade_webclient (socket.js:802-804) → 411
      return { tag: 'ib', attrs: {}, content: [{ tag: 'downgrade_webclient', attrs: {} }] };
    case 'badSession': // a stream error without a known reason → badSession 500 (generics.js:292)
      return { tag: 'stream:error', attrs: {}, content: [{ tag: 'bad-session', attrs: {} }] };
    case 'restartRequired':
      return { tag: 'stream:error', attrs: { code: '515' } };
    case 'replaced': // conflict → connectionReplaced 440 (generics.js:282-284)
      return { tag: 'stream:error', attrs: {}, content: [{ tag: 'conflict', attrs: { type: 'replaced' } }] };
    case 'unknownStreamError': // no code and a reason baileys does not map → 500 (generics.js:289-300)
      return { tag: 'stream:error', attrs: {}, content: [{ tag: 'xml-not-well-formed', attrs: {} }] };
    case 'reasonlessFailure': // `failure` without `reason` → 500 (socket.js:798-801)
      return { tag: 'failure', attrs: {} };
  }
}

function mediaOf(
  message: proto.IMessage,
):
  | proto.Message.IImageMessage
  | proto.Message.IAudioMessage
  | proto.Message.IVideoMessage
  | proto.Message.IDocumentMessage
  | proto.Message.IStickerMessage
  | undefined {
  return (
    message.imageMessage ?? message.audioMessage ?? message.videoMessage ?? message.documentMessage ?? message.stickerMessage ?? undefined
  );
}

function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

function isMediaMessage(message: proto.IMessage): boolean {
  return !!(message.imageMessage || message.audioMessage || message.videoMessage || message.documentMessage || message.stickerMessage);
}

let tagCounter = 0;
const nextTag = () => `srv.${++tagCounter}`;
