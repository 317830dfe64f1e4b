/**
 * CSV as spreadsheet programs open it (spec §9: separator ';'): UTF-8 with BOM, CRLF line ends,
 * cells quoted when they hold the separator, quotes or line breaks, and cells starting with
 * '=', '+', '-', '@' (or tab / carriage return) prefixed with a quote so they are never run as
 * formulas.
 */
import { CSV_SEPARATOR } from '../constants.js';

export const CSV_BOM = '\uFEFF';

export function csvCell(value: unknown, separator: string = CSV_SEPARATOR): string {
  let text = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  if (text.includes(separator) || /["\r\n]/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** The whole file: BOM, a header row, then one row per record, in the columns' order. */
export function toCsv<K extends string>(
  columns: readonly K[],
  rows: readonly Record<K, unknown>[],
  separator: string = CSV_SEPARATOR,
): string {
  const line = (cells: readonly unknown[]) => cells.map((c) => csvCell(c, separator)).join(separator);
  return CSV_BOM + [line(columns), ...rows.map((r) => line(columns.map((c) => r[c])))].join('\r\n') + '\r\n';
}
