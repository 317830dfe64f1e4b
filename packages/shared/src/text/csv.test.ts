import { describe, expect, it } from 'vitest';
import { csvCell, parseCsv, toCsv } from './csv.js';

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

describe('parseCsv', () => {
  it('reads back what toCsv wrote: BOM, quotes, separators, line breaks, formula guards', () => {
    const rows = [
      { a: 'x;y', b: 'say "hi"' },
      { a: 'two\nlines', b: '=1+1' },
      { a: '+5511', b: '' },
    ];
    expect(parseCsv(toCsv(['a', 'b'] as const, rows))).toEqual([
      ['a', 'b'],
      ['x;y', 'say "hi"'],
      ['two\nlines', '=1+1'],
      ['+5511', ''],
    ]);
  });

  it('accepts commas, LF line ends and skips blank lines', () => {
    expect(parseCsv('name,number\nAna,5511\n\n"Bo, B",5522\n')).toEqual([
      ['name', 'number'],
      ['Ana', '5511'],
      ['Bo, B', '5522'],
    ]);
  });
});
