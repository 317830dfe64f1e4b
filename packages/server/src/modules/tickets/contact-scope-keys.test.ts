/**
 * The keys a trigger keeps on contacts (migration 0066) for the search's pre-filter: a new contact
 * passes for everyone (UNTRACKED) until one of its tickets changes hands, then carries its tickets'
 * keys, and every later write that moves a ticket into another list adds that list's key. The writes
 * of a message, and a new customer's first ticket, leave the contact alone (no rewrite per inbound
 * customer). visibility.property.test.ts checks the pre-filter against visibility over random moves.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, queues, tickets, whatsapps } from '../../db/schema.js';
import { rowsOf } from '../../lib/sql.js';
import { createTestServer, TEST_DB_KIND, type TestServer } from '../../test/harness.js';
import { trackContactScopeKeys } from '../../store/contact-scope-keys.js';

const ANY_SECTOR = -2_147_483_648;
const UNTRACKED = -2_147_483_647;

describe('contacts keep whose lists their tickets are in', () => {
  let s: TestServer;
  let conn: number;

  beforeAll(async () => {
    s = await createTestServer();
    [{ id: conn }] = await s.database.db.insert(whatsapps).values({ name: 'Main', channel: 'simulator' }).returning();
  });
  afterAll(() => s.stop());

  /** The contact's keys and its row version (which changes when the row is written). */
  const keysOf = async (contactId: number) => {
    const [row] = rowsOf(
      await s.database.db.execute(sql`select ticket_scope_keys as keys, xmin::text as version from contacts where id = ${contactId}`),
    );
    return { keys: (row.keys as number[]).map(Number), version: String(row.version) };
  };

  const newContact = async (number: string) => (await s.database.db.insert(contacts).values({ name: 'Keys', number }).returning())[0].id;

  it('a new customer passes for everyone until a ticket changes hands; then each list the tickets enter is added', async () => {
    const db = s.database.db;
    const [{ id: sector }] = await db.insert(queues).values({ name: 'Keys sector', color: '#010203' }).returning();
    const user = await s.createUser({ queueIds: [sector] });
    const contactId = await newContact('5511977700001');
    const [{ id: ticketId }] = await db.insert(tickets).values({ contactId, whatsappId: conn }).returning();
    expect((await keysOf(contactId)).keys).toEqual([UNTRACKED]);

    // The sector menu puts the ticket in a sector: the keys are worked out from the contact's tickets.
    await db.update(tickets).set({ queueId: sector }).where(eq(tickets.id, ticketId));
    expect((await keysOf(contactId)).keys).toEqual([ANY_SECTOR, -sector]);

    await db.update(tickets).set({ userId: user.id, status: 'open' }).where(eq(tickets.id, ticketId));
    expect((await keysOf(contactId)).keys).toEqual([ANY_SECTOR, -sector, user.id]);

    // Back to the queue, then the sector deleted: the ticket is unassigned without a sector (FK set null).
    await db.update(tickets).set({ userId: null, status: 'pending' }).where(eq(tickets.id, ticketId));
    await db.delete(queues).where(eq(queues.id, sector));
    expect((await keysOf(contactId)).keys).toEqual([ANY_SECTOR, -sector, 0, user.id]);

    // A returning customer's new ticket, in a list the contact was not in yet, adds its key.
    const other = await s.createUser({});
    await db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, ticketId));
    await db.insert(tickets).values({ contactId, whatsappId: conn, userId: other.id, status: 'open' });
    expect((await keysOf(contactId)).keys).toEqual([ANY_SECTOR, -sector, 0, user.id, other.id]);
  });

  it('the first change of hands works the keys out from every ticket of the contact, earlier ones included', async () => {
    const db = s.database.db;
    const [first, second] = [await s.createUser({}), await s.createUser({})];
    const contactId = await newContact('5511977700005');
    await db.insert(tickets).values({ contactId, whatsappId: conn, userId: first.id, status: 'closed' });
    const [{ id: later }] = await db.insert(tickets).values({ contactId, whatsappId: conn }).returning();
    expect((await keysOf(contactId)).keys).toEqual([UNTRACKED]);
    await db.update(tickets).set({ userId: second.id, status: 'open' }).where(eq(tickets.id, later));
    expect((await keysOf(contactId)).keys).toEqual([first.id, second.id].sort((a, b) => a - b));
  });

  it("a ticket moved to another contact (a LID merged into its number) gives that contact the ticket's key", async () => {
    const db = s.database.db;
    const user = await s.createUser({});
    const from = await newContact('5511977700002');
    const to = await newContact('5511977700003');
    await db.execute(sql`update contacts set ticket_scope_keys = '{}' where id = ${to}`);
    const [{ id: ticketId }] = await db
      .insert(tickets)
      .values({ contactId: from, whatsappId: conn, userId: user.id, status: 'open' })
      .returning();
    await db.update(tickets).set({ contactId: to }).where(eq(tickets.id, ticketId));
    expect((await keysOf(to)).keys).toEqual([user.id]);
  });

  it("neither a message's write to its ticket nor a new customer's first ticket rewrites the contact", async () => {
    const db = s.database.db;
    const user = await s.createUser({});
    const fresh = await newContact('5511977700006');
    const untouched = await keysOf(fresh);
    await db.insert(tickets).values({ contactId: fresh, whatsappId: conn });
    expect(await keysOf(fresh)).toEqual(untouched);

    const contactId = await newContact('5511977700004');
    const [{ id: ticketId }] = await db.insert(tickets).values({ contactId, whatsappId: conn }).returning();
    await db.update(tickets).set({ userId: user.id, status: 'open' }).where(eq(tickets.id, ticketId));
    const before = await keysOf(contactId);
    expect(before.keys).toEqual([user.id]);
    await db
      .update(tickets)
      .set({ lastMessage: 'hello', unreadMessages: 3, updatedAt: new Date(), userId: user.id })
      .where(eq(tickets.id, ticketId));
    await db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, ticketId));
    await db.insert(tickets).values({ contactId, whatsappId: conn, userId: user.id, status: 'open' });
    expect(await keysOf(contactId)).toEqual(before);
  });

  it("a bulk writer's contacts (an import) are tracked afterwards from their tickets, a chunk at a time", async () => {
    const db = s.database.db;
    const user = await s.createUser({});
    const [{ id: sector }] = await db.insert(queues).values({ name: 'Bulk sector', color: '#040506' }).returning();
    const bulk = [];
    for (let i = 0; i < 5; i++) bulk.push(await newContact(`55119777001${i}`));
    await db.insert(tickets).values([
      { contactId: bulk[0], whatsappId: conn, userId: user.id, status: 'closed' },
      { contactId: bulk[1], whatsappId: conn, queueId: sector },
      { contactId: bulk[2], whatsappId: conn, userId: user.id, status: 'closed' },
      { contactId: bulk[2], whatsappId: conn },
    ]);
    // bulk[3] has no ticket; bulk[4]'s are tracked already.
    await db.insert(tickets).values({ contactId: bulk[4], whatsappId: conn, userId: user.id, status: 'closed' });
    await db.execute(sql`update contacts set ticket_scope_keys = '{0}' where id = ${bulk[4]}`);

    expect(await trackContactScopeKeys(db, 2)).toBeGreaterThanOrEqual(3);
    expect((await keysOf(bulk[0])).keys).toEqual([user.id]);
    expect((await keysOf(bulk[1])).keys).toEqual([ANY_SECTOR, -sector]);
    expect((await keysOf(bulk[2])).keys).toEqual([0, user.id]);
    expect((await keysOf(bulk[3])).keys).toEqual([UNTRACKED]);
    expect((await keysOf(bulk[4])).keys).toEqual([0]);
    const [left] = rowsOf(
      await db.execute(
        sql`select count(*)::int as n from contacts c where ticket_scope_keys @> array[${UNTRACKED}]::int[] and exists (select 1 from tickets t where t.contact_id = c.id)`,
      ),
    );
    expect(Number(left.n)).toBe(0);
  });

  /** Until another connection of this database waits for a lock (at most 5 s): false if none came to wait. */
  const someoneWaits = async () => {
    for (let i = 0; i < 100; i++) {
      const [row] = rowsOf(
        await s.database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        ),
      );
      if (Number(row.n) > 0) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  };

  // Two transactions at once need two connections: PostgreSQL only.
  it.runIf(TEST_DB_KIND === 'postgres')(
    "working out a contact's keys while a new ticket of theirs is being written waits for it, and counts it",
    async () => {
      const db = s.database.db;
      const [owner, newcomer] = [await s.createUser({}), await s.createUser({})];
      const contactId = await newContact('5511977700007');
      const [{ id: waiting }] = await db.insert(tickets).values({ contactId, whatsappId: conn }).returning();
      let tracking: Promise<unknown> | undefined;
      let waited = false;
      await db.transaction(async (tx) => {
        // A returning customer's ticket on another line, not yet committed, while their first ticket is accepted.
        await tx.insert(tickets).values({ contactId, whatsappId: conn, userId: newcomer.id, status: 'closed' });
        // A query runs once awaited or then'd: started now, on another connection of the pool.
        tracking = db
          .update(tickets)
          .set({ userId: owner.id, status: 'open' })
          .where(eq(tickets.id, waiting))
          .then(() => undefined);
        waited = await someoneWaits();
      });
      await tracking;
      expect((await keysOf(contactId)).keys).toEqual([owner.id, newcomer.id].sort((a, b) => a - b));
      expect(waited).toBe(true);
    },
  );

  it.runIf(TEST_DB_KIND === 'postgres')(
    "a new ticket written while the contact's keys are being worked out waits, and adds its key after",
    async () => {
      const db = s.database.db;
      const [owner, newcomer] = [await s.createUser({}), await s.createUser({})];
      const contactId = await newContact('5511977700008');
      const [{ id: waiting }] = await db.insert(tickets).values({ contactId, whatsappId: conn }).returning();
      let inserting: Promise<unknown> | undefined;
      let waited = false;
      await db.transaction(async (tx) => {
        await tx.update(tickets).set({ userId: owner.id, status: 'open' }).where(eq(tickets.id, waiting));
        inserting = db
          .insert(tickets)
          .values({ contactId, whatsappId: conn, userId: newcomer.id, status: 'closed' })
          .then(() => undefined);
        waited = await someoneWaits();
      });
      await inserting;
      expect((await keysOf(contactId)).keys).toEqual([owner.id, newcomer.id].sort((a, b) => a - b));
      expect(waited).toBe(true);
    },
  );
});
