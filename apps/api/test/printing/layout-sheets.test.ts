import { DEFAULT_LAYOUTS, type Layout } from '@balcao/contract';
import { describe, expect, it } from 'vitest';
import { printable, renderLayoutPages } from '../../src/printing/documents/index.ts';
import { colourAt, rasterise } from '../helpers/pdf-image.ts';
import { readPdf, toMm } from '../helpers/pdf-text.ts';

/** The default badge, four to an A4 sheet (2 × 2), 10 mm from the sheet's top-left corner. */
const FOUR_PER_A4: Layout = {
  ...DEFAULT_LAYOUTS.badge,
  sheet: {
    widthMm: 210,
    heightMm: 297,
    columns: 2,
    rows: 2,
    marginLeftMm: 10,
    marginTopMm: 10,
    pitchXMm: 100,
    pitchYMm: 60,
  },
};

const guest = (name: string) => ({
  badgeName: name,
  fullName: `${name} da Silva`,
  event: 'Encontro',
  participantId: name,
});

describe('labels on a sheet', () => {
  it('prints five badges on two A4 sheets, four on the first, row by row', async () => {
    const names = ['Ana', 'Bia', 'Caio', 'Davi', 'Eva'];
    const pdf = await renderLayoutPages('Crachás', printable(FOUR_PER_A4), names.map(guest));
    const { pages } = await readPdf(pdf);
    expect(
      pages.map((page) => [Math.round(toMm(page.width)), Math.round(toMm(page.height))]),
    ).toEqual([
      [210, 297],
      [210, 297],
    ]);
    const badgeNames = (text: string) => text.split('\n').filter((line) => names.includes(line));
    expect(badgeNames(pages[0]!.text)).toEqual(['Ana', 'Bia', 'Caio', 'Davi']);
    expect(badgeNames(pages[1]!.text)).toEqual(['Eva']);
    // Each badge's QR sits in its own cell: the second column's QR starts at 10 + 100 + 62 mm.
    const sheet = rasterise(pdf, { dpi: 100, gray: true });
    expect(colourAt(sheet, 100, 10 + 62 + 1, 10 + 22 + 1)).toBe('#000000');
    expect(colourAt(sheet, 100, 10 + 100 + 62 + 1, 10 + 60 + 22 + 1)).toBe('#000000');
    expect(colourAt(sheet, 100, 5, 5)).toBe('#ffffff');
  });
});
