/**
 * The simulator's API (administrators, on a server that runs it): act as customers' phones for
 * connections of kind `simulator`. A message's file is read from /simulator/media/:id, beside the table.
 */
import { z } from 'zod';
import { simulatorEnterCodeBodySchema } from '../linking.js';
import {
  simulatorBehaviourSchema,
  simulatorCallSchema,
  simulatorCustomerSchema,
  simulatorMessageSchema,
  simulatorOkSchema,
  simulatorPendingQrSchema,
  simulatorScanSchema,
  simulatorSentSchema,
} from '../responses/simulator.js';
import {
  simulatorBehaviourBodySchema,
  simulatorCallBodySchema,
  simulatorChatParamsSchema,
  simulatorChatQuerySchema,
  simulatorCustomerParamsSchema,
  simulatorDisconnectBodySchema,
  simulatorEditBodySchema,
  simulatorMessageIdParamsSchema,
  simulatorReactBodySchema,
  simulatorReadBodySchema,
  simulatorScanBodySchema,
  simulatorSendBodySchema,
} from '../schemas/simulator.js';
import { route } from './route.js';

/** A phone action on a message of the chat. */
const onMessage = <const P extends string>(path: P) => ({ method: 'POST', path, params: simulatorMessageIdParamsSchema }) as const;

export const SIMULATOR_ROUTES = {
  /** The QR codes connections wait to have scanned (404 when the server runs without the simulator). */
  pending: route({ method: 'GET', path: '/simulator/pending', answer: z.array(simulatorPendingQrSchema) }),
  scan: route({ method: 'POST', path: '/simulator/scan', body: simulatorScanBodySchema, answer: simulatorScanSchema }),
  /** The phone with this number types the pairing code the connection dialog showed. */
  enterPairingCode: route({
    method: 'POST',
    path: '/simulator/pairing-code',
    body: simulatorEnterCodeBodySchema,
    answer: simulatorScanSchema,
  }),
  /** 201 when the product stored it; 202 (same answer) when it waits on the network for the connection's session. */
  send: route({ method: 'POST', path: '/simulator/messages', body: simulatorSendBodySchema, answer: simulatorSentSchema, status: 201 }),
  chat: route({
    method: 'GET',
    path: '/simulator/chats/:customer',
    params: simulatorChatParamsSchema,
    query: simulatorChatQuerySchema,
    answer: z.array(simulatorMessageSchema),
  }),
  customers: route({
    method: 'GET',
    path: '/simulator/customers',
    query: simulatorChatQuerySchema,
    answer: z.array(simulatorCustomerSchema),
  }),
  revoke: route({ ...onMessage('/simulator/messages/:id/revoke'), answer: simulatorOkSchema }),
  edit: route({ ...onMessage('/simulator/messages/:id/edit'), body: simulatorEditBodySchema, answer: simulatorOkSchema }),
  /** The customer reacts to a message of the chat (an empty emoji takes the reaction away). */
  react: route({ ...onMessage('/simulator/messages/:id/react'), body: simulatorReactBodySchema, answer: simulatorOkSchema }),
  read: route({ method: 'POST', path: '/simulator/read', body: simulatorReadBodySchema, answer: simulatorOkSchema }),
  call: route({ method: 'POST', path: '/simulator/calls', body: simulatorCallBodySchema, answer: simulatorCallSchema, status: 201 }),
  /** The phone's connection drops and comes back: a reconnect. */
  connectionLost: route({
    method: 'POST',
    path: '/simulator/connection-lost',
    body: simulatorDisconnectBodySchema,
    answer: simulatorOkSchema,
  }),
  /** The phone drops the session: the connection goes DISCONNECTED. */
  disconnect: route({ method: 'POST', path: '/simulator/disconnect', body: simulatorDisconnectBodySchema, answer: simulatorOkSchema }),
  /** How the network treats a customer: LID-addressed chats, every message refused with a code. */
  behaviour: route({
    method: 'GET',
    path: '/simulator/customers/:customer/behaviour',
    params: simulatorCustomerParamsSchema,
    answer: simulatorBehaviourSchema,
  }),
  setBehaviour: route({
    method: 'PUT',
    path: '/simulator/customers/:customer/behaviour',
    params: simulatorCustomerParamsSchema,
    body: simulatorBehaviourBodySchema,
    answer: simulatorBehaviourSchema,
  }),
};
