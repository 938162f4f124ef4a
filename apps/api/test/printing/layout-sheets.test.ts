import { DEFAULT_LAYOUTS, mmToPt, type Layout } from '@balcao/contract';
import { PDFDocument, rgb } from 'pdf-lib';
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

  it('puts a PDF background page under each label printed, and only there', async () => {
    // A 90 × 50 mm page, the badge's own size, all orange.
    const background = await PDFDocument.create();
    const [width, height] = [mmToPt(90), mmToPt(50)];
    background
      .addPage([width, height])
      .drawRectangle({ x: 0, y: 0, width, height, color: rgb(1, 0x8c / 255, 0) });
    const imageId = '00000000-0000-4000-8000-00000000000b';
    const pdf = await renderLayoutPages(
      'Crachás',
      {
        layout: { ...FOUR_PER_A4, background: { imageId } },
        images: new Map([
          [
            imageId,
            {
              mime: 'application/pdf',
              widthPx: 255,
              heightPx: 142,
              content: await background.save(),
            },
          ],
        ]),
      },
      ['Ana', 'Bia', 'Caio'].map(guest),
    );
    const { pages } = await readPdf(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.text.split('\n')).toEqual(expect.arrayContaining(['Ana', 'Bia', 'Caio']));
    const sheet = rasterise(pdf, { dpi: 100 });
    // Each printed label's corners are orange; the fourth cell, with no label, and the margins
    // stay white; each QR is still drawn over its label's background.
    for (const [x, y] of [
      [10, 10],
      [110, 10],
      [10, 70],
    ] as const) {
      expect(colourAt(sheet, 100, x + 1, y + 1), `${x}, ${y}`).toBe('#ff8c00');
      expect(colourAt(sheet, 100, x + 89, y + 49), `${x}, ${y}`).toBe('#ff8c00');
      expect(colourAt(sheet, 100, x + 62 + 0.5, y + 22 + 0.5)).toBe('#000000');
    }
    expect(colourAt(sheet, 100, 110 + 45, 70 + 25)).toBe('#ffffff');
    expect(colourAt(sheet, 100, 5, 5)).toBe('#ffffff');
    expect(colourAt(sheet, 100, 105, 30)).toBe('#ffffff');
  });
});
