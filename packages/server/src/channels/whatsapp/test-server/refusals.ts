/**
 * How WhatsApp addresses LID-migrated customers, and the sends it refuses. References are into
 * node_modules/baileys/lib (7.0.0-rc14); the public reports are those named in
 * WHATSAPP-PROTOCOL.md ("What real WhatsApp does").
 *
 * - A LID-migrated customer's 1:1 messages come `from=<lid>@lid` with `sender_pn=<number>@s.whatsapp.net`
 *   and `addressing_mode="lid"`: Utils/decode-wa-message.js:69-93 (extractAddressingContext) reads
 *   `sender_pn` as the alternate address of a LID-addressed stanza (evolution-api #1872, #2650;
 *   Baileys #1768).
 * - A send to such a customer addressed by phone number is refused with
 *   `ack class=message id=… error="463"` (Baileys #2441, #2683, #2688, #2698; OpenWA #717). baileys
 *   does not convert the number to the LID itself (Socket/messages-send.js:428-446 relays to the
 *   jid it was given); it turns the refusal into `messages.update` with `status: ERROR` and the code
 *   (Socket/messages-recv.js:1494-1566 handleBadAck, called for every `ack class=message` at :1624).
 * - 479 (`SERVER_ERROR_CODES.SmaxInvalid`, Utils/decode-wa-message.js:59-68) is the stanza refused
 *   outright; a test makes a customer refuse everything with it (SimulatedCustomer.refuses).
 */
import type { BinaryNode } from 'baileys';
import type { SimulatedCustomer } from './customer.js';

/** The refusal code WhatsApp answers a send to `customer` addressed to `to` with, if any. */
export function refusalFor(customer: SimulatedCustomer, to: string): string | undefined {
  if (customer.refuses) return customer.refuses;
  // Addressed by number (`…@s.whatsapp.net`) to a customer WhatsApp knows by LID only.
  if (customer.lidAddressed && to.endsWith('@s.whatsapp.net')) return '463';
  return undefined;
}

/** The attributes of a customer's 1:1 message: LID-addressed for a LID-migrated customer. */
export function senderAttrs(customer: SimulatedCustomer): Record<string, string> {
  if (customer.hidesNumber) return { from: customer.lidJid };
  if (customer.lidAddressed && customer.pnJid) {
    return { from: customer.lidJid, sender_pn: customer.pnJid, addressing_mode: 'lid' };
  }
  // A customer with a number writes from it and names its LID (decode-wa-message.js:70-93
  // reads sender_lid as the alternate address); a LID-only one writes from the LID alone.
  return customer.pnJid ? { from: customer.pnJid, sender_lid: customer.lidJid } : { from: customer.lidJid };
}

/** The address the customer's phone uses in its receipts: the chat's addressing. */
export function receiptFrom(customer: SimulatedCustomer): string {
  return customer.lidAddressed || customer.hidesNumber || !customer.pnJid ? customer.lidJid : customer.pnJid;
}

/** `ack class=message` with the refusal code (what handleBadAck reads: id, from, error). */
export function refusalAck(id: string, to: string, code: string): BinaryNode {
  return { tag: 'ack', attrs: { class: 'message', id, from: to, t: String(Math.floor(Date.now() / 1000)), error: code } };
}

/**
 * A LID-mapping notification: `notification type="mex"` with an `update` whose op_name is
 * NotificationLinkedProfilesUpdates and whose JSON carries `xwa2_notify_linked_profiles` (the LID
 * and the numbers linked to it). baileys routes it to the legacy mex handler
 * (Socket/messages-recv.js:90-140, 192-264), stores the pair and emits `lid-mapping.update`.
 */
export function lidMappingNotification(id: string, customer: SimulatedCustomer): BinaryNode {
  const payload = { data: { xwa2_notify_linked_profiles: { jid: customer.lidJid, added_profiles: [customer.pnJid] } } };
  return {
    tag: 'notification',
    attrs: { from: 's.whatsapp.net', type: 'mex', id, t: String(Math.floor(Date.now() / 1000)) },
    content: [{ tag: 'update', attrs: { op_name: 'NotificationLinkedProfilesUpdates' }, content: Buffer.from(JSON.stringify(payload)) }],
  };
}
