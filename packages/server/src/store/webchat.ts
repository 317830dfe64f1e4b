/**
 * What the web chat channel keeps: each webchat connection's widget settings, and its visitors
 * (a random token per browser, stored only as a hash).
 */
import { WEBCHAT_DEFAULT_COLOR, type WebchatSettingsDTO, type WebchatSettingsInput, type WebchatVisitorStart } from '@switchboard/shared';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { webchatSettings, webchatVisitors, whatsapps } from '../db/schema.js';
import type { ConnectionRow } from './connections.js';

export type WebchatVisitorRow = typeof webchatVisitors.$inferSelect;
export type WebchatSettingsRow = typeof webchatSettings.$inferSelect;

/** Where the product addresses a visitor: their contact's "number". */
export const WEBCHAT_ADDRESS_SUFFIX = '@webchat';
export const visitorAddress = (visitorId: string): string => `${visitorId}${WEBCHAT_ADDRESS_SUFFIX}`;
/** The visitor behind a contact address, or undefined when it is not a visitor's. */
export function visitorIdOf(address: string): string | undefined {
  const match = /^(v[0-9a-f]{24})@webchat$/.exec(address);
  return match?.[1];
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function presentWebchatSettings(row: WebchatSettingsRow): WebchatSettingsDTO {
  return { publicKey: row.publicKey, allowedSites: row.allowedSites, color: row.color, askContact: row.askContact };
}

export async function loadWebchatSettings(db: DbOrTx, connectionIds: number[]): Promise<Map<number, WebchatSettingsRow>> {
  const out = new Map<number, WebchatSettingsRow>();
  for (const id of connectionIds) {
    const [row] = await db.select().from(webchatSettings).where(eq(webchatSettings.whatsappId, id));
    if (row) out.set(id, row);
  }
  return out;
}

/** Creates (with a new public key) or changes the widget settings of a webchat connection. */
export async function saveWebchatSettings(tx: DbOrTx, connectionId: number, input: WebchatSettingsInput | undefined): Promise<void> {
  const [existing] = await tx.select().from(webchatSettings).where(eq(webchatSettings.whatsappId, connectionId));
  if (!existing) {
    await tx.insert(webchatSettings).values({
      whatsappId: connectionId,
      publicKey: `wc_${randomBytes(12).toString('hex')}`,
      allowedSites: input?.allowedSites ?? [],
      color: input?.color ?? WEBCHAT_DEFAULT_COLOR,
      askContact: input?.askContact ?? false,
    });
    return;
  }
  if (!input) return;
  await tx
    .update(webchatSettings)
    .set({
      ...(input.allowedSites !== undefined ? { allowedSites: input.allowedSites } : {}),
      ...(input.color !== undefined ? { color: input.color } : {}),
      ...(input.askContact !== undefined ? { askContact: input.askContact } : {}),
    })
    .where(eq(webchatSettings.whatsappId, connectionId));
}

export interface WebchatChannel {
  connection: ConnectionRow;
  settings: WebchatSettingsRow;
}

/** The webchat connection a script tag names, by public key or by id. */
export async function findWebchatChannel(db: Db, key: string): Promise<WebchatChannel | undefined> {
  const byId = /^\d{1,9}$/.test(key);
  const [row] = await db
    .select({ connection: whatsapps, settings: webchatSettings })
    .from(webchatSettings)
    .innerJoin(whatsapps, eq(whatsapps.id, webchatSettings.whatsappId))
    .where(and(byId ? eq(whatsapps.id, Number(key)) : eq(webchatSettings.publicKey, key), eq(whatsapps.channel, 'webchat')));
  return row;
}

export async function channelOfVisitor(db: Db, visitor: WebchatVisitorRow): Promise<WebchatChannel | undefined> {
  return findWebchatChannel(db, String(visitor.whatsappId));
}

export async function createVisitor(
  db: Db,
  connectionId: number,
  start: WebchatVisitorStart,
): Promise<{ visitor: WebchatVisitorRow; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const [visitor] = await db
    .insert(webchatVisitors)
    .values({
      id: `v${randomBytes(12).toString('hex')}`,
      whatsappId: connectionId,
      tokenHash: hashToken(token),
      name: start.name ?? '',
      email: start.email ?? '',
    })
    .returning();
  return { visitor, token };
}

/** The visitor a token proves, or undefined. */
export async function visitorByToken(db: Db, token: string): Promise<WebchatVisitorRow | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const hash = hashToken(token);
  const [row] = await db.select().from(webchatVisitors).where(eq(webchatVisitors.tokenHash, hash));
  // The index found it by equality; compared again in constant time so timing says nothing more.
  if (!row || !timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(hash))) return undefined;
  return row;
}

/** Whether a browser page of `origin` may use this connection's widget. */
export function isSiteAllowed(settings: WebchatSettingsRow, origin: string | undefined): boolean {
  return !!origin && settings.allowedSites.includes(origin);
}
