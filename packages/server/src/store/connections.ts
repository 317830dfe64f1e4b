/** Reads and presentation of connections with their sectors. */
import {
  defaultWeekHours,
  flattenWeekHours,
  type ChannelKind,
  type ConnectionDTO,
  type ConnectionStatus,
  type WorkHoursDTO,
} from '@switchboard/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { cloudAccounts, queues, whatsappQueues, whatsapps } from '../db/schema.js';
import { canPairByCode, cloudWebhookPath } from '@switchboard/shared';
import { loadWebchatSettings, presentWebchatSettings } from './webchat.js';
import { floodedSince } from './webchat-flood.js';

export type ConnectionRow = typeof whatsapps.$inferSelect;

export async function findConnection(db: DbOrTx, id: number): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(whatsapps).where(eq(whatsapps.id, id));
  return row;
}

export async function presentConnections(db: DbOrTx, rows: ConnectionRow[]): Promise<ConnectionDTO[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select({ whatsappId: whatsappQueues.whatsappId, id: queues.id, name: queues.name, color: queues.color })
    .from(whatsappQueues)
    .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
    .where(
      inArray(
        whatsappQueues.whatsappId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(queues.name));
  const cloudIds = rows.filter((r) => r.channel === 'whatsapp-cloud').map((r) => r.id);
  const clouds = cloudIds.length
    ? await db
        .select({
          id: cloudAccounts.whatsappId,
          phoneNumberId: cloudAccounts.phoneNumberId,
          businessAccountId: cloudAccounts.businessAccountId,
        })
        .from(cloudAccounts)
        .where(inArray(cloudAccounts.whatsappId, cloudIds))
    : [];
  const widgets = await loadWebchatSettings(
    db,
    rows.filter((r) => r.channel === 'webchat').map((r) => r.id),
  );
  const flooded = await floodedSince(db, [...widgets.keys()]);
  return rows.map((row) => {
    const cloud = clouds.find((c) => c.id === row.id);
    const qs = links.filter((l) => l.whatsappId === row.id).map(({ id, name, color }) => ({ id, name, color }));
    const widget = widgets.get(row.id);
    const floodedAt = flooded.get(row.id);
    return {
      id: row.id,
      name: row.name,
      channel: row.channel as ChannelKind,
      status: row.status as ConnectionStatus,
      statusReason: row.statusReason,
      awaitingPairing: row.awaitingPairing,
      qrcode: row.qrcode,
      retries: row.retries,
      number: row.number,
      isDefault: row.isDefault,
      isDisplay: row.isDisplay,
      isGroup: row.isGroup,
      greetingMessage: row.greetingMessage,
      farewellMessage: row.farewellMessage,
      ratingMessage: row.ratingMessage,
      transferTicketMessage: row.transferTicketMessage,
      inactiveMessage: row.inactiveMessage,
      sendInactiveMessage: row.sendInactiveMessage,
      timeInactiveMessage: row.timeInactiveMessage,
      outOfWorkMessage: row.outOfWorkMessage,
      defineWorkHours: row.defineWorkHours,
      // The flat fields are built by name from the weekdays, so their names are known only at run time.
      ...(flattenWeekHours(row.workHours ?? defaultWeekHours()) as WorkHoursDTO),
      holidays: row.holidays,
      defaultQueueId: row.defaultQueueId,
      queues: qs,
      queueIds: qs.map((q) => q.id),
      // Secrets are write-only: an account is saved only complete, so each is shown as set.
      ...(cloud
        ? {
            cloud: {
              phoneNumberId: cloud.phoneNumberId,
              businessAccountId: cloud.businessAccountId,
              hasAccessToken: true,
              hasAppSecret: true,
              hasVerifyToken: true,
              webhookPath: cloudWebhookPath(row.id),
            },
          }
        : {}),
      ...(widget ? { webchat: { ...presentWebchatSettings(widget), ...(floodedAt ? { floodedAt: floodedAt.toISOString() } : {}) } } : {}),
      canPairByCode: canPairByCode(row.channel),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function presentConnectionById(db: DbOrTx, id: number): Promise<ConnectionDTO | null> {
  const row = await findConnection(db, id);
  if (!row) return null;
  const [dto] = await presentConnections(db, [row]);
  return dto;
}
