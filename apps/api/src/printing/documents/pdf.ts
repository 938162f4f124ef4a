/**
 * What every printed document shares: millimetre page sizes, the two fonts, text that fits its box,
 * QR and Code 128 symbols drawn as vectors (sharp at any printer resolution), and the pdfkit stream
 * collected into a Buffer.
 *
 * The fonts are the contract's one embedded font (packages/contract/src/font.ts), regular and
 * bold: pdfkit embeds the glyphs a document uses (a subset, with a ToUnicode map, so the text
 * reads back), and every line is measured with the contract's `measureText`, as the browser does.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bwipjs from 'bwip-js/node';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import {
  fitFontSize as fitLayoutFontSize,
  LAYOUT_FONT_FILES,
  layOut,
  lineHeight,
  measureText,
  mmToPt,
  printedText,
  sheetSlots,
  TEXT_BASELINE_EM,
  wrapText,
  type Layout,
  type LayoutFont,
  type LayoutValues,
} from '@balcao/contract';
import type { Doc } from './doc.ts';
import { underlayPdfPage } from './pdf-background.ts';
import { drawPicture, type Box, type LayoutPicture } from './pictures.ts';

export type FontName = LayoutFont;

const resolve = createRequire(import.meta.url).resolve;
/**
 * The fonts, parsed once per process and shared by every document (pdfkit takes a fontkit font as
 * well as a file). Parsed anew per document, shaping the first line rebuilt fontkit's tables each
 * time: a receipt cost 113 ms of the event loop instead of 10. Each document still embeds its own
 * subset of the glyphs it used.
 */
const FONTS: Record<FontName, fontkit.Font> = {
  regular: fontkit.create(readFileSync(resolve(LAYOUT_FONT_FILES.regular))) as fontkit.Font,
  bold: fontkit.create(readFileSync(resolve(LAYOUT_FONT_FILES.bold))) as fontkit.Font,
};

function withFonts(doc: Doc): Doc {
  for (const font of ['regular', 'bold'] as const) {
    // fontkit keeps each glyph with the characters it was first shaped from, and pdfkit writes
    // those into the document's ToUnicode map: shared across documents, an 'o' first met inside
    // a Vietnamese 'ố' would read back wrong in the next receipt. Glyphs are per document, as
    // they were with a font per document; the parsed tables stay shared.
    (FONTS[font] as unknown as { _glyphs: object })._glyphs = {};
    // @types/pdfkit lists only files and buffers; pdfkit 0.20 also opens a fontkit font as it is.
    doc.registerFont(font, FONTS[font] as never);
  }
  return doc;
}

/** Millimetres to PDF points. */
export const mm = mmToPt;

export { lineHeight };

export interface PdfOptions {
  title: string;
  /** First page, in millimetres. */
  widthMm: number;
  heightMm: number;
}

/**
 * Runs `draw` on a fresh one-page document (no margins, so nothing is placed for us) and resolves
 * with the finished PDF. Pages beyond the first are the drawer's to add, with `addPage(doc, ...)`.
 */
export function renderPdf(options: PdfOptions, draw: (doc: Doc) => void): Promise<Buffer> {
  const doc = withFonts(
    new PDFDocument({
      size: [mm(options.widthMm), mm(options.heightMm)],
      margin: 0,
      info: { Title: options.title, Producer: 'Balcão', Creator: 'Balcão' },
    }),
  );
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/**
 * A throwaway document for measuring: layouts whose page grows with the content (receipts) run
 * once here to learn their height, then again on the real page.
 */
export function measuringDoc(widthMm: number): Doc {
  return withFonts(new PDFDocument({ size: [mm(widthMm), mm(5000)], margin: 0 }));
}

export function addPage(doc: Doc, widthMm: number, heightMm: number): void {
  doc.addPage({ size: [mm(widthMm), mm(heightMm)], margin: 0 });
}

/**
 * One line of text whose top is at y, its baseline where the layouts put it (TEXT_BASELINE_EM),
 * never wrapped by pdfkit.
 */
function drawLine(doc: Doc, text: string, x: number, y: number, font: FontName, size: number) {
  doc
    .font(font)
    .fontSize(size)
    .text(text, x, y + TEXT_BASELINE_EM * size, { lineBreak: false, baseline: 'alphabetic' });
}

/** The largest size from maxSize down to minSize (0.5 pt steps) at which text fits on one line. */
export function fitFontSize(
  text: string,
  font: FontName,
  width: number,
  maxSize: number,
  minSize: number,
): number {
  return fitLayoutFontSize(measureText, printedText(text), font, width, maxSize, minSize);
}

export interface TextBox {
  x: number;
  y: number;
  width: number;
  size: number;
  font?: FontName;
  align?: 'left' | 'center' | 'right';
  maxLines?: number;
}

/**
 * Draws text inside a box of the given width, wrapped to maxLines (default 1) and never wider than
 * the box; returns the y just below the last line. Text is placed line by line with pdfkit's own
 * wrapping off, so nothing ever spills onto an unwanted new page.
 */
export function drawText(doc: Doc, text: string, box: TextBox): number {
  const { x, width, size, align = 'left', font = 'regular' } = box;
  const fits = (candidate: string) => measureText(candidate, font, size) <= width;
  let y = box.y;
  for (const line of wrapText(fits, printedText(text), box.maxLines ?? 1)) {
    const lineWidth = measureText(line, font, size);
    const left =
      align === 'center'
        ? x + (width - lineWidth) / 2
        : align === 'right'
          ? x + width - lineWidth
          : x;
    doc.fillColor('black');
    drawLine(doc, line, left, y, font, size);
    y += lineHeight(size);
  }
  return y;
}

/** A horizontal rule, black (thermal printers have no grey) and 0.5 pt unless told. */
export function drawRule(
  doc: Doc,
  x: number,
  y: number,
  width: number,
  thickness = 0.5,
  color = 'black',
): void {
  doc
    .save()
    .lineWidth(thickness)
    .moveTo(x, y)
    .lineTo(x + width, y)
    .stroke(color)
    .restore();
}

/** A QR code (error correction M) filling a size x size square whose top-left corner is (x, y). */
export function drawQrCode(doc: Doc, text: string, x: number, y: number, size: number): void {
  const [symbol] = bwipjs.raw('qrcode', text, 'eclevel=M');
  if (!symbol || !('pixs' in symbol)) throw new Error(`QR code não gerado para '${text}'`);
  const { pixs, pixx, pixy } = symbol;
  const cell = size / pixx;
  // Runs of dark modules become one rectangle each; a hair of overlap hides seams in viewers.
  const overlap = cell * 0.04;
  for (let row = 0; row < pixy; row++) {
    let col = 0;
    while (col < pixx) {
      if (!pixs[row * pixx + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < pixx && pixs[row * pixx + col]) col++;
      doc.rect(x + start * cell, y + row * cell, (col - start) * cell + overlap, cell + overlap);
    }
  }
  doc.fill('black');
}

/**
 * A Code 128 bar code centred in the box, with its 10-module quiet zones inside the box. Modules
 * are at most 0.5 mm wide, so short codes stay a scanner-friendly length.
 */
export function drawCode128(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  height: number,
): void {
  const [symbol] = bwipjs.raw('code128', text);
  if (!symbol || !('sbs' in symbol)) throw new Error(`Código de barras não gerado para '${text}'`);
  const modules = symbol.sbs.reduce((sum, w) => sum + w, 0);
  const moduleWidth = Math.min(width / (modules + 20), mm(0.5));
  let cursor = x + (width - modules * moduleWidth) / 2;
  symbol.sbs.forEach((w, index) => {
    // sbs alternates bar, space, bar, ... starting with a bar.
    if (index % 2 === 0) doc.rect(cursor, y, w * moduleWidth, height);
    cursor += w * moduleWidth;
  });
  doc.fill('black');
}

/** '15,00%': the contract's one percent format, for the documents that import theirs from here. */
export { formatPercent } from '@balcao/contract';

/** Event dates and times are shown in this zone unless the caller says otherwise. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/** A layout with the uploads it places (images, background): what a document is drawn from. */
export interface PrintableLayout {
  layout: Layout;
  images: ReadonlyMap<string, LayoutPicture>;
}

/** A default layout: it places no image. */
export const printable = (layout: Layout): PrintableLayout => ({ layout, images: new Map() });

/** One page of a layout (packages/contract/src/layouts.ts) drawn on the current page of `doc`. */
export function drawLayout(
  doc: Doc,
  { layout, images }: PrintableLayout,
  values: LayoutValues,
): void {
  for (const op of layOut(layout, values)) {
    switch (op.kind) {
      case 'text':
        doc.fillColor(op.color);
        drawLine(doc, op.text, op.x, op.y, op.font, op.sizePt);
        break;
      case 'rule':
        drawRule(doc, op.x, op.y, op.width, op.thickness, op.color);
        break;
      case 'rect':
        doc.rect(op.x, op.y, op.width, op.height).fill(op.color);
        break;
      case 'qr':
        drawQrCode(doc, op.value, op.x, op.y, op.size);
        break;
      case 'barcode':
        drawCode128(doc, op.value, op.x, op.y, op.width, op.height);
        break;
      case 'background':
      case 'image': {
        // Checked when saved; an image deleted since leaves its box empty rather than fail a print.
        const picture = images.get(op.imageId);
        if (picture) drawPicture(doc, picture, op);
        break;
      }
    }
  }
}

/**
 * A document of a layout's labels, one per set of values, in the order given: a page each, or on
 * the layout's sheet, filled row by row, a new sheet when one is full. A PDF background goes under
 * each label once pdfkit is done.
 */
export async function renderLayoutPages(
  title: string,
  source: PrintableLayout,
  pages: readonly LayoutValues[],
): Promise<Buffer> {
  const { sheet, page, background } = source.layout;
  const paper = sheet ?? page;
  const slots = sheet ? sheetSlots(sheet) : [{ x: 0, y: 0 }];
  const perPage = slots.length;
  const labels: Box[][] = [];
  const rendered = await renderPdf(
    { title, widthMm: paper.widthMm, heightMm: paper.heightMm },
    (doc) => {
      pages.forEach((values, index) => {
        if (index > 0 && index % perPage === 0) addPage(doc, paper.widthMm, paper.heightMm);
        const slot = slots[index % perPage]!;
        if (index % perPage === 0) labels.push([]);
        labels.at(-1)!.push({ ...slot, width: mm(page.widthMm), height: mm(page.heightMm) });
        doc.save().translate(slot.x, slot.y);
        drawLayout(doc, source, values);
        doc.restore();
      });
    },
  );
  const underneath = background && source.images.get(background.imageId);
  if (underneath?.mime !== 'application/pdf' || labels.length === 0) return rendered;
  return underlayPdfPage(rendered, underneath.content, labels, title);
}
