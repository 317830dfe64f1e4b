/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Rows of a raw execute() on either driver (node-postgres returns {rows}, PGlite too). */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  const r = result as { rows?: Record<string, unknown>[] };
  return Array.isArray(r) ? (r as Record<string, unknown>[]) : (r.rows ?? []);
}
