/**
 * Linking by pairing code (the connection dialog, and the simulated phone that types the code) and
 * the connections' health record (Connections screen, the admin banner).
 */
import {
  LINKING_ROUTES,
  SIMULATOR_ROUTES,
  type PairingCodeRequest,
  type simulatorDisconnectBodySchema,
  type simulatorEnterCodeBodySchema,
} from '@switchboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { call } from './client';

/** The record counts the last hour: re-read each minute, and after every session change. */
export const HEALTH_REFRESH_MS = 60_000;
export const channelHealthKey = ['connections', 'health'] as const;

export function useChannelHealth(enabled = true) {
  return useQuery({
    queryKey: channelHealthKey,
    queryFn: ({ signal }) => call(LINKING_ROUTES.health, { signal }),
    enabled,
    refetchInterval: HEALTH_REFRESH_MS,
  });
}

export function useRefreshChannelHealth(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: channelHealthKey }), [queryClient]);
}

export function useRequestPairingCode(connectionId: number) {
  return useMutation({
    mutationFn: (input: PairingCodeRequest) => call(LINKING_ROUTES.pairingCode, { params: { id: connectionId }, body: input }),
  });
}

/** The simulated phone with this number types the code the connection dialog showed. */
export function useEnterPairingCode() {
  return useMutation({
    mutationFn: (input: z.input<typeof simulatorEnterCodeBodySchema>) => call(SIMULATOR_ROUTES.enterPairingCode, { body: input }),
  });
}

/** The simulated phone's connection drops and comes back (a reconnect on the health record). */
export function useLoseConnection() {
  return useMutation({
    mutationFn: (input: z.input<typeof simulatorDisconnectBodySchema>) => call(SIMULATOR_ROUTES.connectionLost, { body: input }),
  });
}
