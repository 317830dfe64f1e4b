/**
 * How the simulated network treats a customer, as WhatsApp does since the LID migration (the facts
 * are those the WhatsApp protocol test server follows, test-server/refusals.ts):
 * - a LID-addressed (LID-migrated) customer's chats are addressed by their LID, the number given
 *   beside it; a send addressed to their number is refused with 463;
 * - a customer can be set to refuse every message with a code (e.g. 463, or 479), to see how the
 *   product shows a refused send.
 * Kept in the database (simulator_customers), so every process and restart agrees.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { simulatorCustomers } from '../../db/schema.js';

export interface CustomerBehaviour {
  lidAddressed: boolean;
  /** A refusal code for every message to this customer, or null. */
  refuses: string | null;
}

export const ORDINARY_CUSTOMER: CustomerBehaviour = { lidAddressed: false, refuses: null };

/** The code the network refuses a send to this customer with, given how the send was addressed. */
export function refusalFor(behaviour: CustomerBehaviour, addressedByLid: boolean): string | undefined {
  if (behaviour.refuses) return behaviour.refuses;
  if (behaviour.lidAddressed && !addressedByLid) return '463';
  return undefined;
}

export class CustomerBehaviours {
  constructor(private readonly db: Db) {}

  async of(number: string): Promise<CustomerBehaviour> {
    const [row] = await this.db.select().from(simulatorCustomers).where(eq(simulatorCustomers.number, number));
    return row ? { lidAddressed: row.lidAddressed, refuses: row.refuses } : ORDINARY_CUSTOMER;
  }

  /** Replaces the customer's behaviour as a whole (no read-modify-write to race with). */
  async set(number: string, next: CustomerBehaviour): Promise<CustomerBehaviour> {
    await this.db
      .insert(simulatorCustomers)
      .values({ number, ...next })
      .onConflictDoUpdate({ target: simulatorCustomers.number, set: next });
    return next;
  }
}
