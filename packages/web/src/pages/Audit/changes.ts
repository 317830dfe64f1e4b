/**
 * What changed, in a few lines: the fields whose values differ between the record's before and
 * after summaries (for a creation, its fields; for a deletion, what was deleted).
 */
export interface ChangeLine {
  field: string;
  from: string | null;
  to: string | null;
}

const SKIP = new Set(['id', 'createdAt', 'created_at']);

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
}

const asObject = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

export function changeLines(before: unknown, after: unknown, max = 6): ChangeLine[] {
  const b = asObject(before);
  const a = asObject(after);
  const lines: ChangeLine[] = [];
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])].filter((k) => !SKIP.has(k));
  for (const key of keys) {
    if (b && a) {
      // A field only the answer has (the secrets a change set, named) is shown as set.
      if (!(key in b)) lines.push({ field: key, from: null, to: show(a[key]) });
      else if (key in a && JSON.stringify(b[key]) !== JSON.stringify(a[key]))
        lines.push({ field: key, from: show(b[key]), to: show(a[key]) });
    } else if (a) lines.push({ field: key, from: null, to: show(a[key]) });
    else if (b) lines.push({ field: key, from: show(b[key]), to: null });
    if (lines.length >= max) break;
  }
  return lines;
}
