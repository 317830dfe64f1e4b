/**
 * Ticket visibility has one definition (shared visibility.ts). This property test checks that its
 * three forms agree over random users and tickets: the SQL filter of GET /tickets, the in-memory
 * check (REST access, history, the web's lists) and the realtime addressing (rooms). And that the
 * search's contact pre-filter (the keys a trigger keeps on contacts, migration 0066) lets through
 * the contact of every ticket in scope, however the tickets were assigned and moved since.
 */
import { canSeeTicket, ticketInScope, ticketScope, type TicketViewer } from '@switchboard/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, queues, tickets, users, whatsapps } from '../../db/schema.js';
import { roomsForTicket, roomsForViewer } from '../../realtime/rooms.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { contactScopeKeys, scopeFilter } from './list-query.js';

/** A small seeded generator, so a failure names the case that reproduces it. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const subset = <T>(list: readonly T[]): T[] => list.filter(() => next() < 0.5);
  return { next, pick, subset, bool: () => next() < 0.5 };
}

describe('ticket visibility: SQL, in-memory and realtime agree', () => {
  let s: TestServer;
  let userIds: number[];
  let queueIds: number[];
  let ticketRows: { id: number; userId: number | null; queueId: number | null; contactId: number }[];

  beforeAll(async () => {
    s = await createTestServer();
    const db = s.database.db;
    const rnd = prng(20261123);
    queueIds = (
      await db
        .insert(queues)
        .values([1, 2, 3].map((i) => ({ name: `Q${i}`, color: `#12345${i}` })))
        .returning()
    ).map((q) => q.id);
    userIds = (
      await db
        .insert(users)
        .values([1, 2, 3, 4].map((i) => ({ name: `U${i}`, email: `prop${i}@test.local`, passwordHash: 'x' })))
        .returning()
    ).map((u) => u.id);
    const [{ id: whatsappId }] = await db.insert(whatsapps).values({ name: 'Prop', channel: 'simulator' }).returning();
    const people = await db
      .insert(contacts)
      .values(Array.from({ length: 80 }, (_, i) => ({ name: `C${i}`, number: `5511900${String(i).padStart(5, '0')}` })))
      .returning();
    // Every combination at least once, then random ones.
    const owners = [null, ...userIds];
    const sectors = [null, ...queueIds];
    const facts = owners.flatMap((userId) => sectors.map((queueId) => ({ userId, queueId })));
    while (facts.length < people.length) facts.push({ userId: rnd.pick(owners), queueId: rnd.pick(sectors) });
    const inserted = await db
      .insert(tickets)
      .values(facts.map((f, i) => ({ ...f, contactId: people[i].id, whatsappId, status: f.userId == null ? 'pending' : 'closed' })))
      .returning({ id: tickets.id });
    // Then moved about as tickets are (accepted, transferred, returned to the queue, a second ticket
    // of another contact's), so that the contacts' keys come from inserts and updates alike.
    for (const { id } of inserted) {
      if (rnd.next() < 0.6) {
        await db
          .update(tickets)
          .set({ userId: rnd.pick(owners), queueId: rnd.pick(sectors), ...(rnd.next() < 0.2 ? { contactId: rnd.pick(people).id } : {}) })
          .where(eq(tickets.id, id));
      }
    }
    // And more tickets for contacts seen before (returning customers), whose keys are by then worked out or not.
    const later = await db
      .insert(tickets)
      .values(
        Array.from({ length: 30 }, () => ({
          userId: rnd.pick(owners),
          queueId: rnd.pick(sectors),
          contactId: rnd.pick(people).id,
          whatsappId,
          status: 'closed',
        })),
      )
      .returning({ id: tickets.id });
    ticketRows = await db
      .select({ id: tickets.id, userId: tickets.userId, queueId: tickets.queueId, contactId: tickets.contactId })
      .from(tickets)
      .where(
        inArray(
          tickets.id,
          [...inserted, ...later].map((t) => t.id),
        ),
      );
  });
  afterAll(() => s.stop());

  it('over 150 random viewers, settings and list modes', async () => {
    const rnd = prng(7);
    const ids = ticketRows.map((t) => t.id);
    for (let i = 0; i < 150; i++) {
      const viewer: TicketViewer = {
        id: rnd.pick(userIds),
        profile: rnd.pick(['admin', 'Admin', 'user', 'user']),
        queueIds: rnd.subset(queueIds),
        allTicket: rnd.bool(),
      };
      const settings = { allTicket: rnd.bool() };
      const showAll = rnd.bool();
      const scope = ticketScope(viewer, settings, { showAll });
      const inMemory = ticketRows
        .filter((t) => ticketInScope(scope, t))
        .map((t) => t.id)
        .sort((a, b) => a - b);
      const rows = await s.database.db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(inArray(tickets.id, ids), scopeFilter(scope)));
      const inSql = rows.map((r) => r.id).sort((a, b) => a - b);
      const label = JSON.stringify({ viewer, settings, showAll });
      expect(inSql, label).toEqual(inMemory);

      // The search's pre-filter on contacts never rules out the contact of a ticket in scope.
      const keys = contactScopeKeys(scope);
      if (keys) {
        const passing = await s.database.db
          .select({ id: contacts.id })
          .from(contacts)
          .where(sql`${contacts}.ticket_scope_keys && ${sql.param(keys)}::int[]`);
        const passingIds = new Set(passing.map((c) => c.id));
        for (const t of ticketRows.filter((t) => ticketInScope(scope, t)))
          expect(passingIds.has(t.contactId), `${label} ticket ${JSON.stringify(t)}`).toBe(true);
      }

      // Realtime: a socket of this viewer receives a ticket's events exactly when it may see it.
      const viewerRooms = new Set(roomsForViewer(viewer));
      for (const t of ticketRows) {
        const addressed = roomsForTicket(t, settings).some((room) => viewerRooms.has(room));
        expect(addressed, `${label} ticket ${JSON.stringify(t)}`).toBe(canSeeTicket(viewer, t, settings));
      }
    }
  });
});
