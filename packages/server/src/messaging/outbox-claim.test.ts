import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, tickets } from '../db/schema.js';
import type { MessageRow } from '../store/message-present.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { connectSimulator, customerWrites, phoneNumber, waitFor } from '../test/simulator.js';

/**
 * A pass sends its batch one message at a time (paced on WhatsApp): what it claimed must stay its
 * own for as long as it works, and a row another process has claimed since is not sent again.
 */
describe('outbox claims during a long pass', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(() => s.stop());

  it('renews its claim while it works and skips rows that another process took', async () => {
    const conn = await connectSimulator(s);
    const customer = phoneNumber();
    await customerWrites(s, conn.id, customer, 'hello');
    const [ticket] = await s.database.db.select().from(tickets).where(eq(tickets.whatsappId, conn.id));

    // The first send blocks until released: the pass is "paced" for as long as the test wants.
    const driver = s.services.channels.connected(conn.id)!;
    const original = driver.sendText.bind(driver);
    const sent: string[] = [];
    let reached!: () => void;
    const atFirstSend = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    driver.sendText = async (to, body, options) => {
      sent.push(body);
      if (sent.length === 1) {
        reached();
        await gate;
      }
      return original(to, body, options);
    };

    const rows: MessageRow[] = [];
    for (const body of ['one', 'two', 'three', 'four']) rows.push((await s.services.outbox.enqueue({ ticket, body })).row);
    const pass = s.services.outbox.kick(conn.id);
    await atFirstSend;
    // No further pass after this one: the process holding a session takes over rows another
    // holder claimed (a dead owner's), which is not what is checked here.
    const stopped = s.services.outbox.stop();

    // While the first send is under way, its claim on "two" runs out and the process now holding
    // the session takes "two" and "three"; "four" is still this pass's.
    await s.database.db
      .update(messages)
      .set({ claimedBy: 'other-process', nextAttemptAt: sql`now() + interval '60 seconds'` })
      .where(inArray(messages.id, [rows[1].id, rows[2].id]));
    await s.database.db
      .update(messages)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(messages.id, rows[3].id));
    release();
    await pass;
    await stopped;
    s.services.outbox.start();

    expect(sent).toEqual(['one', 'four']);
    const after = await s.database.db
      .select()
      .from(messages)
      .where(
        inArray(
          messages.id,
          rows.map((r) => r.id),
        ),
      );
    const byBody = new Map(after.map((m) => [m.body, m]));
    expect(byBody.get('one')?.sendState).toBe('sent');
    expect(byBody.get('four')?.sendState).toBe('sent');
    // The other process's rows are left as it claimed them.
    expect(byBody.get('two')).toMatchObject({ sendState: 'sending', claimedBy: 'other-process' });
    expect(byBody.get('three')).toMatchObject({ sendState: 'sending', claimedBy: 'other-process' });
  });

  it('keeps the rest of a batch claimed (not due to anyone) until it reaches them', async () => {
    const conn = await connectSimulator(s);
    const customer = phoneNumber();
    await customerWrites(s, conn.id, customer, 'hello');
    const [ticket] = await s.database.db.select().from(tickets).where(eq(tickets.whatsappId, conn.id));
    const driver = s.services.channels.connected(conn.id)!;
    const original = driver.sendText.bind(driver);
    let calls = 0;
    let reached!: () => void;
    const atSecondSend = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const rows: MessageRow[] = [];
    for (const body of ['a', 'b', 'c']) rows.push((await s.services.outbox.enqueue({ ticket, body })).row);
    let expired = false;
    driver.sendText = async (to, body, options) => {
      calls += 1;
      if (calls === 1) {
        // The first send takes longer than the claim: everything claimed has expired by now.
        await s.database.db
          .update(messages)
          .set({ nextAttemptAt: sql`now() - interval '1 second'` })
          .where(
            inArray(
              messages.id,
              rows.map((r) => r.id),
            ),
          );
        expired = true;
      }
      if (calls === 2) {
        reached();
        await gate;
      }
      return original(to, body, options);
    };
    const pass = s.services.outbox.kick(conn.id);
    await atSecondSend;
    expect(expired).toBe(true);
    // Before the second send the pass renewed its claim on what it has left.
    const [c] = await s.database.db
      .select({ due: sql<boolean>`${messages.nextAttemptAt} <= now()` })
      .from(messages)
      .where(eq(messages.id, rows[2].id));
    expect(c.due).toBe(false);
    release();
    await pass;
    await waitFor(async () =>
      (
        await s.database.db
          .select()
          .from(messages)
          .where(
            inArray(
              messages.id,
              rows.map((r) => r.id),
            ),
          )
      ).every((m) => m.sendState === 'sent'),
    );
    expect(calls).toBe(3);
  });
});
