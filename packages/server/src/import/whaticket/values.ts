/** Source values (any driver's types) read as this side's: text, flags, instants, times, colours. */

const NUL = String.fromCharCode(0);
/** A source value as text; NUL characters (which PostgreSQL text cannot hold) are dropped. */
export const str = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  const s =
    typeof v === 'string'
      ? v
      : typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint'
        ? String(v)
        : v instanceof Date
          ? v.toISOString()
          : JSON.stringify(v);
  return s.split(NUL).join('');
};
export const bool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 't' || v === 'true' || v === 'enabled';
export const date = (v: unknown): Date => {
  const d = v instanceof Date ? v : new Date(str(v));
  return Number.isNaN(d.getTime()) ? new Date() : d;
};
export const time = (v: unknown, fallback: string): string =>
  /^([01]\d|2[0-3]):[0-5]\d$/.test(str(v).slice(0, 5)) ? str(v).slice(0, 5) : fallback;
export const hexColor = (v: unknown): string | undefined => {
  const c = str(v).trim().toLowerCase();
  const withHash = c.startsWith('#') ? c : `#${c}`;
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/.test(withHash) ? withHash : undefined;
};
