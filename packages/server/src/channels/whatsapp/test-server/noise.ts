/**
 * WhatsApp's side of the Noise XX handshake and the framed transport that follows, mirroring the
 * client in baileys/lib/Utils/noise-handler.js step by step (line numbers are that file's).
 *
 * Both sides keep a running hash (authenticated data of every handshake ciphertext), a salt and one
 * AES-GCM key whose IV counter is shared by encrypt and decrypt and reset by each mixIntoKey (:70-90).
 */
import { aesDecryptGCM, aesEncryptGCM, Curve, hkdf, NOISE_MODE, NOISE_WA_HEADER, proto, sha256, type KeyPair } from 'baileys';
import { encodeBinaryNode, decodeBinaryNode, type BinaryNode } from 'baileys';

const ivFor = (counter: number): Buffer => {
  const iv = Buffer.alloc(12);
  iv.writeUInt32BE(counter, 8);
  return iv;
};

/** Handshake state of one connection (noise-handler.js:41-50). */
class HandshakeState {
  private hash: Buffer;
  private salt: Buffer;
  private key: Buffer;
  private counter = 0;

  constructor() {
    const mode = Buffer.from(NOISE_MODE);
    // NOISE_MODE is exactly 32 bytes, so the hash starts as the mode itself (:42).
    this.hash = mode.byteLength === 32 ? mode : Buffer.from(sha256(mode));
    this.salt = this.hash;
    this.key = this.hash;
  }

  authenticate(data: Uint8Array): void {
    this.hash = Buffer.from(sha256(Buffer.concat([this.hash, data])));
  }

  encrypt(plaintext: Uint8Array): Buffer {
    const result = Buffer.from(aesEncryptGCM(plaintext, this.key, ivFor(this.counter++), this.hash));
    this.authenticate(result);
    return result;
  }

  decrypt(ciphertext: Uint8Array): Buffer {
    const result = Buffer.from(aesDecryptGCM(ciphertext, this.key, ivFor(this.counter++), this.hash));
    this.authenticate(ciphertext);
    return result;
  }

  mixIntoKey(data: Uint8Array): void {
    const [write, read] = this.split(data);
    this.salt = write;
    this.key = read;
    this.counter = 0;
  }

  /** Transport keys (finishInit, :91-97): the client writes with [0:32]; so we read with them. */
  transport(): Transport {
    const [clientWrite, clientRead] = this.split(new Uint8Array(0));
    return new Transport(clientRead, clientWrite);
  }

  private split(data: Uint8Array): [Buffer, Buffer] {
    const key = Buffer.from(hkdf(Buffer.from(data), 64, { salt: this.salt, info: '' }));
    return [key.subarray(0, 32), key.subarray(32)];
  }
}

/** After the handshake: AES-GCM per frame with a counter IV and no additional data (:13-37). */
class Transport {
  private readCounter = 0;
  private writeCounter = 0;
  constructor(
    private readonly encKey: Buffer,
    private readonly decKey: Buffer,
  ) {}
  encrypt(plaintext: Uint8Array): Buffer {
    return Buffer.from(aesEncryptGCM(plaintext, this.encKey, ivFor(this.writeCounter++), Buffer.alloc(0)));
  }
  decrypt(ciphertext: Uint8Array): Buffer {
    return Buffer.from(aesDecryptGCM(ciphertext, this.decKey, ivFor(this.readCounter++), Buffer.alloc(0)));
  }
}

export interface ServerIdentity {
  /** The server's static Noise key pair. */
  staticKey: KeyPair;
  /** Encoded proto.CertChain vouching for staticKey (see certificates.ts). */
  certChain: Uint8Array;
}

export interface HandshakeResult {
  /** The client's Noise static public key (creds.noiseKey.public). */
  clientStaticKey: Buffer;
  payload: proto.ClientPayload;
}

/**
 * One connection's byte stream: the intro header, the three handshake messages, then encrypted
 * binary nodes. Frames are a 3-byte big-endian length and the data (:158-171).
 */
export class NoiseServerConnection {
  private inBytes = Buffer.alloc(0);
  private sawIntro = false;
  private handshake = new HandshakeState();
  private serverEphemeral = Curve.generateKeyPair();
  private transport: Transport | undefined;
  private result: HandshakeResult | undefined;

  constructor(
    private readonly identity: ServerIdentity,
    private readonly send: (bytes: Buffer) => void,
    private readonly onHandshake: (result: HandshakeResult) => void,
    private readonly onNode: (node: BinaryNode) => void,
  ) {}

  async receive(data: Buffer): Promise<void> {
    this.inBytes = Buffer.concat([this.inBytes, data]);
    if (!this.sawIntro) {
      if (this.inBytes.length < NOISE_WA_HEADER.length) return;
      // The client sends NOISE_WA_HEADER once before its first frame (encodeFrame, :160-164).
      if (!this.inBytes.subarray(0, NOISE_WA_HEADER.length).equals(NOISE_WA_HEADER)) throw new Error('bad intro header');
      this.inBytes = this.inBytes.subarray(NOISE_WA_HEADER.length);
      this.sawIntro = true;
      this.handshake.authenticate(NOISE_WA_HEADER);
    }
    while (this.inBytes.length >= 3) {
      const size = (this.inBytes[0] << 16) | (this.inBytes[1] << 8) | this.inBytes[2];
      if (this.inBytes.length < size + 3) return;
      const frame = this.inBytes.subarray(3, size + 3);
      this.inBytes = this.inBytes.subarray(size + 3);
      await this.onFrame(frame);
    }
  }

  sendNode(node: BinaryNode): void {
    if (!this.transport) throw new Error('handshake not finished');
    this.sendFrame(this.transport.encrypt(encodeBinaryNode(node)));
  }

  private async onFrame(frame: Buffer): Promise<void> {
    if (this.transport) {
      this.onNode(await decodeBinaryNode(this.transport.decrypt(frame)));
      return;
    }
    const message = proto.HandshakeMessage.decode(frame);
    if (message.clientHello?.ephemeral) this.answerClientHello(Buffer.from(message.clientHello.ephemeral));
    else if (message.clientFinish?.static && message.clientFinish.payload) {
      this.acceptClientFinish(message.clientFinish.static, message.clientFinish.payload);
    } else throw new Error('unexpected handshake message');
  }

  /** e, ee, s, es — the mirror of processHandshake (:112-150). */
  private clientEphemeral: Buffer | undefined;
  private answerClientHello(clientEphemeral: Buffer): void {
    const hs = this.handshake;
    this.clientEphemeral = clientEphemeral;
    hs.authenticate(clientEphemeral); // the client authenticated its own public key at start (:152)
    hs.authenticate(this.serverEphemeral.public);
    hs.mixIntoKey(Curve.sharedKey(this.serverEphemeral.private, clientEphemeral));
    const staticEnc = hs.encrypt(this.identity.staticKey.public);
    hs.mixIntoKey(Curve.sharedKey(this.identity.staticKey.private, clientEphemeral));
    const payloadEnc = hs.encrypt(this.identity.certChain);
    const hello = proto.HandshakeMessage.encode({
      serverHello: { ephemeral: this.serverEphemeral.public, static: staticEnc, payload: payloadEnc },
    }).finish();
    this.sendFrame(Buffer.from(hello));
  }

  /** s, se: the client's static key (counter 1), then its payload under the new key (counter 0). */
  private acceptClientFinish(staticEnc: Uint8Array, payloadEnc: Uint8Array): void {
    const hs = this.handshake;
    if (!this.clientEphemeral) throw new Error('client finish before hello');
    const clientStaticKey = hs.decrypt(staticEnc);
    hs.mixIntoKey(Curve.sharedKey(this.serverEphemeral.private, clientStaticKey));
    const payload = proto.ClientPayload.decode(hs.decrypt(payloadEnc));
    this.transport = hs.transport();
    this.result = { clientStaticKey, payload };
    this.onHandshake(this.result);
  }

  private sendFrame(data: Buffer): void {
    const header = Buffer.from([(data.length >>> 16) & 0xff, (data.length >>> 8) & 0xff, data.length & 0xff]);
    this.send(Buffer.concat([header, data]));
  }
}
