/**
 * The contacts this session has seen (address book sync, history sync, contact and push-name
 * updates), keyed by number. Feeds "import contacts" and lets the driver emit a contact event only
 * when something actually changed: baileys repeats the push name with every message.
 */
import { isLidAddress } from './jids.js';
import { contactEvent, type ContactEvent, type ContactFacts } from './mapping.js';

export class ContactBook {
  private readonly byNumber = new Map<string, ContactFacts>();

  /** Merges new facts into what we knew; returns the contact event when what we show changed. */
  remember(update: ContactFacts): ContactEvent | undefined {
    const known = this.byNumber.get(update.number);
    const merged: ContactFacts = { ...known, ...definedOnly(update), number: update.number };
    this.byNumber.set(update.number, merged);
    const after = contactEvent(merged);
    if (known && sameContact(contactEvent(known), after)) return undefined;
    return after;
  }

  /** What to keep across restarts (see the driver's synced names). */
  snapshot(): ContactFacts[] {
    return [...this.byNumber.values()];
  }

  /** Puts back what a snapshot kept; what this session learnt since wins. */
  restore(saved: ContactFacts[]): void {
    for (const facts of saved) if (facts?.number && !this.byNumber.has(facts.number)) this.byNumber.set(facts.number, facts);
  }

  /** Everyone with a phone number (not those known only by a LID); the number stands in for a missing name. */
  list(): { number: string; name: string }[] {
    return [...this.byNumber.values()]
      .filter((facts) => !isLidAddress(facts.number))
      .map((facts) => ({ number: facts.number, name: contactEvent(facts).name ?? facts.number }));
  }
}

function definedOnly(facts: ContactFacts): Partial<ContactFacts> {
  return Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== undefined && v !== ''));
}

function sameContact(a: ContactEvent, b: ContactEvent): boolean {
  return a.name === b.name && a.profilePicUrl === b.profilePicUrl && a.lid === b.lid;
}
