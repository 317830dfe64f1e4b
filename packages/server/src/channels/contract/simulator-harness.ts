/**
 * The contract's simulator side: the simulator driver on its phone network (database-backed).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MediaStore } from '../../lib/media-store.js';
import { openTestDatabase } from '../../test/harness.js';
import { SimulatorDriver } from '../simulator/driver.js';
import { SimulatorNetwork } from '../simulator/network.js';
import type { ChannelHarness, ContractCustomer, ReceivedOnPhone } from './harness.js';

let nextNumber = 5511_9200_0000;

export async function simulatorHarness(): Promise<ChannelHarness> {
  const testDb = await openTestDatabase();
  await testDb.database.migrate();
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-contract-'));
  const network = new SimulatorNetwork(testDb.database.db, new MediaStore(mediaDir));
  let company: string | undefined;
  const requireCompany = () => {
    if (!company) throw new Error('not paired');
    return company;
  };
  return {
    name: 'simulator',
    createDriver: (ctx) => new SimulatorDriver(ctx, network),
    async scan(qr, number) {
      company = number;
      await network.scan(qr, number);
    },
    async addCustomer(opts = {}) {
      const from = String(nextNumber++);
      if (opts.lidAddressed || opts.refuses) {
        await network.behaviours.set(from, { lidAddressed: !!opts.lidAddressed, refuses: opts.refuses ?? null });
      }
      // A LID-only customer hides their number: the connection sees only their LID, as on WhatsApp.
      const hideNumber = opts.lidOnly ? true : undefined;
      const send = async (input: Omit<Parameters<SimulatorNetwork['customerSends']>[0], 'from' | 'to'>) =>
        (await network.customerSends({ from, to: requireCompany(), name: opts.name, hideNumber, ...input })).id;
      const customer: ContractCustomer = {
        number: from,
        sendText: (body) => send({ body }),
        sendLocation: (lat, lng, name) => send({ type: 'location', body: `${lat},${lng} ${name}` }),
        sendContactCard: (_name, vcard) => send({ type: 'vcard', body: vcard }),
        sendToGroup: (group, body) => send({ group, body }),
        sendMedia: (media) =>
          send({
            type: media.kind,
            body: media.caption,
            media: { mimetype: media.mimetype, filename: media.filename, data: media.data.toString('base64') },
          }),
        revoke: (id) => network.revoke(id),
        edit: (id, body) => network.edit(id, body),
        react: (id, emoji) => network.react(id, emoji),
        async reactionsFromCompany() {
          const rows = await network.chat(from, requireCompany());
          return new Map(rows.filter((r) => r.connectionReaction).map((r) => [r.id, r.connectionReaction!]));
        },
        read: () => network.read(from, requireCompany()),
        async received() {
          const rows = await network.chat(from, requireCompany());
          const kinds: Record<string, ReceivedOnPhone['kind']> = {
            text: 'text',
            image: 'image',
            audio: 'audio',
            video: 'video',
            document: 'document',
          };
          return new Map(
            rows
              .filter((r) => r.sender === 'connection')
              .map((r): [string, ReceivedOnPhone] => [
                r.id,
                {
                  kind: kinds[r.type] ?? 'other',
                  text: r.body,
                  voiceNote: r.type === 'audio' ? !!r.mediaMime?.startsWith('audio/ogg') : undefined,
                  data: r.mediaPath ? () => fs.promises.readFile(path.join(mediaDir, r.mediaPath!)) : undefined,
                },
              ]),
          );
        },
        async sawReadReceipt(id) {
          return (await network.message(id))?.ack === 3;
        },
      };
      return customer;
    },
    async enterPairingCode(number, code) {
      company = number;
      await network.enterCode(number, code);
    },
    async close() {
      await testDb.drop();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
