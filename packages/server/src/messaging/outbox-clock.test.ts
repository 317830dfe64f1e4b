import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelError } from '../channels/driver.js';
import { messages, tickets } from '../db/schema.js';
import { TestClock } from '../test/clock.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { connectSimulator, customerWrites, phoneNumber } from '../test/simulator.js';

/** A failed send's retry time is written and read on the app's one clock (years away from the database's here). */
describe('outbox retry times', () => {
  const clock = new TestClock('2031-06-02T12:00:00Z');
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer({ clock });
  });
  afterAll(() => s.stop());

  it('a failed send is retried when the app clock reaches its backoff, not before', async () => {
    const conn = await connectSimulator(s);
    await customerWrites(s, conn.id, phoneNumber(), 'hello');
    const [ticket] = await s.database.db.select().from(tickets).where(eq(tickets.whatsappId, conn.id));
    const driver = s.services.channels.connected(conn.id)!;
    const original = driver.sendText.bind(driver);
    let failing = true;
    driver.sendText = (to, body, options) =>
      failing ? Promise.reject(new ChannelError('ERR_SENDING_WAPP_MSG', 'the network dropped it')) : original(to, body, options);

    const { row } = await s.services.outbox.enqueue({ ticket, body: 'retry me' });
    const stored = async () => (await s.database.db.select().from(messages).where(eq(messages.id, row.id)))[0];
    await s.services.outbox.kick(conn.id);
    const failed = await stored();
    expect(failed.sendState).toBe('pending');
    // The first backoff is 5 seconds.
    expect(failed.nextAttemptAt).toEqual(new Date(clock.now().getTime() + 5000));

    failing = false;
    clock.advance(4000);
    await s.services.outbox.kick(conn.id);
    expect((await stored()).sendState).toBe('pending');
    clock.advance(1000);
    await s.services.outbox.kick(conn.id);
    expect((await stored()).sendState).toBe('sent');
  });
});
