/**
 * 'Fechamento de Caixa': the cash drawer's closing on the 80 mm roll, per payment method what
 * was expected, counted and the difference, with the cashier's signature line.
 */
import { formatMoney } from '@balcao/contract';
import { formatDateTimeSecondsInZone } from '../../dates.ts';
import type { Doc } from './doc.ts';
import {
  DEFAULT_TIME_ZONE,
  drawRule,
  drawText,
  lineHeight,
  measuringDoc,
  mm,
  renderPdf,
} from './pdf.ts';
import { RECEIPT_WIDTH_MM } from './receipts.ts';

export interface DrawerReceiptLine {
  method: string;
  /** Cents. */
  expected: number;
  counted: number;
}

export interface DrawerReceiptInput {
  eventName: string;
  sessionId: number;
  cashier: string;
  openedAt: Date;
  closedAt: Date;
  /** Opening float, cents. */
  float: number;
  lines: readonly DrawerReceiptLine[];
  timeZone?: string;
}

const MARGIN = mm(4);
const WIDTH = mm(RECEIPT_WIDTH_MM) - 2 * MARGIN;
const BODY = 8.5;

function row(doc: Doc, texts: string[], y: number, bold = false): number {
  const font = bold ? 'bold' : 'regular';
  const column = WIDTH / texts.length;
  let below = y;
  texts.forEach((text, index) => {
    below = Math.max(
      below,
      drawText(doc, text, {
        x: MARGIN + index * column,
        y,
        width: column,
        size: BODY,
        font,
        align: index === 0 ? 'left' : 'right',
      }),
    );
  });
  return below;
}

function layout(doc: Doc, input: DrawerReceiptInput): number {
  const zone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const at = (date: Date) => formatDateTimeSecondsInZone(date, zone);
  let y = drawText(doc, input.eventName, {
    x: MARGIN,
    y: MARGIN,
    width: WIDTH,
    size: 11,
    font: 'bold',
    align: 'center',
    maxLines: 2,
  });
  y = drawText(doc, 'Fechamento de Caixa', {
    x: MARGIN,
    y: y + mm(1),
    width: WIDTH,
    size: 10,
    font: 'bold',
    align: 'center',
  });
  for (const text of [
    `Caixa nº ${input.sessionId}: ${input.cashier}`,
    `Abertura: ${at(input.openedAt)}`,
    `Fechamento: ${at(input.closedAt)}`,
    `Troco inicial: ${formatMoney(input.float)}`,
  ]) {
    y = drawText(doc, text, { x: MARGIN, y, width: WIDTH, size: BODY });
  }
  drawRule(doc, MARGIN, y + mm(1), WIDTH);
  y = row(doc, ['Forma', 'Esperado', 'Contado', 'Diferença'], y + mm(2), true);
  let expected = 0;
  let counted = 0;
  for (const line of input.lines) {
    expected += line.expected;
    counted += line.counted;
    y = row(
      doc,
      [
        line.method,
        formatMoney(line.expected),
        formatMoney(line.counted),
        formatMoney(line.counted - line.expected),
      ],
      y,
    );
  }
  drawRule(doc, MARGIN, y + mm(1), WIDTH);
  y = row(
    doc,
    ['TOTAL', formatMoney(expected), formatMoney(counted), formatMoney(counted - expected)],
    y + mm(2),
    true,
  );
  y += mm(12);
  drawRule(doc, MARGIN + mm(4), y, WIDTH - mm(8));
  y = drawText(doc, 'Assinatura do operador', {
    x: MARGIN,
    y: y + mm(1),
    width: WIDTH,
    size: 7.5,
    align: 'center',
  });
  return y + lineHeight(BODY);
}

export function renderDrawerReceipt(input: DrawerReceiptInput): Promise<Buffer> {
  const heightMm = layout(measuringDoc(RECEIPT_WIDTH_MM), input) / mm(1) + 4;
  return renderPdf(
    { title: `Fechamento de Caixa ${input.sessionId}`, widthMm: RECEIPT_WIDTH_MM, heightMm },
    (doc) => layout(doc, input),
  );
}
