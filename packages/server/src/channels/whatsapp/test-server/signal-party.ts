/**
 * One end of a Signal conversation, as a phone holds it: an identity, a signed pre-key, one-time
 * pre-keys it hands out, and sessions. It is baileys' own libsignal repository
 * (lib/Signal/libsignal.js) over an in-memory key store, so what the test server encrypts is
 * exactly what a WhatsApp phone would send and the driver decrypts it with the same code.
 */
import {
  addTransactionCapability,
  Curve,
  encodeBigEndian,
  encodeWAMessage,
  initAuthCreds,
  KEY_BUNDLE_TYPE,
  proto,
  unpadRandomMax16,
  type AuthenticationCreds,
  type BinaryNode,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from 'baileys';
import { makeLibSignalRepository } from 'baileys/lib/Signal/libsignal.js';
import { silentLogger } from './silent-logger.js';

type Repository = ReturnType<typeof makeLibSignalRepository>;

function memoryKeyStore(): SignalKeyStore {
  const data = new Map<string, unknown>();
  return {
    get: <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
      const out: Record<string, SignalDataTypeMap[T]> = {};
      for (const id of ids) {
        const value = data.get(`${type}:${id}`);
        if (value !== undefined) out[id] = value as SignalDataTypeMap[T];
      }
      return out;
    },
    set: (set: SignalDataSet) => {
      for (const [type, entries] of Object.entries(set)) {
        for (const [id, value] of Object.entries(entries ?? {})) {
          if (value === null || value === undefined) data.delete(`${type}:${id}`);
          else data.set(`${type}:${id}`, value);
        }
      }
    },
  };
}

export class SignalParty {
  readonly creds: AuthenticationCreds = initAuthCreds();
  private readonly keys = addTransactionCapability(memoryKeyStore(), silentLogger, { maxCommitRetries: 1, delayBetweenTriesMs: 0 });
  private readonly repository: Repository = makeLibSignalRepository({ creds: this.creds, keys: this.keys }, silentLogger);
  private nextPreKeyId = 1;

  /**
   * The `user` node of an encrypt/key answer for `jid` — the same children the client uploads
   * (Utils/signal.js getNextPreKeysNode) and reads back (parseAndInjectE2ESessions). A fresh
   * one-time pre-key each time, kept so a pkmsg built on it can be decrypted.
   */
  async keyBundleNode(jid: string): Promise<BinaryNode> {
    const id = this.nextPreKeyId++;
    const preKey = Curve.generateKeyPair();
    await this.keys.set({ 'pre-key': { [id]: preKey } });
    const { signedPreKey } = this.creds;
    return {
      tag: 'user',
      attrs: { jid },
      content: [
        { tag: 'registration', attrs: {}, content: encodeBigEndian(this.creds.registrationId) },
        { tag: 'type', attrs: {}, content: KEY_BUNDLE_TYPE },
        { tag: 'identity', attrs: {}, content: this.creds.signedIdentityKey.public },
        {
          tag: 'skey',
          attrs: {},
          content: [
            { tag: 'id', attrs: {}, content: encodeBigEndian(signedPreKey.keyId, 3) },
            { tag: 'value', attrs: {}, content: signedPreKey.keyPair.public },
            { tag: 'signature', attrs: {}, content: signedPreKey.signature },
          ],
        },
        {
          tag: 'key',
          attrs: {},
          content: [
            { tag: 'id', attrs: {}, content: encodeBigEndian(id, 3) },
            { tag: 'value', attrs: {}, content: preKey.public },
          ],
        },
      ],
    };
  }

  async hasSession(jid: string): Promise<boolean> {
    return (await this.repository.validateSession(jid)).exists;
  }

  /** Starts a session from a pre-key bundle the peer uploaded (see KeyServer). */
  async startSession(jid: string, bundle: PreKeyBundle): Promise<void> {
    await this.repository.injectE2ESession({ jid, session: bundle });
  }

  /** Encrypts a message as a phone does: padded (Utils/generics.js encodeWAMessage), then Signal. */
  async encrypt(jid: string, message: proto.IMessage): Promise<{ type: 'pkmsg' | 'msg'; ciphertext: Uint8Array }> {
    return this.repository.encryptMessage({ jid, data: encodeWAMessage(message) });
  }

  /**
   * A group message as a member's phone sends it: the content under the member's sender key
   * (`skmsg`) and the sender key itself, to hand out in a pairwise message (decode-wa-message.js
   * processes a senderKeyDistributionMessage before the skmsg of the same stanza).
   */
  async encryptForGroup(
    group: string,
    meId: string,
    message: proto.IMessage,
  ): Promise<{ ciphertext: Uint8Array; senderKeyDistributionMessage: Uint8Array }> {
    return this.repository.encryptGroupMessage({ group, meId, data: encodeWAMessage(message) });
  }

  /**
   * A group member's phone takes the sender key another member handed out in a pairwise message
   * (decode-wa-message.js processes it before the skmsg; lib/Signal/libsignal.js:62-80).
   */
  async acceptSenderKey(group: string, authorJid: string, senderKeyDistributionMessage: Uint8Array): Promise<void> {
    await this.repository.processSenderKeyDistributionMessage({
      authorJid,
      item: { groupId: group, axolotlSenderKeyDistributionMessage: senderKeyDistributionMessage },
    });
  }

  /** A group message under `authorJid`'s sender key (libsignal.js:54-61); throws without that key. */
  async decryptGroup(group: string, authorJid: string, ciphertext: Uint8Array): Promise<proto.Message> {
    const padded = await this.repository.decryptGroupMessage({ group, authorJid, msg: ciphertext });
    return proto.Message.decode(unpadRandomMax16(padded));
  }

  async decrypt(jid: string, type: 'pkmsg' | 'msg', ciphertext: Uint8Array): Promise<proto.Message> {
    const padded = await this.repository.decryptMessage({ jid, type, ciphertext });
    return proto.Message.decode(unpadRandomMax16(padded));
  }
}

export interface PreKeyBundle {
  registrationId: number;
  identityKey: Uint8Array;
  signedPreKey: { keyId: number; publicKey: Uint8Array; signature: Uint8Array };
  preKey?: { keyId: number; publicKey: Uint8Array };
}
