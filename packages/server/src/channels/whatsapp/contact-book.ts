/**
 * The contacts this session has seen (address book sync, history sync, contact and push-name
 * updates), keyed by number. Feeds "import contacts" and lets the driver emit a contact event only
 * when something actually changed: baileys repeats the push name with every message.
 */
import type { DriverEvent } from '../driver.js';

export type ContactEvent = Extract<DriverEvent, { type: 'contact' }>;

export class ContactBook {
  private readonly byNumber = new Map<string, ContactEvent>();

  /** Merges what is new into what we knew; returns the merged contact when it changed. */
  remember(update: ContactEvent): ContactEvent | undefined {
    const known = this.byNumber.get(update.number);
    const merged: ContactEvent = { ...known, ...withoutEmpty(update), type: 'contact', number: update.number };
    if (known && sameContact(known, merged)) return undefined;
    this.byNumber.set(update.number, merged);
    return merged;
  }

  /** Everyone with a number; the number stands in for a missing name. */
  list(): { number: string; name: string }[] {
    return [...this.byNumber.values()].map((c) => ({ number: c.number, name: c.name ?? c.number }));
  }
}

function withoutEmpty(event: ContactEvent): Partial<ContactEvent> {
  return Object.fromEntries(Object.entries(event).filter(([, v]) => v !== undefined && v !== '')) as Partial<ContactEvent>;
}

function sameContact(a: ContactEvent, b: ContactEvent): boolean {
  return a.name === b.name && a.profilePicUrl === b.profilePicUrl && a.lid === b.lid;
}
