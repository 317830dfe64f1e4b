/**
 * A process that stored a customer's message and died before announcing it: a browser whose
 * socket is on another process (it never reconnects, its process is fine) still gets the message,
 * from the process that takes the dead one's session over. With TEST_REDIS_URL the two processes
 * share realtime through Redis, as in production.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { leases, messages } from '../db/schema.js';
import { processGroup } from '../test/processes.js';
import { connectSimulator, customerWrites, phoneNumber, waitFor } from '../test/simulator.js';
import { connectedClient } from '../test/sockets.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe('a message stored by a process that died before announcing it', () => {
  const group = processGroup();
  afterAll(() => group.close());

  it('reaches a chat open on a surviving process once the session is taken over', async () => {
    const env = redisUrl ? { REDIS_URL: redisUrl } : undefined;
    const a = await group.start({ env });
    const conn = await connectSimulator(a);
    const b = await group.start({ env });
    const { socket, events } = await connectedClient(await b.listen(), b.adminToken, group.sockets);
    const { db } = group.database().database;

    // The fault: A commits the message, then dies before anything is emitted.
    a.ctx.realtime.emit = () => undefined;
    const stored = await customerWrites(a, conn.id, phoneNumber(), 'stored, never announced');
    expect(stored).not.toBeNull();
    const [row] = await db.select().from(messages).where(eq(messages.id, stored!.message.id));
    expect(row.body).toBe('stored, never announced');
    await group.stop(a);
    // A process stopping drops its own sockets, not those of the others (through Redis).
    expect(socket.connected).toBe(true);
    const [lease] = await db
      .select()
      .from(leases)
      .where(eq(leases.name, `channel:${conn.id}`));
    expect(lease.expiresAt.getTime()).toBeLessThan(Date.now());

    // B's periodic lease check finds the session orphaned and takes it over.
    await b.services.channels.maintainLeases();
    const [taken] = await db
      .select()
      .from(leases)
      .where(eq(leases.name, `channel:${conn.id}`));
    expect(taken.holder).toBe(b.services.channels.holder);
    const got = await waitFor(() => events.find((e) => e.event === 'appMessage' && e.payload.message.id === row.id), 10_000);
    expect(got.payload).toMatchObject({
      action: 'create',
      again: true,
      message: { body: 'stored, never announced' },
      ticket: { id: row.ticketId },
    });
  }, 90_000);

  it("the cluster test's fault (FAULT_KILL_AFTER_STORING) is refused in production", () => {
    const base = { DATA_DIR: '/tmp/x', FAULT_KILL_AFTER_STORING: 'in-8' };
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/FAULT_KILL_AFTER_STORING/);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).faultKillAfterStoring).toBe('in-8');
    expect(loadConfig({ DATA_DIR: '/tmp/x', NODE_ENV: 'production' }).faultKillAfterStoring).toBeUndefined();
  });
});
