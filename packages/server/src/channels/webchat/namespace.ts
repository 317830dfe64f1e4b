/**
 * The visitors' realtime namespace. A widget connects with its visitor token (handshake `auth`,
 * never the query string) from a page whose origin the connection allows; it joins only its own
 * visitor room, so it hears only its own conversation. Visitors send nothing over the socket
 * (writing goes through the REST API, answered once stored), so every client event is ignored.
 */
import { WEBCHAT_NAMESPACE } from '@switchboard/shared';
import type { Db } from '../../db/client.js';
import { clientAddress, type TrustFunction } from '../../lib/client-address.js';
import { KeyedLimiter, type BucketLimit } from '../../realtime/keyed-limiter.js';
import type { Realtime } from '../../realtime/realtime.js';
import { visitorRoom } from './hub.js';
import { channelOfVisitor, isSiteAllowed, visitorByToken } from '../../store/webchat.js';

/**
 * Handshakes cost a database read (the token's visitor) and anyone may attempt them with made-up
 * tokens, so they are counted before that read: per client address, and for the whole namespace
 * on this process (many addresses together). Past those, and per connection once the visitor is
 * known, the handshake is refused with ERR_TOO_MANY_REQUESTS; the widget tries again later.
 */
export interface HandshakeLimits {
  trust: TrustFunction;
  perAddress: BucketLimit;
  overall: BucketLimit;
  perConnection: BucketLimit;
}

export const DEFAULT_HANDSHAKE_LIMITS: Omit<HandshakeLimits, 'trust'> = {
  perAddress: { burst: 30, perSecond: 0.5 },
  overall: { burst: 300, perSecond: 100 },
  perConnection: { burst: 200, perSecond: 30 },
};

export function attachWebchatNamespace(realtime: Realtime, db: Db, options: Partial<HandshakeLimits> = {}): void {
  const ns = realtime.namespace(WEBCHAT_NAMESPACE);
  if (!ns) return;
  const limits = { ...DEFAULT_HANDSHAKE_LIMITS, trust: () => false, ...options };
  const byAddress = new KeyedLimiter(limits.perAddress);
  const overall = new KeyedLimiter(limits.overall);
  const byConnection = new KeyedLimiter(limits.perConnection);
  ns.use((socket, next) => {
    const address = clientAddress(socket.request, limits.trust);
    if (!byAddress.take(address) || !overall.take('')) return next(new Error('ERR_TOO_MANY_REQUESTS'));
    const token: unknown = socket.handshake.auth?.token;
    const origin = socket.handshake.headers.origin;
    const check = async (): Promise<string | null> => {
      const visitor = typeof token === 'string' ? await visitorByToken(db, token) : undefined;
      if (!visitor) return 'ERR_INVALID_TOKEN';
      if (!byConnection.take(String(visitor.whatsappId))) return 'ERR_TOO_MANY_REQUESTS';
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
