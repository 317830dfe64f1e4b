/**
 * Dates as the chosen language writes them. A native date input follows the browser's locale, not
 * the language picked in the app, so date fields are text fields that read and write the order the
 * i18n files give (`dateField.order`: 'dmy' or 'mdy'); the value stays ISO (yyyy-MM-dd).
 */
export type DateOrder = 'dmy' | 'mdy';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function isCalendarDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** '2026-01-11' → '11/01/2026' (dmy) or '01/11/2026' (mdy); anything else unchanged. */
export function formatDateText(iso: string, order: DateOrder): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const [, y, mo, d] = m;
  return order === 'dmy' ? `${d}/${mo}/${y}` : `${mo}/${d}/${y}`;
}

/** A typed date in the language's order (or ISO) → ISO, or null when it is not a calendar date. */
export function parseDateText(text: string, order: DateOrder): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const local = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  let y: number, mo: number, d: number;
  if (iso) [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (local) {
    const [a, b] = [Number(local[1]), Number(local[2])];
    [d, mo] = order === 'dmy' ? [a, b] : [b, a];
    y = Number(local[3]);
  } else return null;
  return isCalendarDate(y, mo, d) ? `${pad(y, 4)}-${pad(mo)}-${pad(d)}` : null;
}
