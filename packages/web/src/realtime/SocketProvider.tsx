/**
 * One Socket.IO connection per signed-in session, on the same origin at /socket.io. The token goes
 * in the handshake `auth` (read fresh on every attempt, so a refreshed token is used), never in the
 * URL. The socket is kept connected until the session is over (keepConnected.ts): while it is not,
 * the shell says so (useSocketStatus). Whenever it connects (the first time too) what was read
 * before is read again, since events sent before the socket listened were not heard.
 *
 * The Socket.IO client is loaded only once someone is signed in (sessionSocket.ts), so the sign-in
 * page does not carry it; the download runs alongside the signed-in shell's own chunk.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useAuth } from '../auth/AuthProvider';
import type { SocketStatus } from './keepConnected';
import type { AppSocket } from './sessionSocket';

export type { AppSocket } from './sessionSocket';

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
    let close: (() => void) | null = null;
    let cancelled = false;
    import('./sessionSocket')
      .then(({ openSessionSocket }) => {
        if (cancelled) return;
        const opened = openSessionSocket({
          userId,
          queryClient,
          onStatus: setStatus,
          updateUser: (next) => session.current.updateUser(next),
          logout: () => void session.current.logout(),
        });
        close = opened.close;
        setSocket(opened.socket);
      })
      // The chunk could not be fetched (offline, or a release replaced it): without live updates
      // the shell would silently go stale, so say so and let the reconnecting notice show.
      .catch((error: unknown) => {
        console.error('Could not load the realtime client', error);
        if (!cancelled) setStatus('reconnecting');
      });
    return () => {
      cancelled = true;
      close?.();
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
