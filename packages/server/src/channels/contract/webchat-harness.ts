/**
 * The contract's web chat side: the webchat driver with its hub on a real database, and visitors
 * as the widget is: a visitor row with its token, a Socket.IO client on the visitors' namespace
 * (real server, origin checked) receiving the replies, and messages written through the hub as the
 * visitor API does.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WEBCHAT_EVENTS, type WebchatMessageDTO } from '@switchboard/shared';
import { io as ioClient, type Socket } from 'socket.io-client';
import { systemClock, type AppContext } from '../../context.js';
import { whatsapps } from '../../db/schema.js';
import { MediaStore } from '../../lib/media-store.js';
import { Realtime } from '../../realtime/realtime.js';
import { openTestDatabase } from '../../test/harness.js';
import { WebchatDriver } from '../webchat/driver.js';
import { WebchatHub } from '../webchat/hub.js';
import { attachWebchatNamespace } from '../webchat/namespace.js';
import { createVisitor, saveWebchatSettings, visitorAddress } from '../../store/webchat.js';
import type { ChannelHarness, ContractCustomer, ReceivedOnPhone } from './harness.js';

const SITE = 'https://shop.example.com';
const KINDS: Record<string, ReceivedOnPhone['kind']> = {
  chat: 'text',
  image: 'image',
  audio: 'audio',
  video: 'video',
  document: 'document',
};
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };

export async function webchatHarness(): Promise<ChannelHarness> {
  const testDb = await openTestDatabase();
  await testDb.database.migrate();
  const db = testDb.database.db;
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'webchat-contract-'));
  const media = new MediaStore(mediaDir);
  const realtime = new Realtime();
  const server = http.createServer();
  await realtime.attach(server, {
    authenticate: () => Promise.resolve(null),
    loadViewer: () => Promise.resolve(null),
    allowedOrigins: [],
    acceptForeignOrigins: true,
  });
  attachWebchatNamespace(realtime, db);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const hub = new WebchatHub({ db, realtime, log: silent, clock: systemClock } as unknown as AppContext, media);
  const sockets: Socket[] = [];
  let connectionId: number | undefined;
  let seq = 0;

  return {
    name: 'webchat',
    createDriver: (ctx) => {
      connectionId = ctx.connectionId;
      return new WebchatDriver(ctx, hub);
    },
    scan: () => Promise.reject(new Error('a web chat connection has nothing to pair')),
    async addCustomer(opts = {}) {
      if (connectionId === undefined) throw new Error('no driver started');
      const id = connectionId;
      await db
        .insert(whatsapps)
        .values({ id, name: `Site ${id}`, channel: 'webchat' })
        .onConflictDoNothing();
      await saveWebchatSettings(db, id, { allowedSites: [SITE] });
      const { visitor, token } = await createVisitor(db, id, { name: opts.name });
      const received = new Map<string, ReceivedOnPhone>();
      const socket = ioClient(`${base}/webchat`, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token },
        extraHeaders: { origin: SITE },
      });
      sockets.push(socket);
      socket.on(WEBCHAT_EVENTS.message, (m: WebchatMessageDTO, confirm?: (ok: boolean) => void) => {
        received.set(m.id, { kind: KINDS[m.mediaType] ?? 'other', text: m.body });
        confirm?.(true);
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const send = async (body: string, file?: { data: Buffer; mimetype: string; filename?: string }) => {
        const stored = file ? await media.save(file.data, { filename: file.filename, purpose: 'received' }) : undefined;
        return (await hub.visitorSends(visitor, { id: `contract${String(seq++).padStart(6, '0')}`, body, media: stored })).id;
      };
      const unsupported = () => Promise.reject(new Error('the widget cannot do this'));
      const customer: ContractCustomer = {
        number: visitorAddress(visitor.id),
        sendText: (body) => send(body),
        sendMedia: (m) => send(m.caption ?? '', { data: m.data, mimetype: m.mimetype, filename: m.filename }),
        sendLocation: unsupported,
        sendContactCard: unsupported,
        sendToGroup: unsupported,
        revoke: unsupported,
        edit: unsupported,
        read: unsupported,
        sawReadReceipt: unsupported,
        received: () => Promise.resolve(new Map(received)),
      };
      return customer;
    },
    async close() {
      for (const s of sockets) s.disconnect();
      await realtime.close();
      await new Promise((resolve) => server.close(resolve));
      await testDb.drop();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
