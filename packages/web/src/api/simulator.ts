/**
 * The simulator's API (issue 3): act as customers' phones for connections of kind `simulator`.
 * The server may run with the simulator off; it then answers 404 and the screen is not offered.
 */
import {
  SIMULATOR_ROUTES as R,
  type ReactMessageInput,
  type SimulatorBehaviourInput,
  type SimulatorEditBody,
  type SimulatorSendInput,
  type simulatorCallBodySchema,
  type simulatorDisconnectBodySchema,
  type simulatorReadBodySchema,
  type simulatorScanBodySchema,
} from '@switchboard/shared';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';
import { queryKeys } from './queryKeys';

export type { SimulatorSendInput };
export type {
  SimulatorCustomer,
  SimulatorMedia,
  SimulatorMessage,
  SimulatorPendingQr as PendingQr,
  SimulatorType,
} from '@switchboard/shared';

/** While a chat is open it is re-read this often: the server's messages to a customer raise no event we receive. */
export const CHAT_POLL_MS = 2000;

export function usePendingQrCodes(enabled = true) {
  return useQuery({
    queryKey: queryKeys.simulatorPending,
    queryFn: ({ signal }) => call(R.pending, { signal }),
    enabled,
    retry: false,
  });
}

/** Whether this server runs the simulator: its pending list answers 200 (404 when it is off). */
export function useSimulatorAvailable(enabled: boolean): boolean {
  const pending = usePendingQrCodes(enabled);
  return enabled && pending.isSuccess;
}

export function useScanQr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof simulatorScanBodySchema>) => call(R.scan, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.simulatorPending }),
  });
}

export function useSimulatorCustomers(to: string | null) {
  return useQuery({
    queryKey: queryKeys.simulatorCustomers(to ?? ''),
    queryFn: ({ signal }) => call(R.customers, { query: { to: to! }, signal }),
    enabled: !!to,
    // Customers the company writes to first appear without anything happening on this page.
    refetchInterval: CHAT_POLL_MS,
  });
}

export function useSimulatorChat(customer: string | null, to: string | null) {
  return useQuery({
    queryKey: queryKeys.simulatorChat(customer ?? '', to ?? ''),
    queryFn: ({ signal }) => call(R.chat, { params: { customer: customer! }, query: { to: to! }, signal }),
    enabled: !!customer && !!to,
    refetchInterval: CHAT_POLL_MS,
  });
}

/** Every phone action changes what the chat (and the customer list) shows: re-read them. */
function useRefreshChats() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['simulator', 'chat'] });
    void queryClient.invalidateQueries({ queryKey: ['simulator', 'customers'] });
  };
}

export function useCustomerSend() {
  const onSuccess = useRefreshChats();
  return useMutation({
    mutationFn: (input: SimulatorSendInput) => call(R.send, { body: input }),
    onSuccess,
  });
}

export function useRevokeMessage() {
  const onSuccess = useRefreshChats();
  return useMutation({
    mutationFn: (id: string) => call(R.revoke, { params: { id } }),
    onSuccess,
  });
}

/** The customer reacts to a message of the chat (empty emoji: takes the reaction away). */
export function useCustomerReact() {
  const onSuccess = useRefreshChats();
  return useMutation({
    mutationFn: ({ id, emoji }: { id: string } & ReactMessageInput) => call(R.react, { params: { id }, body: { emoji } }),
    onSuccess,
  });
}

/** The customer edits one of their texts. */
export function useCustomerEdit() {
  const onSuccess = useRefreshChats();
  return useMutation({
    mutationFn: ({ id, body }: { id: string } & SimulatorEditBody) => call(R.edit, { params: { id }, body: { body } }),
    onSuccess,
  });
}

export function useReadChat() {
  const onSuccess = useRefreshChats();
  return useMutation({
    mutationFn: (input: z.input<typeof simulatorReadBodySchema>) => call(R.read, { body: input }),
    onSuccess,
  });
}

export function usePlaceCall() {
  const onSuccess = useRefreshChats();
  return useMutation({
    mutationFn: (input: z.input<typeof simulatorCallBodySchema>) => call(R.call, { body: input }),
    onSuccess,
  });
}

/** The phone drops the session: the connection goes DISCONNECTED (its event updates the table). */
export function useDropSession() {
  return useMutation({
    mutationFn: (input: z.input<typeof simulatorDisconnectBodySchema>) => call(R.disconnect, { body: input }),
  });
}

const behaviourKey = (customer: string) => ['simulator', 'behaviour', customer] as const;

/** How the network treats a customer: addressed by LID, refusing messages (with a code). */
export function useCustomerBehaviour(customer: string | null) {
  return useQuery({
    queryKey: behaviourKey(customer ?? ''),
    queryFn: ({ signal }) => call(R.behaviour, { params: { customer: customer! }, signal }),
    enabled: !!customer,
    retry: false,
  });
}

export function useSetCustomerBehaviour(customer: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SimulatorBehaviourInput) => call(R.setBehaviour, { params: { customer }, body: input }),
    onSuccess: (saved) => queryClient.setQueryData(behaviourKey(customer), saved),
  });
}
