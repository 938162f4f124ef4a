/** The coupons area: loaded with its pages' chunk, which import this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import { loadEvents } from '../../app/lookups/sagas';
import { couponsSlice } from './slice';
import {
  couponsSaga,
  loadCouponConfigPage,
  loadCouponProducts,
  loadCouponTemplates,
  loadCoupons,
} from './sagas';

registerArea({
  name: 'coupons',
  slices: [couponsSlice],
  sagas: [couponsSaga],
  pageLoaders: {
    COUPON_TEMPLATES: [loadEvents, loadCouponProducts, loadCouponTemplates],
    COUPONS: [loadEvents, loadCoupons],
    COUPON_CONFIG: [loadEvents, loadCouponConfigPage],
  },
});
