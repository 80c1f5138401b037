import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv.js';

describe('CSV (RFC 4180) with the formula guard', () => {
  it('quotes commas, quotes and line breaks, and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('17" wheel')).toBe('"17"" wheel"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField(null)).toBe('');
    expect(csvField(-3)).toBe('-3');
  });

  it('writes text that a spreadsheet would run as a formula with a leading apostrophe', () => {
    for (const evil of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tx']) expect(csvField(evil).replace(/^"/, '')).toMatch(/^'/);
    expect(csvField('=1,2')).toBe(`"'=1,2"`);
    expect(csvField('a=b')).toBe('a=b');
  });

  it('reads back with a CSV parser as the same cells (csv-parse)', () => {
    const rows = [['keyword', 'searches'], ['piduri, klotsid', 3], ['17" "rehv"', 0], ['=cmd|\' /C calc\'!A0', 1], ['õli\nfilter', 2]];
    const text = toCsv(rows);
    expect(text.startsWith('\ufeff')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const back = parse(text, { bom: true }) as string[][];
    expect(back).toEqual([['keyword', 'searches'], ['piduri, klotsid', '3'], ['17" "rehv"', '0'], ["'=cmd|' /C calc'!A0", '1'], ['õli\nfilter', '2']]);
  });
});
