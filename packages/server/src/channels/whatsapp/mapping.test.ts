/**
 * Mapping of baileys payloads. The fixtures follow the shapes baileys 7 emits (WAMessage =
 * proto.IWebMessageInfo + the extra key fields remoteJidAlt/participantAlt/addressingMode), with
 * bytes written as base64 strings as protobuf's toObject renders them.
 */
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { toJid } from './jids.js';
import { proto, type WACallEvent, type WAMessage } from 'baileys';
import { describe, expect, it, vi } from 'vitest';
import { ChannelError } from '../driver.js';
import {
  ackFromStatus,
  createMediaDownloader,
  mapCall,
  mapContact,
  mapInboundMessage,
  mapMessageUpdate,
  mapReceipt,
  mapUpsertedMessage,
  type MappingContext,
} from './mapping.js';
import { parseStoredMessage } from './serialization.js';

const CUSTOMER = '5511987654321';
const CUSTOMER_JID = `${CUSTOMER}@s.whatsapp.net`;
const CUSTOMER_LID = '204914727645123@lid';
const SELF_JID = '5511900000000:12@s.whatsapp.net';
const GROUP_JID = '120363041234567890@g.us';

const knownLids: Record<string, string> = { '99887766554433@lid': '5521912345678@s.whatsapp.net' };

function context(overrides: Partial<MappingContext> = {}): MappingContext {
  return {
    selfJid: SELF_JID,
    pnForLid: (lid) => knownLids[lid],
    downloadMedia: vi.fn(() => Promise.resolve(Readable.from([Buffer.from('media-bytes')]))),
    now: () => new Date(),
    ...overrides,
  };
}

/** A one-to-one message from the customer, addressed by phone number (addressing mode "pn"). */
/**
 * Captured payloads hold bytes as base64 strings (their JSON form), which the proto types call
 * Uint8Array; the mapping only reads the fields it needs, so the captured shape is passed as is.
 */
type Captured = Record<string, unknown>;

function fromCustomer(captured: Captured | proto.IMessage, id = '3EB0C767D26A1D8E5B4F'): WAMessage {
  const message = captured as proto.IMessage;
  return {
    key: { remoteJid: CUSTOMER_JID, remoteJidAlt: CUSTOMER_LID, fromMe: false, id, addressingMode: 'pn' },
    messageTimestamp: 1718000000,
    pushName: 'Maria Souza',
    broadcast: false,
    message: {
      ...message,
      messageContextInfo: { deviceListMetadataVersion: 2, deviceListMetadata: { senderTimestamp: 1717990000 } },
    },
  };
}

const mediaFields = {
  url: 'https://mmg.whatsapp.net/o1/v/t62.7118-24/f1/m231/up-oil-image-xyz?ccb=9-4&oh=01_Q5AaIA&oe=66A0B0C0&_nc_sid=5e03e0&mms3=true',
  directPath: '/o1/v/t62.7118-24/f1/m231/up-oil-image-xyz?ccb=9-4&oh=01_Q5AaIA&oe=66A0B0C0&_nc_sid=5e03e0',
  mediaKey: 'lVf2hX7yHt3Sg1nqC8lH0n9wq0o5yD8m1T9cKk3b8pE=',
  fileSha256: 'p8l7z1m6W9n0Gm2o4QK4Y7l7x0Vd4pJ2bW8f3e1c9Ao=',
  fileEncSha256: 'Qm5yW8o7a2v9t6Z3k1N0d5F4s8h2J7x6c3V9b1L0p4E=',
  fileLength: 48211,
  mediaKeyTimestamp: 1718000000,
};

function expectMessage(message: WAMessage, ctx = context()) {
  const event = mapUpsertedMessage(message, ctx);
  expect(event?.type).toBe('message');
  return (event as Extract<typeof event, { type: 'message' }>).message;
}

describe('text messages', () => {
  it('maps a plain conversation message with sender, push name and timestamp', () => {
    const message = expectMessage(fromCustomer({ conversation: 'Olá, preciso de ajuda' }));
    expect(message).toMatchObject({
      externalId: '3EB0C767D26A1D8E5B4F',
      chat: { id: CUSTOMER, isGroup: false },
      sender: { number: CUSTOMER, name: 'Maria Souza' },
      fromMe: false,
      kind: 'chat',
      body: 'Olá, preciso de ajuda',
    });
    expect(message.timestamp.toISOString()).toBe(new Date(1718000000 * 1000).toISOString());
    expect(message.quotedExternalId).toBeUndefined();
    expect(message.media).toBeUndefined();
  });

  it("a message WhatsApp gives no time for, and a call without a date, take the app's clock", () => {
    const appTime = new Date('2031-01-02T03:04:05Z');
    const ctx = context({ now: () => appTime });
    const message = expectMessage({ ...fromCustomer({ conversation: 'Sem hora' }), messageTimestamp: null }, ctx);
    expect(message.timestamp).toEqual(appTime);
    const call: WACallEvent = {
      chatId: CUSTOMER_JID,
      from: CUSTOMER_JID,
      id: 'C1',
      date: undefined as unknown as Date,
      offline: false,
      status: 'offer',
    };
    expect(mapCall(call, ctx)).toMatchObject({ timestamp: appTime });
  });

  it('maps extended text with a quote to quotedExternalId', () => {
    const message = expectMessage(
      fromCustomer({
        extendedTextMessage: {
          text: 'Sim, esse pedido',
          contextInfo: {
            stanzaId: '3EB0AAAA1111BBBB2222',
            participant: SELF_JID.replace(':12', ''),
            quotedMessage: { conversation: 'Qual pedido?' },
          },
        },
      }),
    );
    expect(message.kind).toBe('chat');
    expect(message.body).toBe('Sim, esse pedido');
    expect(message.quotedExternalId).toBe('3EB0AAAA1111BBBB2222');
  });

  it('keeps the raw payload so the message can be re-served', () => {
    const original = fromCustomer({ conversation: 'guarde isto' });
    const message = expectMessage(original);
    expect(parseStoredMessage(message.raw)?.message?.conversation).toBe('guarde isto');
    expect(parseStoredMessage(message.raw)?.key.id).toBe(original.key.id);
  });

  it('maps a message sent from the company phone itself as fromMe with our number as sender', () => {
    const sent: WAMessage = {
      ...fromCustomer({ conversation: 'Respondido pelo celular' }),
      key: { remoteJid: CUSTOMER_JID, fromMe: true, id: '3A1B2C3D4E5F60718293' },
      pushName: 'Loja Centro',
    };
    const message = expectMessage(sent);
    expect(message.fromMe).toBe(true);
    expect(message.chat).toEqual({ id: CUSTOMER, isGroup: false });
    expect(message.sender.number).toBe('5511900000000');
  });
});

describe('media messages', () => {
  it('maps an image with caption and mimetype, and downloads through the context', async () => {
    const ctx = context();
    const message = expectMessage(
      fromCustomer({
        imageMessage: {
          ...mediaFields,
          mimetype: 'image/jpeg',
          caption: 'Foto do produto',
          height: 1280,
          width: 960,
          jpegThumbnail: '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8U',
        },
      }),
      ctx,
    );
    expect(message.kind).toBe('image');
    expect(message.body).toBe('Foto do produto');
    expect(message.media?.mimetype).toBe('image/jpeg');
    expect((await buffer(await message.media!.open())).toString()).toBe('media-bytes');
    expect(ctx.downloadMedia).toHaveBeenCalledWith(expect.objectContaining({ key: expect.objectContaining({ id: message.externalId }) }));
  });

  it('maps a video with caption', () => {
    const message = expectMessage(
      fromCustomer({ videoMessage: { ...mediaFields, mimetype: 'video/mp4', caption: 'Veja o defeito', seconds: 12 } }),
    );
    expect(message).toMatchObject({ kind: 'video', body: 'Veja o defeito', media: { mimetype: 'video/mp4' } });
  });

  it('maps a document with file name, mimetype and caption', () => {
    const message = expectMessage(
      fromCustomer({
        documentMessage: {
          ...mediaFields,
          mimetype: 'application/pdf',
          fileName: 'nota-fiscal-4411.pdf',
          title: 'nota-fiscal-4411.pdf',
          pageCount: 2,
          caption: 'Segue a nota',
        },
      }),
    );
    expect(message).toMatchObject({
      kind: 'document',
      body: 'Segue a nota',
      media: { mimetype: 'application/pdf', filename: 'nota-fiscal-4411.pdf' },
    });
  });

  it('unwraps documentWithCaptionMessage', () => {
    const message = expectMessage(
      fromCustomer({
        documentWithCaptionMessage: {
          message: {
            documentMessage: { ...mediaFields, mimetype: 'text/csv', fileName: 'pedidos.csv', caption: 'planilha' },
          },
        },
      }),
    );
    expect(message).toMatchObject({ kind: 'document', body: 'planilha', media: { filename: 'pedidos.csv' } });
  });

  it('maps a voice note (ptt) and a plain audio file to audio', () => {
    const voice = expectMessage(
      fromCustomer({
        audioMessage: { ...mediaFields, mimetype: 'audio/ogg; codecs=opus', seconds: 7, ptt: true, waveform: 'AAECAwQFBgcICQ==' },
      }),
    );
    expect(voice).toMatchObject({ kind: 'audio', body: '', media: { mimetype: 'audio/ogg; codecs=opus' } });
    const file = expectMessage(fromCustomer({ audioMessage: { ...mediaFields, mimetype: 'audio/mpeg', seconds: 180, ptt: false } }));
    expect(file).toMatchObject({ kind: 'audio', media: { mimetype: 'audio/mpeg' } });
  });

  it('maps a sticker', () => {
    const message = expectMessage(
      fromCustomer({ stickerMessage: { ...mediaFields, mimetype: 'image/webp', isAnimated: false, height: 64, width: 64 } }),
    );
    expect(message).toMatchObject({ kind: 'sticker', media: { mimetype: 'image/webp' } });
  });

  it('fills a default mimetype when the payload has none', () => {
    const message = expectMessage(fromCustomer({ imageMessage: { ...mediaFields } }));
    expect(message.media?.mimetype).toBe('image/jpeg');
  });

  it('turns any download failure into ERR_WAPP_DOWNLOAD_MEDIA', async () => {
    const ctx = context({ downloadMedia: async () => Promise.reject(new Error('403 Forbidden')) });
    const message = expectMessage(fromCustomer({ imageMessage: { ...mediaFields, mimetype: 'image/jpeg' } }), ctx);
    const failure = await message.media!.open().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ChannelError);
    expect((failure as ChannelError).code).toBe('ERR_WAPP_DOWNLOAD_MEDIA');
  });

  it('uses baileys downloadMediaMessage, whose refusal also becomes ERR_WAPP_DOWNLOAD_MEDIA', async () => {
    const downloadMedia = createMediaDownloader({
      reuploadRequest: (m) => Promise.resolve(m),
      logger: { level: 'silent', child: () => undefined as never, trace() {}, debug() {}, info() {}, warn() {}, error() {} },
    });
    // A sticker without url/directPath: baileys refuses before any network access.
    const message = expectMessage(fromCustomer({ stickerMessage: { mimetype: 'image/webp' } }), context({ downloadMedia }));
    await expect(message.media!.open()).rejects.toMatchObject({ code: 'ERR_WAPP_DOWNLOAD_MEDIA' });
  });
});

describe('location and contact cards', () => {
  it('maps a location to "lat,lng" with coordinates and place name', () => {
    const message = expectMessage(
      fromCustomer({
        locationMessage: {
          degreesLatitude: -23.5613,
          degreesLongitude: -46.6565,
          name: 'Loja Paulista',
          address: 'Av. Paulista, 1000',
          jpegThumbnail: '/9j/4AAQSkZJRg==',
        },
      }),
    );
    expect(message).toMatchObject({
      kind: 'location',
      body: '-23.5613,-46.6565',
      location: { latitude: -23.5613, longitude: -46.6565, name: 'Loja Paulista, Av. Paulista, 1000' },
    });
  });

  it('maps a live location like a location', () => {
    const message = expectMessage(
      fromCustomer({ liveLocationMessage: { degreesLatitude: 1.5, degreesLongitude: 2.25, sequenceNumber: 3 } }),
    );
    expect(message).toMatchObject({ kind: 'location', body: '1.5,2.25', location: { latitude: 1.5, longitude: 2.25 } });
  });

  const vcard = (name: string, phone: string) =>
    `BEGIN:VCARD\nVERSION:3.0\nN:;${name};;;\nFN:${name}\nTEL;type=CELL;waid=${phone}:+${phone}\nEND:VCARD`;

  it('maps a contact card to a vcard body', () => {
    const card = vcard('João Lima', '5511955554444');
    const message = expectMessage(fromCustomer({ contactMessage: { displayName: 'João Lima', vcard: card } }));
    expect(message).toMatchObject({ kind: 'vcard', body: card });
  });

  it('maps several contact cards to their vcards, one after the other', () => {
    const a = vcard('Ana', '5511911112222');
    const b = vcard('Bruno', '5511933334444');
    const message = expectMessage(
      fromCustomer({
        contactsArrayMessage: {
          displayName: '2 contatos',
          contacts: [
            { displayName: 'Ana', vcard: a },
            { displayName: 'Bruno', vcard: b },
          ],
        },
      }),
    );
    expect(message).toMatchObject({ kind: 'vcard', body: `${a}\n${b}` });
  });
});

describe('wrappers', () => {
  it('unwraps disappearing (ephemeral) messages', () => {
    const message = expectMessage(
      fromCustomer({
        ephemeralMessage: { message: { extendedTextMessage: { text: 'some em 7 dias', contextInfo: { expiration: 604800 } } } },
      }),
    );
    expect(message).toMatchObject({ kind: 'chat', body: 'some em 7 dias' });
  });

  it('unwraps view-once media', () => {
    const message = expectMessage(
      fromCustomer({ viewOnceMessageV2: { message: { imageMessage: { ...mediaFields, mimetype: 'image/jpeg', viewOnce: true } } } }),
    );
    expect(message.kind).toBe('image');
    const legacy = expectMessage(
      fromCustomer({ viewOnceMessage: { message: { videoMessage: { ...mediaFields, mimetype: 'video/mp4', viewOnce: true } } } }),
    );
    expect(legacy.kind).toBe('video');
  });

  it('unwraps media nested in an ephemeral view-once message', () => {
    const message = expectMessage(
      fromCustomer({
        ephemeralMessage: { message: { viewOnceMessageV2: { message: { imageMessage: { ...mediaFields, caption: 'uma vez' } } } } },
      }),
    );
    expect(message).toMatchObject({ kind: 'image', body: 'uma vez' });
  });
});

describe('what is not a conversation message', () => {
  it('ignores status broadcasts', () => {
    const status: WAMessage = {
      key: { remoteJid: 'status@broadcast', participant: CUSTOMER_JID, fromMe: false, id: 'AC1F2E3D4C5B6A79' },
      messageTimestamp: 1718000000,
      message: { imageMessage: { ...mediaFields, caption: 'meu status' } } as Captured,
    };
    expect(mapUpsertedMessage(status, context())).toBeUndefined();
  });

  it("maps a customer's reaction, and its removal (empty text), to the message it is on", () => {
    expect(
      mapUpsertedMessage(
        fromCustomer({
          reactionMessage: { key: { remoteJid: CUSTOMER_JID, id: 'X', fromMe: true }, text: '👍', senderTimestampMs: 1718000000000 },
        }),
        context(),
      ),
    ).toMatchObject({ type: 'reaction', externalId: 'X', emoji: '👍', fromMe: false, chat: { isGroup: false } });
    expect(
      mapUpsertedMessage(
        fromCustomer({ reactionMessage: { key: { remoteJid: CUSTOMER_JID, id: 'X', fromMe: true }, text: '' } }),
        context(),
      ),
    ).toMatchObject({ type: 'reaction', externalId: 'X', emoji: '' });
  });

  it('ignores stubs without content and empty messages', () => {
    expect(
      mapUpsertedMessage(
        { key: { remoteJid: GROUP_JID, id: 'STUB1', fromMe: false }, messageStubType: 27, messageStubParameters: [CUSTOMER_JID] },
        context(),
      ),
    ).toBeUndefined();
    expect(mapInboundMessage({ ...fromCustomer({}), message: null }, context())).toBeUndefined();
  });
});

describe('groups and LID addresses', () => {
  it('maps a group message: chat is the group, sender is the member (resolved from participantAlt)', () => {
    const message = expectMessage({
      key: {
        remoteJid: GROUP_JID,
        fromMe: false,
        id: '3EB0FFEE00112233',
        participant: '11122233344455@lid',
        participantAlt: '5531988887777@s.whatsapp.net',
        addressingMode: 'lid',
      },
      messageTimestamp: 1718000100,
      pushName: 'Carlos',
      message: { conversation: 'bom dia grupo' },
    });
    expect(message.chat).toEqual({ id: '120363041234567890', isGroup: true });
    expect(message.sender).toEqual({ number: '5531988887777', lid: '11122233344455@lid', name: 'Carlos' });
  });

  it('resolves a LID chat through remoteJidAlt', () => {
    const message = expectMessage({
      key: { remoteJid: CUSTOMER_LID, remoteJidAlt: CUSTOMER_JID, fromMe: false, id: 'LID1', addressingMode: 'lid' },
      messageTimestamp: 1718000000,
      pushName: 'Maria Souza',
      message: { conversation: 'oi' },
    });
    // The chat is WhatsApp's LID-addressed one: replies go to the LID (a send to the number is refused).
    expect(message.chat).toEqual({ id: CUSTOMER, isGroup: false, lid: CUSTOMER_LID });
    expect(message.sender).toMatchObject({ number: CUSTOMER, lid: CUSTOMER_LID });
  });

  it('maps a send WhatsApp refused (status ERROR with its code) to a failed event', () => {
    const refused = mapMessageUpdate({
      key: { remoteJid: CUSTOMER_JID, fromMe: true, id: 'OUT463' },
      update: { status: proto.WebMessageInfo.Status.ERROR, messageStubParameters: ['463'] },
    });
    expect(refused).toEqual({ type: 'failed', externalId: 'OUT463', error: 'ERR_WAPP_SEND_REFUSED', code: '463' });
    // Someone else's message, or a status of ours that is no refusal, is no failure.
    expect(
      mapMessageUpdate({
        key: { remoteJid: CUSTOMER_JID, fromMe: false, id: 'IN1' },
        update: { status: proto.WebMessageInfo.Status.ERROR },
      }),
    ).toBeUndefined();
    expect(
      mapMessageUpdate({
        key: { remoteJid: CUSTOMER_JID, fromMe: true, id: 'OUT1' },
        update: { status: proto.WebMessageInfo.Status.DELIVERY_ACK },
      })?.type,
    ).toBe('ack');
  });

  it('resolves a LID through the mapping store when the key has no alternate', () => {
    const message = expectMessage({
      key: { remoteJid: '99887766554433@lid', fromMe: false, id: 'LID2', addressingMode: 'lid' },
      messageTimestamp: 1718000000,
      message: { conversation: 'oi' },
    });
    expect(message.chat.id).toBe('5521912345678');
    expect(message.sender).toEqual({ number: '5521912345678', lid: '99887766554433@lid' });
  });

  it('keeps an unknown LID as the address (not its digits as a phone number), so replies reach the customer', () => {
    const message = expectMessage({
      key: { remoteJid: '77777777777777@lid', fromMe: false, id: 'LID3' },
      messageTimestamp: 1718000000,
      message: { conversation: 'oi' },
    });
    expect(message.chat).toEqual({ id: '77777777777777@lid', isGroup: false });
    expect(message.sender).toEqual({ number: '77777777777777@lid', lid: '77777777777777@lid' });
    expect(toJid(message.chat)).toBe('77777777777777@lid');
  });

  it('sends to the LID whenever the address carries one, to the number otherwise', () => {
    expect(toJid({ id: '5521912345678', isGroup: false, lid: '99887766554433:2@lid' })).toBe('99887766554433@lid');
    expect(toJid({ id: '5521912345678', isGroup: false })).toBe('5521912345678@s.whatsapp.net');
    expect(toJid({ id: '120363000000000001', isGroup: true, lid: '99887766554433@lid' })).toBe('120363000000000001@g.us');
  });

  it('strips the device suffix from sender JIDs', () => {
    const message = expectMessage({
      key: { remoteJid: GROUP_JID, fromMe: false, id: 'DEV1', participant: '5531988887777:4@s.whatsapp.net' },
      messageTimestamp: 1718000000,
      message: { conversation: 'oi' },
    });
    expect(message.sender.number).toBe('5531988887777');
  });
});

describe('delete for everyone and edits', () => {
  it('maps protocolMessage REVOKE to a revoke of the original id, in its chat', () => {
    const event = mapUpsertedMessage(
      fromCustomer(
        {
          protocolMessage: {
            key: { remoteJid: CUSTOMER_JID, fromMe: false, id: '3EB0C767D26A1D8E5B4F' },
            type: proto.Message.ProtocolMessage.Type.REVOKE,
          },
        },
        '3EB0REVOKE0000000001',
      ),
      context(),
    );
    expect(event).toEqual({ type: 'revoke', externalId: '3EB0C767D26A1D8E5B4F', chat: { id: CUSTOMER, isGroup: false } });
  });

  it('maps a group revoke with the group as chat', () => {
    const event = mapUpsertedMessage(
      {
        key: { remoteJid: GROUP_JID, participant: '5531988887777@s.whatsapp.net', fromMe: false, id: 'REV2' },
        messageTimestamp: 1718000000,
        message: { protocolMessage: { key: { remoteJid: GROUP_JID, id: 'ORIG2', participant: '5531988887777@s.whatsapp.net' }, type: 0 } },
      },
      context(),
    );
    expect(event).toEqual({ type: 'revoke', externalId: 'ORIG2', chat: { id: '120363041234567890', isGroup: true } });
  });

  it('maps protocolMessage MESSAGE_EDIT to an edit with the new text', () => {
    const event = mapUpsertedMessage(
      fromCustomer({
        protocolMessage: {
          key: { remoteJid: CUSTOMER_JID, fromMe: false, id: 'ORIG3' },
          type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
          editedMessage: { conversation: 'texto corrigido' },
          timestampMs: 1718000050000,
        },
      }),
      context(),
    );
    expect(event).toEqual({ type: 'edit', externalId: 'ORIG3', body: 'texto corrigido' });
  });

  it('maps an edit wrapped in editedMessage (the current wire format), including caption edits', () => {
    const event = mapUpsertedMessage(
      fromCustomer({
        editedMessage: {
          message: {
            protocolMessage: {
              key: { remoteJid: CUSTOMER_JID, fromMe: false, id: 'ORIG4' },
              type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
              editedMessage: { imageMessage: { caption: 'legenda nova' } },
            },
          },
        },
      }),
      context(),
    );
    expect(event).toEqual({ type: 'edit', externalId: 'ORIG4', body: 'legenda nova' });
  });

  it('ignores other protocol messages (e.g. ephemeral setting)', () => {
    const event = mapUpsertedMessage(
      fromCustomer({ protocolMessage: { type: proto.Message.ProtocolMessage.Type.EPHEMERAL_SETTING, ephemeralExpiration: 86400 } }),
      context(),
    );
    expect(event).toBeUndefined();
  });
});

describe('acks', () => {
  it('maps baileys statuses onto 0–4 and leaves ERROR without an ack', () => {
    const S = proto.WebMessageInfo.Status;
    expect(ackFromStatus(S.PENDING)).toBe(0);
    expect(ackFromStatus(S.SERVER_ACK)).toBe(1);
    expect(ackFromStatus(S.DELIVERY_ACK)).toBe(2);
    expect(ackFromStatus(S.READ)).toBe(3);
    expect(ackFromStatus(S.PLAYED)).toBe(4);
    expect(ackFromStatus(S.ERROR)).toBeUndefined();
    expect(ackFromStatus(undefined)).toBeUndefined();
  });

  it('maps messages.update status of our messages to ack', () => {
    expect(
      mapMessageUpdate({ key: { remoteJid: CUSTOMER_JID, fromMe: true, id: 'OUT1' }, update: { status: 3, messageTimestamp: 1718000200 } }),
    ).toEqual({ type: 'ack', externalId: 'OUT1', ack: 2 });
    expect(mapMessageUpdate({ key: { remoteJid: CUSTOMER_JID, fromMe: true, id: 'OUT1' }, update: { status: 4 } })).toEqual({
      type: 'ack',
      externalId: 'OUT1',
      ack: 3,
    });
  });

  it('ignores updates that are not statuses of our own messages', () => {
    expect(mapMessageUpdate({ key: { remoteJid: CUSTOMER_JID, fromMe: false, id: 'IN1' }, update: { status: 4 } })).toBeUndefined();
    expect(mapMessageUpdate({ key: { remoteJid: CUSTOMER_JID, fromMe: true, id: 'OUT1' }, update: { starred: true } })).toBeUndefined();
    expect(mapMessageUpdate({ key: { remoteJid: 'status@broadcast', fromMe: true, id: 'S1' }, update: { status: 4 } })).toBeUndefined();
  });

  it('maps group receipts (message-receipt.update) to delivered / read / played', () => {
    const key = { remoteJid: GROUP_JID, fromMe: true, id: 'GOUT1' };
    expect(mapReceipt({ key, receipt: { userJid: CUSTOMER_JID, receiptTimestamp: 1718000300 } })).toEqual({
      type: 'ack',
      externalId: 'GOUT1',
      ack: 2,
    });
    expect(mapReceipt({ key, receipt: { userJid: CUSTOMER_JID, readTimestamp: 1718000400 } })).toEqual({
      type: 'ack',
      externalId: 'GOUT1',
      ack: 3,
    });
    expect(mapReceipt({ key, receipt: { userJid: CUSTOMER_JID, playedTimestamp: 1718000500 } })).toEqual({
      type: 'ack',
      externalId: 'GOUT1',
      ack: 4,
    });
    expect(mapReceipt({ key: { ...key, fromMe: false }, receipt: { userJid: CUSTOMER_JID, readTimestamp: 1 } })).toBeUndefined();
  });
});

describe('calls', () => {
  const offer: WACallEvent = {
    chatId: CUSTOMER_LID,
    from: CUSTOMER_LID,
    callerPn: CUSTOMER_JID,
    id: 'C7D9E1F3A5B7C9D1E3F5',
    date: new Date('2024-06-10T12:00:00Z'),
    isVideo: false,
    isGroup: false,
    status: 'offer',
    offline: false,
  };

  it('maps an incoming call offer, resolving a LID caller through callerPn', () => {
    expect(mapCall(offer, context())).toEqual({
      type: 'call',
      callId: 'C7D9E1F3A5B7C9D1E3F5',
      from: CUSTOMER,
      isVideo: false,
      timestamp: new Date('2024-06-10T12:00:00Z'),
    });
    expect(mapCall({ ...offer, from: CUSTOMER_JID, callerPn: undefined, isVideo: true }, context())).toMatchObject({
      from: CUSTOMER,
      isVideo: true,
    });
  });

  it('ignores the later states of a call and group calls', () => {
    for (const status of ['ringing', 'timeout', 'reject', 'accept', 'terminate'] as const) {
      expect(mapCall({ ...offer, status }, context())).toBeUndefined();
    }
    expect(mapCall({ ...offer, isGroup: true, groupJid: GROUP_JID }, context())).toBeUndefined();
  });
});

describe('contacts', () => {
  it('maps a contact with saved name, picture and LID', () => {
    expect(
      mapContact(
        { id: CUSTOMER_JID, lid: CUSTOMER_LID, name: 'Maria (cliente)', notify: 'Maria', imgUrl: 'https://pps.whatsapp.net/v/t61/abc.jpg' },
        context(),
      ),
    ).toEqual({
      type: 'contact',
      number: CUSTOMER,
      name: 'Maria (cliente)',
      profilePicUrl: 'https://pps.whatsapp.net/v/t61/abc.jpg',
      lid: CUSTOMER_LID,
    });
  });

  it('maps a LID-addressed contact through phoneNumber, with push name as the name', () => {
    expect(mapContact({ id: CUSTOMER_LID, phoneNumber: CUSTOMER_JID, notify: 'Maria' }, context())).toEqual({
      type: 'contact',
      number: CUSTOMER,
      name: 'Maria',
      lid: CUSTOMER_LID,
    });
  });

  it('does not treat "changed" as a picture URL and skips groups', () => {
    expect(mapContact({ id: CUSTOMER_JID, imgUrl: 'changed' }, context())).toEqual({ type: 'contact', number: CUSTOMER });
    expect(mapContact({ id: GROUP_JID, name: 'Grupo' }, context())).toBeUndefined();
  });
});

describe('messages baileys could not decrypt', () => {
  const stub = (overrides: Partial<WAMessage> = {}): WAMessage => ({
    key: { remoteJid: CUSTOMER_LID, remoteJidAlt: CUSTOMER_JID, fromMe: false, id: '3A0000UNDECRYPTABLE' },
    messageTimestamp: 1718000000,
    pushName: 'Rita',
    messageStubType: proto.WebMessageInfo.StubType.CIPHERTEXT,
    messageStubParameters: ['Bad MAC'],
    ...overrides,
  });

  it('a CIPHERTEXT stub becomes a placeholder waiting for the resend, in the customer chat', () => {
    expect(mapUpsertedMessage(stub(), context())).toEqual({
      type: 'message',
      message: {
        externalId: '3A0000UNDECRYPTABLE',
        chat: { id: CUSTOMER, isGroup: false, lid: CUSTOMER_LID },
        sender: { number: CUSTOMER, lid: CUSTOMER_LID, name: 'Rita' },
        fromMe: false,
        timestamp: new Date(1718000000 * 1000),
        kind: 'chat',
        body: '',
        awaitingResend: true,
      },
    });
  });

  it('the resend with content is an ordinary message; a peer stub of our own devices is not shown', () => {
    const resent = mapUpsertedMessage(
      stub({ messageStubType: undefined, messageStubParameters: undefined, message: { conversation: 'oi' } }),
      context(),
    );
    expect(resent).toMatchObject({ type: 'message', message: { body: 'oi' } });
    expect((resent as { message: object }).message).not.toHaveProperty('awaitingResend');
    expect(mapUpsertedMessage(stub({ category: 'peer' }), context())).toBeUndefined();
  });
});
