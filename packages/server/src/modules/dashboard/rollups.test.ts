/**
 * The dashboard read from the rollups equals the raw computation (raw.ts) for every range and
 * filter, over a history made through the real services: customers writing in (new and reopened
 * tickets), the sector menu, accept, transfer, return, resolve with a rating, reopen, inactivity
 * close, deletion of a ticket, a contact, an attendant and a sector, a LID contact merged into the
 * one made by hand, at 23:59:59.999 and 00:00 in the company's zone, and after a change of zone. Each write path moves the figures itself: one that
 * skipped it would leave the rollups different from their recount and from the raw numbers.
 * The tag filter (alone, with an attendant, a sector or both) is compared too: contacts with
 * tickets are tagged and untagged through the tags screen, the contact form and the external API
 * along the history, a tag is deleted, and the merged contacts carry different tags.
 */
import { and, eq, sql } from 'drizzle-orm';
import { CONTACT_ROUTES } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, queues, ratingRequests, ratings, tags, tickets } from '../../db/schema.js';
import { TestClock } from '../../test/clock.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { simulatedLid } from '../../channels/simulator/network.js';
import { connectSimulator, customerSends, phoneNumber, waitFor } from '../../test/simulator.js';
import { loadCurrentUser, type CurrentUser } from '../../store/users.js';
import { rollupContactIds, rollupMovePeople } from '../../store/dashboard-rollups.js';
import { finishCycle, openCycle } from '../../store/ticket-cycles.js';
import { rowsOf } from '../../lib/sql.js';
import { apiSendSchema } from '../external-api/schema.js';
import { RawDashboard } from './raw.js';
import { expectKeptEqualsRecount } from '../../test/dashboard-kept.js';
import type { DashboardQuery } from './schema.js';

const TZ = 'America/Sao_Paulo';
/** A wall-clock time in São Paulo (UTC-3 all year since 2019). */
const sp = (local: string) => `${local}-03:00`;

describe('dashboard rollups', () => {
  const clock = new TestClock(sp('2025-03-10T09:00:00'));
  let s: TestServer;
  let admin: CurrentUser;
  let ana: CurrentUser;
  let bruno: CurrentUser;
  let carla: CurrentUser;
  let sales: number;
  let support: number;
  let spare: number;
  let conn: { id: number; number: string };
  let vip: number;
  let late: number;

  const ticketOf = async (number: string) => {
    const [c] = await s.database.db.select().from(contacts).where(eq(contacts.number, number));
    const rows = c ? await s.database.db.select().from(tickets).where(eq(tickets.contactId, c.id)) : [];
    return rows.sort((a, b) => b.id - a.id)[0];
  };
  /** A customer writes; resolves once the message made (or reopened) its ticket. */
  const writes = async (from: string, body: string) => {
    const before = await ticketOf(from);
    await customerSends(s, { from, to: conn.number, name: `C ${from.slice(-4)}`, body });
    const made = await waitFor(async () => {
      const t = await ticketOf(from);
      return t &&
        (t.id !== before?.id || t.status !== 'closed' || before.status !== 'closed') &&
        t.updatedAt.getTime() >= clock.now().getTime()
        ? t
        : undefined;
    });
    if (!before) await firstSeenNow(made.contactId);
    return made;
  };

  /**
   * A new contact is stamped by the database's clock, the history runs on the test clock: its
   * first-seen time is moved to the test clock's now, its leads out before and back after (as a
   * writer would; the product never changes it), so that the leads are compared on the history's days.
   */
  const firstSeenNow = (contactId: number) =>
    s.database.db.transaction(async (tx) => {
      await rollupContactIds(tx, -1, [contactId]);
      await rollupMovePeople(tx, -1, sql`select ${contactId}::int`);
      await tx.update(contacts).set({ createdAt: clock.now() }).where(eq(contacts.id, contactId));
      await rollupContactIds(tx, 1, [contactId]);
      await rollupMovePeople(tx, 1, sql`select ${contactId}::int`);
    });

  const ratingAsked = (ticketId: number) =>
    waitFor(async () =>
      (
        await s.database.db
          .select()
          .from(ratingRequests)
          .where(and(eq(ratingRequests.ticketId, ticketId), eq(ratingRequests.state, 'waiting')))
      ).at(0),
    );
  const rated = (ticketId: number) =>
    waitFor(async () => (await s.database.db.select().from(ratings).where(eq(ratings.ticketId, ticketId))).at(0));

  const users = () => [admin, ana, bruno, carla];

  /**
   * The ranges and filters the dashboard offers, as an admin asks them: every combination when
   * `every`, else each range unfiltered and each filter over three ranges (all time, 30 days, two
   * days across midnight) — a third of the calls, for the checks between the history's steps.
   */
  async function expectSameAsRaw(label: string, every = false) {
    const raw = new RawDashboard(s.ctx);
    const days = ['2025-03-09', '2025-03-10', '2025-03-11', '2025-03-12', '2025-03-13'];
    const ranges: DashboardQuery[] = [{}, { days: 1 }, { days: 3 }, { days: 30 }];
    for (const d of days) ranges.push({ date_from: d, date_to: d });
    ranges.push({ date_from: '2025-03-10', date_to: '2025-03-11' }, { date_from: '2025-03-09', date_to: '2025-03-13' });
    const filters: DashboardQuery[] = [{}, { queueId: sales }, { queueId: support }, ...users().map((u) => ({ userId: u.id }))];
    filters.push({ userId: ana.id, queueId: sales });
    // The tag filter, alone and with the others.
    filters.push({ tag: vip }, { tag: late }, { tag: vip, userId: ana.id }, { tag: late, queueId: support });
    filters.push({ tag: vip, userId: bruno.id, queueId: support });
    const queries = every
      ? ranges.flatMap((range) => filters.map((filter) => ({ ...range, ...filter })))
      : [
          ...ranges,
          ...filters
            .slice(1)
            .flatMap((filter) =>
              [{}, { days: 30 }, { date_from: '2025-03-10', date_to: '2025-03-11' }].map((range) => ({ ...range, ...filter })),
            ),
        ];
    for (const query of queries) {
      const [fast, slow] = [await s.services.dashboard.show(admin, query), await raw.show(admin, query)];
      expect(
        { counters: JSON.parse(fast.counters) as unknown, attendants: JSON.parse(fast.attendants) as unknown, days: fast.ticketsPerDay },
        `${label} ${JSON.stringify(query)}`,
      ).toEqual({
        counters: JSON.parse(slow.counters) as unknown,
        attendants: JSON.parse(slow.attendants) as unknown,
        days: slow.ticketsPerDay,
      });
    }
    // And an attendant's own view.
    const mine = await s.services.dashboard.show(ana, { date_from: '2025-03-10', date_to: '2025-03-12' });
    const mineRaw = await raw.show(ana, { date_from: '2025-03-10', date_to: '2025-03-12' });
    expect(mine.counters, label).toBe(mineRaw.counters);
  }

  /** The rows kept by the write paths equal a recount from the raw tables. */
  const expectSameAsRecount = (label: string) => expectKeptEqualsRecount(s.database.db, label);

  beforeAll(async () => {
    s = await createTestServer({ clock });
    await s.services.automation.scheduler.stop();
    const load = async (id: number) => (await loadCurrentUser(s.database.db, id))!;
    admin = await load((await s.database.db.query.users.findFirst({ where: (u, { eq: e }) => e(u.profile, 'admin') }))!.id);
    await s.services.settings.update(admin, 'timezone', TZ);
    ana = await load((await s.createUser({ name: 'Ana', profile: 'admin', allTicket: true })).id);
    bruno = await load((await s.createUser({ name: 'Bruno', profile: 'admin', allTicket: true })).id);
    carla = await load((await s.createUser({ name: 'Carla', profile: 'admin', allTicket: true })).id);
    [{ id: sales }, { id: support }, { id: spare }] = await s.database.db
      .insert(queues)
      .values([
        { name: 'Sales', color: '#111111', greetingMessage: 'Sales here' },
        { name: 'Support', color: '#222222', greetingMessage: 'Support here' },
        { name: 'Spare', color: '#333333' },
      ])
      .returning();
    [{ id: vip }, { id: late }] = await s.database.db
      .insert(tags)
      .values([
        { name: 'VIP', color: '#aa0000' },
        { name: 'Late payer', color: '#00aa00' },
      ])
      .returning();
    conn = await connectSimulator(s, {
      greetingMessage: 'Hello! Choose:',
      ratingMessage: 'From 0 to 10?',
      farewellMessage: 'Thanks',
      queueIds: [sales, support],
    });
  });
  afterAll(() => s?.stop());

  it('equal the raw computation through a history of every write path, and after a change of zone', async () => {
    const tk = s.services.tickets;
    const c1 = phoneNumber();
    const c2 = phoneNumber();
    const c3 = phoneNumber();
    const c4 = phoneNumber();
    const c5 = phoneNumber();

    // Day 1 (the 10th): customers write in; two choose a sector from the menu.
    clock.set(sp('2025-03-10T09:00:00'));
    const t1 = await writes(c1, 'hi');
    const t2 = await writes(c2, 'hello');
    clock.set(sp('2025-03-10T09:01:00'));
    await customerSends(s, { from: c1, to: conn.number, body: '1' });
    await waitFor(async () => (await ticketOf(c1)).queueId != null);
    await customerSends(s, { from: c2, to: conn.number, body: '2' });
    await waitFor(async () => (await ticketOf(c2)).queueId != null);
    clock.set(sp('2025-03-10T09:10:00'));
    await tk.accept(ana, t1.id);
    clock.set(sp('2025-03-10T09:20:30'));
    await tk.accept(bruno, t2.id);
    // Ana hands hers to Bruno in Support, who returns it to the queue; Carla takes it at the last instant of the day.
    clock.set(sp('2025-03-10T11:00:00'));
    await tk.transfer(ana, t1.id, { userId: bruno.id, queueId: support });
    clock.set(sp('2025-03-10T12:00:00'));
    await tk.returnToQueue(bruno, t1.id);
    // Bruno resolves his (the rating is asked); Carla takes t1 at the last instant of the day; the
    // customer rates Bruno at midnight.
    clock.set(sp('2025-03-10T23:55:00'));
    await tk.resolve(bruno, t2.id);
    await ratingAsked(t2.id);
    clock.set(sp('2025-03-10T23:59:59.999'));
    await tk.accept(carla, t1.id);
    clock.set(sp('2025-03-11T00:00:00'));
    await customerSends(s, { from: c2, to: conn.number, body: '9' });
    await rated(t2.id);
    // Contacts with tickets, cycles and a rating are tagged: their figures join the tags.
    await s.services.tags.sync(admin, { contactId: t1.contactId, tags: [vip] });
    await s.services.tags.sync(admin, { contactId: t2.contactId, tags: [vip, late] });

    // Day 2 (the 11th): Carla resolves at 00:00; the customer rates 6; a new customer is opened by Ana.
    await tk.resolve(carla, t1.id);
    await ratingAsked(t1.id);
    clock.set(sp('2025-03-11T00:03:00'));
    await customerSends(s, { from: c1, to: conn.number, body: '6' });
    await rated(t1.id);
    clock.set(sp('2025-03-11T10:00:00'));
    const t3 = await writes(c3, 'need help');
    await customerSends(s, { from: c3, to: conn.number, body: '1' });
    await waitFor(async () => (await ticketOf(c3)).queueId != null);
    clock.set(sp('2025-03-11T10:30:00'));
    await tk.accept(ana, t3.id);
    // c2 loses one tag (the tags screen), c3 gains one (the contact form), then the cycles go on under them.
    await s.services.tags.sync(admin, { contactId: t2.contactId, tags: [late] });
    await s.services.contacts.update(admin, t3.contactId, { tags: [vip] });
    await expectSameAsRaw('after tagging');
    // A message sent by the external API adds a tag to c3 too (its open ticket goes on).
    await s.services.externalApi.send(apiSendSchema.parse({ number: c3, body: 'From the API', whatsappId: conn.id, tagsId: [late] }), []);
    // The customer goes quiet: closed for inactivity.
    clock.set(sp('2025-03-11T18:00:00'));
    await tk.closeBySystem(t3.id, 'inactive');
    // c2 writes again (a waiting cycle of the reopened or a new ticket); Bruno takes and finishes it.
    clock.set(sp('2025-03-11T19:00:00'));
    const again = await writes(c2, 'one more thing');
    clock.set(sp('2025-03-11T19:05:00'));
    await tk.accept(bruno, again.id);
    clock.set(sp('2025-03-11T19:30:00'));
    await tk.finish(bruno, again.id);
    // Ana reopens t3 herself (no wait) and leaves it open.
    clock.set(sp('2025-03-11T23:59:59.999'));
    await tk.reopen(ana, t3.id);

    // Day 3 (the 12th): a ticket in the spare sector, then the sector is deleted; one ticket deleted.
    clock.set(sp('2025-03-12T08:00:00'));
    const t4 = await writes(c4, 'spare');
    await customerSends(s, { from: c4, to: conn.number, body: '2' });
    await waitFor(async () => (await ticketOf(c4)).queueId != null);
    clock.set(sp('2025-03-12T08:15:00'));
    await tk.transfer(admin, t4.id, { userId: carla.id, queueId: spare });
    const t5 = await writes(c5, 'to be deleted');
    clock.set(sp('2025-03-12T08:20:00'));
    await tk.accept(bruno, t5.id, { queueId: sales });
    // A third tag on c4 and c5, deleted with the rest below: its figures go with it.
    const [{ id: goneTag }] = await s.database.db.insert(tags).values({ name: 'Gone', color: '#0000aa' }).returning();
    await s.services.tags.sync(admin, { contactId: t4.contactId, tags: [goneTag, late] });
    await s.services.tags.sync(admin, { contactId: t5.contactId, tags: [goneTag] });
    await expectSameAsRaw('before deletions');
    await expectSameAsRecount('before deletions');
    await s.services.tags.remove(admin, goneTag);
    const [left] = rowsOf(await s.database.db.execute(sql`select count(*)::int as n from dashboard_rollups where tag_id = ${goneTag}`));
    expect(left.n).toBe(0);

    await tk.remove(admin, t5.id);
    await s.services.queues.remove(admin, spare);
    const gone = await s.createUser({ name: 'Dora', profile: 'admin', allTicket: true });
    const dora = (await loadCurrentUser(s.database.db, gone.id))!;
    clock.set(sp('2025-03-12T09:00:00'));
    await tk.transfer(admin, t4.id, { userId: dora.id });
    clock.set(sp('2025-03-12T09:20:00'));
    await tk.accept(dora, t4.id);
    clock.set(sp('2025-03-12T09:30:00'));
    await tk.resolve(dora, t4.id);
    await s.services.users.remove(admin, dora.id);

    clock.set(sp('2025-03-12T12:00:00'));
    await expectSameAsRaw('after the history', true);
    await expectSameAsRecount('after the history');

    // c1's contact deleted: t1 (Ana on the 10th, Carla from the 10th to the 11th) leaves every figure.
    await s.services.contacts.remove(admin, t1.contactId);
    await expectSameAsRaw('after a contact deletion');
    await expectSameAsRecount('after a contact deletion');

    // A contact made by hand the day before, then the same person writing with a hidden number (a
    // LID contact, served by Ana), then with the number: the two are merged, the ticket moving to
    // the first, whose lead is on the 11th.
    clock.set(sp('2025-03-11T20:00:00'));
    const c6 = phoneNumber();
    const byHand = await s.call(CONTACT_ROUTES.create, s.adminToken, { body: { name: 'By hand', number: c6, tags: [vip] } });
    expect(byHand.statusCode, byHand.body).toBe(201);
    await firstSeenNow(byHand.answer().id);
    clock.set(sp('2025-03-12T13:00:00'));
    await customerSends(s, { from: c6, to: conn.number, body: 'hidden', hideNumber: true });
    const hidden = await waitFor(() => ticketOf(simulatedLid(c6)));
    await firstSeenNow(hidden.contactId);
    await tk.accept(ana, hidden.id);
    // The LID contact carries another tag: after the merge the ticket is under both.
    await s.services.tags.sync(admin, { contactId: hidden.contactId, tags: [late] });
    await expectSameAsRaw('before a merge');
    clock.set(sp('2025-03-12T13:30:00'));
    await customerSends(s, { from: c6, to: conn.number, body: 'with the number' });
    await waitFor(async () => ((await ticketOf(c6))?.id === hidden.id ? true : undefined));
    await expectSameAsRaw('after a merge');
    await expectSameAsRecount('after a merge');

    // Contacts imported from a file are people first seen today (the database's clock), counted on that day.
    const imported = await s.services.contacts.importCsv(admin, {
      rows: [
        { name: 'Imported one', number: phoneNumber() },
        { name: 'Imported two', number: phoneNumber() },
      ],
    });
    expect(imported.imported).toBe(2);
    await expectSameAsRecount('after a contact import');

    // A change of zone recounts every day in the new one (UTC: the evening events move a day on).
    await s.services.settings.update(admin, 'timezone', 'UTC');
    await expectSameAsRaw('in UTC', true);
    await expectSameAsRecount('in UTC');
    await s.services.settings.update(admin, 'timezone', TZ);
    await expectSameAsRaw('back in São Paulo');
    // A correctness check over a long history, not a timing: slow on a loaded two-core machine.
  }, 300_000);

  it('concurrent actions on the same attendants and days all succeed and add up', async () => {
    clock.set(sp('2025-03-13T10:00:00'));
    const numbers = Array.from({ length: 8 }, () => phoneNumber());
    const made = [];
    for (const n of numbers) made.push(await writes(n, 'hi'));
    // Half accepted by Ana, half by Bruno; then each hands theirs to the other, all at once: the
    // transactions touch the same (day, attendant, sector) rows in opposite orders.
    await Promise.all(made.map((t, i) => s.services.tickets.accept(i % 2 ? ana : bruno, t.id)));
    clock.set(sp('2025-03-13T11:00:00'));
    // Their contacts are tagged at the same time: each change of tags waits for the transfer of the
    // contact's ticket, or the transfer for it, and both are counted once under the tag.
    const results = await Promise.allSettled([
      ...made.map((t, i) => s.services.tickets.transfer(admin, t.id, { userId: i % 2 ? bruno.id : ana.id })),
      ...made.map((t, i) => s.services.tags.sync(admin, { contactId: t.contactId, tags: i % 3 ? [vip] : [vip, late] })),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    await Promise.all(made.map((t, i) => s.services.tickets.resolve(i % 2 ? bruno : ana, t.id)));
    await expectSameAsRecount('after concurrent writes');
    await expectSameAsRaw('after concurrent writes');
  }, 120_000);

  it('cycles written outside a transaction are counted at once', async () => {
    clock.set(sp('2025-03-13T15:00:00'));
    const t = await writes(phoneNumber(), 'hi');
    // Each call is its own statement: the figures move before a change (-1) and after it (1).
    await finishCycle(s.database.db, t.id, new Date(sp('2025-03-13T15:10:00')), 'transferred', null);
    await openCycle(s.database.db, t.id, new Date(sp('2025-03-13T15:10:00')), { queueId: sales, userId: ana.id, started: true });
    await finishCycle(s.database.db, t.id, new Date(sp('2025-03-13T15:30:00')), 'resolved', ana.id);
    await openCycle(s.database.db, t.id, new Date(sp('2025-03-13T16:00:00')), { queueId: support, userId: ana.id, started: true });
    await expectSameAsRecount('outside a transaction');
    await expectSameAsRaw('outside a transaction');
  }, 120_000);
});
