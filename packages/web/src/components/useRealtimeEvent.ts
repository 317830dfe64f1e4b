import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useSocket } from '../realtime/SocketProvider';

/**
 * Applies a realtime event to the query cache while the calling screen is mounted (spec §4 Live
 * updates). Screens reload their lists when opened again, so nothing is lost while they are closed.
 */
export function useRealtimeEvent<E>(event: string, apply: (queryClient: QueryClient, payload: E) => void): void {
  const socket = useSocket();
  const queryClient = useQueryClient();
  // Through a ref, so a new function identity on every render does not resubscribe.
  const applyRef = useRef(apply);
  useLayoutEffect(() => {
    applyRef.current = apply;
  });

  useEffect(() => {
    if (!socket) return;
    const listener = (payload: E) => applyRef.current(queryClient, payload);
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event, queryClient]);
}
