/**
 * Opens the session's socket and wires the shell's own listeners. Its own module (with the
 * Socket.IO client) so the sign-in page does not download it: SocketProvider loads it once a
 * user is signed in, while the signed-in shell's chunk is still on its way.
 */
import {
  EVENTS,
  type ClientToServerEvents,
  type QueueEvent,
  type ServerToClientEvents,
  type SettingsEvent,
  type UserDTO,
  type UserEvent,
} from '@switchboard/shared';
import type { QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import { refreshSession } from '../api/client';
import { readAllAgain } from '../api/liveQueries';
import { queryKeys } from '../api/queryKeys';
import { tokenStore } from '../api/tokenStore';
import { applyQueueEvent, applySettingsEvent, applyUserEvent } from './cacheEvents';
import { keepConnected, type SocketStatus } from './keepConnected';

/** The session's socket: what it hears is typed by the shared event map. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface SessionSocketHooks {
  userId: number;
  queryClient: QueryClient;
  onStatus: (status: SocketStatus) => void;
  /** The signed-in user changed (an admin edited them). */
  updateUser: (user: UserDTO) => void;
  /** The session is over (the user was deleted, or the server refused the session). */
  logout: () => void;
}

/** A connected socket and the function that closes it for good. */
export function openSessionSocket(hooks: SessionSocketHooks): { socket: AppSocket; close: () => void } {
  const { userId, queryClient } = hooks;
  const socket: AppSocket = io({
    path: '/socket.io',
    // WebSocket only: behind a load balancer without sticky sessions, long-polling requests
    // of one session would land on different server processes (docs/operations.md).
    transports: ['websocket'],
    auth: (cb) => cb({ token: tokenStore.get() ?? '' }),
    reconnection: true,
  });
  const stopKeeping = keepConnected(socket, {
    refresh: refreshSession,
    sessionOver: hooks.logout,
    resynchronise: () => readAllAgain(queryClient),
    onStatus: hooks.onStatus,
  });

  socket.on(EVENTS.user, (event: UserEvent) => {
    applyUserEvent(queryClient, event);
    if (event.action === 'delete' && event.userId === userId) hooks.logout();
    else if (event.action !== 'delete') hooks.updateUser(event.user);
  });
  socket.on(EVENTS.settings, (event: SettingsEvent) => applySettingsEvent(queryClient, event));
  // Sectors are picked in many dialogs (transfer, accept, new ticket, campaigns, the dashboard):
  // one live list serves them all, so none has to read it again when it opens.
  socket.on(EVENTS.queue, (event: QueueEvent) => applyQueueEvent(queryClient, event));
  // Connection statuses drive the menu's warning badge; the connections feature owns their shape,
  // so the shell simply refetches its list.
  const refetchConnections = () => void queryClient.invalidateQueries({ queryKey: queryKeys.connections });
  socket.on(EVENTS.whatsapp, refetchConnections);
  socket.on(EVENTS.whatsappSession, refetchConnections);

  return {
    socket,
    close: () => {
      stopKeeping();
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
