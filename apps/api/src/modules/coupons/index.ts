/** What other modules use of coupons: they import it from here, never from its files (lint). */
export { refreshCouponLines, useOrderCoupon } from './apply.ts';
export {
  generateAutomaticCoupon,
  invalidateOriginCoupons,
  mayEarnAutomaticCoupon,
  printOrderCoupons,
} from './automatic.ts';
