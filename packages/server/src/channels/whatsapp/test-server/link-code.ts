/**
 * The phone's side of linking by pairing code, as baileys 7.0.0-rc14 expects WhatsApp to play it
 * (paths under node_modules/baileys/lib):
 *
 * 1. The companion sends `iq set md` with `link_code_companion_reg stage="companion_hello"`
 *    (Socket/socket.js:606-651): its ephemeral public key wrapped with the code —
 *    salt(32) ‖ iv(16) ‖ AES-CTR(key = PBKDF2(code, salt), Utils/crypto.js:98-115) (socket.js:655-661).
 *    baileys sends it with sendNode and reads no answer (:606).
 * 2. The person types the code on the phone with that number: the phone unwraps the companion's
 *    ephemeral key with it, makes its own ephemeral key pair and sends `notification
 *    type="link_code_companion_reg"` whose child carries `link_code_pairing_ref`,
 *    `primary_identity_pub` and its ephemeral key wrapped the same way
 *    (Socket/messages-recv.js:881-885, unwrapped by decipherLinkPublicKey :1016-1023).
 * 3. The companion answers `stage="companion_finish"` (messages-recv.js:900-941) with a key bundle:
 *    salt(32) ‖ iv(12) ‖ AES-GCM(companion identity ‖ primary identity ‖ random(32)) under
 *    HKDF(DH(ephemerals), salt, "link_code_pairing_key_bundle_encryption_key"), and sets its ADV
 *    secret to HKDF(DH(ephemerals) ‖ DH(identities) ‖ random, "adv_secret") (:886-899).
 * 4. The phone derives the same ADV secret and links the device with `pair-success`, exactly as
 *    after a QR scan (socket.js:729-745). With a wrong code the two sides' keys differ, the bundle
 *    does not decrypt, and nothing is linked.
 */
import { randomBytes } from 'node:crypto';
import {
  aesDecryptCTR,
  aesDecryptGCM,
  aesEncryptCTR,
  Curve,
  derivePairingCodeKey,
  getBinaryNodeChild,
  getBinaryNodeChildBuffer,
  hkdf,
  jidDecode,
  type BinaryNode,
  type KeyPair,
} from 'baileys';

/** A companion that asked for a code and waits for the phone (step 1). */
export interface CodeRequest {
  number: string;
  wrappedCompanionEphemeral: Buffer;
  ref: Buffer;
}

/** After the phone accepted the code (step 2), what it needs to check the bundle (step 3). */
export interface CodeLink {
  ref: Buffer;
  number: string;
  companionEphemeral: Buffer;
  primaryEphemeral: KeyPair;
  primaryIdentity: KeyPair;
}

const bytes = (buf: Uint8Array | undefined, what: string): Buffer => {
  if (!buf) throw new Error(`link code: no ${what}`);
  return Buffer.from(buf);
};

/** Step 1: the companion's hello; undefined when the iq is not one. */
export function readCompanionHello(iq: BinaryNode): CodeRequest | undefined {
  const reg = getBinaryNodeChild(iq, 'link_code_companion_reg');
  if (reg?.attrs.stage !== 'companion_hello') return undefined;
  const number = jidDecode(reg.attrs.jid)?.user;
  if (!number) throw new Error('link code: hello without the phone number');
  return {
    number,
    wrappedCompanionEphemeral: bytes(
      getBinaryNodeChildBuffer(reg, 'link_code_pairing_wrapped_companion_ephemeral_pub'),
      'wrapped ephemeral key',
    ),
    ref: randomBytes(32),
  };
}

/** salt(32) ‖ iv(16) ‖ AES-CTR(PBKDF2(code, salt)) — both directions (socket.js:655-661, messages-recv.js:1016-1023). */
async function wrap(key: Uint8Array, code: string): Promise<Buffer> {
  const salt = randomBytes(32);
  const iv = randomBytes(16);
  return Buffer.concat([salt, iv, aesEncryptCTR(key, await derivePairingCodeKey(code, salt), iv)]);
}

async function unwrap(wrapped: Buffer, code: string): Promise<Buffer> {
  return aesDecryptCTR(wrapped.subarray(48, 80), await derivePairingCodeKey(code, wrapped.subarray(0, 32)), wrapped.subarray(32, 48));
}

/** Step 2: the phone typed `code`; the notification to send and what to remember. */
export async function phoneEntersCode(
  request: CodeRequest,
  code: string,
  primaryIdentity: KeyPair,
): Promise<{ notification: BinaryNode; link: CodeLink }> {
  const companionEphemeral = await unwrap(request.wrappedCompanionEphemeral, code);
  const primaryEphemeral = Curve.generateKeyPair();
  const notification: BinaryNode = {
    tag: 'notification',
    attrs: {
      from: 's.whatsapp.net',
      type: 'link_code_companion_reg',
      id: randomBytes(8).toString('hex').toUpperCase(),
      t: String(Math.floor(Date.now() / 1000)),
    },
    content: [
      {
        tag: 'link_code_companion_reg',
        attrs: {},
        content: [
          { tag: 'link_code_pairing_ref', attrs: {}, content: request.ref },
          { tag: 'primary_identity_pub', attrs: {}, content: Buffer.from(primaryIdentity.public) },
          { tag: 'link_code_pairing_wrapped_primary_ephemeral_pub', attrs: {}, content: await wrap(primaryEphemeral.public, code) },
        ],
      },
    ],
  };
  return { notification, link: { ref: request.ref, number: request.number, companionEphemeral, primaryEphemeral, primaryIdentity } };
}

/** Step 3's iq, when it is one: the ref it names. */
export function companionFinishRef(iq: BinaryNode): Buffer | undefined {
  const reg = getBinaryNodeChild(iq, 'link_code_companion_reg');
  if (reg?.attrs.stage !== 'companion_finish') return undefined;
  return bytes(getBinaryNodeChildBuffer(reg, 'link_code_pairing_ref'), 'pairing ref');
}

/**
 * Step 3 → 4: opens the companion's key bundle; the companion's identity key and the ADV secret
 * that signs pair-success. Throws when the bundle does not open (a wrong code).
 */
export function openKeyBundle(iq: BinaryNode, link: CodeLink): { companionIdentity: Buffer; advSecret: Buffer } {
  const reg = getBinaryNodeChild(iq, 'link_code_companion_reg');
  const bundle = bytes(getBinaryNodeChildBuffer(reg, 'link_code_pairing_wrapped_key_bundle'), 'key bundle');
  const companionIdentity = bytes(getBinaryNodeChildBuffer(reg, 'companion_identity_public'), 'companion identity');
  const companionShared = Curve.sharedKey(link.primaryEphemeral.private, link.companionEphemeral);
  const key = hkdf(companionShared, 32, { salt: bundle.subarray(0, 32), info: 'link_code_pairing_key_bundle_encryption_key' });
  const payload = aesDecryptGCM(bundle.subarray(44), key, bundle.subarray(32, 44), Buffer.alloc(0));
  if (!payload.subarray(0, 32).equals(companionIdentity) || !payload.subarray(32, 64).equals(Buffer.from(link.primaryIdentity.public))) {
    throw new Error('link code: the key bundle names other identities');
  }
  const identityShared = Curve.sharedKey(link.primaryIdentity.private, companionIdentity);
  const advSecret = Buffer.from(
    hkdf(Buffer.concat([companionShared, identityShared, payload.subarray(64, 96)]), 32, { info: 'adv_secret' }),
  );
  return { companionIdentity, advSecret };
}

/** The code-linking notification of a passkey account: the ref, without the phone's keys (see server.ts). */
export function passkeyHandoff(request: CodeRequest): BinaryNode {
  return {
    tag: 'notification',
    attrs: {
      from: 's.whatsapp.net',
      type: 'link_code_companion_reg',
      id: randomBytes(8).toString('hex').toUpperCase(),
      t: String(Math.floor(Date.now() / 1000)),
    },
    content: [{ tag: 'link_code_companion_reg', attrs: {}, content: [{ tag: 'link_code_pairing_ref', attrs: {}, content: request.ref }] }],
  };
}

/**
 * What WhatsApp sends, since 2026, to an account that must confirm a new companion with a passkey
 * (WHATSAPP-PROTOCOL.md "Passkey step": Baileys #2672, whatsmeow PR #1186): a notification of
 * that type after the registration, in place of the restart that completes the link. Its payload is not modelled: the companion
 * recognizes the step by the type alone, and baileys rc14 only acks it (messages-recv.js:1235-1262).
 */
export function passkeyRequest(type: 'passkey_prologue_request' | 'crsc_continuation'): BinaryNode {
  return {
    tag: 'notification',
    attrs: { from: 's.whatsapp.net', type, id: randomBytes(8).toString('hex').toUpperCase(), t: String(Math.floor(Date.now() / 1000)) },
  };
}
