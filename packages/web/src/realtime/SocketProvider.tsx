/**
 * One Socket.IO connection per signed-in session, on the same origin at /socket.io. The token goes
 * in the handshake `auth` (read fresh on every attempt, so a refreshed token is used), never in the
 * URL. After any reconnect every query is refetched, since events may have been missed meanwhile.
 */
import { EVENTS, type SettingsEvent, type UserEvent } from '@switchboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { io, type Socket } from 'socket.io-client';
import { refreshSession } from '../api/client';
import { queryKeys } from '../api/queryKeys';
import { tokenStore } from '../api/tokenStore';
import { useAuth } from '../auth/AuthProvider';
import { applySettingsEvent, applyUserEvent } from './cacheEvents';

const SocketContext = createContext<Socket | null>(null);

/** The server refuses or drops a socket whose access token is missing or expired with this code. */
const SESSION_ERROR = 'ERR_SESSION_EXPIRED';

export function SocketProvider({ children }: { children: ReactNode }) {
  const { user, updateUser, logout } = useAuth();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const [socket, setSocket] = useState<Socket | null>(null);
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
    let connectedBefore = false;
    // One refresh attempt per failure streak, so a dead session cannot loop.
    let refreshTried = false;

    const refreshAndReconnect = () => {
      if (refreshTried) return;
      refreshTried = true;
      refreshSession()
        .then(() => s.connect())
        .catch(() => undefined); // The HTTP client ends the session on its next call.
    };

    s.on('connect', () => {
      refreshTried = false;
      if (connectedBefore) void queryClient.invalidateQueries();
      connectedBefore = true;
    });
    // A refused handshake is not retried by socket.io itself: refresh the token, then retry.
    s.on('connect_error', (err) => {
      if (err.message === SESSION_ERROR) refreshAndReconnect();
    });
    // The server drops sockets whose token expired; other drops reconnect on their own.
    s.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') refreshAndReconnect();
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
      s.removeAllListeners();
      s.disconnect();
      setSocket(null);
    };
  }, [userId, queryClient]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

/** The live socket (null while signed out or before it is created); later features subscribe here. */
export function useSocket(): Socket | null {
  return useContext(SocketContext);
}
