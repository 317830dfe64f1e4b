/**
 * Additive changes to the dashboard's kept figures (the tables of store/dashboard-rollups.ts,
 * dashboard-tickets.ts and dashboard-leads.ts), gathered per transaction and written just before it
 * commits: per table, the changes of one key are summed and all keys go in one `insert … on
 * conflict do update set x = x + excluded.x`, sorted by key.
 *
 * Why gathered and sorted: the figures are rows every writer shares (a day, an attendant, a
 * sector). Written as each change happens, two transactions locked them in the order their actions
 * came in and deadlocked; written last, in one order for everyone (tables by name, then rows by
 * key), a writer waits for another's commit instead. Summed per key, because an upsert may not touch
 * one row twice, and a key whose figures sum to zero is left out, so a change that moves nothing
 * locks nothing. docs/decisions.md "Dashboard rollups".
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { beforeCommit } from '../db/at-commit.js';

/** How a key column is written and ordered: int numerically, date as 'YYYY-MM-DD' text (or '-infinity'). */
type KeyType = 'int' | 'date';
type FigureType = 'int' | 'bigint';

/** A table of kept figures: its unique key's columns and the figures added under it. */
export interface KeptTable {
  name: string;
  keys: readonly (readonly [string, KeyType])[];
  figures: readonly (readonly [string, FigureType])[];
  /** Every column, keys first (for an insert). */
  columns: SQL;
  /** `on conflict (keys) do update set` each figure to itself plus the excluded row's. */
  onConflictAdd: SQL;
}

/** Declares a kept table: `keys` in the order of its unique key (rows are written in that order). */
export function keptTable(name: string, keys: Record<string, KeyType>, figures: Record<string, FigureType>): KeptTable {
  const keyList = Object.entries(keys);
  const figureList = Object.entries(figures);
  return {
    name,
    keys: keyList,
    figures: figureList,
    columns: sql.raw([...keyList, ...figureList].map(([c]) => c).join(', ')),
    onConflictAdd: sql.raw(
      `on conflict (${keyList.map(([c]) => c).join(', ')}) do update set ` +
        figureList.map(([f]) => `${f} = ${name}.${f} + excluded.${f}`).join(', '),
    ),
  };
}

type KeyValue = number | string;

/** A value as the driver returns it (number, text or bigint), as text; anything else is the caller's mistake. */
function text(table: KeptTable, column: string, value: unknown): string {
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'bigint') return String(value);
  throw new Error(`${table.name}: ${column} is ${value === null ? 'null' : typeof value} in a kept row`);
}

const compareKeys = (a: KeyValue[], b: KeyValue[]): number => {
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    return typeof x === 'number' && typeof y === 'number' ? x - y : x < y ? -1 : 1;
  }
  return 0;
};

/** Changes to one kept table, summed per key until written. */
export class KeptDeltas {
  private readonly rows = new Map<string, { key: KeyValue[]; sums: bigint[] }>();

  constructor(readonly table: KeptTable) {}

  /** Adds `times` × the row's figures under its key (columns by name, as a select returns them). */
  add(row: Record<string, unknown>, times = 1): void {
    const key = this.table.keys.map(([column, type]): KeyValue => {
      const value = text(this.table, column, row[column]);
      return type === 'int' ? Number(value) : value;
    });
    const id = key.join('|');
    const entry = this.rows.get(id) ?? { key, sums: this.table.figures.map(() => 0n) };
    this.table.figures.forEach(([figure], i) => (entry.sums[i] += BigInt(text(this.table, figure, row[figure])) * BigInt(times)));
    this.rows.set(id, entry);
  }

  /** Drops the changes whose key column `column` is `value` (their rows are deleted instead). */
  forget(column: string, value: number): void {
    const at = this.table.keys.findIndex(([c]) => c === column);
    if (at < 0) throw new Error(`${this.table.name} has no key column ${column}`);
    for (const [id, { key }] of this.rows) if (key[at] === value) this.rows.delete(id);
  }

  /** Writes the changes (one upsert, keys in order, none that sums to zero) and empties. */
  async write(db: DbOrTx): Promise<void> {
    const { keys, figures } = this.table;
    const rows = [...this.rows.values()].filter((r) => r.sums.some((v) => v !== 0n)).sort((a, b) => compareKeys(a.key, b.key));
    this.rows.clear();
    if (!rows.length) return;
    const values = rows.map(
      (r) =>
        sql`(${sql.join(
          [
            ...r.key.map((v, i) => sql`${v}::${sql.raw(keys[i][1])}`),
            ...r.sums.map((v, i) => sql`${v.toString()}::${sql.raw(figures[i][1])}`),
          ],
          sql`, `,
        )})`,
    );
    await db.execute(sql`
      insert into ${sql.raw(this.table.name)} (${this.table.columns}) values ${sql.join(values, sql`, `)}
      ${this.table.onConflictAdd}`);
  }
}

interface Gathered {
  /** Work that adds the last changes, run at commit before any is written. */
  preparations: Map<symbol, () => Promise<void>>;
  deltas: Map<KeptTable, KeptDeltas>;
}

const gathered = new WeakMap<object, Gathered>();
const WRITE = Symbol('kept figures');

/** The transaction's gathering, its commit hook registered on first use; undefined outside a transaction. */
function gatheringOf(db: DbOrTx): Gathered | undefined {
  if (!beforeCommit(db, WRITE, () => writeGathered(db))) return undefined;
  let g = gathered.get(db);
  if (!g) {
    g = { preparations: new Map(), deltas: new Map() };
    gathered.set(db, g);
  }
  return g;
}

/**
 * The changes to `table` that the transaction `db` gathers, written just before it commits;
 * undefined when `db` is no transaction (db.transaction's), where the caller writes at once.
 */
export function gatheredIn(db: DbOrTx, table: KeptTable): KeptDeltas | undefined {
  const g = gatheringOf(db);
  if (!g) return undefined;
  let deltas = g.deltas.get(table);
  if (!deltas) {
    deltas = new KeptDeltas(table);
    g.deltas.set(table, deltas);
  }
  return deltas;
}

/**
 * Registers `prepare` (once per `key`) to run as the transaction `db` commits, before the gathered
 * changes are written: for changes that can only be computed then. False outside a transaction.
 */
export function beforeWriting(db: DbOrTx, key: symbol, prepare: () => Promise<void>): boolean {
  const g = gatheringOf(db);
  if (!g) return false;
  if (!g.preparations.has(key)) g.preparations.set(key, prepare);
  return true;
}

/** At commit: the preparations in the order registered, then one upsert per table, tables by name. */
async function writeGathered(tx: DbOrTx): Promise<void> {
  const g = gathered.get(tx);
  gathered.delete(tx);
  if (!g) return;
  for (const prepare of g.preparations.values()) await prepare();
  const tables = [...g.deltas.values()].sort((a, b) => (a.table.name < b.table.name ? -1 : a.table.name > b.table.name ? 1 : 0));
  for (const deltas of tables) await deltas.write(tx);
}
