/**
 * The contract's Cloud API side: the Cloud API driver against the Graph API stand-in, whose
 * customers deliver signed webhooks that go through the product's signature check and payload
 * mapping (webhook.ts) into the driver's context — as the webhook route does.
 */
import { GraphStandin } from '../../test/graph-standin.js';
import { CloudDriver } from '../whatsapp-cloud/driver.js';
import { GraphClient, type CloudAccount } from '../whatsapp-cloud/graph.js';
import { eventsOf, validSignature, type CloudWebhookPayload } from '../whatsapp-cloud/webhook.js';
import type { DriverContext } from '../driver.js';
import type { ChannelHarness, ContractCustomer, ReceivedOnPhone } from './harness.js';

let nextCustomer = 5511_9400_0000;
let nextPhoneId = 100_000_000_000_001;

/** A vCard's name and numbers as the Cloud API's contacts object. */
function contactOf(vcard: string) {
  const fn = /^FN:(.*)$/m.exec(vcard)?.[1] ?? '';
  const phones = [...vcard.matchAll(/^TEL[^:]*:(.*)$/gm)].map((m) => ({ phone: m[1], wa_id: m[1].replace(/\D/g, ''), type: 'CELL' }));
  return { name: { formatted_name: fn, first_name: fn }, phones };
}

export async function whatsappCloudHarness(): Promise<ChannelHarness> {
  const standin = new GraphStandin();
  const baseUrl = await standin.start();
  let account: CloudAccount | null = null;
  let current: DriverContext | null = null;
  const requireAccount = () => {
    if (!account) throw new Error('no account provisioned');
    return account;
  };

  return {
    name: 'whatsapp-cloud',
    createDriver(ctx) {
      current = ctx;
      const bound = account;
      return new CloudDriver(ctx, baseUrl, () => Promise.resolve(bound));
    },
    scan() {
      return Promise.reject(new Error('the Cloud API has no QR code'));
    },
    provision(number) {
      const phoneNumberId = String(nextPhoneId++);
      account = {
        phoneNumberId,
        businessAccountId: String(nextPhoneId++),
        accessToken: `EAAG${phoneNumberId}token`,
        appSecret: `secret-${phoneNumberId}`,
        verifyToken: `verify-${phoneNumberId}`,
      };
      const acc = account;
      standin.addNumber({
        phoneNumberId,
        businessAccountId: acc.businessAccountId,
        displayPhoneNumber: `+${number.slice(0, 2)} ${number.slice(2, 4)} ${number.slice(4)}`,
        accessToken: acc.accessToken,
        appSecret: acc.appSecret,
        // What the webhook route does: check the signature, map the payload, hand the events on.
        webhook: async (raw, signature) => {
          if (!validSignature(Buffer.from(raw), signature, acc.appSecret)) return 401;
          const graph = new GraphClient(baseUrl, acc);
          const ctx = current;
          if (!ctx) return 503;
          for (const e of eventsOf(JSON.parse(raw) as CloudWebhookPayload, acc.phoneNumberId, (id) => graph.downloadMedia(id))) {
            await ctx.emit(e);
          }
          return 200;
        },
      });
      return Promise.resolve();
    },
    addCustomer(opts = {}) {
      const from = String(nextCustomer++);
      const pnid = () => requireAccount().phoneNumberId;
      const send = async (message: Record<string, unknown>) => (await standin.customerSends(pnid(), from, message, { name: opts.name })).id;
      const unsupported = (what: string) => () => Promise.reject(new Error(`the Cloud API has no ${what}`));
      const customer: ContractCustomer = {
        number: from,
        sendText: (body) => send({ type: 'text', text: { body } }),
        sendLocation: (latitude, longitude, name) => send({ type: 'location', location: { latitude, longitude, name } }),
        sendContactCard: (_name, vcard) => send({ type: 'contacts', contacts: [contactOf(vcard)] }),
        sendMedia: (media) => {
          const id = standin.customerMedia(pnid(), media.data, media.mimetype, media.filename);
          const object: Record<string, unknown> = { id, mime_type: media.mimetype, sha256: 'x' };
          if (media.caption) object.caption = media.caption;
          if (media.filename && media.kind === 'document') object.filename = media.filename;
          if (media.kind === 'audio') object.voice = !!media.voiceNote;
          return send({ type: media.kind, [media.kind]: object });
        },
        sendToGroup: unsupported('groups'),
        revoke: unsupported('revoke webhook'),
        edit: unsupported('edit webhook'),
        read: async (ids) => standin.customerReads(pnid(), ids),
        received() {
          const kinds: Record<string, ReceivedOnPhone['kind']> = {
            text: 'text',
            image: 'image',
            audio: 'audio',
            video: 'video',
            document: 'document',
          };
          return Promise.resolve(
            new Map(
              [...standin.sent.values()]
                .filter((m) => m.to === from)
                .map((m): [string, ReceivedOnPhone] => {
                  const object = m.payload[m.type] as { body?: string; caption?: string } | undefined;
                  const media = m.media;
                  return [
                    m.id,
                    {
                      kind: kinds[m.type] ?? 'other',
                      text: object?.body ?? object?.caption ?? '',
                      voiceNote: m.type === 'audio' ? media?.mimetype === 'audio/ogg' : undefined,
                      data: media ? () => Promise.resolve(media.data) : undefined,
                    },
                  ];
                }),
            ),
          );
        },
        sawReadReceipt: (id) => Promise.resolve(standin.readByBusiness.has(id)),
      };
      return Promise.resolve(customer);
    },
    close: () => standin.close(),
  };
}
