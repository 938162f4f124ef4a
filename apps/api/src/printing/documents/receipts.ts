/**
 * The two cashier receipts ('Comprovante Pagamento' and 'Comprovante Expedição') are one layout
 * with a different title and ending, so they live in one module. Both print on an 80 mm roll:
 * the page is 80 mm wide (72 mm printed, the usual printable width) and as tall as its content.
 */
import { formatCpf, formatMoney, maskCpf, measureText } from '@balcao/contract';
import { formatDateTimeSecondsInZone } from '../../dates.ts';
import type { Doc } from './doc.ts';
import {
  DEFAULT_TIME_ZONE,
  drawRule,
  drawText,
  formatPercent,
  lineHeight,
  measuringDoc,
  mm,
  renderPdf,
} from './pdf.ts';

export const RECEIPT_WIDTH_MM = 80;

export interface ReceiptItem {
  quantity: number;
  description: string;
  unitPriceCents: number;
  /** Off the whole line. */
  discountCents: number;
}

export interface ReceiptPayment {
  /** The payment method's descricao, e.g. 'Dinheiro'. */
  method: string;
  amountCents: number;
  /** A cash line: what the customer handed over for the cash part. */
  receivedCents?: number;
}

export interface ReceiptInput {
  eventName: string;
  orderId: string | number;
  /** When it was paid (payment receipt) or delivered (delivery receipt). */
  date: Date;
  /** fullCpf: the user asking holds Participant (issue #17); otherwise the CPF prints masked. */
  customer: { name: string; cpf: string; fullCpf?: boolean };
  items: readonly ReceiptItem[];
  coupon?: { name: string; percent: number } | null;
  timeZone?: string;
}

export interface PaymentReceiptInput extends ReceiptInput {
  payments: readonly ReceiptPayment[];
  /** Username of the cashier who took the payment. */
  cashier?: string;
}

export interface DeliveryReceiptInput extends ReceiptInput {
  /** Username of whoever handed the goods over. */
  deliveredBy: string;
}

type Ending =
  | { kind: 'payment'; payments: readonly ReceiptPayment[]; cashier?: string }
  | { kind: 'delivery'; deliveredBy: string };

const MARGIN = mm(4);
const WIDTH = mm(RECEIPT_WIDTH_MM) - 2 * MARGIN;
const BODY = 8.5;

/** quantity x unit price - discount, in cents. */
export function receiptLineTotal(item: ReceiptItem): number {
  return item.quantity * item.unitPriceCents - item.discountCents;
}

function drawPair(
  doc: Doc,
  label: string,
  value: string,
  y: number,
  size: number,
  bold = false,
): number {
  const font = bold ? 'bold' : 'regular';
  const valueWidth = Math.min(measureText(value, font, size), WIDTH * 0.6);
  const below = drawText(doc, label, {
    x: MARGIN,
    y,
    width: WIDTH - valueWidth - mm(2),
    size,
    font,
  });
  drawText(doc, value, { x: MARGIN + WIDTH - valueWidth, y, width: valueWidth, size, font });
  return below;
}

function drawColumns(
  doc: Doc,
  texts: [string, string, string],
  y: number,
  size: number,
  bold = false,
): number {
  const font = bold ? 'bold' : 'regular';
  const third = WIDTH / 3;
  drawText(doc, texts[0], { x: MARGIN, y, width: third, size, font });
  drawText(doc, texts[1], { x: MARGIN + third, y, width: third, size, font, align: 'center' });
  return drawText(doc, texts[2], {
    x: MARGIN + 2 * third,
    y,
    width: third,
    size,
    font,
    align: 'right',
  });
}

function rule(doc: Doc, y: number): number {
  drawRule(doc, MARGIN, y + mm(1), WIDTH);
  return y + mm(2);
}

/** Draws the whole receipt from the top and returns where it ends. */
function layout(doc: Doc, title: string, input: ReceiptInput, ending: Ending): number {
  const zone = input.timeZone ?? DEFAULT_TIME_ZONE;
  let y = MARGIN;
  y = drawText(doc, input.eventName, {
    x: MARGIN,
    y,
    width: WIDTH,
    size: 11,
    font: 'bold',
    align: 'center',
    maxLines: 2,
  });
  y = drawText(doc, title, {
    x: MARGIN,
    y: y + mm(1),
    width: WIDTH,
    size: 10,
    font: 'bold',
    align: 'center',
  });
  y = rule(doc, y);

  y = drawPair(doc, 'Pedido', String(input.orderId), y, BODY);
  y = drawPair(doc, 'Data', formatDateTimeSecondsInZone(input.date, zone), y, BODY);
  y = drawText(doc, `Cliente: ${input.customer.name}`, {
    x: MARGIN,
    y,
    width: WIDTH,
    size: BODY,
    maxLines: 2,
  });
  const { cpf, fullCpf } = input.customer;
  y = drawText(doc, `CPF: ${fullCpf ? formatCpf(cpf) : maskCpf(cpf)}`, {
    x: MARGIN,
    y,
    width: WIDTH,
    size: BODY,
  });
  y = rule(doc, y);

  y = drawText(doc, 'Qtd x Descrição', { x: MARGIN, y, width: WIDTH, size: 7.5, font: 'bold' });
  y = drawColumns(doc, ['Unitário', 'Desconto', 'Total'], y, 7.5, true);
  let total = 0;
  for (const item of input.items) {
    const lineTotal = receiptLineTotal(item);
    total += lineTotal;
    y = drawText(doc, `${item.quantity} x ${item.description}`, {
      x: MARGIN,
      y: y + mm(1),
      width: WIDTH,
      size: BODY,
      maxLines: 2,
    });
    y = drawColumns(
      doc,
      [formatMoney(item.unitPriceCents), formatMoney(item.discountCents), formatMoney(lineTotal)],
      y,
      BODY,
    );
  }
  y = rule(doc, y);

  if (input.coupon) {
    y = drawPair(doc, `Cupom: ${input.coupon.name}`, formatPercent(input.coupon.percent), y, BODY);
    y = rule(doc, y);
  }

  if (ending.kind === 'payment') {
    y = drawText(doc, 'Pagamentos', { x: MARGIN, y, width: WIDTH, size: BODY, font: 'bold' });
    for (const payment of ending.payments) {
      y = drawPair(doc, payment.method, formatMoney(payment.amountCents), y, BODY);
    }
    // Cash: what the customer handed over and the change, as the till showed them.
    const cash = ending.payments.find((payment) => payment.receivedCents !== undefined);
    if (cash?.receivedCents !== undefined) {
      const cashPart = ending.payments
        .filter((payment) => payment.method === cash.method)
        .reduce((sum, payment) => sum + payment.amountCents, 0);
      y = drawPair(doc, 'Valor recebido', formatMoney(cash.receivedCents), y, BODY);
      y = drawPair(doc, 'Troco', formatMoney(cash.receivedCents - cashPart), y, BODY);
    }
    if (ending.cashier) y = drawPair(doc, 'Caixa', ending.cashier, y, BODY);
    y = rule(doc, y);
  }

  y = drawPair(doc, 'TOTAL', formatMoney(total), y + mm(0.5), 12, true);

  if (ending.kind === 'delivery') {
    y = rule(doc, y);
    y = drawText(doc, `Entregue por ${ending.deliveredBy}`, {
      x: MARGIN,
      y,
      width: WIDTH,
      size: BODY,
    });
    y += mm(12);
    drawRule(doc, MARGIN + mm(4), y, WIDTH - mm(8));
    y = drawText(doc, 'Assinatura do cliente', {
      x: MARGIN,
      y: y + mm(1),
      width: WIDTH,
      size: 7.5,
      align: 'center',
    });
  }
  return y + lineHeight(BODY);
}

function renderReceipt(title: string, input: ReceiptInput, ending: Ending): Promise<Buffer> {
  const contentBottom = layout(measuringDoc(RECEIPT_WIDTH_MM), title, input, ending);
  const heightMm = contentBottom / mm(1) + 4;
  return renderPdf(
    { title: `${title} ${input.orderId}`, widthMm: RECEIPT_WIDTH_MM, heightMm },
    (doc) => layout(doc, title, input, ending),
  );
}

export function renderPaymentReceipt(input: PaymentReceiptInput): Promise<Buffer> {
  return renderReceipt('Comprovante Pagamento', input, {
    kind: 'payment',
    payments: input.payments,
    ...(input.cashier === undefined ? {} : { cashier: input.cashier }),
  });
}

export function renderDeliveryReceipt(input: DeliveryReceiptInput): Promise<Buffer> {
  return renderReceipt('Comprovante Expedição', input, {
    kind: 'delivery',
    deliveredBy: input.deliveredBy,
  });
}
