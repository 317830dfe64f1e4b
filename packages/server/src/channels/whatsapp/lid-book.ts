/**
 * What this session learnt about LID ↔ phone number pairs: from message keys (remoteJidAlt /
 * participantAlt), contacts that carry both forms, history sync and `lid-mapping.update`. Misses
 * are looked up in baileys' own LID mapping store (persisted with the auth state) by the driver.
 */
import { bareJid, isLidJid, isPhoneJid } from './jids.js';

export class LidBook {
  private readonly pnByLid = new Map<string, string>();
  private readonly lidByPn = new Map<string, string>();

  /**
   * Records a pair given in either order; ignores anything that is not one LID + one number.
   * Returns the pair when it is news (the driver then tells the product, which attaches the
   * number to a contact known only by the LID).
   */
  learn(a: string | null | undefined, b: string | null | undefined): { lid: string; pn: string } | undefined {
    if (!a || !b) return undefined;
    const [lid, pn] = isLidJid(a) && isPhoneJid(b) ? [a, b] : isLidJid(b) && isPhoneJid(a) ? [b, a] : [];
    if (!lid || !pn) return undefined;
    const pair = { lid: bareJid(lid), pn: bareJid(pn) };
    if (this.pnByLid.get(pair.lid) === pair.pn) return undefined;
    this.pnByLid.set(pair.lid, pair.pn);
    this.lidByPn.set(pair.pn, pair.lid);
    return pair;
  }

  /** The phone-number JID of a LID JID, if known. */
  pnFor(lidJid: string): string | undefined {
    return this.pnByLid.get(bareJid(lidJid));
  }

  /** The LID JID of a phone-number JID, if known (where a send to that person goes). */
  lidFor(pnJid: string): string | undefined {
    return this.lidByPn.get(bareJid(pnJid));
  }

  readonly lookup = (lidJid: string): string | undefined => this.pnFor(lidJid);
}
