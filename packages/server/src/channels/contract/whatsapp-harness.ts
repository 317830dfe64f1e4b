/**
 * The contract's WhatsApp side: the real baileys driver connected to the protocol test server.
 */
import { Curve, initAuthCreds, proto, type MediaType } from 'baileys';
import { WhatsAppTestServer } from '../whatsapp/test-server/server.js';
import type { SimulatedCustomer } from '../whatsapp/test-server/customer.js';
import { createWhatsappDriver } from '../whatsapp/driver.js';
import { WebVersionSource } from '../whatsapp/web-version.js';
import { CREDS_KEY, signalKeyName } from '../whatsapp/auth-state.js';
import { serialize } from '../whatsapp/serialization.js';
import type { ChannelHarness, ContractCustomer, ReceivedOnPhone } from './harness.js';
import { MemoryAuthStore } from './recording-context.js';

let nextNumber = 5511_9100_0000;

/** How many one-time pre-keys baileys uploads when the server holds none (its INITIAL_PREKEY_COUNT). */
const FIRST_UPLOAD = 812;
let preKeyEntries: [string, string][] | undefined;

/**
 * A device never linked, whose one-time pre-keys are already in its store. Baileys generates 812
 * X25519 pre-keys at a device's first connection; with a new device per scenario that was about
 * 0.35 s of CPU per scenario, over 40% of this contract's. Here they are generated once per process
 * and copied into each store, with baileys' own fresh creds pointing past them: the first connection
 * still finds none on the server and uploads all 812 of them (its upload path is unchanged), it
 * only does not generate them. Each device has its own identity and signed pre-key.
 */
export function unlinkedDeviceStore(): MemoryAuthStore {
  preKeyEntries ??= Array.from({ length: FIRST_UPLOAD }, (_, i) => [
    signalKeyName('pre-key', String(i + 1)),
    serialize(Curve.generateKeyPair()),
  ]);
  const store = new MemoryAuthStore();
  for (const [key, value] of preKeyEntries) store.data.set(key, value);
  store.data.set(CREDS_KEY, serialize({ ...initAuthCreds(), nextPreKeyId: FIRST_UPLOAD + 1, firstUnuploadedPreKeyId: 1 }));
  return store;
}

export async function whatsappHarness(): Promise<ChannelHarness & { server: WhatsAppTestServer }> {
  const server = await WhatsAppTestServer.start();
  let company: string | undefined;
  const requireCompany = () => {
    if (!company) throw new Error('not paired');
    return company;
  };
  return {
    name: 'whatsapp (baileys over the protocol test server)',
    server,
    newAuthStore: unlinkedDeviceStore,
    // The WhatsApp Web version comes from the test server's /sw.js, as in production from WhatsApp Web.
    createDriver: (ctx) =>
      createWhatsappDriver(ctx, {
        waWebSocketUrl: server.url,
        reconnectDelays: [50, 100, 200],
        versions: new WebVersionSource({ url: server.versionUrl }),
      }),
    scan(qr, number) {
      company = number;
      server.scan(qr, number);
      return Promise.resolve();
    },
    addCustomer(opts = {}) {
      const number = opts.lidOnly ? undefined : String(nextNumber++);
      const customer = server.addCustomer({
        number,
        name: opts.name,
        lidAddressed: opts.lidAddressed,
        refuses: opts.refuses,
        hidesNumber: opts.hiddenNumber,
      });
      const wrapped = wrapCustomer(server, customer, requireCompany);
      return Promise.resolve(
        opts.hiddenNumber ? { ...wrapped, revealNumber: () => server.announceLidMapping(customer, requireCompany()) } : wrapped,
      );
    },
    disconnect(number, reason) {
      server.disconnect(number, reason);
      return Promise.resolve();
    },
    openSessions: (number) => (server.isConnected(number) ? 1 : 0),
    async enterPairingCode(number, code) {
      company = number;
      // The companion's request may still be on its way: the phone's prompt appears once it arrives.
      if (!server.hasCodeRequest(number)) {
        await new Promise<void>((resolve) => {
          const onRequest = (asked: string) => {
            if (asked !== number) return;
            server.off('code-request', onRequest);
            resolve();
          };
          server.on('code-request', onRequest);
        });
      }
      await server.enterPairingCode(number, code);
    },
    requirePasskey: (number, type) => server.requirePasskey(number, type),
    close: () => server.close(),
  };
}

function wrapCustomer(server: WhatsAppTestServer, customer: SimulatedCustomer, company: () => string): ContractCustomer {
  const send = (message: proto.IMessage, attrs?: Record<string, string>) => server.customerSends(customer, company(), message, { attrs });
  // The company's chat as the customer's phone addresses it in protocol messages.
  const chatKey = (id: string) => ({ remoteJid: `${company()}@s.whatsapp.net`, fromMe: true, id });
  return {
    number: customer.number,
    sendText: (body) => send({ conversation: body }),
    sendLocation: (latitude, longitude, name) =>
      send({ locationMessage: { degreesLatitude: latitude, degreesLongitude: longitude, name } }),
    sendContactCard: (displayName, vcard) => send({ contactMessage: { displayName, vcard } }),
    sendToGroup: (groupId, body) => server.customerSendsToGroup(customer, company(), groupId, { conversation: body }),
    async sendMedia(media) {
      const uploaded = await server.uploadMedia(media.data, media.kind);
      const common = { ...uploaded, mimetype: media.mimetype, mediaKeyTimestamp: Math.floor(Date.now() / 1000) };
      switch (media.kind) {
        case 'image':
          return send({ imageMessage: { ...common, caption: media.caption } });
        case 'audio':
          return send({ audioMessage: { ...common, ptt: !!media.voiceNote, seconds: 1 } });
        case 'document':
          return send({ documentMessage: { ...common, fileName: media.filename, caption: media.caption } });
      }
    },
    // Revoke and edit are protocol messages about our own earlier message (process-message.js).
    async revoke(id) {
      await send({ protocolMessage: { key: chatKey(id), type: proto.Message.ProtocolMessage.Type.REVOKE } }, { edit: '7' });
    },
    async edit(id, body) {
      await send(
        {
          protocolMessage: {
            key: chatKey(id),
            type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
            editedMessage: { conversation: body },
            timestampMs: Date.now(),
          },
        },
        { edit: '1' },
      );
    },
    // A reaction is a message of its own naming the message it is on (reactionMessage.key).
    async react(id, emoji) {
      await send({
        reactionMessage: {
          key: { remoteJid: `${company()}@s.whatsapp.net`, fromMe: false, id },
          text: emoji,
          senderTimestampMs: Date.now(),
        },
      });
    },
    reactionsFromCompany() {
      const out = new Map<string, string>();
      for (const { message } of customer.inbox.values()) {
        const reaction = (message.deviceSentMessage?.message ?? message).reactionMessage;
        const target = reaction?.key?.id;
        if (!target) continue;
        if (reaction.text) out.set(target, reaction.text);
        else out.delete(target);
      }
      return Promise.resolve(out);
    },
    read(ids) {
      server.sendReadReceipt(customer, company(), ids);
      return Promise.resolve();
    },
    received() {
      const out = new Map<string, ReceivedOnPhone>();
      for (const [id, { message }] of customer.inbox) {
        const m = message.deviceSentMessage?.message ?? message;
        const media = m.imageMessage ?? m.audioMessage ?? m.videoMessage ?? m.documentMessage;
        const type: MediaType | undefined = m.imageMessage
          ? 'image'
          : m.audioMessage
            ? 'audio'
            : m.videoMessage
              ? 'video'
              : m.documentMessage
                ? 'document'
                : undefined;
        out.set(id, {
          kind: type ?? (m.conversation != null || m.extendedTextMessage ? 'text' : 'other'),
          text:
            m.conversation ??
            m.extendedTextMessage?.text ??
            m.imageMessage?.caption ??
            m.videoMessage?.caption ??
            m.documentMessage?.caption ??
            '',
          voiceNote: m.audioMessage ? !!m.audioMessage.ptt : undefined,
          data: media && type ? () => server.downloadSentMedia(media, type) : undefined,
        });
      }
      // The company's edits (protocolMessage MESSAGE_EDIT) replace the text the phone shows.
      for (const { message } of customer.inbox.values()) {
        const protocol = (message.deviceSentMessage?.message ?? message).protocolMessage;
        const target = protocol?.key?.id ? out.get(protocol.key.id) : undefined;
        if (protocol?.type !== proto.Message.ProtocolMessage.Type.MESSAGE_EDIT || !target) continue;
        const edited = protocol.editedMessage;
        target.text = edited?.conversation ?? edited?.extendedTextMessage?.text ?? target.text;
      }
      return Promise.resolve(out);
    },
    sawReadReceipt(id) {
      return Promise.resolve(customer.readByCompany.has(id));
    },
  };
}
