/** The store area: loaded with its pages' chunk, which import this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import { loadEvents } from '../../app/lookups/sagas';
import { saleSlice } from './sale-slice';
import { checkoutSlice } from './checkout-slice';
import { deliverySlice } from './delivery-slice';
import { paidOrdersSlice } from './paid-orders-slice';
import { pixConfigSlice } from './pix-config-slice';
import { pixPspSlice } from './pix-psp-slice';
import { pixRefundsSlice } from './pix-refunds-slice';
import { drawerSlice } from './drawer-slice';
import {
  loadDiscountLimit,
  loadOpenOrders,
  loadSaleProducts,
  loadSaleProductsForSellers,
} from './store-page-loads';
import { saleSaga } from './sale-sagas';
import { checkoutSaga } from './checkout-sagas';
import { paymentSaga } from './payment-sagas';
import { pixChargeSaga } from './pix-charge-sagas';
import { deliverySaga, loadDeliveryOrders } from './delivery-sagas';
import { loadPaidOrders, paidOrdersSaga } from './paid-orders-sagas';
import { loadPixConfig, pixConfigSaga } from './pix-config-sagas';
import { loadPixPsp, pixPspSaga } from './pix-psp-sagas';
import { loadPixRefunds, pixRefundsSaga } from './pix-refunds-sagas';
import { drawerSaga, loadDrawer } from './drawer-sagas';

registerArea({
  name: 'store',
  slices: [
    saleSlice,
    checkoutSlice,
    deliverySlice,
    paidOrdersSlice,
    pixConfigSlice,
    pixPspSlice,
    pixRefundsSlice,
    drawerSlice,
  ],
  sagas: [
    saleSaga,
    checkoutSaga,
    paymentSaga,
    pixChargeSaga,
    deliverySaga,
    paidOrdersSaga,
    pixConfigSaga,
    pixPspSaga,
    pixRefundsSaga,
    drawerSaga,
  ],
  pageLoaders: {
    STORE: [loadSaleProducts],
    // Not in SPEC.md's list: the cashier screens also load the cashier's open drawer and discount
    // limit.
    CHECKOUT: [loadSaleProductsForSellers, loadOpenOrders, loadDrawer, loadDiscountLimit],
    STORE_CHECKOUT: [loadSaleProducts, loadOpenOrders, loadDrawer, loadDiscountLimit],
    DELIVERY: [loadDeliveryOrders],
    CHECKOUT_DELIVERY: [
      loadSaleProductsForSellers,
      loadOpenOrders,
      loadDeliveryOrders,
      loadDrawer,
      loadDiscountLimit,
    ],
    STORE_CHECKOUT_DELIVERY: [
      loadSaleProducts,
      loadOpenOrders,
      loadDeliveryOrders,
      loadDrawer,
      loadDiscountLimit,
    ],
    PAID_ORDERS: [loadPaidOrders],
    PIX_REFUNDS: [loadPixRefunds],
    // Not in SPEC.md's list: the page also holds the 'Configuração PIX' form and the PSP connection.
    PAYMENT_METHODS: [loadPixConfig, loadPixPsp],
    REPORT_DRAWER_SESSIONS: [loadEvents],
  },
});
