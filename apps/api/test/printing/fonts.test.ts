import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUTS } from '@balcao/contract';
import {
  renderBadge,
  renderCoupon,
  renderCoursewareLabel,
  renderDeliveryReceipt,
  renderDrawerReceipt,
  renderPaymentReceipt,
  renderProductTagSheets,
} from '../../src/printing/documents/index.ts';
import { readPdf } from '../helpers/pdf-text.ts';
import { hasSystemTools } from '../helpers/system-tools.ts';
import * as sample from './samples.ts';

// Every PDF the server makes carries its font (issue #42): a subset of the contract's Arimo,
// embedded, with a ToUnicode map, so a name in any script the font covers prints and reads back
// the same on any printer's machine.
const NAMES = {
  latin: 'Łukasz Đặng Nguyễn Øster',
  greek: 'Αικατερίνη Παπαδοπούλου',
  cyrillic: 'Олександр Шевченко',
  vietnamese: 'Nguyễn Thị Phương Thảo',
};
const ALL = Object.values(NAMES);

const DOCUMENTS: Record<string, (name: string) => Promise<Buffer>> = {
  badge: (name) => renderBadge({ ...sample.badge, usualName: 'Ωmega', fullName: name }),
  'courseware label': (name) =>
    renderCoursewareLabel({
      ...sample.coursewareLabel,
      center: { ...sample.coursewareLabel.center, name },
    }),
  coupon: (name) => renderCoupon({ ...sample.coupon, templateName: name }),
  'payment receipt': (name) =>
    renderPaymentReceipt({
      ...sample.paymentReceipt,
      customer: { ...sample.paymentReceipt.customer, name },
    }),
  'delivery receipt': (name) =>
    renderDeliveryReceipt({ ...sample.deliveryReceipt, deliveredBy: name }),
  'drawer receipt': (name) =>
    renderDrawerReceipt({
      eventName: 'Encontro',
      sessionId: 3,
      cashier: name,
      openedAt: new Date('2026-03-10T12:00:00Z'),
      closedAt: new Date('2026-03-10T20:00:00Z'),
      float: 10000,
      lines: [{ method: 'Dinheiro', expected: 5000, counted: 5000 }],
    }),
  'product tags': (name) =>
    renderProductTagSheets({ product: { ...sample.product, name }, sheets: 1 }),
};

/** Every font of every page: its name and whether its file is in the PDF. */
async function fontsOf(pdf: Buffer): Promise<{ name: string; embedded: boolean }[]> {
  const document = await PDFDocument.load(pdf);
  // pdf-lib's classes hide their constructors: `Function & { prototype: T }` is what instanceof needs.
  const lookup = <T>(value: unknown, type: { prototype: T }): T | undefined => {
    const resolved = value instanceof PDFRef ? document.context.lookup(value) : value;
    return resolved instanceof (type as unknown as typeof Object) ? (resolved as T) : undefined;
  };
  return document.getPages().flatMap((page) => {
    const fonts = lookup(page.node.Resources()?.get(PDFName.of('Font')), PDFDict);
    return (fonts?.values() ?? []).map((ref) => {
      const font = lookup(ref, PDFDict)!;
      const descendant = lookup(
        lookup(font.get(PDFName.of('DescendantFonts')), PDFArray)?.get(0),
        PDFDict,
      );
      const descriptor = lookup((descendant ?? font).get(PDFName.of('FontDescriptor')), PDFDict);
      return {
        name: String(font.get(PDFName.of('BaseFont'))),
        embedded: descriptor?.has(PDFName.of('FontFile2')) ?? false,
      };
    });
  });
}

describe('every document embeds a subset of the one font and reads back every script', () => {
  for (const [document, render] of Object.entries(DOCUMENTS)) {
    it(document, async () => {
      for (const name of ALL) {
        const pdf = await render(name);
        const fonts = await fontsOf(pdf);
        expect(fonts.length).toBeGreaterThan(0);
        for (const font of fonts) {
          // A subset is named with a six-letter tag: '/ABCDEF+Arimo-Bold'.
          expect(font.name).toMatch(/^\/[A-Z]{6}\+Arimo-(Regular|Bold)$/);
          expect(font.embedded, font.name).toBe(true);
        }
        const { pages } = await readPdf(pdf);
        const text = pages[0]!.text.replace(/\n/g, ' ');
        expect(text, document).toContain(name);
      }
    });
  }
});

it("an uploaded SVG's text is drawn with the same embedded font, never a printer's Helvetica", async () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60">
    <text x="4" y="20" font-family="Helvetica">Logo ${NAMES.cyrillic}</text>
    <text x="4" y="40" font-weight="bold" font-style="italic" font-family="Times">Forte</text>
  </svg>`;
  const layout = {
    ...DEFAULT_LAYOUTS.badge,
    elements: [
      ...DEFAULT_LAYOUTS.badge.elements,
      { kind: 'image' as const, xMm: 5, yMm: 5, widthMm: 40, heightMm: 12, imageId: 'logo' },
    ],
  };
  const images = new Map([
    [
      'logo',
      { mime: 'image/svg+xml' as const, widthPx: 200, heightPx: 60, content: Buffer.from(svg) },
    ],
  ]);
  const pdf = await renderBadge(sample.badge, { layout, images });
  const fonts = await fontsOf(pdf);
  expect(fonts.map((font) => font.name)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/\+Arimo-Regular$/),
      expect.stringMatching(/\+Arimo-Bold$/),
    ]),
  );
  for (const font of fonts) {
    expect(font.name).toMatch(/^\/[A-Z]{6}\+Arimo-(Regular|Bold)$/);
    expect(font.embedded, font.name).toBe(true);
  }
  const { pages } = await readPdf(pdf);
  expect(pages[0]!.text).toContain(NAMES.cyrillic);
});

// poppler's own reading, as a printer's machine or a person checking would do it: pdffonts and
// pdftotext (apt-get install poppler-utils); skipped where they are missing.
const hasPoppler = hasSystemTools(['pdffonts', 'pdftotext'], 'poppler-utils', 'fonts.test.ts');

describe.skipIf(!hasPoppler)('poppler reads the badge (needs poppler-utils)', () => {
  it('pdffonts: embedded, subset, with Unicode; pdftotext: each name exactly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'balcao-fonts-'));
    try {
      const file = join(dir, 'badge.pdf');
      writeFileSync(
        file,
        await renderBadge({ ...sample.badge, usualName: 'Łukasz', fullName: NAMES.latin }),
      );
      const fonts = spawnSync('pdffonts', [file], { encoding: 'utf8' }).stdout.trim().split('\n');
      expect(fonts.slice(2)).toHaveLength(2);
      for (const line of fonts.slice(2)) {
        expect(line).toMatch(
          /^[A-Z]{6}\+Arimo-(Regular|Bold)\s+CID TrueType\s+Identity-H\s+yes yes yes/,
        );
      }
      const text = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' }).stdout;
      expect(text.split('\n')).toEqual(expect.arrayContaining(['Łukasz', NAMES.latin]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
