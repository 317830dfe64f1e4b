/**
 * The simulator's phone network: the connections' simulated phones (one driver per paired
 * connection in this process) and the customers' phones, whose chats are kept in the database so
 * a restart loses nothing. A person (the /simulator page) or a test (the HTTP API) acts as the
 * customers; the connection side is driven by the product through the ChannelDriver interface.
 *
 * With several server processes each simulated phone lives in the process that owns its channel
 * session. The HTTP API works on any process: what needs the phone is done here when the phone is
 * here, otherwise asked of its owner over the process-call channel (NotifyRpc).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { simulatorMessages, whatsapps } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { NotifyRpc } from '../../lib/notify-rpc.js';
import { cleanText } from '../clean-inbound.js';
import { MediaTooLargeError, type MediaStore } from '../../lib/media-store.js';
import type { InboundMessage, MessageKind } from '../driver.js';
import { CustomerBehaviours } from './customer-behaviour.js';
import type { SimulatorDriver } from './driver.js';
import type { SimulatorType } from '@switchboard/shared';

export type SimulatorMessageRow = typeof simulatorMessages.$inferSelect;

export interface CustomerMessageInput {
  /** Chosen by the sender so a retry is recognised; generated when absent. */
  id?: string;
  from: string;
  to: string;
  name?: string;
  body?: string;
  type?: SimulatorType;
  media?: { mimetype: string; filename?: string; data: string };
  quotedId?: string;
  /** Group id: the customer writes in this group (the connection must allow groups). */
  group?: string;
  /**
   * The customer's number is hidden, as WhatsApp does for many people since the LID migration:
   * the connection sees only the customer's LID (and must reply to it).
   */
  hideNumber?: boolean;
}

/** Simulated numbers: 10–15 digits not starting with 0 have an account; anything else does not. */
export function isSimulatedAccount(number: string): boolean {
  return /^[1-9]\d{9,14}$/.test(number);
}

/**
 * Every simulated customer has a LID, as on WhatsApp: an opaque id that does not show the number.
 * The network computes it from the number (and back), so it needs no table and survives restarts.
 */
const LID_FACTOR = 7n;
const LID_OFFSET = 100_000_000_000_003n;
export function simulatedLid(number: string): string {
  return `${BigInt(number) * LID_FACTOR + LID_OFFSET}@lid`;
}

/** The number behind a simulated LID ("…@lid"), or undefined when it is no customer's LID. */
export function numberOfSimulatedLid(lid: string): string | undefined {
  const match = /^(\d+)@lid$/.exec(lid);
  if (!match) return undefined;
  const scaled = BigInt(match[1]) - LID_OFFSET;
  if (scaled <= 0n || scaled % LID_FACTOR !== 0n) return undefined;
  const number = String(scaled / LID_FACTOR);
  return isSimulatedAccount(number) ? number : undefined;
}

/** The customer's phone number for an address the product sends to (a number or a LID). */
export function customerNumberOf(address: string): string | undefined {
  if (address.endsWith('@lid')) return numberOfSimulatedLid(address);
  return isSimulatedAccount(address) ? address : undefined;
}

export const newSimulatorId = () => `SIM${randomBytes(10).toString('hex').toUpperCase()}`;

const KIND_OF: Record<SimulatorType, MessageKind> = {
  text: 'chat',
  image: 'image',
  audio: 'audio',
  video: 'video',
  document: 'document',
  location: 'location',
  vcard: 'vcard',
  sticker: 'sticker',
};

interface CustomerDelivery {
  id: string;
  from: string;
  name?: string;
  group?: string;
  /** The customer shows only their LID (see CustomerMessageInput.hideNumber). */
  hideNumber?: boolean;
  /** `tooLargeLimit`: the file was over MEDIA_MAX_MB, so the phone kept no copy to hand over. */
  media?: { mimetype: string; filename?: string; tooLargeLimit?: number };
}

export class SimulatorNetwork {
  private drivers = new Set<SimulatorDriver>();
  private rpc: NotifyRpc | null = null;
  /** LID addressing and refusals per customer (customer-behaviour.ts). */
  readonly behaviours: CustomerBehaviours;

  /** `processes` (absent in a single-process harness) reaches the phones other processes hold. */
  constructor(
    readonly db: Db,
    readonly media: MediaStore,
    processes?: NotifyRpc,
  ) {
    this.behaviours = new CustomerBehaviours(db);
    if (processes) this.serveProcesses(processes);
  }

  /** Serves other processes' requests for the phones that live here, and asks them for theirs. */
  private serveProcesses(rpc: NotifyRpc): void {
    this.rpc = rpc;
    const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
    rpc.handle('simulator.scan', async (a) =>
      this.driverShowing(str(a.qrcode)) ? this.scanHere(str(a.qrcode), a.number ? str(a.number) : undefined) : undefined,
    );
    rpc.handle('simulator.enterCode', async (a) =>
      this.driverWithCode(str(a.number), str(a.code)) ? this.enterCodeHere(str(a.number), str(a.code)) : undefined,
    );
    rpc.handle('simulator.deliver', async (a) => {
      const driver = this.byNumber(str(a.to));
      if (!driver) return undefined;
      await this.deliverCustomerMessage(driver, a.delivery as CustomerDelivery);
      return { ok: true };
    });
    const onPhone = (op: string, act: (driver: SimulatorDriver, a: Record<string, unknown>) => Promise<unknown>) =>
      rpc.handle(op, async (a) => {
        const driver = this.byNumber(str(a.to));
        return driver ? ((await act(driver, a)) ?? { ok: true }) : undefined;
      });
    onPhone('simulator.revoke', (d, a) => this.revokeHere(d, str(a.id)));
    onPhone('simulator.read', (d, a) => this.readHere(d, str(a.customer)));
    onPhone('simulator.edit', (d, a) => d.deliver({ type: 'edit', externalId: str(a.id), body: str(a.body) }));
    onPhone('simulator.react', (d, a) => this.reactHere(d, str(a.id), str(a.emoji)));
    onPhone('simulator.call', (d, a) => this.callHere(d, str(a.from)));
    onPhone('simulator.disconnect', (d) => d.drop());
    onPhone('simulator.connectionLost', (d) => d.connectionLost());
  }

  /** Runs `here` when the phone with this number lives in this process, else asks its owner. */
  private async onPhone<T>(to: string, op: string, args: Record<string, unknown>, here: (d: SimulatorDriver) => Promise<T>): Promise<T> {
    const number = to.replace(/\D/g, '');
    const driver = this.byNumber(number);
    if (driver) return here(driver);
    if (!this.rpc || !(await this.connectedElsewhere(number))) {
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', 404, 'No connected simulator connection has this number');
    }
    return this.rpc.call<T>(op, { ...args, to: number });
  }

  /** A simulator connection paired with this number whose session is not connected now. */
  private async pairedAway(number: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(
        and(
          eq(whatsapps.channel, 'simulator'),
          eq(whatsapps.number, number),
          ne(whatsapps.status, 'CONNECTED'),
          ne(whatsapps.status, 'qrcode'),
        ),
      );
    return !!row;
  }

  /** A connected simulator connection with this number, per the database (any process). */
  private async connectedElsewhere(number: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(and(eq(whatsapps.channel, 'simulator'), eq(whatsapps.number, number), eq(whatsapps.status, 'CONNECTED')));
    return !!row;
  }

  private driverShowing(qrcode: string): SimulatorDriver | undefined {
    return [...this.drivers].find((d) => d.qrcode && d.qrcode === qrcode);
  }

  register(driver: SimulatorDriver): void {
    this.drivers.add(driver);
  }

  unregister(driver: SimulatorDriver): void {
    this.drivers.delete(driver);
  }

  /** Connections waiting to be scanned in this process. */
  pendingQrCodes(): { connectionId: number; qrcode: string }[] {
    return [...this.drivers].filter((d) => d.qrcode).map((d) => ({ connectionId: d.connectionId, qrcode: d.qrcode }));
  }

  /** Connections waiting to be scanned in any process (their QR code is stored with them). */
  async pendingQrCodesEverywhere(): Promise<{ connectionId: number; qrcode: string }[]> {
    const rows = await this.db
      .select({ connectionId: whatsapps.id, qrcode: whatsapps.qrcode })
      .from(whatsapps)
      .where(and(eq(whatsapps.channel, 'simulator'), eq(whatsapps.status, 'qrcode')))
      .orderBy(asc(whatsapps.id));
    return rows.filter((r): r is { connectionId: number; qrcode: string } => !!r.qrcode);
  }

  async scan(qrcode: string, number?: string): Promise<{ connectionId: number; number: string }> {
    if (this.driverShowing(qrcode) || !this.rpc) return this.scanHere(qrcode, number);
    const [shown] = await this.db.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.qrcode, qrcode));
    if (!shown) throw new AppError('ERR_NO_WAPP_FOUND', 404, 'No connection is showing this QR code');
    return this.rpc.call('simulator.scan', { qrcode, number });
  }

  private async scanHere(qrcode: string, number?: string): Promise<{ connectionId: number; number: string }> {
    const driver = this.driverShowing(qrcode);
    if (!driver) throw new AppError('ERR_NO_WAPP_FOUND', 404, 'No connection is showing this QR code');
    const phone = number?.replace(/\D/g, '') || `5511${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    if (!isSimulatedAccount(phone)) throw new AppError('ERR_VALIDATION', 400, 'Invalid phone number');
    if (this.byNumber(phone) || (await this.connectedElsewhere(phone))) {
      throw new AppError('ERR_VALIDATION', 409, 'This number is already paired');
    }
    await driver.pair(phone);
    return { connectionId: driver.connectionId, number: phone };
  }

  /**
   * The phone with this number types a pairing code it was given (the connection dialog showed
   * it): the connection that bound that code to that number links; any other code is refused.
   */
  async enterCode(phone: string, typed: string): Promise<{ connectionId: number; number: string }> {
    // Typed as shown (ABCD-EFGH), in any case.
    const number = phone.replace(/\D/g, '');
    const code = typed.replace(/[\s-]/g, '').toUpperCase();
    const here = this.driverWithCode(number, code);
    if (here || !this.rpc) return this.enterCodeHere(number, code);
    // Only a connection waiting to be linked in another process can hold the code.
    const local = new Set([...this.drivers].map((d) => d.connectionId));
    const waiting = await this.pendingQrCodesEverywhere();
    if (!waiting.some((w) => !local.has(w.connectionId))) return this.enterCodeHere(number, code);
    return this.rpc.call('simulator.enterCode', { number, code });
  }

  private driverWithCode(number: string, code: string): SimulatorDriver | undefined {
    return [...this.drivers].find((d) => d.pairingCode?.number === number && d.pairingCode.code === code);
  }

  private async enterCodeHere(number: string, code: string): Promise<{ connectionId: number; number: string }> {
    const driver = this.driverWithCode(number, code);
    if (!driver) throw new AppError('ERR_PAIRING_CODE_INVALID', 404, 'No connection waits for this code on this number');
    if (this.byNumber(number) || (await this.connectedElsewhere(number))) {
      throw new AppError('ERR_VALIDATION', 409, 'This number is already paired');
    }
    await driver.pair(number);
    return { connectionId: driver.connectionId, number };
  }

  /** The paired, connected phone with that number. */
  byNumber(number: string): SimulatorDriver | undefined {
    return [...this.drivers].find((d) => d.isConnected() && d.number === number);
  }

  /**
   * A customer sends a message; resolves once the product has stored it (`delivered`). When the
   * process owning the connection's session does not answer (it died and its session is not yet
   * taken over) the message stays on the network, like on WhatsApp's servers, and is delivered when
   * the session comes online again (`delivered: false`).
   */
  async customerSends(input: CustomerMessageInput): Promise<{ id: string; delivered: boolean }> {
    const from = input.from.replace(/\D/g, '');
    if (!isSimulatedAccount(from)) throw new AppError('ERR_VALIDATION', 400, 'Invalid customer number');
    const to = input.to.replace(/\D/g, '');
    // Like WhatsApp's offline queue: a message to a number whose session is away (paired, not
    // connected) is kept on the network and delivered when the session comes online (goOnline).
    const online = !!this.byNumber(to) || (await this.connectedElsewhere(to));
    if (!online && !(await this.pairedAway(to))) {
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', 404, 'No connected simulator connection has this number');
    }
    const type = input.type ?? 'text';
    const data = input.media ? Buffer.from(input.media.data, 'base64') : undefined;
    if (type !== 'text' && type !== 'location' && type !== 'vcard' && !data) {
      throw new AppError('ERR_VALIDATION', 400, `A ${type} message needs media`);
    }
    // The phone keeps its own copy. WhatsApp carries files up to 2 GB, so one above the company's
    // MEDIA_MAX_MB is still sent (the product then shows it as too large); the phone just keeps none.
    let tooLargeLimit: number | undefined;
    const stored = data
      ? await this.media.save(data, { filename: cleanText(input.media?.filename), purpose: 'received' }).catch((err: unknown) => {
          if (!(err instanceof MediaTooLargeError)) throw err;
          tooLargeLimit = err.limit;
          return undefined;
        })
      : undefined;
    const id = input.id ?? newSimulatorId();
    const customer = input.group ? input.group : from;
    const [inserted] = await this.db
      .insert(simulatorMessages)
      .values({
        id,
        connectionNumber: to,
        customer,
        sender: 'customer',
        type,
        // The phone's own copy, cleaned of what the database cannot hold.
        body: cleanText(input.body ?? ''),
        mediaPath: stored?.name ?? null,
        mediaMime: stored?.mimetype ?? cleanText(input.media?.mimetype) ?? null,
        mediaName: stored?.filename ?? cleanText(input.media?.filename) ?? null,
        quotedId: cleanText(input.quotedId) ?? null,
        ack: 2,
      })
      .onConflictDoNothing()
      .returning({ id: simulatorMessages.id });
    if (!inserted) {
      // A retry of a message already sent: delivered again, stored once by the product.
      const existing = await this.message(id);
      if (existing?.customer !== customer || existing.connectionNumber !== to || existing.sender !== 'customer') {
        throw new AppError('ERR_VALIDATION', 409, 'This message id is already used');
      }
    }
    if (!online) return { id, delivered: false };
    const delivery: CustomerDelivery = {
      id,
      from,
      name: input.name,
      group: input.group,
      hideNumber: input.hideNumber,
      media: input.media ? { mimetype: input.media.mimetype, filename: input.media.filename, tooLargeLimit } : undefined,
    };
    try {
      await this.onPhone(to, 'simulator.deliver', { delivery }, (driver) => this.deliverCustomerMessage(driver, delivery));
    } catch (err) {
      if (err instanceof AppError && err.status === 503) return { id, delivered: false };
      throw err;
    }
    return { id, delivered: true };
  }

  /**
   * A phone coming online receives what customers sent while its session was down: customer
   * messages of the last day to this number that the product has not stored. The product ignores
   * a message id it already has, so a message delivered twice is stored once.
   */
  async deliverWaiting(driver: SimulatorDriver): Promise<void> {
    const waiting = await this.db
      .select()
      .from(simulatorMessages)
      .where(
        and(
          eq(simulatorMessages.connectionNumber, driver.number!),
          eq(simulatorMessages.sender, 'customer'),
          sql`${simulatorMessages.createdAt} > now() - interval '1 day'`,
          sql`not exists (select 1 from messages m where m.external_id = ${simulatorMessages.id})`,
        ),
      )
      .orderBy(asc(simulatorMessages.createdAt), asc(simulatorMessages.id));
    for (const row of waiting) {
      const isGroup = !/^\d+$/.test(row.customer) || row.customer.length > 15;
      await this.deliverCustomerMessage(driver, {
        id: row.id,
        from: row.customer,
        group: isGroup ? row.customer : undefined,
        media: row.mediaMime ? { mimetype: row.mediaMime, filename: row.mediaName ?? undefined } : undefined,
      });
    }
  }

  /** Hands a stored customer message to the connection's phone (in the process that owns it). */
  private async deliverCustomerMessage(driver: SimulatorDriver, delivery: CustomerDelivery): Promise<void> {
    const row = await this.message(delivery.id);
    if (!row) throw new AppError('ERR_NOT_FOUND', 404, 'No customer message with this id');
    const mediaPath = row.mediaPath;
    // Like WhatsApp, every message carries the sender's LID; a hidden number carries only that.
    // A LID-addressed customer's chat is addressed by the LID, the number given beside it.
    const lid = simulatedLid(delivery.from);
    const address = delivery.hideNumber ? lid : delivery.from;
    const lidAddressed = !delivery.group && !delivery.hideNumber && (await this.behaviours.of(delivery.from)).lidAddressed;
    const message: InboundMessage = {
      externalId: row.id,
      chat: delivery.group
        ? { id: delivery.group, isGroup: true }
        : lidAddressed
          ? { id: address, isGroup: false, lid }
          : { id: address, isGroup: false },
      sender: { number: address, lid, name: delivery.name },
      fromMe: false,
      timestamp: row.createdAt,
      kind: KIND_OF[row.type as SimulatorType] ?? 'chat',
      body: row.body,
      quotedExternalId: row.quotedId ?? undefined,
      media: delivery.media ? this.mediaOf(delivery.media, mediaPath) : undefined,
    };
    await driver.deliver({ type: 'message', message });
  }

  private mediaOf(media: NonNullable<CustomerDelivery['media']>, mediaPath: string | null): InboundMessage['media'] {
    const { mimetype, filename, tooLargeLimit } = media;
    if (mediaPath) return { mimetype, filename, open: () => Promise.resolve().then(() => this.media.stream(mediaPath)) };
    if (tooLargeLimit !== undefined) {
      return {
        mimetype,
        filename,
        open: () => Promise.reject(new MediaTooLargeError(tooLargeLimit)),
      };
    }
    return undefined;
  }

  async chat(customer: string, to: string): Promise<SimulatorMessageRow[]> {
    return this.db
      .select()
      .from(simulatorMessages)
      .where(and(eq(simulatorMessages.customer, customer), eq(simulatorMessages.connectionNumber, to)))
      .orderBy(asc(simulatorMessages.createdAt), asc(simulatorMessages.id));
  }

  /** Customers that have a chat with a connection number, newest first. */
  async customers(to: string): Promise<{ customer: string; lastAt: Date; count: number }[]> {
    const rows = await this.db
      .select({
        customer: simulatorMessages.customer,
        lastAt: sql<Date>`max(${simulatorMessages.createdAt})`.mapWith((v: string | number | Date) => new Date(v)),
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(simulatorMessages)
      .where(eq(simulatorMessages.connectionNumber, to))
      .groupBy(simulatorMessages.customer);
    return rows.sort((a, b) => b.lastAt.getTime() - a.lastAt.getTime());
  }

  async message(id: string): Promise<SimulatorMessageRow | undefined> {
    const [row] = await this.db.select().from(simulatorMessages).where(eq(simulatorMessages.id, id));
    return row;
  }

  /** The customer deletes one of its messages for everyone. */
  async revoke(id: string): Promise<void> {
    const row = await this.message(id);
    if (!row || row.sender !== 'customer') throw new AppError('ERR_NOT_FOUND', 404, 'No customer message with this id');
    await this.onPhone(row.connectionNumber, 'simulator.revoke', { id }, (driver) => this.revokeHere(driver, id));
  }

  private async revokeHere(driver: SimulatorDriver, id: string): Promise<void> {
    const row = await this.message(id);
    if (!row || row.sender !== 'customer') throw new AppError('ERR_NOT_FOUND', 404, 'No customer message with this id');
    await this.db.update(simulatorMessages).set({ isDeleted: true }).where(eq(simulatorMessages.id, id));
    const isGroup = !/^\d+$/.test(row.customer) || row.customer.length > 15;
    await driver.deliver({ type: 'revoke', externalId: id, chat: { id: row.customer, isGroup } });
  }

  /** The customer edits one of its text messages (WhatsApp allows it for a while after sending). */
  async edit(id: string, body: string): Promise<void> {
    const row = await this.message(id);
    if (!row || row.sender !== 'customer' || row.isDeleted) throw new AppError('ERR_NOT_FOUND', 404, 'No customer message with this id');
    if (row.type !== 'text') throw new AppError('ERR_VALIDATION', 400, 'Only text messages can be edited');
    await this.db.update(simulatorMessages).set({ body, isEdited: true }).where(eq(simulatorMessages.id, id));
    await this.onPhone(row.connectionNumber, 'simulator.edit', { id, body }, (driver) =>
      driver.deliver({ type: 'edit', externalId: id, body }),
    );
  }

  /**
   * The customer puts an emoji on a message of the chat, theirs or the connection's (empty: takes
   * their reaction away), as WhatsApp's reactionMessage does.
   */
  async react(id: string, emoji: string): Promise<void> {
    const row = await this.message(id);
    if (!row || row.isDeleted) throw new AppError('ERR_NOT_FOUND', 404, 'No message with this id');
    await this.onPhone(row.connectionNumber, 'simulator.react', { id, emoji }, (driver) => this.reactHere(driver, id, emoji));
  }

  private async reactHere(driver: SimulatorDriver, id: string, emoji: string): Promise<void> {
    const [row] = await this.db
      .update(simulatorMessages)
      .set({ customerReaction: emoji || null })
      .where(eq(simulatorMessages.id, id))
      .returning();
    if (!row) throw new AppError('ERR_NOT_FOUND', 404, 'No message with this id');
    const isGroup = !/^\d+$/.test(row.customer) || row.customer.length > 15;
    await driver.deliver({
      type: 'reaction',
      externalId: id,
      emoji,
      fromMe: false,
      from: row.customer,
      chat: { id: row.customer, isGroup },
    });
  }

  /** The customer opens the chat: every message of the connection reaches ack 3 (read). */
  async read(customer: string, to: string): Promise<void> {
    await this.onPhone(to, 'simulator.read', { customer }, (driver) => this.readHere(driver, customer));
  }

  private async readHere(driver: SimulatorDriver, customer: string): Promise<void> {
    const rows = await this.db
      .update(simulatorMessages)
      .set({ ack: 3 })
      .where(
        and(
          eq(simulatorMessages.customer, customer),
          eq(simulatorMessages.connectionNumber, driver.number!),
          eq(simulatorMessages.sender, 'connection'),
          sql`${simulatorMessages.ack} < 3`,
        ),
      )
      .returning({ id: simulatorMessages.id });
    for (const r of rows) await driver.deliver({ type: 'ack', externalId: r.id, ack: 3 });
  }

  async call(from: string, to: string): Promise<{ id: string }> {
    return this.onPhone(to, 'simulator.call', { from }, (driver) => this.callHere(driver, from));
  }

  private async callHere(driver: SimulatorDriver, from: string): Promise<{ id: string }> {
    const callId = newSimulatorId();
    await driver.deliver({ type: 'call', callId, from: from.replace(/\D/g, ''), isVideo: false, timestamp: new Date() });
    return { id: callId };
  }

  /** The phone drops the session (network loss): the connection shows DISCONNECTED. */
  /** The phone's connection drops and comes back (a reconnect on the connection's health record). */
  async connectionLost(to: string): Promise<void> {
    await this.onPhone(to, 'simulator.connectionLost', {}, (driver) => driver.connectionLost());
  }

  async disconnect(to: string): Promise<void> {
    await this.onPhone(to, 'simulator.disconnect', {}, (driver) => driver.drop());
  }

  /** Records what a connection sent; the same id twice is one message (retries are idempotent). */
  async recordOutbound(row: typeof simulatorMessages.$inferInsert): Promise<SimulatorMessageRow> {
    const [inserted] = await this.db.insert(simulatorMessages).values(row).onConflictDoNothing().returning();
    return inserted ?? (await this.message(row.id))!;
  }

  /** The connection reacted to a message of the chat (empty: took its reaction away). */
  async reactByConnection(id: string, emoji: string): Promise<boolean> {
    const rows = await this.db
      .update(simulatorMessages)
      .set({ connectionReaction: emoji || null })
      .where(eq(simulatorMessages.id, id))
      .returning({ id: simulatorMessages.id });
    return rows.length > 0;
  }

  /** The connection edited one of its texts: the phone shows the new text, marked edited. */
  async editByConnection(id: string, body: string): Promise<boolean> {
    const rows = await this.db
      .update(simulatorMessages)
      .set({ body, isEdited: true })
      .where(
        and(
          eq(simulatorMessages.id, id),
          eq(simulatorMessages.sender, 'connection'),
          eq(simulatorMessages.type, 'text'),
          eq(simulatorMessages.isDeleted, false),
        ),
      )
      .returning({ id: simulatorMessages.id });
    return rows.length > 0;
  }

  async markDeletedByConnection(id: string): Promise<void> {
    await this.db.update(simulatorMessages).set({ isDeleted: true }).where(eq(simulatorMessages.id, id));
  }

  /** The connection read these customer messages (blue ticks on the customer's phone). */
  async markCustomerMessagesRead(customer: string, connectionNumber: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(simulatorMessages)
      .set({ ack: 3 })
      .where(
        and(
          eq(simulatorMessages.customer, customer),
          eq(simulatorMessages.connectionNumber, connectionNumber),
          eq(simulatorMessages.sender, 'customer'),
          inArray(simulatorMessages.id, ids),
        ),
      );
  }
}
