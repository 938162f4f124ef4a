import {
  onOrderLinesChanged,
  onOrderPaid,
  onOrderRefunded,
  onReceiptPrinted,
} from '../orders/index.ts';
import type { PaidOrder } from '../orders/index.ts';
import { refreshCouponLines, useOrderCoupon } from './apply.ts';
import {
  generateAutomaticCoupon,
  invalidateOriginCoupons,
  printOrderCoupons,
} from './automatic.ts';
import type { Trx } from './values.ts';

/**
 * At payment, in its transaction: the order's coupon is used, once (409 if another order used it
 * first), and a total that reaches the automatic coupon's minimum earns a new one.
 */
async function couponsOfPayment(trx: Trx, now: Date, order: PaidOrder): Promise<void> {
  await useOrderCoupon(trx, now, { id: order.id, coupon_id: order.couponId });
  await generateAutomaticCoupon(trx, now, order.userId, {
    id: order.id,
    event_id: order.eventId,
    total_cents: order.totalCents,
  });
}

/** What coupons does when an order changes: registered with orders at the plugin's start. */
export function followOrders(): void {
  onOrderPaid(couponsOfPayment);
  onOrderLinesChanged(refreshCouponLines);
  onOrderRefunded(invalidateOriginCoupons);
  onReceiptPrinted(printOrderCoupons);
}
