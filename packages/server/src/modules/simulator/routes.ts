/** The simulator's HTTP API (admin token): act as customers' phones. A contract other tests use. */
import { z } from 'zod';
import { requireAdmin } from '../../http/auth.js';
import type { App } from '../../http/types.js';
import { SIMULATOR_TYPES, type SimulatorMessageRow, type SimulatorNetwork } from '../../channels/simulator/network.js';

const digits = z.string().trim().regex(/^\+?[\d\s().-]{6,30}$/, 'Invalid number').transform((v) => v.replace(/\D/g, ''));

const scanSchema = z.object({ qrcode: z.string().min(1).max(500), number: digits.optional() });
const sendSchema = z.object({
  /** The sender's own id for the message: sending the same id again (a retry) is one message. */
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid id').optional(),
  from: digits,
  to: digits,
  name: z.string().max(100).optional(),
  body: z.string().max(65536).optional(),
  type: z.enum(SIMULATOR_TYPES).optional(),
  media: z
    .object({ mimetype: z.string().min(1).max(200), filename: z.string().max(255).optional(), data: z.string().min(1) })
    .optional(),
  quotedId: z.string().max(100).optional(),
  group: z.string().regex(/^\d{6,40}(-\d+)?$/, 'Invalid group id').optional(),
  /** The customer's number is hidden behind their LID (WhatsApp's privacy since the LID migration). */
  hideNumber: z.boolean().optional(),
});
const chatParams = z.object({ customer: z.string().regex(/^[\d-]{6,40}$/, 'Invalid customer') });
const chatQuery = z.object({ to: digits });
const idParams = z.object({ id: z.string().min(1).max(100) });
const editSchema = z.object({ body: z.string().trim().min(1).max(65536) });
const readSchema = z.object({ customer: z.string().regex(/^[\d-]{6,40}$/), to: digits });
const callSchema = z.object({ from: digits, to: digits });
const disconnectSchema = z.object({ to: digits });

function present(row: SimulatorMessageRow) {
  return {
    id: row.id,
    sender: row.sender as 'customer' | 'connection',
    type: row.type,
    body: row.body,
    mediaUrl: row.mediaPath ? `/api/simulator/media/${row.id}` : null,
    mediaMime: row.mediaMime,
    mediaName: row.mediaName,
    quotedId: row.quotedId,
    ack: row.ack,
    isDeleted: row.isDeleted,
    createdAt: row.createdAt.toISOString(),
  };
}

export function registerSimulatorRoutes(app: App, network: SimulatorNetwork): void {
  const opts = { onRequest: [app.authenticate, requireAdmin] };
  const tags = ['simulator'];

  app.get('/simulator/pending', { ...opts, schema: { tags } }, () => network.pendingQrCodesEverywhere());

  app.post('/simulator/scan', { ...opts, schema: { body: scanSchema, tags } }, (req) =>
    network.scan(req.body.qrcode, req.body.number),
  );
  // 201: the product stored it; 202: the connection's session is being taken over by another
  // process, the message waits on the network and is delivered when the session is back.
  app.post('/simulator/messages', { ...opts, bodyLimit: 96 * 1024 * 1024, schema: { body: sendSchema, tags } }, async (req, reply) => {
    const { id, delivered } = await network.customerSends(req.body);
    return reply.status(delivered ? 201 : 202).send({ id, delivered });
  });
  app.get('/simulator/chats/:customer', { ...opts, schema: { params: chatParams, querystring: chatQuery, tags } }, async (req) =>
    (await network.chat(req.params.customer, req.query.to)).map(present),
  );
  app.get('/simulator/customers', { ...opts, schema: { querystring: chatQuery, tags } }, async (req) =>
    (await network.customers(req.query.to)).map((c) => ({ ...c, lastAt: c.lastAt.toISOString() })),
  );
  app.post('/simulator/messages/:id/revoke', { ...opts, schema: { params: idParams, tags } }, async (req) => {
    await network.revoke(req.params.id);
    return { ok: true };
  });
  app.post('/simulator/messages/:id/edit', { ...opts, schema: { params: idParams, body: editSchema, tags } }, async (req) => {
    await network.edit(req.params.id, req.body.body);
    return { ok: true };
  });
  app.post('/simulator/read', { ...opts, schema: { body: readSchema, tags } }, async (req) => {
    await network.read(req.body.customer, req.body.to);
    return { ok: true };
  });
  app.post('/simulator/calls', { ...opts, schema: { body: callSchema, tags } }, async (req, reply) =>
    reply.status(201).send(await network.call(req.body.from, req.body.to)),
  );
  app.post('/simulator/disconnect', { ...opts, schema: { body: disconnectSchema, tags } }, async (req) => {
    await network.disconnect(req.body.to);
    return { ok: true };
  });
  app.get('/simulator/media/:id', { ...opts, schema: { params: idParams, tags } }, async (req, reply) => {
    const row = await network.message(req.params.id);
    if (!row?.mediaPath) return reply.status(404).send({ error: 'ERR_NOT_FOUND' });
    reply.header('Content-Type', row.mediaMime ?? 'application/octet-stream');
    reply.header('Content-Disposition', `inline; filename="${encodeURIComponent(row.mediaName ?? 'file')}"`);
    return reply.send(network.media.stream(row.mediaPath));
  });
}
