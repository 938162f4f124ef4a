/**
 * The cashier's order shows its coupon: src/pages.tsx loads this module with the cashier pages, so
 * the field, the coupons area and its saga are there whenever the cashier is (app/slots.tsx).
 */
import { registerSlot } from '../../app/slots';
import { OrderCoupon } from './order-coupon';

registerSlot('checkoutOrder', OrderCoupon);
