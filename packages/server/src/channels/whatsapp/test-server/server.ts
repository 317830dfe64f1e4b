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
 * - Disconnect reasons, each sent the way baileys recognizes it (socket.js:791-806).
 *
 * - Customers' media: encrypted as a phone uploads it (media.ts) and served over HTTP at the
 *   message's `url`.
 *
 * - The companion's media: `media_conn` names an HTTPS media host (media-tls.ts) that takes the
 *   upload; the customer's phone fetches and decrypts it from there.
 *
 * Not modelled (baileys alone does not say what WhatsApp does): group metadata and sending to
 * groups, history and app-state sync, retry receipts, pre-key-low notifications.
 */
import { createHmac, randomInt, randomUUID } from 'node:crypto';
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
import { decryptMedia, encryptMedia } from './media.js';
import { MEDIA_TLS_CERT, MEDIA_TLS_KEY } from './media-tls.js';
import { companionFinishRef, openKeyBundle, passkeyHandoff, passkeyRequest, phoneEntersCode, readCompanionHello, type CodeLink, type CodeRequest } from './link-code.js';
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
  | 'replaced'; // 440

export interface OutboundRecord {
  id: string;
  to: string;
  customer: SimulatedCustomer;
  message: proto.Message;
}

/**
 * Emits 'login' (number), 'delivered' (OutboundRecord) and 'receipt'; a protocol step it cannot
 * handle is emitted as 'error', which fails the test when nobody listens.
 */
export class WhatsAppTestServer extends EventEmitter {
  private readonly http: http.Server;
  private readonly wss: WebSocketServer;
  /** Encrypted media files customers uploaded, by path. */
  private readonly mediaFiles = new Map<string, Buffer>();
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
      const file = req.url ? this.mediaFiles.get(new URL(req.url, 'http://x').pathname) : undefined;
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
    trustMediaHost();
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
  async uploadMedia(data: Buffer, type: MediaType): Promise<{ url: string; mediaKey: Buffer; fileSha256: Buffer; fileEncSha256: Buffer; fileLength: number }> {
    const { encrypted, ...keys } = await encryptMedia(data, type);
    const path = `/media/${type}/${randomUUID()}.enc`;
    this.mediaFiles.set(path, encrypted);
    return { url: `http://${this.origin}${path}`, ...keys };
  }

  // ── Customers ────────────────────────────────────────────────────────────────────────────────

  addCustomer(opts: { number?: string; name?: string; lid?: string } = {}): SimulatedCustomer {
    const lid = opts.lid ?? String(randomInt(10 ** 13, 10 ** 14));
    const customer = new SimulatedCustomer(opts.number, lid, opts.name ?? `Customer ${opts.number ?? lid}`);
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
    // A customer with a number writes from it and names its LID (decode-wa-message.js:70-93
    // reads sender_lid as the alternate address); a LID-only one writes from the LID alone.
    const attrs: Record<string, string> = {
      from: customer.pnJid ?? customer.lidJid,
      id: opts.id ?? SimulatedCustomer.newMessageId(),
      t: String(Math.floor(Date.now() / 1000)),
      type: isMediaMessage(message) ? 'media' : 'text',
      notify: customer.name,
      ...(customer.pnJid ? { sender_lid: customer.lidJid } : {}),
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
   * The customer writes in a group the company is in: the sender key travels Signal-encrypted to
   * the companion (`pkmsg`/`msg`), the content as `skmsg` (messages-send.js builds the same pair
   * for its own group sends). Group metadata is not served: baileys does not need it to receive.
   */
  async customerSendsToGroup(customer: SimulatedCustomer, accountNumber: string, groupId: string, message: proto.IMessage): Promise<string> {
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
      attrs: { from: customer.pnJid ?? customer.lidJid, id: first, t: String(Math.floor(Date.now() / 1000)), ...(type ? { type } : {}) },
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
    const { notification, link } = await phoneEntersCode(request, code.replace(/-/g, '').toUpperCase(), account.primary.creds.signedIdentityKey);
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
      return connection.send({ tag: 'iq', attrs: { from: S_WHATSAPP_NET, type: 'error', id: iq.attrs.id }, content: [{ tag: 'error', attrs: { code: '404', text: 'item-not-found' } }] });
    }
    this.codeLinks.delete(ref.toString('hex'));
    let opened: ReturnType<typeof openKeyBundle>;
    try {
      opened = openKeyBundle(iq, pending.link);
    } catch {
      // The phone and the companion used different codes: no link.
      this.emit('link-refused', pending.link.number);
      return connection.send({ tag: 'iq', attrs: { from: S_WHATSAPP_NET, type: 'error', id: iq.attrs.id }, content: [{ tag: 'error', attrs: { code: '400', text: 'bad-request' } }] });
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
    const details = proto.ADVDeviceIdentity.encode({ rawId: randomInt(1, 2 ** 31), timestamp: Math.floor(Date.now() / 1000), keyIndex: account.device }).finish();
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
    // Nothing queued while it was away: `ib offline` ends baileys' event buffering after a login
    // (socket.js:832-841) and sets receivedPendingNotifications.
    connection.send({ tag: 'ib', attrs: {}, content: [{ tag: 'offline', attrs: { count: '0' } }] });
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
    const reply = (content?: BinaryNode[]) =>
      connection.send({ tag: 'iq', attrs: { from: S_WHATSAPP_NET, type: 'result', id }, content });
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
    if (xmlns === 'w:m' && getBinaryNodeChild(iq, 'media_conn')) {
      // Where to upload (messages-send.js refreshMediaConn): one host, an auth token, a ttl.
      return reply([
        { tag: 'media_conn', attrs: { auth: 'test-media-auth', ttl: '3600' }, content: [{ tag: 'host', attrs: { hostname: this.mediaOrigin, maxContentLengthBytes: String(100 * 2 ** 20) } }] },
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
      const party = isOwn ? account.primary : this.customerByUser(decoded?.user)?.party;
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
   * protocols — `devices` (primary phone only; the companion itself for the own account), `lid`,
   * `contact` (type "in" when the number has WhatsApp).
   */
  private answerUsync(account: Account, iq: BinaryNode): BinaryNode {
    const usync = getBinaryNodeChild(iq, 'usync');
    const protocols = (getBinaryNodeChild(usync, 'query')?.content as BinaryNode[] | undefined)?.map((p) => p.tag) ?? [];
    const users: BinaryNode[] = [];
    for (const user of getBinaryNodeChildren(getBinaryNodeChild(usync, 'list'), 'user')) {
      const phone = getBinaryNodeChild(user, 'contact')?.content;
      const asked = user.attrs.jid ?? (phone ? `${Buffer.from(phone as Uint8Array).toString().replace(/\D/g, '')}@s.whatsapp.net` : undefined);
      if (!asked) continue;
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
    connection.send({ tag: 'ack', attrs: { class: 'message', id, from: to, t: String(Math.floor(Date.now() / 1000)) } });
    const customer = this.customerByUser(jidDecode(to)?.user);
    if (!customer) return;
    for (const target of getBinaryNodeChildren(getBinaryNodeChild(node, 'participants'), 'to')) {
      if (!customer.is(jidDecode(target.attrs.jid)?.user ?? '')) continue;
      const enc = getBinaryNodeChild(target, 'enc');
      if (!enc || !(enc.content instanceof Uint8Array)) continue;
      const message = await customer.party.decrypt(this.companionAddress(account), enc.attrs.type as 'pkmsg' | 'msg', enc.content);
      const firstTime = !customer.inbox.has(id);
      if (firstTime) customer.inbox.set(id, { id, from: this.companionAddress(account), message });
      this.emit('delivered', { id, to, customer, message } satisfies OutboundRecord);
      this.sendReceipt(customer, account.number, [id]);
    }
  }

  /** Receipts from the companion: a read receipt turns the customer's message blue. */
  private onReceipt(connection: ClientConnection, node: BinaryNode): void {
    const { to, id, type } = node.attrs;
    const customer = this.customerByUser(jidDecode(to)?.user);
    if (!customer || !id) return;
    const ids = [id, ...getBinaryNodeChildren(getBinaryNodeChild(node, 'list'), 'item').map((i) => i.attrs.id)];
    if (type === 'read') for (const read of ids) customer.readByCompany.add(read);
    this.emit('receipt', { customer, ids, type });
  }
}

/** One WebSocket from a companion. */
export class ClientConnection {
  noise!: NoiseServerConnection;
  clientStaticKey: Buffer = Buffer.alloc(0);
  account: Account | undefined;
  loggedIn = false;
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
function trustMediaHost(): void {
  https.globalAgent = new https.Agent({ ca: MEDIA_TLS_CERT });
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
  }
}

function isMediaMessage(message: proto.IMessage): boolean {
  return !!(message.imageMessage || message.audioMessage || message.videoMessage || message.documentMessage || message.stickerMessage);
}

let tagCounter = 0;
const nextTag = () => `srv.${++tagCounter}`;
