import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv.ts';

describe('csvField', () => {
  it('keeps a spreadsheet from running a text cell as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvField(`${start}HYPERLINK("x")`)).toMatch(/^"?'/);
  });

  it('leaves a number alone, negative or not', () => {
    expect(csvField('-12,50', false)).toBe('-12,50');
  });

  it("quotes a field holding ';', a quote or a line break", () => {
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('diz "oi"')).toBe('"diz ""oi"""');
    expect(csvField('linha\nnova')).toBe('"linha\nnova"');
  });
});

describe('csvLine', () => {
  it("joins with ';' and ends with CRLF", () => {
    expect(csvLine(['a', 'b'])).toBe('a;b\r\n');
  });
});
