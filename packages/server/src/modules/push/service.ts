/**
 * Each user's devices for Web Push: subscribe (or refresh) this device, list, switch previews,
 * unsubscribe. A device is its owner's alone — nobody else lists or changes it, admins included.
 * The endpoint identifies the device: subscribing an endpoint another user had moves it to the
 * user signed in now (a shared computer; the browser only hands its endpoint to the page's
 * current user).
 */
import { ECDH } from 'node:crypto';
import type { PushDeviceDTO, PushSubscribeInput } from '@switchboard/shared';
import { and, asc, eq } from 'drizzle-orm';
import { authorize } from '../../access/authorize.js';
import type { AppContext } from '../../context.js';
import { pushSubscriptions } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { CurrentUser } from '../../store/users.js';
import { checkEndpoint } from './endpoint-guard.js';
import type { PushNotifier } from './notifier.js';
import type { PushSender } from './sender.js';
import { fromB64u, type VapidKeys } from './web-push.js';

type Row = typeof pushSubscriptions.$inferSelect;

export function presentDevice(row: Row): PushDeviceDTO {
  return {
    id: row.id,
    endpoint: row.endpoint,
    label: row.label,
    hidePreviews: row.hidePreviews,
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
  };
}

const notFound = () => new AppError('ERR_NOT_FOUND', 404, 'Device not found');

/** The browser's key must be a point on P-256 and its secret 16 bytes, or every push to it would fail. */
function checkKeys(p256dh: string, auth: string): void {
  const point = fromB64u(p256dh);
  try {
    if (point.length !== 65) throw new Error('length');
    ECDH.convertKey(point, 'prime256v1');
  } catch {
    throw new AppError('ERR_VALIDATION', 400, 'Invalid key');
  }
  if (fromB64u(auth).length !== 16) throw new AppError('ERR_VALIDATION', 400, 'Invalid key');
}

export class PushService {
  constructor(
    private readonly ctx: AppContext,
    private readonly keys: VapidKeys,
    readonly notifier: PushNotifier,
    readonly sender: PushSender,
  ) {}

  publicKey(actor: CurrentUser): { publicKey: string } {
    authorize(actor, 'push.subscribe');
    return { publicKey: this.keys.publicKey };
  }

  async list(actor: CurrentUser): Promise<{ devices: PushDeviceDTO[] }> {
    authorize(actor, 'push.subscribe');
    const rows = await this.ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, actor.id))
      .orderBy(asc(pushSubscriptions.id));
    return { devices: rows.map(presentDevice) };
  }

  async subscribe(actor: CurrentUser, input: PushSubscribeInput): Promise<PushDeviceDTO> {
    authorize(actor, 'push.subscribe');
    if (!checkEndpoint(input.endpoint, this.ctx.config.push.allowLoopbackHttp).ok) throw new AppError('ERR_PUSH_ENDPOINT_REFUSED', 400);
    checkKeys(input.keys.p256dh, input.keys.auth);
    const fields = {
      userId: actor.id,
      p256dh: input.keys.p256dh.replace(/=+$/, ''),
      auth: input.keys.auth.replace(/=+$/, ''),
      label: input.label ?? '',
      hidePreviews: input.hidePreviews ?? false,
      language: input.language ?? 'pt',
    };
    const [row] = await this.ctx.db
      .insert(pushSubscriptions)
      .values({ endpoint: input.endpoint, ...fields })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: fields })
      .returning();
    return presentDevice(row);
  }

  async update(actor: CurrentUser, id: number, input: { hidePreviews: boolean }): Promise<PushDeviceDTO> {
    await this.own(actor, id);
    const [row] = await this.ctx.db
      .update(pushSubscriptions)
      .set({ hidePreviews: input.hidePreviews })
      .where(eq(pushSubscriptions.id, id))
      .returning();
    if (!row) throw notFound();
    return presentDevice(row);
  }

  async remove(actor: CurrentUser, id: number): Promise<void> {
    await this.own(actor, id);
    await this.ctx.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, actor.id)));
  }

  /** The device, refused as not found to anyone but its owner. */
  private async own(actor: CurrentUser, id: number): Promise<Row> {
    const [row] = await this.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    if (!row) throw notFound();
    authorize(actor, 'push.device', { userId: row.userId });
    return row;
  }
}
