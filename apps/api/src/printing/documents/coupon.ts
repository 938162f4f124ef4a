import { formatDateInZone } from '../../dates.ts';
import { DEFAULT_LAYOUTS } from '@balcao/contract';
import {
  DEFAULT_TIME_ZONE,
  formatPercent,
  printable,
  renderLayoutPages,
  type PrintableLayout,
} from './pdf.ts';

/**
 * 80 x 50 mm, the default layout's page: fits the receipt printer at the cashier (80 mm roll, cut
 * after each coupon) and a label printer with 80 mm stock alike.
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

/** Cupom: one page of the coupon layout (template, percent off, validity, a QR of the id). */
export function renderCoupon(
  input: CouponInput,
  layout: PrintableLayout = printable(DEFAULT_LAYOUTS.coupon),
): Promise<Buffer> {
  return renderCoupons([input], layout);
}

/**
 * A batch of coupons in one PDF, one 80 x 50 mm page each (the cut between two on a roll): the
 * browser opens one print for the whole batch when no printer is mapped.
 */
export function renderCoupons(
  inputs: readonly CouponInput[],
  layout: PrintableLayout = printable(DEFAULT_LAYOUTS.coupon),
): Promise<Buffer> {
  const [first] = inputs;
  if (!first) throw new Error('renderCoupons: no coupon');
  return renderLayoutPages(
    `Cupom ${first.templateName}`,
    layout,
    inputs.map((input) => ({
      couponId: String(input.couponId),
      code: input.codeText,
      template: input.templateName,
      percent: formatPercent(input.percent),
      validUntil: formatDateInZone(input.expirationDate, input.timeZone ?? DEFAULT_TIME_ZONE),
      event: input.eventName,
    })),
  );
}
