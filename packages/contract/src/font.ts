/**
 * The one font every document prints in (issue #42): Arimo, regular and bold, from the npm
 * package @expo-google-fonts/arimo (SIL Open Font License, docs/fonts/OFL-Arimo.txt). Its widths
 * are Helvetica's and Arial's, so the layouts drawn before it keep their line breaks; it covers
 * Latin with its extensions and Vietnamese, Greek and Cyrillic. The server embeds a subset of it
 * in every PDF, the browser loads the same files (the editor's preview, the offline desk's badge),
 * and all of them lay text out with `measureText` below, fed by the font's own tables
 * (font-metrics.ts, generated from the files and tested against them).
 */
import { FACE_TABLES, FONT_UNITS_PER_EM } from './font-metrics.ts';

/** The faces a layout sets text in. */
export type LayoutFont = 'regular' | 'bold';

/** The width in points of `text` set in `font` at `sizePt`: the embedded font's is `measureText`. */
export type MeasureText = (text: string, font: LayoutFont, sizePt: number) => number;

/** The CSS family the browser declares the files under (@font-face / FontFace). */
export const LAYOUT_FONT_FAMILY = 'Balcao Arimo';

/** The font's files in the npm package, by face: what the server embeds and the web app bundles. */
export const LAYOUT_FONT_FILES: Readonly<Record<LayoutFont, string>> = {
  regular: '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf',
  bold: '@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf',
};

/**
 * A text line's baseline, in ems below its top: Helvetica's ascender, where the documents printed
 * before the embedded font set it (the layouts' `y` is a line's top), kept so nothing moves.
 */
export const TEXT_BASELINE_EM = 0.718;

interface Face {
  widths: Map<number, number>;
  marks: Set<number>;
  kerning: Map<number, number>;
  missingWidth: number;
}

const pairKey = (first: number, second: number) => first * 0x110000 + second;
const number36 = (text: string) =>
  text.startsWith('-') ? -parseInt(text.slice(1), 36) : parseInt(text, 36);

function decodeFace(table: (typeof FACE_TABLES)[LayoutFont]): Face {
  const widths = new Map<number, number>();
  for (const run of table.widths.split(';')) {
    const [first = 0, ...advances] = run.split(',').map(number36);
    advances.forEach((advance, index) => widths.set(first + index, advance));
  }
  const kerning = new Map<number, number>();
  for (const pair of table.kerning.split(';')) {
    const [first = 0, second = 0, adjustment = 0] = pair.split(',').map(number36);
    kerning.set(pairKey(first, second), adjustment);
  }
  return {
    widths,
    marks: new Set(table.marks.split(',').map(number36)),
    kerning,
    missingWidth: table.missingWidth,
  };
}

// Decoded on first use: the pages that never lay out a document never pay for it.
const faces: Partial<Record<LayoutFont, Face>> = {};
const face = (font: LayoutFont): Face => (faces[font] ??= decodeFace(FACE_TABLES[font]));

/**
 * The width in points of one line of `text` set in the embedded font at `sizePt`: the advances of
 * its characters plus the font's kerning between neighbours (marks take no room and kern across),
 * as pdfkit and the browser set it. A character the font lacks counts as its empty box.
 */
export const measureText: MeasureText = (text, font, sizePt) => {
  const { widths, marks, kerning, missingWidth } = face(font);
  let units = 0;
  let previous = -1;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    units += widths.get(codePoint) ?? missingWidth;
    if (marks.has(codePoint)) continue;
    if (previous >= 0) units += kerning.get(pairKey(previous, codePoint)) ?? 0;
    previous = codePoint;
  }
  return (units * sizePt) / FONT_UNITS_PER_EM;
};

/** Text as the documents print it: composed (NFC), so 'ễ' is the font's one letter. */
export const printedText = (text: string): string => text.normalize('NFC');

/**
 * The characters of `text` the font cannot draw (in both faces), each once, in order: what prints
 * as an empty box instead. Empty: the whole text prints. Line breaks and tabs are spacing.
 */
export function missingCharacters(text: string): string[] {
  const missing = new Set<string>();
  for (const char of printedText(text)) {
    if (/\s/.test(char)) continue;
    const codePoint = char.codePointAt(0)!;
    if (!face('regular').widths.has(codePoint) || !face('bold').widths.has(codePoint)) {
      missing.add(char);
    }
  }
  return [...missing];
}

/** 'ꙮ' (U+A66E), one per character: how a message names what will not print. */
export const describeCharacters = (characters: readonly string[]): string =>
  characters
    .map(
      (char) => `'${char}' (U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`,
    )
    .join(', ');

/** A value that will not print whole, named for the clerk: 'O nome … não tem na fonte: …'. */
export interface UnprintableText {
  /** The field's name for people ('Nome no crachá'). */
  label: string;
  text: string;
  characters: string[];
}

/** What of `values` (by field, with the editor's names) the font cannot draw; empty: all prints. */
export function unprintableTexts(
  values: Readonly<Record<string, string | null | undefined>>,
  labels: Readonly<Record<string, string>>,
): UnprintableText[] {
  return Object.entries(labels).flatMap(([field, label]) => {
    const text = values[field];
    const characters = text ? missingCharacters(text) : [];
    return characters.length ? [{ label, text: text!, characters }] : [];
  });
}

/** pt-BR: 'Nome no crachá "Ꙭana": a fonte não tem 'Ꙭ' (U+A64C); sai como um quadrado vazio.' */
export const unprintableMessage = ({ label, text, characters }: UnprintableText): string =>
  `${label} "${text}": a fonte não tem ${describeCharacters(characters)}; ` +
  `${characters.length === 1 ? 'sai' : 'saem'} como um quadrado vazio.`;
