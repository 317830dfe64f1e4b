/**
 * Tickets benchmark: GET /api/tickets (each tab as the web asks for it, admin and a one-sector
 * attendant, first and second page), search by contact name, number and message word, and
 * GET /api/messages on a 5,000-message ticket — through the HTTP layer (auth, validation, SQL,
 * JSON) — at two sizes ten times apart, so that growth can be compared with the matching rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { openDatabase, type Database, type Db } from '../packages/server/src/db/client.js';
import { users } from '../packages/server/src/db/schema.js';
import { rowsOf } from '../packages/server/src/lib/sql.js';
import { hashPassword } from '../packages/server/src/lib/passwords.js';
import { fmt, percentile, POSTGRES_URL, type DbKind } from './lib.js';
import {
  ATTENDANT_EMAIL,
  bigTicketId,
  SEARCH_BROAD_NAME,
  SEARCH_BROAD_WORD,
  SEARCH_NAME,
  SEARCH_SPREAD_NAME,
  SEARCH_WORD,
  seedTickets,
} from './tickets-seed.js';

export const SEARCH_TARGET_MS = 100;
const RUNS = Number(process.env.BENCH_TICKETS_RUNS ?? 30);
const WARMUP = 3;

export interface TicketsRow {
  name: string;
  /** Rows the request matches (the count, or the messages of the ticket). */
  matching: number;
  p50: number;
  p95: number;
}

export interface TicketsResult {
  kind: DbKind;
  tickets: number;
  messages: number;
  seedSeconds: number | null;
  rows: TicketsRow[];
}

const log = (s: string) => console.log(`  [${new Date().toISOString().slice(11, 19)}] ${s}`);

/**
 * A database seeded with `tickets` tickets. On PostgreSQL it is a database of its own, kept between
 * runs (BENCH_TICKETS_RESEED=1 seeds it again), since 10M messages take minutes to load.
 */
export async function seededDatabase(
  kind: DbKind,
  tickets: number,
): Promise<{ database: Database; seedSeconds: number | null; drop: () => Promise<void> }> {
  const timeSeed = async (db: Db) => {
    const start = process.hrtime.bigint();
    await seedTickets(db, tickets, (step) => log(`seeding ${step}`));
    return Number(process.hrtime.bigint() - start) / 1e9;
  };
  if (kind === 'pglite') {
    const database = await openDatabase({});
    await database.migrate();
    return { database, seedSeconds: await timeSeed(database.db), drop: () => database.close() };
  }
  const name = `sb_bench_tickets_${tickets}`;
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  let seeded = false;
  if (exists && process.env.BENCH_TICKETS_RESEED !== '1') {
    const probe = new pg.Client({ connectionString: url.toString() });
    await probe.connect();
    seeded = await probe
      .query("select 1 from messages where id = 'long-1'")
      .then((r) => r.rowCount === 1)
      .catch(() => false);
    await probe.end();
  }
  if (!seeded) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  }
  await admin.end();
  const database = await openDatabase({ url: url.toString(), poolSize: 10 });
  await database.migrate();
  let seedSeconds: number | null = null;
  if (!seeded) {
    // One session for the whole load: its settings (no FK triggers, memory for index builds) are per session.
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      seedSeconds = await timeSeed(drizzle(client) as unknown as Db);
    } finally {
      await client.end();
    }
  } else {
    log(`reusing ${name}`);
  }
  return { database, seedSeconds, drop: () => database.close() };
}

async function login(built: BuiltApp, email: string): Promise<string> {
  const res = await built.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'benchpass' } });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.body}`);
  return res.json<{ token: string }>().token;
}

async function scalar(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = rowsOf(await db.execute(query));
  return Number(row.n);
}

export async function benchTickets(kind: DbKind, tickets: number): Promise<TicketsResult> {
  const { database, seedSeconds, drop } = await seededDatabase(kind, tickets);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0' });
  const built = await buildApp({
    config,
    database,
    secrets: { jwtSecret: randomBytes(32).toString('hex'), jwtRefreshSecret: randomBytes(32).toString('hex') },
    serveWeb: false,
    startChannels: false,
  });
  try {
    const db = database.db;
    const passwordHash = await hashPassword('benchpass');
    await db.execute(sql`delete from users where email = 'bench@x.io'`);
    await db.insert(users).values({ name: 'Bench admin', email: 'bench@x.io', passwordHash, profile: 'admin' });
    await db.execute(sql`update users set password_hash = ${passwordHash} where email = ${ATTENDANT_EMAIL}`);
    const viewers = [
      // The admin with "show all" on: every ticket is theirs to list.
      { who: 'admin', token: await login(built, 'bench@x.io'), sectors: [] as number[], showAll: true },
      {
        who: 'attendant',
        token: await login(built, ATTENDANT_EMAIL),
        showAll: false,
        sectors: [
          await scalar(
            db,
            sql`select q.queue_id as n from user_queues q join users u on u.id = q.user_id where u.email = ${ATTENDANT_EMAIL}`,
          ),
        ],
      },
    ];
    const rows: TicketsRow[] = [];
    const time = async (name: string, token: string, url: () => string, matching: (body: unknown) => number) => {
      let matched = 0;
      const call = async () => {
        const res = await built.app.inject({ method: 'GET', url: url(), headers: { authorization: `Bearer ${token}` } });
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
        matched = matching(res.json());
      };
      for (let i = 0; i < WARMUP; i++) await call();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = process.hrtime.bigint();
        await call();
        times.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
      times.sort((a, b) => a - b);
      const row = { name, matching: matched, p50: percentile(times, 50), p95: percentile(times, 95) };
      log(`${name}: ${fmt(row.p50, 1)} / ${fmt(row.p95, 1)} ms (${fmt(matched)} matching)`);
      rows.push(row);
    };
    type Page = { count: number; countCapped?: boolean; nextCursor?: string | null; tickets: unknown[] };
    const countOf = (b: unknown) => (b as Page).count;
    for (const v of viewers) {
      const scope = { ...(v.showAll ? { showAll: 'true' } : {}), ...(v.sectors.length ? { queueIds: JSON.stringify(v.sectors) } : {}) };
      const base = { isGroup: 'false', ...scope };
      const tabs: [string, Record<string, string>][] = [
        ['open', { ...base, status: 'open' }],
        ['pending', { ...base, status: 'pending' }],
        ['closed', { ...base, status: 'closed' }],
        ['groups', { isGroup: 'true', ...scope }],
      ];
      const searches: [string, string][] = [
        ['search by name', SEARCH_NAME],
        ['search by number', '90001234'],
        ['search by message word', SEARCH_WORD],
        // Broad terms: a few percent of all tickets match.
        ['search by name, broad', SEARCH_BROAD_NAME],
        ['search by first name, broad, spread', SEARCH_SPREAD_NAME],
        ['search by message word, broad', SEARCH_BROAD_WORD],
      ];
      const all: [string, Record<string, string>][] = [
        ...tabs,
        ...searches.map(([n, term]): [string, Record<string, string>] => [n, { ...base, isGroup: '', searchParam: term }]),
      ];
      for (const [tab, params] of all) {
        const clean = Object.fromEntries(Object.entries(params).filter(([, val]) => val !== ''));
        const qs = (extra: Record<string, string>) => `/api/tickets?${new URLSearchParams({ ...clean, ...extra }).toString()}`;
        await time(`${tab}, ${v.who}, page 1`, v.token, () => qs({}), countOf);
        const first = (
          await built.app.inject({ method: 'GET', url: qs({}), headers: { authorization: `Bearer ${v.token}` } })
        ).json<Page>();
        if (first.nextCursor) await time(`${tab}, ${v.who}, page 2 (cursor)`, v.token, () => qs({ cursor: first.nextCursor! }), countOf);
        if (tab === 'closed') await time(`${tab}, ${v.who}, page 2 (pageNumber)`, v.token, () => qs({ pageNumber: '2' }), countOf);
      }
    }
    // The contacts page as the web asks for it: name order, next page by cursor; count capped.
    type ContactsPage = { count: number; nextCursor: string | null };
    const contactsCount = (b: unknown) => (b as ContactsPage).count;
    for (const [label, term] of [
      ['all', ''],
      ['search by name, broad', SEARCH_BROAD_NAME],
      ['search by name', SEARCH_NAME],
    ] as const) {
      const qs = (extra: Record<string, string>) =>
        `/api/contacts?${new URLSearchParams({ ...(term ? { searchParam: term.toLowerCase() } : {}), ...extra }).toString()}`;
      await time(`contacts, ${label}, page 1`, viewers[0].token, () => qs({}), contactsCount);
      const first = (
        await built.app.inject({ method: 'GET', url: qs({}), headers: { authorization: `Bearer ${viewers[0].token}` } })
      ).json<ContactsPage>();
      if (first.nextCursor)
        await time(`contacts, ${label}, page 2 (cursor)`, viewers[0].token, () => qs({ cursor: first.nextCursor! }), contactsCount);
    }
    const big = await bigTicketId(db);
    const admin = viewers[0].token;
    await time(
      'messages of a 5,000-message ticket, page 1',
      admin,
      () => `/api/messages/${big}?pageNumber=1`,
      (b) => (b as Page).count,
    );
    await time(
      'messages of a 5,000-message ticket, page 2',
      admin,
      () => `/api/messages/${big}?pageNumber=2`,
      (b) => (b as Page).count,
    );
    const newest = (
      await built.app.inject({ method: 'GET', url: `/api/messages/${big}`, headers: { authorization: `Bearer ${admin}` } })
    ).json<Page>();
    if (newest.nextCursor) {
      await time(
        'messages of a 5,000-message ticket, page 2 (cursor)',
        admin,
        () => `/api/messages/${big}?before=${newest.nextCursor!}`,
        (b) => (b as Page).count,
      );
    }
    // "prazo" is in two of the conversation's sixteen phrases: hundreds of matches, the answer's 50 newest.
    await time(
      'search in a 5,000-message conversation',
      admin,
      () => `/api/messages/${big}/search?q=prazo`,
      (b) => (b as { matches: unknown[] }).matches.length,
    );
    return {
      kind,
      tickets: await scalar(db, sql`select count(*) as n from tickets`),
      messages: await scalar(db, sql`select count(*) as n from messages`),
      seedSeconds,
      rows,
    };
  } finally {
    await built.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A markdown table comparing the two sizes row by row (growth = large p95 / small p95). */
export function describeTickets(small: TicketsResult, large: TicketsResult): string[] {
  const head = [
    `| request | matching (${fmt(small.tickets)} → ${fmt(large.tickets)}) | p50 small | p95 small | p50 large | p95 large | p95 growth | matching growth |`,
    '|---|---|---|---|---|---|---|---|',
  ];
  const lines = large.rows.map((r) => {
    const s = small.rows.find((x) => x.name === r.name);
    // "—" where the smaller size has no such row (no second page) or nothing matched at either size.
    const dash = (value: number, text: (v: number) => string) => (Number.isFinite(value) ? text(value) : '—');
    const growth = s ? r.p95 / s.p95 : NaN;
    const matchGrowth = s && s.matching > 0 ? r.matching / s.matching : NaN;
    // The goal is set for PostgreSQL at 1M tickets.
    const search =
      large.kind === 'postgres' && (r.name.startsWith('search') || r.name.startsWith('contacts'))
        ? r.p95 <= SEARCH_TARGET_MS
          ? ' ✓'
          : ' ✗'
        : '';
    const ms = (v: number) => `${fmt(v, 1)} ms`;
    return `| ${r.name} | ${dash(s?.matching ?? NaN, fmt)} → ${fmt(r.matching)} | ${dash(s?.p50 ?? NaN, ms)} | ${dash(s?.p95 ?? NaN, ms)} | ${ms(r.p50)} | **${ms(r.p95)}**${search} | ${dash(growth, (g) => `${fmt(g, 2)}×`)} | ${dash(matchGrowth, (g) => `${fmt(g, 1)}×`)} |`;
  });
  return [...head, ...lines];
}
