/** The simulator's HTTP API (admin token): act as customers' phones. A contract other tests use. */
import { SIMULATOR_ROUTES as R, simulatorMessageIdParamsSchema, type RouteDef, type SimulatorMessage } from '@switchboard/shared';
import { requireAccess } from '../../http/auth.js';
import { answers, BODY, fileBody, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';
import type { App } from '../../http/types.js';
import { type SimulatorMessageRow, type SimulatorNetwork } from '../../channels/simulator/network.js';

/** Simulator calls are administrators' (REFUSED); a number with no simulated connection is not found. */
const NO_PHONE = { 404: ['ERR_NO_WAPP_FOUND', 'ERR_NOT_FOUND', 'ERR_WAPP_NOT_INITIALIZED'] } as const;
/** The answer of a phone action: `{ ok: true }`, or why not. */
const done = <D extends RouteDef & { answer: typeof R.read.answer }>(def: D, input: typeof INPUT | typeof BODY) =>
  answers(ok(def), SIGNED_IN, input, REFUSED, NO_PHONE);

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

  app.get(R.pending.path, { ...opts, schema: { tags, response: answers(ok(R.pending), SIGNED_IN, REFUSED) } }, () =>
    network.pendingQrCodesEverywhere(),
  );

  app.post(
    R.scan.path,
    { ...opts, schema: { ...requestSchemas(R.scan), tags, response: answers(ok(R.scan), SIGNED_IN, BODY, REFUSED, NO_PHONE) } },
    (req) => network.scan(req.body.qrcode, req.body.number),
  );
  app.post(
    R.enterPairingCode.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.enterPairingCode),
        tags,
        description: 'The phone with this number types the pairing code the connection dialog showed.',
        response: answers(ok(R.enterPairingCode), SIGNED_IN, BODY, REFUSED, {
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
    R.send.path,
    {
      ...opts,
      bodyLimit: 96 * 1024 * 1024,
      schema: {
        ...requestSchemas(R.send),
        tags,
        response: answers({ ...ok(R.send), 202: R.send.answer }, SIGNED_IN, BODY, REFUSED, NO_PHONE),
      },
    },
    async (req, reply) => {
      const { id, delivered } = await network.customerSends(req.body);
      return reply.status(delivered ? 201 : 202).send({ id, delivered });
    },
  );
  app.get(
    R.chat.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.chat),
        tags,
        response: answers(ok(R.chat), SIGNED_IN, INPUT, REFUSED),
      },
    },
    async (req) => (await network.chat(req.params.customer, req.query.to)).map(present),
  );
  app.get(
    R.customers.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.customers),
        tags,
        response: answers(ok(R.customers), SIGNED_IN, INPUT, REFUSED),
      },
    },
    async (req) => (await network.customers(req.query.to)).map((c) => ({ ...c, lastAt: c.lastAt.toISOString() })),
  );
  app.post(R.revoke.path, { ...opts, schema: { ...requestSchemas(R.revoke), tags, response: done(R.revoke, INPUT) } }, async (req) => {
    await network.revoke(req.params.id);
    return { ok: true as const };
  });
  app.post(R.edit.path, { ...opts, schema: { ...requestSchemas(R.edit), tags, response: done(R.edit, BODY) } }, async (req) => {
    await network.edit(req.params.id, req.body.body);
    return { ok: true as const };
  });
  app.post(
    R.react.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.react),
        tags,
        description: 'The customer reacts to a message of the chat (an empty emoji takes the reaction away).',
        response: done(R.react, BODY),
      },
    },
    async (req) => {
      await network.react(req.params.id, req.body.emoji);
      return { ok: true as const };
    },
  );
  app.post(R.read.path, { ...opts, schema: { ...requestSchemas(R.read), tags, response: done(R.read, BODY) } }, async (req) => {
    await network.read(req.body.customer, req.body.to);
    return { ok: true as const };
  });
  app.post(
    R.call.path,
    {
      ...opts,
      schema: { ...requestSchemas(R.call), tags, response: answers(ok(R.call), SIGNED_IN, BODY, REFUSED, NO_PHONE) },
    },
    async (req, reply) => reply.status(201).send(await network.call(req.body.from, req.body.to)),
  );
  app.post(
    R.connectionLost.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.connectionLost),
        tags,
        description: "The phone's connection drops and comes back: a reconnect.",
        response: done(R.connectionLost, BODY),
      },
    },
    async (req) => {
      await network.connectionLost(req.body.to);
      return { ok: true as const };
    },
  );
  app.post(
    R.disconnect.path,
    { ...opts, schema: { ...requestSchemas(R.disconnect), tags, response: done(R.disconnect, BODY) } },
    async (req) => {
      await network.disconnect(req.body.to);
      return { ok: true as const };
    },
  );
  // How the network treats a customer: LID-addressed chats (sends to the number refused with 463)
  // and/or every message refused with a code (channels/simulator/customer-behaviour.ts).
  app.get(
    R.behaviour.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.behaviour),
        tags,
        response: answers(ok(R.behaviour), SIGNED_IN, INPUT, REFUSED),
      },
    },
    async (req) => ({
      customer: req.params.customer,
      ...(await network.behaviours.of(req.params.customer)),
    }),
  );
  app.put(
    R.setBehaviour.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.setBehaviour),
        tags,
        response: answers(ok(R.setBehaviour), SIGNED_IN, BODY, REFUSED),
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
