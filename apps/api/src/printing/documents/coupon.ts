import { formatDateInZone } from '../../dates.ts';
import {
  addPage,
  DEFAULT_TIME_ZONE,
  type Doc,
  drawQrCode,
  drawRule,
  drawText,
  formatPercent,
  lineHeight,
  mm,
  renderPdf,
} from './pdf.ts';

/**
 * 80 x 50 mm: fits the receipt printer at the cashier (80 mm roll, cut after each coupon) and a
 * label printer with 80 mm stock alike.
 */
export const COUPON_SIZE_MM = { width: 80, height: 50 } as const;

export interface CouponInput {
  /** What the QR carries: the coupon's code (docs/coupons-api.md). */
  couponId: string | number;
  /** The code as printed for typing ('ABCD-EFGH-…'); omitted: not printed. */
  codeText?: string;
  templateName: string;
  /** Percent off, e.g. 15 or 12.5. */
  percent: number;
  expirationDate: Date;
  eventName?: string | null;
  timeZone?: string;
}

const MARGIN = mm(4);
const QR_SIZE = mm(28);

/** Cupom: template name, percent off, expiration date and a QR of the coupon id. */
export function renderCoupon(input: CouponInput): Promise<Buffer> {
  return renderCoupons([input]);
}

/**
 * A batch of coupons in one PDF, one 80 x 50 mm page each (the cut between two on a roll): the
 * browser opens one print for the whole batch when no printer is mapped.
 */
export function renderCoupons(inputs: readonly CouponInput[]): Promise<Buffer> {
  const [first] = inputs;
  if (!first) throw new Error('renderCoupons: no coupon');
  return renderPdf(
    {
      title: `Cupom ${first.templateName}`,
      widthMm: COUPON_SIZE_MM.width,
      heightMm: COUPON_SIZE_MM.height,
    },
    (doc) => {
      inputs.forEach((input, index) => {
        if (index > 0) addPage(doc, COUPON_SIZE_MM.width, COUPON_SIZE_MM.height);
        drawCoupon(doc, input);
      });
    },
  );
}

function drawCoupon(doc: Doc, input: CouponInput): void {
  const width = mm(COUPON_SIZE_MM.width);
  const height = mm(COUPON_SIZE_MM.height);
  const expiration = formatDateInZone(input.expirationDate, input.timeZone ?? DEFAULT_TIME_ZONE);
  const qrY = (height - QR_SIZE) / 2;
  drawQrCode(doc, String(input.couponId), width - MARGIN - QR_SIZE, qrY, QR_SIZE);

  const textWidth = width - 2 * MARGIN - QR_SIZE - mm(3);
  let y = drawText(doc, 'CUPOM DE DESCONTO', {
    x: MARGIN,
    y: MARGIN,
    width: textWidth,
    size: 8,
    font: 'bold',
  });
  drawRule(doc, MARGIN, y, textWidth);
  y = drawText(doc, input.templateName, {
    x: MARGIN,
    y: y + mm(1.5),
    width: textWidth,
    size: 9,
    font: 'bold',
    // Two lines when the code is printed too, so it stays clear of the event line.
    maxLines: input.codeText ? 2 : 3,
  });
  y = drawText(doc, formatPercent(input.percent), {
    x: MARGIN,
    y: y + mm(1),
    width: textWidth,
    size: 20,
    font: 'bold',
  });
  y = drawText(doc, 'de desconto', { x: MARGIN, y, width: textWidth, size: 8 });
  y = drawText(doc, `Válido até ${expiration}`, {
    x: MARGIN,
    y: y + mm(1.5),
    width: textWidth,
    size: 8,
  });
  if (input.codeText) {
    drawText(doc, input.codeText, {
      x: MARGIN,
      y: y + mm(0.5),
      width: textWidth,
      size: 7,
      font: 'bold',
    });
  }
  // The event line runs under the QR too: the QR is centred and ends above it.
  if (input.eventName) {
    drawText(doc, input.eventName, {
      x: MARGIN,
      y: height - MARGIN - lineHeight(6.5),
      width: width - 2 * MARGIN,
      size: 6.5,
    });
  }
}
