/**
 * What this session learnt about LID ↔ phone number pairs: from message keys (remoteJidAlt /
 * participantAlt), contacts that carry both forms, history sync and `lid-mapping.update`. Misses
 * are looked up in baileys' own LID mapping store (persisted with the auth state) by the driver.
 */
import { bareJid, isLidJid, isPhoneJid } from './jids.js';

export class LidBook {
  private readonly pnByLid = new Map<string, string>();

  /** Records a pair given in either order; ignores anything that is not one LID + one number. */
  learn(a: string | null | undefined, b: string | null | undefined): void {
    if (!a || !b) return;
    if (isLidJid(a) && isPhoneJid(b)) this.pnByLid.set(bareJid(a), bareJid(b));
    else if (isLidJid(b) && isPhoneJid(a)) this.pnByLid.set(bareJid(b), bareJid(a));
  }

  /** The phone-number JID of a LID JID, if known. */
  pnFor(lidJid: string): string | undefined {
    return this.pnByLid.get(bareJid(lidJid));
  }

  readonly lookup = (lidJid: string): string | undefined => this.pnFor(lidJid);
}
