/**
 * GET /tickets search, narrow (page and count within the candidate ids) and broad (a walk in list
 * order checking each ticket, stopping at the page), against a straightforward query on the same
 * seeded rows: every page, followed by cursor and by pageNumber, must list exactly the tickets the
 * plain query lists, in the same order, for each viewer. On the database under test (PGlite, and
 * PostgreSQL with TEST_DATABASE_URL).
 */
import { PAGE_SIZE, ticketInScope, ticketScope } from '@switchboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, queues, tickets, whatsapps } from '../../db/schema.js';
import { rowsOf } from '../../lib/sql.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';

interface Page {
  tickets: { id: number }[];
  count: number;
  countCapped: boolean;
  hasMore: boolean;
  nextCursor: string | null;
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

describe('tickets search: narrow and broad terms list what a plain query lists', () => {
  let s: TestServer;
  const viewers: { name: string; token: string; id: number; admin: boolean; queueIds: number[]; showAll: boolean }[] = [];

  beforeAll(async () => {
    s = await createTestServer();
    const db = s.database.db;
    const [{ id: conn }] = await db.insert(whatsapps).values({ name: 'Main', channel: 'simulator', isDefault: true }).returning();
    const [{ id: sales }] = await db.insert(queues).values({ name: 'Sales', color: '#00aa00' }).returning();
    const [{ id: support }] = await db.insert(queues).values({ name: 'Support', color: '#0000aa' }).returning();
    const salesAgent = await s.createUser({ queueIds: [sales] });
    const supportAgent = await s.createUser({ queueIds: [support] });
    const [admin] = rowsOf(await db.execute(sql`select id from users where profile = 'admin' order by id limit 1`));
    viewers.push(
      { name: 'admin, show all', token: s.adminToken, id: Number(admin.id), admin: true, queueIds: [], showAll: true },
      { name: 'admin', token: s.adminToken, id: Number(admin.id), admin: true, queueIds: [], showAll: false },
      { name: 'sales attendant', token: salesAgent.token, id: salesAgent.id, admin: false, queueIds: [sales], showAll: false },
      { name: 'support attendant', token: supportAgent.token, id: supportAgent.id, admin: false, queueIds: [support], showAll: false },
    );

    const rnd = random(31);
    const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)];
    const first = ['Ana', 'Bruno', 'Olivia', 'Carla', 'Diego'];
    const last = ['Oliveira', 'Silva', 'Souza', 'Costa'];
    const words = ['hello', 'refund please', 'order late', 'thanks', 'where is my refund', 'ok'];
    for (let i = 0; i < 140; i++) {
      const [c] = await db
        .insert(contacts)
        .values({ name: `${pick(first)} ${pick(last)}`, number: `55119${String(7_000_000 + i * 37).padStart(8, '0')}` })
        .returning();
      const userId = pick([null, null, salesAgent.id, supportAgent.id, Number(admin.id)]);
      // Few distinct instants, some a microsecond apart: ties must be broken by id the same way.
      const at = sql`timestamptz '2026-03-01 10:00:00+00' + ${Math.floor(rnd() * 60)} * interval '1 minute' + ${Math.floor(rnd() * 3)} * interval '1 microsecond'`;
      const [t] = await db
        .insert(tickets)
        .values({
          status: userId === null ? 'pending' : pick(['open', 'closed', 'closed']),
          contactId: c.id,
          whatsappId: conn,
          queueId: pick([sales, support, null]),
          userId,
          updatedAt: at,
        })
        .returning();
      const n = Math.floor(rnd() * 4);
      for (let j = 0; j < n; j++)
        await db.insert(messages).values({ id: `sw-${t.id}-${j}`, ticketId: t.id, contactId: c.id, body: pick(words) });
    }
  }, 180_000);
  afterAll(() => s.stop());

  /** The plain answer: every ticket whose contact or a message contains the term, visible to the viewer, newest first. */
  async function expected(term: string, v: (typeof viewers)[number], status?: string): Promise<number[]> {
    const like = `%${term}%`;
    const digits = term.replace(/\D/g, '');
    const rows = rowsOf(
      await s.database.db.execute(sql`
        select t.id, t.user_id, t.queue_id from tickets t join contacts c on c.id = t.contact_id
        where (c.name ilike ${like} ${digits.length >= 3 ? sql`or c.number like ${`%${digits}%`}` : sql``}
               or exists (select 1 from messages m where m.ticket_id = t.id and m.body ilike ${like}))
          ${status ? sql`and t.status = ${status}` : sql``}
        order by t.updated_at desc, t.id desc`),
    );
    const scope = ticketScope(
      { id: v.id, profile: v.admin ? 'admin' : 'user', queueIds: v.queueIds, allTicket: false },
      { allTicket: false },
      { showAll: v.showAll },
    );
    return rows
      .filter((r) =>
        ticketInScope(scope, {
          userId: r.user_id == null ? null : Number(r.user_id),
          queueId: r.queue_id == null ? null : Number(r.queue_id),
        }),
      )
      .map((r) => Number(r.id));
  }

  const get = async (token: string, query: Record<string, string>) => {
    const res = await s.app.inject({ method: 'GET', url: `/api/tickets?${new URLSearchParams(query).toString()}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };

  async function byCursor(token: string, query: Record<string, string>): Promise<{ ids: number[]; first: Page }> {
    const seen: number[] = [];
    let cursor: string | null = null;
    let first: Page | undefined;
    for (let page = 0; page < 50; page++) {
      const p = await get(token, cursor ? { ...query, cursor } : query);
      first ??= p;
      expect(p.tickets.length).toBeLessThanOrEqual(PAGE_SIZE);
      seen.push(...p.tickets.map((t) => t.id));
      if (!p.nextCursor) return { ids: seen, first };
      cursor = p.nextCursor;
    }
    throw new Error('did not end');
  }

  const terms: [string, string | undefined][] = [
    ['oliv', undefined],
    ['REFUND', undefined],
    ['refund', 'closed'],
    ['700', undefined],
    ['no such words', undefined],
  ];

  it("a term common in others' tickets but in none the viewer sees is narrow for them, counted exactly", async () => {
    const db = s.database.db;
    const [{ id: conn }] = rowsOf(await db.execute(sql`select id from whatsapps order by id limit 1`));
    const owner = viewers.find((v) => v.name === 'admin')!.id;
    for (let i = 0; i < 6; i++) {
      const [c] = await db
        .insert(contacts)
        .values({ name: `Zuleica ${i}`, number: `55119${String(8_000_000 + i).padStart(8, '0')}` })
        .returning();
      // Older than every other ticket, so that the other cases' first windows stay as they were.
      const at = sql`timestamptz '2026-01-01 10:00:00+00'`;
      await db.insert(tickets).values({ status: 'open', contactId: c.id, whatsappId: Number(conn), userId: owner, updatedAt: at });
    }
    const t = s.services.tickets;
    // Six matching tickets are more than a probe of 3: before counting only what the viewer may see,
    // the term was broad, and the walk read every ticket of the viewer's to find none.
    [t.searchWindow, t.searchProbe, t.searchWidestWindow] = [0, 3, 0];
    try {
      const sales = viewers.find((v) => v.name === 'sales attendant')!;
      expect(await get(sales.token, { searchParam: 'zuleica' })).toMatchObject({ tickets: [], count: 0, countCapped: false });
      const admin = viewers.find((v) => v.name === 'admin, show all')!;
      const theirs = await get(admin.token, { searchParam: 'zuleica', showAll: 'true' });
      expect(theirs.tickets).toHaveLength(6);
      expect(theirs.countCapped).toBe(true);
    } finally {
      setMode('window');
    }
  });

  // [window, probe, widest window] — window: the first tickets in list order checked one by one (the
  // default; 140 tickets fit); narrow: candidate ids only; broad: more than 3 matching rows → the
  // unbounded walk; small window: 7 tickets checked, then the candidate ids or the walk; widened:
  // 7 tickets checked, then as many as the term's density there says fill the page (up to 140), and
  // only then the candidate ids (every term is narrow here: 2,000 candidates cover all).
  const modes = {
    window: [2_000, 2_000, 2_000],
    narrow: [0, 2_000, 0],
    broad: [0, 3, 0],
    'small window': [7, 3, 0],
    widened: [7, 2_000, 140],
  } as const;
  const setMode = (mode: keyof typeof modes) => {
    const t = s.services.tickets;
    [t.searchWindow, t.searchProbe, t.searchWidestWindow] = modes[mode];
  };
  for (const mode of Object.keys(modes) as (keyof typeof modes)[]) {
    it(`${mode}: every viewer's pages equal the plain query, by cursor and by page number`, async () => {
      setMode(mode);
      let walked = 0;
      for (const [term, status] of terms) {
        for (const v of viewers) {
          const want = await expected(term, v, status);
          const query: Record<string, string> = {
            searchParam: term,
            ...(v.showAll ? { showAll: 'true' } : {}),
            ...(status ? { status } : {}),
          };
          const { ids, first } = await byCursor(v.token, query);
          expect(ids, `${term} / ${v.name}`).toEqual(want);
          const page2 = await get(v.token, { ...query, pageNumber: '2' });
          expect(
            page2.tickets.map((t) => t.id),
            `${term} / ${v.name}, page 2`,
          ).toEqual(want.slice(PAGE_SIZE, 2 * PAGE_SIZE));
          if (mode === 'narrow') {
            expect(first).toMatchObject({ count: want.length, countCapped: false });
          } else if (first.countCapped) {
            // A broad count is a lower bound: never more than the matches, never fewer than the page shows.
            walked += 1;
            expect(first.count).toBeLessThanOrEqual(want.length);
            expect(first.count).toBeGreaterThanOrEqual(first.tickets.length);
          } else {
            expect(first.count).toBe(want.length);
          }
        }
      }
      // The walk was exercised, not only the candidate ids. In the widened mode a capped count can
      // only come from a walk, and 7 tickets never hold a page: it comes from the widened walk.
      if (mode !== 'narrow') expect(walked).toBeGreaterThan(3);
      setMode('window');
    }, 180_000);
  }
});
