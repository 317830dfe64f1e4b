/** Admins' outgoing webhooks: registration, the delivery log, manual retries and test deliveries. */
import { type WebhookCreateInput, type WebhookDeliveryDTO, type WebhookDTO, type WebhookUpdateInput } from '@switchboard/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { webhookDeliveries, webhooks } from '../../db/schema.js';
import { authorize } from '../../access/authorize.js';
import { AppError } from '../../lib/app-error.js';
import type { CurrentUser } from '../../store/users.js';
import type { WebhookDispatcher } from './dispatcher.js';
import { isObviouslyPrivateUrl } from './target-guard.js';

const DELIVERIES_PAGE = 50;

type WebhookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const present = (w: WebhookRow): WebhookDTO => ({
  id: w.id,
  url: w.url,
  events: w.events,
  enabled: w.enabled,
  secretHint: `…${w.secret.slice(-4)}`,
  createdAt: w.createdAt.toISOString(),
  updatedAt: w.updatedAt.toISOString(),
});

const presentDelivery = (d: DeliveryRow): WebhookDeliveryDTO => ({
  id: d.id,
  webhookId: d.webhookId,
  eventId: d.eventId,
  event: d.event,
  status: d.status as WebhookDeliveryDTO['status'],
  attempts: d.attempts,
  responseCode: d.responseCode,
  lastError: d.lastError,
  nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
  createdAt: d.createdAt.toISOString(),
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
});

export class WebhooksService {
  constructor(
    private readonly ctx: AppContext,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  async list(actor: CurrentUser): Promise<{ webhooks: WebhookDTO[] }> {
    authorize(actor, 'webhook.manage');
    const rows = await this.ctx.db.select().from(webhooks).orderBy(asc(webhooks.id));
    return { webhooks: rows.map(present) };
  }

  async create(actor: CurrentUser, input: WebhookCreateInput): Promise<WebhookDTO> {
    authorize(actor, 'webhook.manage');
    this.assertTargetAllowed(input.url);
    const [row] = await this.ctx.db
      .insert(webhooks)
      .values({ url: input.url, events: [...new Set(input.events)], secret: input.secret, enabled: input.enabled })
      .returning();
    await this.dispatcher.changed();
    return present(row);
  }

  async update(actor: CurrentUser, id: number, input: WebhookUpdateInput): Promise<WebhookDTO> {
    authorize(actor, 'webhook.manage');
    if (input.url !== undefined) this.assertTargetAllowed(input.url);
    const [row] = await this.ctx.db
      .update(webhooks)
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
        ...(input.secret !== undefined ? { secret: input.secret } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        updatedAt: this.ctx.clock.now(),
      })
      .where(eq(webhooks.id, id))
      .returning();
    if (!row) throw new AppError('ERR_NOT_FOUND', 404);
    await this.dispatcher.changed();
    // Re-enabled: what waited is due now.
    if (row.enabled) this.dispatcher.kick();
    return present(row);
  }

  async remove(actor: CurrentUser, id: number): Promise<void> {
    authorize(actor, 'webhook.manage');
    const [row] = await this.ctx.db.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
    if (!row) throw new AppError('ERR_NOT_FOUND', 404);
    await this.dispatcher.changed();
  }

  async deliveries(actor: CurrentUser, id: number, pageNumber: number): Promise<{ deliveries: WebhookDeliveryDTO[]; hasMore: boolean }> {
    await this.load(actor, id);
    const rows = await this.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, id))
      .orderBy(desc(webhookDeliveries.id))
      .limit(DELIVERIES_PAGE + 1)
      .offset((pageNumber - 1) * DELIVERIES_PAGE);
    return { deliveries: rows.slice(0, DELIVERIES_PAGE).map(presentDelivery), hasMore: rows.length > DELIVERIES_PAGE };
  }

  /** Sends a delivery again now (failed, or delivered and wanted again); one in flight is refused. */
  async retry(actor: CurrentUser, id: number, deliveryId: number): Promise<WebhookDeliveryDTO> {
    await this.load(actor, id);
    const [row] = await this.ctx.db
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: this.ctx.clock.now(), attempts: 0 })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.webhookId, id),
          inArray(webhookDeliveries.status, ['pending', 'failed', 'delivered']),
        ),
      )
      .returning();
    if (!row) {
      const [exists] = await this.ctx.db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, id)));
      if (!exists) throw new AppError('ERR_NOT_FOUND', 404);
      throw new AppError('ERR_DELIVERY_IN_PROGRESS', 409);
    }
    this.dispatcher.kick();
    return presentDelivery(row);
  }

  async test(actor: CurrentUser, id: number): Promise<WebhookDeliveryDTO> {
    await this.load(actor, id);
    const deliveryId = await this.dispatcher.queueTest(id);
    const [row] = await this.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    return presentDelivery(row);
  }

  private async load(actor: CurrentUser, id: number): Promise<WebhookRow> {
    authorize(actor, 'webhook.manage');
    const [row] = await this.ctx.db.select().from(webhooks).where(eq(webhooks.id, id));
    if (!row) throw new AppError('ERR_NOT_FOUND', 404);
    return row;
  }

  /**
   * An address plainly on this machine or a private network is refused when saved (the names that
   * resolve to one are refused when a delivery connects, target-guard.ts).
   */
  private assertTargetAllowed(url: string): void {
    if (!this.ctx.config.webhooksAllowPrivate && isObviouslyPrivateUrl(url)) throw new AppError('ERR_WEBHOOK_PRIVATE_TARGET', 400);
  }
}
