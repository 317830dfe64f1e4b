/**
 * One Socket.IO connection per signed-in session, on the same origin at /socket.io. The token goes
 * in the handshake `auth` (read fresh on every attempt, so a refreshed token is used), never in the
 * URL. The socket is kept connected until the session is over (keepConnected.ts): while it is not,
 * the shell says so (useSocketStatus). Whenever it connects (the first time too) what was read
 * before is read again, since events sent before the socket listened were not heard.
 */
import { EVENTS, type ClientToServerEvents, type ServerToClientEvents, type SettingsEvent, type UserEvent } from '@switchboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { io, type Socket } from 'socket.io-client';
import { refreshSession } from '../api/client';
import { readAllAgain } from '../api/liveQueries';
import { queryKeys } from '../api/queryKeys';
import { tokenStore } from '../api/tokenStore';
import { useAuth } from '../auth/AuthProvider';
import { applySettingsEvent, applyUserEvent } from './cacheEvents';
import { keepConnected, type SocketStatus } from './keepConnected';

/** The session's socket: what it hears is typed by the shared event map. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const SocketContext = createContext<AppSocket | null>(null);
const SocketStatusContext = createContext<SocketStatus | null>(null);

export function SocketProvider({ children }: { children: ReactNode }) {
  const { user, updateUser, logout } = useAuth();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const [socket, setSocket] = useState<AppSocket | null>(null);
  const [status, setStatus] = useState<SocketStatus | null>(null);
  // Callbacks through a ref: their identity changes with navigation, which must not reconnect.
  const session = useRef({ updateUser, logout });
  useLayoutEffect(() => {
    session.current = { updateUser, logout };
  });

  useEffect(() => {
    if (userId == null) return;
    const s = io({
      path: '/socket.io',
      // WebSocket only: behind a load balancer without sticky sessions, long-polling requests
      // of one session would land on different server processes (docs/operations.md).
      transports: ['websocket'],
      auth: (cb) => cb({ token: tokenStore.get() ?? '' }),
      reconnection: true,
    });
    const stopKeeping = keepConnected(s, {
      refresh: refreshSession,
      sessionOver: () => void session.current.logout(),
      resynchronise: () => readAllAgain(queryClient),
      onStatus: setStatus,
    });

    s.on(EVENTS.user, (event: UserEvent) => {
      applyUserEvent(queryClient, event);
      if (event.action === 'delete' && event.userId === userId) void session.current.logout();
      else if (event.action !== 'delete') session.current.updateUser(event.user);
    });
    s.on(EVENTS.settings, (event: SettingsEvent) => applySettingsEvent(queryClient, event));
    // Connection statuses drive the menu's warning badge; the connections feature owns their shape,
    // so the shell simply refetches its list.
    const refetchConnections = () => void queryClient.invalidateQueries({ queryKey: queryKeys.connections });
    s.on(EVENTS.whatsapp, refetchConnections);
    s.on(EVENTS.whatsappSession, refetchConnections);

    // eslint-disable-next-line react-hooks/set-state-in-effect -- the socket is the external system this effect connects
    setSocket(s);
    return () => {
      stopKeeping();
      s.removeAllListeners();
      s.disconnect();
      setSocket(null);
      setStatus(null);
    };
  }, [userId, queryClient]);

  return (
    <SocketContext.Provider value={socket}>
      <SocketStatusContext.Provider value={status}>{children}</SocketStatusContext.Provider>
    </SocketContext.Provider>
  );
}

/** The live socket (null while signed out or before it is created); later features subscribe here. */
export function useSocket(): AppSocket | null {
  return useContext(SocketContext);
}

/** Where the session's socket stands (null while signed out). */
export function useSocketStatus(): SocketStatus | null {
  return useContext(SocketStatusContext);
}
