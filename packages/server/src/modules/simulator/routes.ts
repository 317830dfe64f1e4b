/** The simulator's HTTP API (admin token): act as customers' phones. A contract other tests use. */
import { z } from 'zod';
import {
  simulatorCallBodySchema,
  simulatorCallSchema,
  simulatorChatParamsSchema,
  simulatorChatQuerySchema,
  simulatorDisconnectBodySchema,
  simulatorEditBodySchema,
  simulatorReactBodySchema,
  simulatorMessageIdParamsSchema,
  simulatorReadBodySchema,
  simulatorScanBodySchema,
  simulatorEnterCodeBodySchema,
  simulatorSendBodySchema,
  simulatorBehaviourBodySchema,
  simulatorBehaviourSchema,
  simulatorCustomerParamsSchema,
  simulatorCustomerSchema,
  simulatorMessageSchema,
  simulatorOkSchema,
  simulatorPendingQrSchema,
  simulatorScanSchema,
  simulatorSentSchema,
  type SimulatorMessage,
} from '@switchboard/shared';
import { requireAccess } from '../../http/auth.js';
import { answers, BODY, fileBody, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import type { App } from '../../http/types.js';
import { type SimulatorMessageRow, type SimulatorNetwork } from '../../channels/simulator/network.js';

/** Simulator calls are administrators' (REFUSED); a number with no simulated connection is not found. */
const NO_PHONE = { 404: ['ERR_NO_WAPP_FOUND', 'ERR_NOT_FOUND', 'ERR_WAPP_NOT_INITIALIZED'] } as const;
const ok = (input: typeof INPUT | typeof BODY) => answers({ 200: simulatorOkSchema }, SIGNED_IN, input, REFUSED, NO_PHONE);

function present(row: SimulatorMessageRow): SimulatorMessage {
  return {
    id: row.id,
    sender: row.sender as SimulatorMessage['sender'],
    type: row.type,
    body: row.body,
    mediaUrl: row.mediaPath ? `/api/simulator/media/${row.id}` : null,
    mediaMime: row.mediaMime,
    mediaName: row.mediaName,
    quotedId: row.quotedId,
    ack: row.ack,
    isDeleted: row.isDeleted,
    customerReaction: row.customerReaction,
    connectionReaction: row.connectionReaction,
    isEdited: row.isEdited,
    createdAt: row.createdAt.toISOString(),
  };
}

export function registerSimulatorRoutes(app: App, network: SimulatorNetwork): void {
  const opts = { onRequest: [app.authenticate, requireAccess('simulator.use')] };
  const tags = ['simulator'];

  app.get(
    '/simulator/pending',
    { ...opts, schema: { tags, response: answers({ 200: z.array(simulatorPendingQrSchema) }, SIGNED_IN, REFUSED) } },
    () => network.pendingQrCodesEverywhere(),
  );

  app.post(
    '/simulator/scan',
    {
      ...opts,
      schema: { body: simulatorScanBodySchema, tags, response: answers({ 200: simulatorScanSchema }, SIGNED_IN, BODY, REFUSED, NO_PHONE) },
    },
    (req) => network.scan(req.body.qrcode, req.body.number),
  );
  app.post(
    '/simulator/pairing-code',
    {
      ...opts,
      schema: {
        body: simulatorEnterCodeBodySchema,
        tags,
        description: 'The phone with this number types the pairing code the connection dialog showed.',
        response: answers({ 200: simulatorScanSchema }, SIGNED_IN, BODY, REFUSED, {
          404: ['ERR_PAIRING_CODE_INVALID'],
          409: ['ERR_VALIDATION'],
        }),
      },
    },
    (req) => network.enterCode(req.body.number, req.body.code),
  );
  // 201: the product stored it; 202: the connection's session is being taken over by another
  // process, the message waits on the network and is delivered when the session is back.
  app.post(
    '/simulator/messages',
    {
      ...opts,
      bodyLimit: 96 * 1024 * 1024,
      schema: {
        body: simulatorSendBodySchema,
        tags,
        response: answers({ 201: simulatorSentSchema, 202: simulatorSentSchema }, SIGNED_IN, BODY, REFUSED, NO_PHONE),
      },
    },
    async (req, reply) => {
      const { id, delivered } = await network.customerSends(req.body);
      return reply.status(delivered ? 201 : 202).send({ id, delivered });
    },
  );
  app.get(
    '/simulator/chats/:customer',
    {
      ...opts,
      schema: {
        params: simulatorChatParamsSchema,
        querystring: simulatorChatQuerySchema,
        tags,
        response: answers({ 200: z.array(simulatorMessageSchema) }, SIGNED_IN, INPUT, REFUSED),
      },
    },
    async (req) => (await network.chat(req.params.customer, req.query.to)).map(present),
  );
  app.get(
    '/simulator/customers',
    {
      ...opts,
      schema: {
        querystring: simulatorChatQuerySchema,
        tags,
        response: answers({ 200: z.array(simulatorCustomerSchema) }, SIGNED_IN, INPUT, REFUSED),
      },
    },
    async (req) => (await network.customers(req.query.to)).map((c) => ({ ...c, lastAt: c.lastAt.toISOString() })),
  );
  app.post(
    '/simulator/messages/:id/revoke',
    { ...opts, schema: { params: simulatorMessageIdParamsSchema, tags, response: ok(INPUT) } },
    async (req) => {
      await network.revoke(req.params.id);
      return { ok: true as const };
    },
  );
  app.post(
    '/simulator/messages/:id/edit',
    { ...opts, schema: { params: simulatorMessageIdParamsSchema, body: simulatorEditBodySchema, tags, response: ok(BODY) } },
    async (req) => {
      await network.edit(req.params.id, req.body.body);
      return { ok: true as const };
    },
  );
  app.post(
    '/simulator/messages/:id/react',
    {
      ...opts,
      schema: {
        params: simulatorMessageIdParamsSchema,
        body: simulatorReactBodySchema,
        tags,
        description: 'The customer reacts to a message of the chat (an empty emoji takes the reaction away).',
        response: ok(BODY),
      },
    },
    async (req) => {
      await network.react(req.params.id, req.body.emoji);
      return { ok: true as const };
    },
  );
  app.post('/simulator/read', { ...opts, schema: { body: simulatorReadBodySchema, tags, response: ok(BODY) } }, async (req) => {
    await network.read(req.body.customer, req.body.to);
    return { ok: true as const };
  });
  app.post(
    '/simulator/calls',
    {
      ...opts,
      schema: { body: simulatorCallBodySchema, tags, response: answers({ 201: simulatorCallSchema }, SIGNED_IN, BODY, REFUSED, NO_PHONE) },
    },
    async (req, reply) => reply.status(201).send(await network.call(req.body.from, req.body.to)),
  );
  app.post(
    '/simulator/connection-lost',
    {
      ...opts,
      schema: {
        body: simulatorDisconnectBodySchema,
        tags,
        description: "The phone's connection drops and comes back: a reconnect.",
        response: ok(BODY),
      },
    },
    async (req) => {
      await network.connectionLost(req.body.to);
      return { ok: true as const };
    },
  );
  app.post('/simulator/disconnect', { ...opts, schema: { body: simulatorDisconnectBodySchema, tags, response: ok(BODY) } }, async (req) => {
    await network.disconnect(req.body.to);
    return { ok: true as const };
  });
  // How the network treats a customer: LID-addressed chats (sends to the number refused with 463)
  // and/or every message refused with a code (channels/simulator/customer-behaviour.ts).
  app.get(
    '/simulator/customers/:customer/behaviour',
    {
      ...opts,
      schema: {
        params: simulatorCustomerParamsSchema,
        tags,
        response: answers({ 200: simulatorBehaviourSchema }, SIGNED_IN, INPUT, REFUSED),
      },
    },
    async (req) => ({
      customer: req.params.customer,
      ...(await network.behaviours.of(req.params.customer)),
    }),
  );
  app.put(
    '/simulator/customers/:customer/behaviour',
    {
      ...opts,
      schema: {
        params: simulatorCustomerParamsSchema,
        body: simulatorBehaviourBodySchema,
        tags,
        response: answers({ 200: simulatorBehaviourSchema }, SIGNED_IN, BODY, REFUSED),
      },
    },
    async (req) => ({
      customer: req.params.customer,
      ...(await network.behaviours.set(req.params.customer, req.body)),
    }),
  );
  app.get(
    '/simulator/media/:id',
    {
      ...opts,
      schema: {
        params: simulatorMessageIdParamsSchema,
        tags,
        response: answers({ 200: fileBody('The file') }, SIGNED_IN, INPUT, REFUSED, { 404: ['ERR_NOT_FOUND'] }),
      },
    },
    async (req, reply) => {
      const row = await network.message(req.params.id);
      if (!row?.mediaPath) return reply.status(404).send({ error: 'ERR_NOT_FOUND' });
      reply.header('Content-Type', row.mediaMime ?? 'application/octet-stream');
      reply.header('Content-Disposition', `inline; filename="${encodeURIComponent(row.mediaName ?? 'file')}"`);
      return reply.send(network.media.stream(row.mediaPath));
    },
  );
}
