import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { LAYOUT_FONT_FILES, measureText, missingCharacters } from './font.ts';
import { FACE_TABLES } from './font-metrics.ts';
import type { LayoutFont } from './font.ts';

// The layouts measure with font-metrics.ts; pdfkit and the browser set text with the font files.
// fontkit (pdfkit's own layout engine) lays the same strings out from the files here, and the
// table must give the same widths to the font unit, or the preview and the PDF would part.
const require = createRequire(import.meta.url);
const open = (face: LayoutFont) =>
  fontkit.openSync(require.resolve(LAYOUT_FONT_FILES[face])) as fontkit.Font;

const NAMES = [
  'Łukasz Đặng Nguyễn Øster',
  'Αικατερίνη Παπαδοπούλου',
  'Олександр Шевченко-Ґудзь',
  'Nguyễn Thị Phương Thảo',
  'Şükrü Öztürk Çağlayan',
  'Maria da Conceição Araújo Gonçalves',
  'AVATAR Tavares “Yoyô” LTDA. — Fábio W. Vasconcelos, 7/4',
  'Té, Yá, Vô, P. A. Wolff; Г. Тарасов; Ρ. Τάτση',
];

describe('the embedded font’s table', () => {
  for (const face of ['regular', 'bold'] as const) {
    const font = open(face);
    const units = (text: string) => measureText(text, face, font.unitsPerEm);

    it(`${face}: every character is as wide as fontkit lays it out`, () => {
      let count = 0;
      for (const codePoint of font.characterSet) {
        if (codePoint < 0x20) continue;
        const char = String.fromCodePoint(codePoint);
        expect(units(char), char).toBe(font.layout(char).advanceWidth);
        count++;
      }
      expect(count).toBeGreaterThan(2500);
    });

    it(`${face}: every kerning pair, and whole names, measure as fontkit lays them out`, () => {
      const pairs = FACE_TABLES[face].kerning.split(';').map((pair) => {
        const [first = '', second = ''] = pair.split(',');
        return String.fromCodePoint(parseInt(first, 36), parseInt(second, 36));
      });
      expect(pairs.length).toBeGreaterThan(800);
      for (const text of [...pairs, ...NAMES]) {
        expect(units(text), text).toBeCloseTo(font.layout(text).advanceWidth, 6);
      }
    });
  }

  it('covers Latin with Vietnamese, Greek and Cyrillic; names what it lacks', () => {
    for (const name of NAMES) expect(missingCharacters(name), name).toEqual([]);
    // Decomposed input prints composed: 'ễ' as e + two combining marks is still one letter.
    expect(missingCharacters('Nguye\u0302\u0303n')).toEqual([]);
    expect(missingCharacters('Ana 李 ა 李 😀')).toEqual(['李', 'ა', '😀']);
  });
});
