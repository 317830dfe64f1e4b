/**
 * The Connections screen's calls (spec §7 whatsapp / whatsappsession). The list shares its cache
 * entry with `useConnections` (the shell's summary), so the drawer badge sees every change made here.
 */
import {
  CONNECTION_ROUTES as R,
  type ConnectionCreateBody,
  type ConnectionDTO,
  type ConnectionUpdateBody,
  connectionSchema,
} from '@switchboard/shared';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call, callAs } from './client';
import { removeConnection, upsertConnection } from './connectionCache';
import { queryKeys } from './queryKeys';

export function useConnectionList(enabled = true) {
  return useQuery({
    queryKey: queryKeys.connections,
    // The table's answer is whole connections or summaries by profile; this screen is for admins,
    // so it reads the list as whole connections (a summary would fail the check, not show half-empty).
    queryFn: ({ signal }) => callAs(R.list, z.array(connectionSchema), { signal }),
    enabled,
  });
}

/** Edit mode loads the record by id (spec §4 Session). */
export function useConnection(id: number | null | undefined) {
  return useQuery({
    queryKey: queryKeys.connection(id ?? 0),
    queryFn: ({ signal }) => call(R.show, { params: { id: id! }, signal }),
    enabled: id != null,
    staleTime: 0,
  });
}

export function applyConnectionToCache(queryClient: QueryClient, connection: ConnectionDTO): void {
  queryClient.setQueryData<ConnectionDTO[]>(queryKeys.connections, (list) => upsertConnection(list, connection));
  queryClient.setQueryData(queryKeys.connection(connection.id), connection);
}

export function removeConnectionFromCache(queryClient: QueryClient, id: number): void {
  queryClient.setQueryData<ConnectionDTO[]>(queryKeys.connections, (list) => removeConnection(list, id));
  queryClient.removeQueries({ queryKey: queryKeys.connection(id) });
}

/** The flat fields of spec §3 as the form sends them (the route's create or update schema). */
export type ConnectionPayload = ConnectionCreateBody | ConnectionUpdateBody;

export function useSaveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: number; data: ConnectionPayload }) =>
      input.id == null
        ? // Creating, the form has required what the create body needs.
          call(R.create, { body: input.data as ConnectionCreateBody })
        : call(R.update, { params: { id: input.id }, body: input.data }),
    onSuccess: (connection) => {
      applyConnectionToCache(queryClient, connection);
      // Saving a default un-defaults the others on the server: reload the list to show it.
      if (connection.isDefault) void queryClient.invalidateQueries({ queryKey: queryKeys.connections, exact: true });
    },
  });
}

export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(R.remove, { params: { id } }),
    onSuccess: (_r, id) => {
      removeConnectionFromCache(queryClient, id);
      // Deleting the default makes another one default on the server.
      void queryClient.invalidateQueries({ queryKey: queryKeys.connections, exact: true });
    },
  });
}

/** The status actions of spec §4: try again, new QR code, disconnect. Results arrive as events. */
export type SessionAction = 'retry' | 'newQr' | 'disconnect';

const SESSION_CALL: Record<SessionAction, (id: number) => Promise<unknown>> = {
  retry: (id) => call(R.restartSession, { params: { id } }),
  newQr: (id) => call(R.newQr, { params: { id } }),
  disconnect: (id) => call(R.disconnect, { params: { id } }),
};

export function useSessionAction() {
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: SessionAction }) => SESSION_CALL[action](id),
  });
}
