import type { RealtimeEventName, RealtimePayload } from '@switchboard/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useSocket } from '../realtime/SocketProvider';

interface Listeners<K extends RealtimeEventName> {
  on(event: K, listener: (payload: RealtimePayload<K>) => void): void;
  off(event: K, listener: (payload: RealtimePayload<K>) => void): void;
}

/**
 * Applies a realtime event to the query cache while the calling screen is mounted (spec §4 Live
 * updates). Screens reload their lists when opened again, so nothing is lost while they are closed.
 * The payload's type is the event's, from the shared event map (REALTIME_EVENTS).
 */
export function useRealtimeEvent<K extends RealtimeEventName>(
  event: K,
  apply: (queryClient: QueryClient, payload: RealtimePayload<K>) => void,
): void {
  const socket = useSocket();
  const queryClient = useQueryClient();
  // Through a ref, so a new function identity on every render does not resubscribe.
  const applyRef = useRef(apply);
  useLayoutEffect(() => {
    applyRef.current = apply;
  });

  useEffect(() => {
    if (!socket) return;
    const listener = (payload: RealtimePayload<K>) => applyRef.current(queryClient, payload);
    // Socket.IO types a listener by a condition on the event's name, which TypeScript cannot
    // resolve for a generic name; the signature above already ties the payload to the name.
    const events = socket as unknown as Listeners<K>;
    events.on(event, listener);
    return () => {
      events.off(event, listener);
    };
  }, [socket, event, queryClient]);
}
