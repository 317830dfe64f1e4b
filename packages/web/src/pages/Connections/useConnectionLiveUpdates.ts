/**
 * While a screen that shows connections is open, `whatsapp` and `whatsappSession` events are written
 * into the cached list at once (spec §4: status, updatedAt, qrcode, retries), so the table and the QR
 * dialog follow the session live. The shell still refetches the list on these events for the badge.
 */
import { EVENTS, type ConnectionEvent, type ConnectionSessionEvent } from '@switchboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyConnectionEvent, applyConnectionSessionEvent } from '../../realtime/cacheEvents';
import { useSocket } from '../../realtime/SocketProvider';

export function useConnectionLiveUpdates(onSessionEvent?: () => void): void {
  const socket = useSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onConnection = (event: ConnectionEvent) => applyConnectionEvent(queryClient, event);
    const onSession = (event: ConnectionSessionEvent) => {
      applyConnectionSessionEvent(queryClient, event);
      onSessionEvent?.();
    };
    socket.on(EVENTS.whatsapp, onConnection);
    socket.on(EVENTS.whatsappSession, onSession);
    return () => {
      socket.off(EVENTS.whatsapp, onConnection);
      socket.off(EVENTS.whatsappSession, onSession);
    };
  }, [socket, queryClient, onSessionEvent]);
}
