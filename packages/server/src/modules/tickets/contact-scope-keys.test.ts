/**
 * The keys a trigger keeps on contacts (migration 0066) for the search's pre-filter: the writes that
 * move a ticket between lists add its new key, and the writes of every message leave the contact
 * alone. (visibility.property.test.ts checks the pre-filter against visibility over random moves.)
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, queues, tickets, whatsapps } from '../../db/schema.js';
import { rowsOf } from '../../lib/sql.js';
import { createTestServer, type TestServer } from '../../test/harness.js';

describe('contacts keep whose lists their tickets are in', () => {
  let s: TestServer;
  let conn: number;

  beforeAll(async () => {
    s = await createTestServer();
    [{ id: conn }] = await s.database.db.insert(whatsapps).values({ name: 'Main', channel: 'simulator' }).returning();
  });
  afterAll(() => s.stop());

  const keysOf = async (contactId: number) => {
    const [row] = rowsOf(await s.database.db.execute(sql`select ticket_scope_keys as keys, xmin::text as version from contacts where id = ${contactId}`));
    return { keys: (row.keys as number[]).map(Number), version: String(row.version) };
  };

  const newContact = async (number: string) =>
    (await s.database.db.insert(contacts).values({ name: 'Keys', number }).returning())[0].id;

  it('a ticket brings its sector, then its attendant; a deleted sector leaves the sectorless key', async () => {
    const db = s.database.db;
    const [{ id: sector }] = await db.insert(queues).values({ name: 'Keys sector', color: '#010203' }).returning();
    const user = await s.createUser({ queueIds: [sector] });
    const contactId = await newContact('5511977700001');
    expect((await keysOf(contactId)).keys).toEqual([]);

    const [{ id: ticketId }] = await db.insert(tickets).values({ contactId, whatsappId: conn, queueId: sector }).returning();
    expect((await keysOf(contactId)).keys).toEqual([-2_147_483_648, -sector]);

    await db.update(tickets).set({ userId: user.id, status: 'open' }).where(eq(tickets.id, ticketId));
    expect((await keysOf(contactId)).keys).toEqual([-2_147_483_648, -sector, user.id]);

    // Back to the queue, then the sector deleted: the ticket is unassigned without a sector (FK set null).
    await db.update(tickets).set({ userId: null, status: 'pending' }).where(eq(tickets.id, ticketId));
    await db.delete(queues).where(eq(queues.id, sector));
    expect((await keysOf(contactId)).keys).toEqual([-2_147_483_648, -sector, 0, user.id]);
  });

  it("a ticket moved to another contact (a LID merged into its number) gives that contact the ticket's key", async () => {
    const db = s.database.db;
    const user = await s.createUser({});
    const from = await newContact('5511977700002');
    const to = await newContact('5511977700003');
    const [{ id: ticketId }] = await db.insert(tickets).values({ contactId: from, whatsappId: conn, userId: user.id, status: 'open' }).returning();
    await db.update(tickets).set({ contactId: to }).where(eq(tickets.id, ticketId));
    expect((await keysOf(to)).keys).toEqual([user.id]);
  });

  it("a message's write to its ticket, or a ticket of a list the contact is already in, does not rewrite the contact", async () => {
    const db = s.database.db;
    const user = await s.createUser({});
    const contactId = await newContact('5511977700004');
    const [{ id: ticketId }] = await db.insert(tickets).values({ contactId, whatsappId: conn, userId: user.id, status: 'open' }).returning();
    const before = await keysOf(contactId);
    await db
      .update(tickets)
      .set({ lastMessage: 'hello', unreadMessages: 3, updatedAt: new Date(), userId: user.id })
      .where(eq(tickets.id, ticketId));
    await db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, ticketId));
    await db.insert(tickets).values({ contactId, whatsappId: conn, userId: user.id, status: 'open' });
    expect(await keysOf(contactId)).toEqual(before);
  });
});
