/**
 * The simulator's phone network: the connections' simulated phones (one driver per paired
 * connection in this process) and the customers' phones, whose chats are kept in the database so
 * a restart loses nothing. A person (the /simulator page) or a test (the HTTP API) acts as the
 * customers; the connection side is driven by the product through the ChannelDriver interface.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { simulatorMessages } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { MediaStore } from '../../messaging/media-store.js';
import type { InboundMessage, MessageKind } from '../driver.js';
import type { SimulatorDriver } from './driver.js';

export type SimulatorMessageRow = typeof simulatorMessages.$inferSelect;

export const SIMULATOR_TYPES = ['text', 'image', 'audio', 'video', 'document', 'location', 'vcard', 'sticker'] as const;
export type SimulatorType = (typeof SIMULATOR_TYPES)[number];

export interface CustomerMessageInput {
  from: string;
  to: string;
  name?: string;
  body?: string;
  type?: SimulatorType;
  media?: { mimetype: string; filename?: string; data: string };
  quotedId?: string;
  /** Group id: the customer writes in this group (the connection must allow groups). */
  group?: string;
}

/** Simulated numbers: 10–15 digits not starting with 0 have an account; anything else does not. */
export function isSimulatedAccount(number: string): boolean {
  return /^[1-9]\d{9,14}$/.test(number);
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

export class SimulatorNetwork {
  private drivers = new Set<SimulatorDriver>();

  constructor(
    readonly db: Db,
    readonly media: MediaStore,
  ) {}

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

  async scan(qrcode: string, number?: string): Promise<{ connectionId: number; number: string }> {
    const driver = [...this.drivers].find((d) => d.qrcode && d.qrcode === qrcode);
    if (!driver) throw new AppError('ERR_NO_WAPP_FOUND', 404, 'No connection is showing this QR code');
    const phone = number?.replace(/\D/g, '') || `5511${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    if (!isSimulatedAccount(phone)) throw new AppError('ERR_VALIDATION', 400, 'Invalid phone number');
    if (this.byNumber(phone)) throw new AppError('ERR_VALIDATION', 409, 'This number is already paired');
    await driver.pair(phone);
    return { connectionId: driver.connectionId, number: phone };
  }

  /** The paired, connected phone with that number. */
  byNumber(number: string): SimulatorDriver | undefined {
    return [...this.drivers].find((d) => d.isConnected() && d.number === number);
  }

  private requirePhone(number: string): SimulatorDriver {
    const driver = this.byNumber(number.replace(/\D/g, ''));
    if (!driver) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 404, 'No connected simulator connection has this number');
    return driver;
  }

  /** A customer sends a message; resolves once the product has stored it. */
  async customerSends(input: CustomerMessageInput): Promise<{ id: string }> {
    const from = input.from.replace(/\D/g, '');
    if (!isSimulatedAccount(from)) throw new AppError('ERR_VALIDATION', 400, 'Invalid customer number');
    const driver = this.requirePhone(input.to);
    const type = input.type ?? 'text';
    const data = input.media ? Buffer.from(input.media.data, 'base64') : undefined;
    if (type !== 'text' && type !== 'location' && type !== 'vcard' && !data) {
      throw new AppError('ERR_VALIDATION', 400, `A ${type} message needs media`);
    }
    const stored = data ? await this.media.save(data, { filename: input.media?.filename }) : undefined;
    const id = newSimulatorId();
    const chatKey = input.group ? input.group : from;
    const [row] = await this.db
      .insert(simulatorMessages)
      .values({
        id,
        connectionNumber: driver.number!,
        customer: chatKey,
        sender: 'customer',
        type,
        body: input.body ?? '',
        mediaPath: stored?.name ?? null,
        mediaMime: stored?.mimetype ?? input.media?.mimetype ?? null,
        mediaName: stored?.filename ?? null,
        quotedId: input.quotedId ?? null,
        ack: 2,
      })
      .returning();
    const message: InboundMessage = {
      externalId: id,
      chat: { id: chatKey, isGroup: !!input.group },
      sender: { number: from, name: input.name },
      fromMe: false,
      timestamp: row.createdAt,
      kind: KIND_OF[type],
      body: input.body ?? '',
      quotedExternalId: input.quotedId,
      media: data
        ? { mimetype: input.media!.mimetype, filename: input.media!.filename, download: async () => data }
        : undefined,
    };
    await driver.deliver({ type: 'message', message });
    return { id };
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
        lastAt: sql<Date>`max(${simulatorMessages.createdAt})`.mapWith((v) => new Date(v)),
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
    await this.db.update(simulatorMessages).set({ isDeleted: true }).where(eq(simulatorMessages.id, id));
    const driver = this.requirePhone(row.connectionNumber);
    const isGroup = !/^\d+$/.test(row.customer) || row.customer.length > 15;
    await driver.deliver({ type: 'revoke', externalId: id, chat: { id: row.customer, isGroup } });
  }

  /** The customer opens the chat: every message of the connection reaches ack 3 (read). */
  async read(customer: string, to: string): Promise<void> {
    const driver = this.requirePhone(to);
    const rows = await this.db
      .update(simulatorMessages)
      .set({ ack: 3 })
      .where(
        and(
          eq(simulatorMessages.customer, customer),
          eq(simulatorMessages.connectionNumber, to),
          eq(simulatorMessages.sender, 'connection'),
          sql`${simulatorMessages.ack} < 3`,
        ),
      )
      .returning({ id: simulatorMessages.id });
    for (const r of rows) await driver.deliver({ type: 'ack', externalId: r.id, ack: 3 });
  }

  async call(from: string, to: string): Promise<{ id: string }> {
    const driver = this.requirePhone(to);
    const callId = newSimulatorId();
    await driver.deliver({ type: 'call', callId, from: from.replace(/\D/g, ''), isVideo: false, timestamp: new Date() });
    return { id: callId };
  }

  /** The phone drops the session (network loss): the connection shows DISCONNECTED. */
  async disconnect(to: string): Promise<void> {
    await this.requirePhone(to).drop();
  }

  /** Records what a connection sent; the same id twice is one message (retries are idempotent). */
  async recordOutbound(row: typeof simulatorMessages.$inferInsert): Promise<SimulatorMessageRow> {
    const [inserted] = await this.db.insert(simulatorMessages).values(row).onConflictDoNothing().returning();
    return inserted ?? (await this.message(row.id))!;
  }

  async markDeletedByConnection(id: string): Promise<void> {
    await this.db.update(simulatorMessages).set({ isDeleted: true }).where(eq(simulatorMessages.id, id));
  }

  /** The connection read the customer's messages (blue ticks on the customer's phone). */
  async markCustomerMessagesRead(customer: string, connectionNumber: string): Promise<void> {
    await this.db
      .update(simulatorMessages)
      .set({ ack: 3 })
      .where(
        and(
          eq(simulatorMessages.customer, customer),
          eq(simulatorMessages.connectionNumber, connectionNumber),
          eq(simulatorMessages.sender, 'customer'),
        ),
      );
  }
}
