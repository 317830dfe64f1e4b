/**
 * The visitors' realtime namespace. A widget connects with its visitor token (handshake `auth`,
 * never the query string) from a page whose origin the connection allows; it joins only its own
 * visitor room, so it hears only its own conversation. Visitors send nothing over the socket
 * (writing goes through the REST API, answered once stored), so every client event is ignored.
 */
import { WEBCHAT_NAMESPACE } from '@switchboard/shared';
import type { Db } from '../../db/client.js';
import type { Realtime } from '../../realtime/realtime.js';
import { visitorRoom } from './hub.js';
import { channelOfVisitor, isSiteAllowed, visitorByToken } from '../../store/webchat.js';

export function attachWebchatNamespace(realtime: Realtime, db: Db): void {
  const ns = realtime.namespace(WEBCHAT_NAMESPACE);
  if (!ns) return;
  ns.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    const origin = socket.handshake.headers.origin;
    const check = async (): Promise<string | null> => {
      const visitor = typeof token === 'string' ? await visitorByToken(db, token) : undefined;
      if (!visitor) return 'ERR_INVALID_TOKEN';
      const channel = await channelOfVisitor(db, visitor);
      if (!channel || !isSiteAllowed(channel.settings, origin)) return 'ERR_NO_PERMISSION';
      (socket.data as { visitorId: string }).visitorId = visitor.id;
      return null;
    };
    check().then(
      (refusal) => next(refusal ? new Error(refusal) : undefined),
      (err: unknown) => next(err instanceof Error ? err : new Error(String(err))),
    );
  });
  ns.on('connection', (socket) => {
    const { visitorId } = socket.data as { visitorId: string };
    // A socket that could not join its room would miss replies: dropped, the widget reconnects.
    void Promise.resolve(socket.join(visitorRoom(visitorId))).catch(() => socket.disconnect(true));
  });
}
