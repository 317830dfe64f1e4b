import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('csv', () => {
  it('quotes separators, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('neutralises cells that a spreadsheet would run as formulas', () => {
    for (const v of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx']) expect(csvCell(v)).toBe(`'${v}`);
    expect(csvCell('=A;B')).toBe(`"'=A;B"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes BOM, header and CRLF rows in column order', () => {
    expect(toCsv(['b', 'a'] as const, [{ a: 1, b: 'x;y' }])).toBe('\uFEFFb;a\r\n"x;y";1\r\n');
  });
});
