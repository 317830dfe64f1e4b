/**
 * Pure changes to the cached connection list (GET /whatsapp), shared by the mutations and the
 * `whatsapp` / `whatsappSession` realtime events. The list is kept in id order, as the server sends it.
 */
import type { ConnectionDTO } from '@switchboard/shared';

export function upsertConnection(list: ConnectionDTO[] | undefined, connection: ConnectionDTO): ConnectionDTO[] | undefined {
  if (!list) return list;
  if (!list.some((c) => c.id === connection.id)) return [...list, connection].sort((a, b) => a.id - b.id);
  return list.map((c) => (c.id === connection.id ? { ...c, ...connection } : c));
}

/** A session update changes only the session fields (spec §4 Connection status). */
export function applySessionUpdate(list: ConnectionDTO[] | undefined, session: ConnectionDTO): ConnectionDTO[] | undefined {
  if (!list) return list;
  return list.map((c) =>
    c.id === session.id
      ? {
          ...c,
          status: session.status,
          updatedAt: session.updatedAt,
          qrcode: session.qrcode,
          retries: session.retries,
          // The number is recorded on pairing; keep the one we had when the event omits it.
          number: session.number ?? c.number,
        }
      : c,
  );
}

export function removeConnection(list: ConnectionDTO[] | undefined, id: number): ConnectionDTO[] | undefined {
  return list?.filter((c) => c.id !== id);
}
