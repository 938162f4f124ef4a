import { formatMoney, TAGS_PER_SHEET } from '@balcao/contract';
import type { Doc } from './doc.ts';
import { addPage, drawCode128, drawText, fitFontSize, lineHeight, mm, renderPdf } from './pdf.ts';

/**
 * One sheet is one row of the common three-across label roll: three 33 x 22 mm tags with 2 mm
 * gaps and 1.5 mm side margins, 106 mm wide in all.
 */
export const TAG_SIZE_MM = { width: 33, height: 22 } as const;
const TAG_GAP_MM = 2;
const SIDE_MARGIN_MM = 1.5;
export const TAG_SHEET_SIZE_MM = {
  width:
    2 * SIDE_MARGIN_MM + TAGS_PER_SHEET * TAG_SIZE_MM.width + (TAGS_PER_SHEET - 1) * TAG_GAP_MM,
  height: TAG_SIZE_MM.height,
} as const;

export interface ProductTagInput {
  productId: string | number;
  name: string;
  priceCents: number;
  codTotvs: string | null;
}

export interface ProductTagSheetsInput {
  product: ProductTagInput;
  /** Usually tagSheetCount(quantity) from @balcao/contract. */
  sheets: number;
}

const PAD = mm(1.5);
const CODE_TEXT_SIZE = 5.5;

function drawTag(doc: Doc, product: ProductTagInput, left: number): void {
  const width = mm(TAG_SIZE_MM.width) - 2 * PAD;
  const x = left + PAD;
  const bottom = mm(TAG_SIZE_MM.height) - PAD;
  // The Totvs code is what the sale screen scans; without one the product id stands in.
  const code = product.codTotvs?.trim() || String(product.productId);

  const nameBottom = drawText(doc, product.name, {
    x,
    y: PAD,
    width,
    size: 7,
    font: 'bold',
    align: 'center',
    maxLines: 2,
  });
  const price = formatMoney(product.priceCents);
  drawText(doc, price, {
    x,
    y: nameBottom + mm(0.3),
    width,
    size: fitFontSize(price, 'bold', width, 11, 6),
    font: 'bold',
    align: 'center',
  });

  const codeTextY = bottom - lineHeight(CODE_TEXT_SIZE);
  const barHeight = mm(6);
  drawCode128(doc, code, x, codeTextY - barHeight - mm(0.6), width, barHeight);
  drawText(doc, code, { x, y: codeTextY, width, size: CODE_TEXT_SIZE, align: 'center' });
}

/** Etiquetas de produto: `sheets` pages, each with three tags of the product. */
export function renderProductTagSheets(input: ProductTagSheetsInput): Promise<Buffer> {
  const { product, sheets } = input;
  if (!Number.isInteger(sheets) || sheets < 1) {
    return Promise.reject(new RangeError(`Número de folhas de etiquetas inválido: ${sheets}`));
  }
  const { width, height } = TAG_SHEET_SIZE_MM;
  return renderPdf(
    { title: `Etiquetas ${product.name}`, widthMm: width, heightMm: height },
    (doc) => {
      for (let sheet = 0; sheet < sheets; sheet++) {
        if (sheet > 0) addPage(doc, width, height);
        for (let column = 0; column < TAGS_PER_SHEET; column++) {
          drawTag(doc, product, mm(SIDE_MARGIN_MM + column * (TAG_SIZE_MM.width + TAG_GAP_MM)));
        }
      }
    },
  );
}
