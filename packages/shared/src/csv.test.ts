import { describe, expect, it } from 'vitest';
import { csvField, parseCsv, toCsv } from './csv.js';

describe('toCsv', () => {
  it('quotes fields with commas, quotes and line breaks, and reads back as written', () => {
    const rows = [
      ['email', 'note'],
      ['a@example.org', 'plain'],
      ['b@example.org', 'says "hi", twice'],
      ['c@example.org', 'two\nlines'],
    ];
    const text = toCsv(rows);
    expect(text).toBe(
      'email,note\r\na@example.org,plain\r\nb@example.org,"says ""hi"", twice"\r\nc@example.org,"two\nlines"\r\n',
    );
    expect(parseCsv(text)).toEqual(rows);
  });

  it('keeps a field that a spreadsheet would run as a formula as text (CSV injection)', () => {
    for (const cell of ['=HYPERLINK("http://x.example","Click")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(csvField(cell).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('=A1,B1')).toBe(`"'=A1,B1"`);
    expect(csvField('a=b@example.org')).toBe('a=b@example.org');
  });

  it('writes empty fields for missing values and text for numbers and booleans', () => {
    expect(toCsv([[null, undefined, 3, true]])).toBe(',,3,true\r\n');
  });
});
