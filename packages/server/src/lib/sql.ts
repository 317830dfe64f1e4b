/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
