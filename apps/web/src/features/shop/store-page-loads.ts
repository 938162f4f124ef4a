/** What the store's desks load when their menu item is chosen (SPEC.md 'Data loaded when a menu item is chosen'). */
import { call, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import {
  STORE_PERMISSIONS,
  type DiscountLimitDto,
  type OrderDto,
  type SaleProduct,
} from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { selectPermissions } from '../../app/session/slice';
import { saleProductsFailed, saleProductsLoaded } from './sale-slice';
import {
  discountLimitFailed,
  discountLimitLoaded,
  openOrdersFailed,
  openOrdersLoaded,
} from './checkout-slice';

/** The sale screens: GET /api/produtos/lista (only the categories this user may sell). */
export const loadSaleProducts = failingTo(saleProductsFailed, function* (): SagaIterator {
  const body: { data: SaleProduct[] } = yield call(callApi<{ data: SaleProduct[] }>, {
    url: '/api/produtos/lista',
  });
  yield put(saleProductsLoaded(body.data));
});

/** The cashier loads the products only when the user also sells (SPEC.md section 6). */
export function* loadSaleProductsForSellers(): SagaIterator {
  const permissions: readonly string[] = yield select(selectPermissions);
  if (STORE_PERMISSIONS.some((permission) => permissions.includes(permission))) {
    yield call(loadSaleProducts);
  }
}

/** GET /api/carrinho/aberto: orders awaiting payment, newest association first. */
export const loadOpenOrders = failingTo(openOrdersFailed, function* (): SagaIterator {
  const orders: OrderDto[] = yield call(callApi<OrderDto[]>, { url: '/api/carrinho/aberto' });
  yield put(openOrdersLoaded(orders));
});

/** GET /api/carrinho/desconto-maximo: shown beside the cashier's discounts. */
export const loadDiscountLimit = failingTo(discountLimitFailed, function* (): SagaIterator {
  const limit: DiscountLimitDto = yield call(callApi<DiscountLimitDto>, {
    url: '/api/carrinho/desconto-maximo',
  });
  yield put(discountLimitLoaded(limit.desconto_maximo));
});
