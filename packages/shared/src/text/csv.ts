/**
 * CSV as spreadsheet programs open it (spec §9: separator ';'): UTF-8 with BOM, CRLF line ends,
 * cells quoted when they hold the separator, quotes or line breaks, and cells starting with
 * '=', '+', '-', '@' (or tab / carriage return) prefixed with a quote so they are never run as
 * formulas.
 */
import { CSV_SEPARATOR } from '../constants.js';

export const CSV_BOM = '\uFEFF';

export function csvCell(value: unknown, separator: string = CSV_SEPARATOR): string {
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- cells are scalars (text, numbers, dates); String() is the conversion wanted
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

/**
 * Reads CSV text as written by toCsv or a spreadsheet program: an optional BOM, ';' or ','
 * (whichever the header line uses), quoted cells with doubled quotes and line breaks, CRLF or LF.
 * The quote that toCsv puts before a formula-like cell is taken off again, so an exported file
 * reads back as it was. Returns the rows as arrays of cells; blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const separator = firstLine.includes(CSV_SEPARATOR) || !firstLine.includes(',') ? CSV_SEPARATOR : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(unescapeFormula(cell));
    cell = '';
  };
  const endRow = () => {
    endCell();
    if (row.some((c) => c.trim() !== '')) rows.push(row);
    row = [];
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') {
      quoted = true;
    } else if (ch === separator) endCell();
    else if (ch === '\n') endRow();
    else if (ch === '\r' && source[i + 1] === '\n') continue;
    else cell += ch;
  }
  if (cell !== '' || row.length) endRow();
  return rows;
}

/** Takes off toCsv's formula guard (also inside a quoted cell: "'=A;B"). */
function unescapeFormula(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
