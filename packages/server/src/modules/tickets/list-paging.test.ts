/**
 * GET /tickets search within the matching ids, keyset paging and the bounded count, on the database
 * under test (PGlite, and PostgreSQL with TEST_DATABASE_URL).
 */
import { TICKETS_COUNT_CAP } from '@switchboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queues, whatsapps } from '../../db/schema.js';
import { factories } from '../../test/factories.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';

interface Page {
  tickets: { id: number }[];
  count: number;
  countCapped: boolean;
  hasMore: boolean;
  nextCursor: string | null;
}

describe('tickets list: search, cursor and count', () => {
  let s: TestServer;
  let connId: number;
  let sales: number;
  let support: number;
  let salesAgent: { id: number; token: string };
  let supportAgent: { id: number; token: string };

  const get = async (token: string, query: Record<string, string>) => {
    const res = await s.app.inject({ method: 'GET', url: `/api/tickets?${new URLSearchParams(query).toString()}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };
  const ids = (p: Page) => p.tickets.map((t) => t.id);

  /** A contact with one ticket (and its messages), written directly: the list reads only rows. */
  async function ticket(
    opts: {
      name?: string;
      queueId?: number | null;
      userId?: number | null;
      status?: string;
      bodies?: string[];
      updatedAt?: Date | ReturnType<typeof sql>;
    } = {},
  ) {
    const make = factories(s);
    const contact = await make.contact(opts.name ? { name: opts.name } : {});
    const t = await make.ticket({
      contactId: contact.id,
      whatsappId: connId,
      status: opts.status ?? 'pending',
      queueId: opts.queueId === undefined ? sales : opts.queueId,
      userId: opts.userId ?? null,
      ...(opts.updatedAt ? { updatedAt: opts.updatedAt } : {}),
    });
    for (const body of opts.bodies ?? []) await make.message(t, { body });
    return { id: t.id, number: contact.number };
  }

  /** Every page of a list, following nextCursor; `between` runs after each page (to insert rows). */
  async function walk(token: string, query: Record<string, string>, between: (page: number) => Promise<void> = () => Promise.resolve()) {
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let page = 1; page < 100; page++) {
      const p = await get(token, cursor ? { ...query, cursor } : query);
      seen.push(...ids(p));
      expect(p.hasMore).toBe(p.nextCursor !== null);
      if (!p.nextCursor) return seen;
      cursor = p.nextCursor;
      await between(page);
    }
    throw new Error('did not end');
  }

  beforeAll(async () => {
    s = await createTestServer();
    [{ id: connId }] = await s.database.db.insert(whatsapps).values({ name: 'Main', channel: 'simulator', isDefault: true }).returning();
    [{ id: sales }] = await s.database.db.insert(queues).values({ name: 'Sales', color: '#00aa00' }).returning();
    [{ id: support }] = await s.database.db.insert(queues).values({ name: 'Support', color: '#0000aa' }).returning();
    salesAgent = await s.createUser({ queueIds: [sales] });
    supportAgent = await s.createUser({ queueIds: [support] });
  }, 120_000);
  afterAll(() => s.stop());

  describe('search', () => {
    it('finds tickets by contact name, number and message word, each once', async () => {
      const byName = await ticket({ name: 'Wilhelmina Quaresmo' });
      const byNumber = await ticket();
      const byWord = await ticket({ bodies: ['hello', 'the parcel zorblax never arrived', 'zorblax again'] });
      const both = await ticket({ name: 'Zorblax Company', bodies: ['about zorblax'] });
      await ticket({ bodies: ['nothing to see'] });
      const search = (term: string) => get(s.adminToken, { showAll: 'true', searchParam: term });

      expect(ids(await search('wilhelmina quar'))).toEqual([byName.id]);
      expect(ids(await search(byNumber.number.slice(-8)))).toEqual([byNumber.id]);
      const word = await search('ZORBLAX');
      expect(ids(word).sort()).toEqual([byWord.id, both.id].sort());
      expect(word).toMatchObject({ count: 2, countCapped: false, hasMore: false, nextCursor: null });
      // LIKE wildcards are text, not patterns.
      expect(ids(await search('%'))).toEqual([]);
      expect(ids(await search('zorbl_x'))).toEqual([]);
    });

    it('respects visibility: only matches the viewer may see are listed and counted', async () => {
      const inSales = await ticket({ name: 'Ottoline Vexley', queueId: sales });
      const inSupport = await ticket({ name: 'Ottoline Vexley', queueId: support });
      const sectorless = await ticket({ bodies: ['ottoline vexley wrote this'], queueId: null });
      const salesOther = await ticket({ name: 'Ottoline Vexley', queueId: sales, userId: supportAgent.id, status: 'open' });
      const term = { searchParam: 'ottoline vexley' };

      const forSales = await get(salesAgent.token, term);
      expect(ids(forSales)).toEqual([inSales.id]);
      expect(forSales.count).toBe(1);
      const forSupport = await get(supportAgent.token, term);
      expect(ids(forSupport).sort()).toEqual([inSupport.id, salesOther.id].sort());
      const forAdmin = await get(s.adminToken, { ...term, showAll: 'true' });
      expect(ids(forAdmin).sort()).toEqual([inSales.id, inSupport.id, sectorless.id, salesOther.id].sort());
      expect(forAdmin.count).toBe(4);
    });

    it('pages through many matches with the cursor, in list order', async () => {
      const made: number[] = [];
      for (let i = 0; i < 45; i++) made.push((await ticket({ bodies: [`quibbleword number ${i}`] })).id);
      const seen = await walk(s.adminToken, { showAll: 'true', searchParam: 'quibbleword' });
      expect(seen).toHaveLength(45);
      expect([...seen].sort((a, b) => a - b)).toEqual([...made].sort((a, b) => a - b));
      const first = await get(s.adminToken, { showAll: 'true', searchParam: 'quibbleword' });
      // A term common enough to fill the page from the newest tickets is answered without counting
      // every match: the count is then a lower bound, marked as such (as the tabs' capped counts are).
      expect(first).toMatchObject({ countCapped: true, hasMore: true });
      expect(first.count).toBeGreaterThan(first.tickets.length);
      expect(first.count).toBeLessThanOrEqual(45);
    });
  });

  describe('paging', () => {
    it('a cursor walk has no duplicates and no gaps while tickets arrive, down to the microsecond', async () => {
      const queue = (await s.database.db.insert(queues).values({ name: 'Paging', color: '#123456' }).returning())[0].id;
      const agent = await s.createUser({ queueIds: [queue] });
      const before: number[] = [];
      // Several share a millisecond and differ in microseconds; several share the exact instant (ties by id).
      for (let i = 0; i < 50; i++) {
        const at = sql`timestamptz '2026-01-01 12:00:00.000000+00' + ${Math.floor(i / 3)} * interval '1 microsecond'`;
        before.push((await ticket({ queueId: queue, updatedAt: at })).id);
      }
      const arrived: number[] = [];
      const query = { status: 'pending', queueIds: JSON.stringify([queue]) };
      const seen = await walk(agent.token, query, async () => {
        for (let i = 0; i < 3; i++) arrived.push((await ticket({ queueId: queue })).id);
      });
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort((a, b) => a - b)).toEqual([...before].sort((a, b) => a - b));
      // Newest first: ties in time by id, descending.
      expect(seen).toEqual([...before].reverse());
      // New arrivals are on top of a fresh first page.
      const fresh = await get(agent.token, query);
      expect(ids(fresh).slice(0, arrived.length)).toEqual([...arrived].reverse());
    });

    it('keeps pageNumber paging for existing clients', async () => {
      const queue = (await s.database.db.insert(queues).values({ name: 'Numbered', color: '#654321' }).returning())[0].id;
      const agent = await s.createUser({ queueIds: [queue] });
      for (let i = 0; i < 25; i++) await ticket({ queueId: queue });
      const query = { status: 'pending', queueIds: JSON.stringify([queue]) };
      const p1 = await get(agent.token, { ...query, pageNumber: '1' });
      const p2 = await get(agent.token, { ...query, pageNumber: '2' });
      expect(p1).toMatchObject({ count: 25, hasMore: true });
      expect(p2).toMatchObject({ count: 25, hasMore: false, nextCursor: null });
      expect(ids(p1)).toHaveLength(20);
      expect(ids(p2)).toHaveLength(5);
      expect(ids(await get(agent.token, { ...query, cursor: p1.nextCursor! }))).toEqual(ids(p2));
    });

    it('refuses a cursor that is not one it gave, changing nothing', async () => {
      for (const cursor of [
        'nope',
        Buffer.from('{"order":"updated","ascending":false,"at":"x","id":1}').toString('base64url'),
        'a'.repeat(300),
        'ab$c',
      ]) {
        const res = await s.app.inject({
          method: 'GET',
          url: `/api/tickets?cursor=${encodeURIComponent(cursor)}`,
          headers: bearer(s.adminToken),
        });
        expect(res.statusCode, cursor).toBe(400);
        expect(res.json().error).toBe('ERR_VALIDATION');
      }
    });
  });

  describe('count', () => {
    it('stops counting at the cap and says so', async () => {
      const queue = (await s.database.db.insert(queues).values({ name: 'Bulk', color: '#abcdef' }).returning())[0].id;
      await s.database.db.execute(sql`insert into contacts (name, number)
        select 'Bulk ' || i, '88' || lpad(i::text, 10, '0') from generate_series(1, ${TICKETS_COUNT_CAP + 5}) i`);
      await s.database.db.execute(sql`insert into tickets (status, contact_id, whatsapp_id, queue_id, is_group)
        select 'closed', c.id, ${connId}, ${queue}, true from contacts c where c.name like 'Bulk %'`);
      const agent = await s.createUser({ queueIds: [queue] });
      const page = await get(agent.token, { status: 'closed', queueIds: JSON.stringify([queue]) });
      expect(page).toMatchObject({ count: TICKETS_COUNT_CAP, countCapped: true, hasMore: true });
      expect(page.tickets).toHaveLength(20);
      const groups = await get(s.adminToken, { isGroup: 'true' });
      expect(groups).toMatchObject({ count: TICKETS_COUNT_CAP, countCapped: true });
    }, 120_000);
  });
});
