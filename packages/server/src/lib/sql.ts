import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Rows of a raw execute() on either driver (node-postgres returns {rows}, PGlite too). */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  const r = result as { rows?: Record<string, unknown>[] };
  return Array.isArray(r) ? (r as Record<string, unknown>[]) : (r.rows ?? []);
}

/**
 * A table's row from its `to_json(...)` in a raw statement (keys are column names): each value
 * converted as drizzle converts that column's driver value, so it equals a row drizzle selected.
 */
export function rowFromJson<T extends Table>(table: T, json: unknown): InferSelectModel<T> {
  const source = json as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = source[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
