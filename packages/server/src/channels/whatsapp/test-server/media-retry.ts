/**
 * The phone's side of a media retry: a companion whose media download failed with 404/410 asks
 * the sender's phone to upload the file again, and the phone answers with the new directPath.
 * Shapes from baileys 7.0.0-rc14 (paths under node_modules/baileys/lib):
 * - the request: `receipt type="server-error"` with `encrypt{enc_p, enc_iv}` (a ServerErrorReceipt
 *   naming the message, AES-GCM under the retry key, the message id as additional data) and
 *   `rmr{jid, from_me, participant}` (Utils/messages-media.js:707-744 encryptMediaRetryRequest);
 * - the retry key: HKDF(mediaKey, 32, info "WhatsApp Media Retry Notification") (:701-703);
 * - the answer: `notification type="mediaretry" id=<message id>` with the same `rmr` and
 *   `encrypt{enc_p, enc_iv}` holding a MediaRetryNotification {stanzaId, directPath, result}, or
 *   an `error code=…` child instead (decodeMediaRetryNode :745-775, read by
 *   Socket/messages-recv.js:812-815 and Socket/messages-send.js:1010-1046 updateMediaMessage).
 */
import { randomBytes } from 'node:crypto';
import { aesDecryptGCM, aesEncryptGCM, getBinaryNodeChild, getBinaryNodeChildBuffer, hkdf, proto, type BinaryNode } from 'baileys';

const retryKey = (mediaKey: Uint8Array): Buffer => Buffer.from(hkdf(mediaKey, 32, { info: 'WhatsApp Media Retry Notification' }));

/** What the companion asked for; throws when the request does not decrypt under the media key. */
export function readMediaRetryRequest(receipt: BinaryNode, mediaKey: Uint8Array): { id: string; rmr: BinaryNode } {
  const id = receipt.attrs.id;
  const rmr = getBinaryNodeChild(receipt, 'rmr');
  const encrypt = getBinaryNodeChild(receipt, 'encrypt');
  const ciphertext = getBinaryNodeChildBuffer(encrypt, 'enc_p');
  const iv = getBinaryNodeChildBuffer(encrypt, 'enc_iv');
  if (!id || !rmr || !ciphertext || !iv) throw new Error('media retry request without id, rmr or encrypt');
  const plain = aesDecryptGCM(ciphertext, retryKey(mediaKey), iv, Buffer.from(id));
  const { stanzaId } = proto.ServerErrorReceipt.decode(plain);
  if (stanzaId !== id) throw new Error(`media retry request names ${stanzaId}, not ${id}`);
  return { id, rmr };
}

/** The phone's answer: the media is on the host again at `directPath` (or it could not be, `error`). */
export function mediaRetryNotification(
  opts: { id: string; from: string; rmr: BinaryNode; mediaKey: Uint8Array } & (
    { directPath: string } | { error: proto.MediaRetryNotification.ResultType }
  ),
): BinaryNode {
  const attrs = { from: opts.from, type: 'mediaretry', id: opts.id, t: String(Math.floor(Date.now() / 1000)) };
  const rmr: BinaryNode = { tag: 'rmr', attrs: opts.rmr.attrs };
  if ('error' in opts) return { tag: 'notification', attrs, content: [rmr, { tag: 'error', attrs: { code: String(opts.error) } }] };
  const iv = randomBytes(12);
  const plain = proto.MediaRetryNotification.encode({
    stanzaId: opts.id,
    directPath: opts.directPath,
    result: proto.MediaRetryNotification.ResultType.SUCCESS,
  }).finish();
  const ciphertext = aesEncryptGCM(plain, retryKey(opts.mediaKey), iv, Buffer.from(opts.id));
  return {
    tag: 'notification',
    attrs,
    content: [
      rmr,
      {
        tag: 'encrypt',
        attrs: {},
        content: [
          { tag: 'enc_p', attrs: {}, content: ciphertext },
          { tag: 'enc_iv', attrs: {}, content: iv },
        ],
      },
    ],
  };
}
