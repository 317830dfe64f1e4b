/**
 * WhatsApp addresses (JIDs) ↔ our addresses (digits for people, the group id for groups).
 *
 * People appear under two kinds of JID: the phone number ("5511…@s.whatsapp.net") and, since the
 * LID migration, an opaque id ("1234…@lid") that hides the number. We store people by number, so
 * a LID is translated through whatever told us its number (see LidBook). A person whose number we
 * do not know is addressed by the LID JID itself (see isLidAddress): a LID's digits are not a
 * phone number, and a reply sent to "<lid>@s.whatsapp.net" reaches nobody.
 */
import {
  isHostedLidUser,
  isHostedPnUser,
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  isLidUser,
  isPnUser,
  jidDecode,
  jidNormalizedUser,
} from 'baileys';
import type { ChatAddress } from '../driver.js';

export const isGroupJid = (jid: string | null | undefined): boolean => !!jid && !!isJidGroup(jid);
export const isLidJid = (jid: string | null | undefined): boolean => !!jid && !!(isLidUser(jid) || isHostedLidUser(jid));
export const isPhoneJid = (jid: string | null | undefined): boolean =>
  !!jid && !!(isPnUser(jid) || isHostedPnUser(jid) || jid.endsWith('@c.us'));

/** Status stories, broadcast lists and channels are not customer conversations. */
export const isIgnoredChat = (jid: string | null | undefined): boolean => !jid || !!isJidBroadcast(jid) || !!isJidNewsletter(jid);

/** The user part without device/agent suffixes: "5511…:12@s.whatsapp.net" → "5511…". */
export function jidUser(jid: string | null | undefined): string {
  return jidDecode(jid ?? undefined)?.user ?? '';
}

/** A device-less JID ("5511…:3@s.whatsapp.net" → "5511…@s.whatsapp.net"). */
export function bareJid(jid: string): string {
  return jidNormalizedUser(jid) || jid;
}

/** Our address of a person known only by their LID: the bare LID JID, "1234…@lid". */
export function isLidAddress(id: string): boolean {
  return /@(hosted\.)?lid$/.test(id);
}

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * Our address → the JID baileys sends to: the group, the person's LID when known (WhatsApp refuses
 * number-addressed sends to LID-migrated people with 463, and baileys does not switch to the LID
 * by itself: Socket/messages-send.js:428-446), or the number.
 */
export function toJid(address: ChatAddress): string {
  if (address.isGroup) return `${address.id}@g.us`;
  if (address.lid && isLidAddress(address.lid)) return bareJid(address.lid);
  if (isLidAddress(address.id)) return address.id;
  return `${digitsOnly(address.id)}@s.whatsapp.net`;
}

/** A person as we store them: the number when known, and the LID when they came as one. */
export interface Person {
  number: string;
  lid?: string;
}

/**
 * Resolves a person's JID to a number. `alt` is the other form WhatsApp sent alongside (the
 * message key's remoteJidAlt / participantAlt, a call's callerPn); `pnForLid` asks what we learnt
 * before. A LID whose number nobody told us stays the person's address ("1234…@lid"), so the
 * message is kept and replies reach them; the number is attached when WhatsApp reveals it.
 */
export function resolvePerson(jid: string, alt: string | null | undefined, pnForLid: (lidJid: string) => string | undefined): Person {
  if (!isLidJid(jid)) return { number: jidUser(jid) };
  const lid = bareJid(jid);
  const pn = isPhoneJid(alt) ? alt! : pnForLid(lid);
  return { number: pn ? jidUser(pn) : lid, lid };
}
