/**
 * The default connection's channel, for work that is not tied to a ticket: checking a number
 * before a contact is saved, importing the phone's contacts.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { whatsapps } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';
import type { NumberChecker } from './number-checker.js';
import { ChannelError, type ChannelDriver } from './driver.js';
import type { ChannelManager } from './manager.js';

export async function defaultConnectionId(ctx: AppContext): Promise<number | null> {
  const [row] = await ctx.db.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.isDefault, true)).limit(1);
  return row?.id ?? null;
}

/** The connected driver of the default connection (ERR_NO_DEF_WAPP_FOUND / ERR_WAPP_NOT_INITIALIZED). */
export async function requireDefaultDriver(ctx: AppContext, channels: ChannelManager): Promise<ChannelDriver> {
  const id = await defaultConnectionId(ctx);
  if (id == null) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 404);
  const driver = channels.connected(id);
  if (!driver) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409);
  return driver;
}

/** Turns a channel refusal into the spec §8 answer. */
export function channelErrorToApp(err: unknown): never {
  if (err instanceof ChannelError) throw new AppError(err.code, err.code === 'ERR_WAPP_NOT_INITIALIZED' ? 409 : 400);
  throw err;
}

/**
 * Numbers are checked on the default connection while it is connected. With no connected default
 * connection there is nothing to ask, and the number is kept as typed (digits only) rather than
 * refusing to save the contact.
 */
export class DefaultConnectionNumberChecker implements NumberChecker {
  constructor(
    private readonly ctx: AppContext,
    private readonly channels: ChannelManager,
  ) {}

  async check(number: string): Promise<string> {
    const digits = number.replace(/\D/g, '');
    const id = await defaultConnectionId(this.ctx);
    const driver = id != null ? this.channels.connected(id) : null;
    if (!driver) return digits;
    try {
      return await driver.checkNumber(digits);
    } catch (err) {
      return channelErrorToApp(err);
    }
  }
}
